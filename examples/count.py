"""Code lines of the plain server and its negotiated twin, and their ratio.

    python -m examples.count

A code line is a line that is not blank, not a comment and not part of a docstring.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

HERE = Path(__file__).parent
PLAIN = HERE.parent / "bench" / "plain_server.py"  # the SDK alone: a baseline, not an example
NEGOTIATED = HERE / "negotiated_server.py"


def code_lines(path: Path) -> int:
    source = path.read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT):
            continue
        if token.type in (tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        code.update(range(token.start[0], token.end[0] + 1))
    return len(code - docstrings)


def ratio() -> float:
    return code_lines(NEGOTIATED) / code_lines(PLAIN)


def main() -> None:
    plain, negotiated = code_lines(PLAIN), code_lines(NEGOTIATED)
    print(f"plain server:      {plain} code lines ({PLAIN.name})")
    print(f"negotiated twin:   {negotiated} code lines ({NEGOTIATED.name})")
    print(f"ratio:             {negotiated / plain:.2f}x")


if __name__ == "__main__":
    main()

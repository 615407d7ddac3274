"""Random strings in every place schema input reaches generated code.

One generated package per example holds many strings at once: a method literal, a
string literal type, a property key, a const, JSDoc prose and a ``@deprecated`` tag, a
file name and a folder name. The package must import in a fresh interpreter, give every
value back unchanged, carry the doc text, and run nothing (a payload would create
``PWNED``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from codegen import escape
from tests.conftest import ROOT

TRICKY = st.sampled_from(
    [
        '"""',
        "'''",
        "\\",
        "\n",
        "\r",
        "#",
        "{{ x }}",
        "{% if %}",
        "\u2028",
        "\x85",
        "\x00",
        "\u202e",
        "\u200b",
        "e\u0301",
        "import os; os.system('touch PWNED')",
        '"',
        "'",
    ]
)
TEXT = st.lists(
    st.one_of(TRICKY, st.text(st.characters(exclude_categories=["Cs"]), max_size=8)), max_size=6
).map("".join)


def ts_string(value: str) -> str:
    """A TypeScript string literal whose value is ``value`` (JSON's escapes are TS's)."""
    return json.dumps(value)


def jsdoc(value: str) -> str:
    """Text that stays inside one JSDoc line (a raw NUL ends the parse: a located error)."""
    return value.replace("*/", "* /").replace("\r", " ").replace("\n", " ").replace("\x00", "")


@settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking costs minutes here
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(method=TEXT, literal=TEXT, key=TEXT, const=TEXT, doc=TEXT, tag=TEXT, fname=TEXT)
def test_random_strings_compile_import_and_round_trip(
    tmp_path_factory: object,
    method: str,
    literal: str,
    key: str,
    const: str,
    doc: str,
    tag: str,
    fname: str,
) -> None:
    import tempfile

    key = "k" + key  # a key with no word characters is refused (no Python name): not the point

    root = Path(tempfile.mkdtemp(dir=os.environ.get("TMPDIR")))
    safe_name = "".join(c for c in fname if c not in "/\x00") or "x"
    folder = root / "schema" / (safe_name[:40] + "_dir")
    folder.mkdir(parents=True)
    doc_text = jsdoc(doc).strip()
    tag_text = jsdoc(tag).strip()
    text = (
        f"export interface FooRequest {{\n  method: {ts_string(method)};\n}}\n"
        "export interface FooResult { x: number }\n"
        "export type ClientRequest = FooRequest;\n"
        f"/** {doc_text} */\n"
        f"export interface K {{\n  {ts_string(key)}: string;\n"
        f"  lit?: {ts_string(literal)};\n"
        f"  /** @deprecated {tag_text} */\n  old?: string;\n}}\n"
        f"export const C = {ts_string(const)};\n"
    )
    (folder / (safe_name[:40] + ".ts")).write_text(text, "utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "codegen",
            "generate",
            "--schema",
            "schema",
            "--out",
            "out/pkg",
            "--no-cache",
            "-q",
        ],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode in (0, 2), output
    assert "Traceback" not in output
    assert proc.returncode == 0, output
    check = f"""
import pkg
assert {method!r} in pkg.METHODS
k = pkg.K.model_validate({{{key!r}: "v", "lit": {literal!r}}})
assert k.model_dump(exclude_unset=True) == {{{key!r}: "v", "lit": {literal!r}}}
assert pkg.C == {const!r}
assert {doc_text!r}.split() == (pkg.K.__doc__ or "").split() or not {doc_text!r}
"""
    run = subprocess.run(
        [sys.executable, "-c", check],
        cwd=root / "out",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    assert not list(root.rglob("PWNED"))


@given(st.text())
def test_docstring_value_is_the_text(text: str) -> None:
    literal = escape.docstring(text)
    if not text:
        assert literal == ""
        return
    assert not any(escape.hidden(c) for c in literal.replace("\n", "").replace("\t", ""))
    value = eval(literal)  # a literal: safe to evaluate, and the point of the test
    assert value.rstrip() == "\n".join(line.rstrip() for line in text.split("\n")).rstrip()


@given(st.text())
def test_literals_and_comments_are_safe(text: str) -> None:
    literal = escape.py_str(text)
    assert eval(literal) == text and '"""' not in literal
    assert not any(escape.hidden(c) for c in literal)
    assert not any(escape.hidden(c) for c in escape.comment(text))
    fragment = escape.doc_fragment(text)
    assert eval('"""' + fragment + ' """') == text + " "

"""Where the compiler and its default input and output live; the standard library only.

The no-op fast path, the template loader and the pipeline all read these, so they sit
below every stage.
"""

from __future__ import annotations

from pathlib import Path

CODEGEN_DIR = Path(__file__).resolve().parent
DEFAULT_SCHEMA = Path("schema")
DEFAULT_OUT = Path("generated/mcp_ext")

# ``codegen`` in a clone; installed from the wheel it is ``mcp_negotiation_codegen``.
PACKAGE = __package__ or CODEGEN_DIR.name
# The command a generated header names: the console script once installed.
PROGRAM = "python -m codegen" if PACKAGE == "codegen" else "mcp-negotiation-codegen"
# The clone the compiler runs from, or None when it is installed.
REPO_ROOT: Path | None = (
    CODEGEN_DIR.parent
    if PACKAGE == "codegen" and (CODEGEN_DIR.parent / "pyproject.toml").is_file()
    else None
)


def default_out() -> Path | None:
    """``generated/mcp_ext`` when run at the root of this repository, else None: elsewhere
    the user names the package (``--out DIR``), never an ``mcp_ext`` they did not ask for."""
    if REPO_ROOT is None:
        return None
    try:
        return DEFAULT_OUT if Path.cwd().resolve() == REPO_ROOT else None
    except OSError:  # the working folder was removed
        return None

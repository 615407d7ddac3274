"""Where the compiler and its default input and output live; the standard library only.

The no-op fast path, the template loader and the pipeline all read these, so they sit
below every stage.
"""

from __future__ import annotations

import re
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


# TypeScript's declaration files (typings): ``.d.ts``, and the ES module and CommonJS
# flavours that ``.mts`` and ``.cts`` sources compile to.
DECLARATION_SUFFIXES = (".d.ts", ".d.mts", ".d.cts")
# The path the front end gives TypeScript's lib (``frontend/lib.py``): no file has it.
LIB_PATH = "<lib.es5.d.ts>"
# What a relative import's JavaScript extension names (``./x.mjs`` is ``x.mts`` or
# ``x.d.mts``, as in TypeScript's node16 resolution); anything else is ``.ts``/``.d.ts``.
SOURCE_SUFFIXES = {".mjs": (".mts", ".d.mts"), ".cjs": (".cts", ".d.cts")}


DISTRIBUTION = "mcp-negotiation"
# The modules of the ``[codegen]`` extra: the compiler needs every one of them.
EXTRA_MODULES = ("click", "jinja2", "tree_sitter", "tree_sitter_typescript", "libcst", "ruff")


def version() -> str:
    """The version of the clone the compiler runs from, else the installed distribution's."""
    if REPO_ROOT is not None:
        init = REPO_ROOT / "negotiation" / "__init__.py"
        try:
            found = re.search(r'^__version__ = "([^"]+)"', init.read_text("utf-8"), re.M)
        except OSError:
            found = None
        if found:
            return found.group(1)
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown (not installed)"


def missing_extra() -> list[str]:
    """The modules of the ``[codegen]`` extra that cannot be imported here."""
    from importlib.util import find_spec

    return [name for name in EXTRA_MODULES if find_spec(name) is None]


def install_hint() -> str:
    """How to install the extra: from the clone, or the distribution."""
    where = (
        "-e '.[codegen]' (in the clone)" if REPO_ROOT is not None else f"'{DISTRIBUTION}[codegen]'"
    )
    return f"pip install {where}"


def default_out() -> Path | None:
    """``generated/mcp_ext`` when run at the root of this repository, else None: elsewhere
    the user names the package (``--out DIR``), never an ``mcp_ext`` they did not ask for."""
    if REPO_ROOT is None:
        return None
    try:
        return DEFAULT_OUT if Path.cwd().resolve() == REPO_ROOT else None
    except OSError:  # the working folder was removed
        return None

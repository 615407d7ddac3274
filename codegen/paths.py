"""Where the compiler and its default input and output live; the standard library only.

The no-op fast path, the template loader and the pipeline all read these, so they sit
below every stage.
"""

from __future__ import annotations

from pathlib import Path

CODEGEN_DIR = Path(__file__).resolve().parent
DEFAULT_SCHEMA = Path("schema")
DEFAULT_OUT = Path("generated/mcp_ext")

"""The JSON-Schema input path: ``generate --from-jsonschema FILE``.

A JSON Schema has already lost ``extends`` and ``@deprecated``, so the IR path is the
primary one; this path exists for schemas that only come as JSON, and it delegates to
datamodel-code-generator (also used as a differential oracle in the tests).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ..errors import SchemaError
from ..ir import Span

DATAMODEL_FLAGS = (
    "--input-file-type=jsonschema",
    "--output-model-type=pydantic_v2.BaseModel",
    "--target-python-version=3.11",
    "--use-annotated",
    "--field-constraints",
    "--use-union-operator",
    "--use-double-quotes",
    "--snake-case-field",
    "--use-schema-description",
    "--use-field-description",
    "--enum-field-as-literal=all",
    "--disable-timestamp",
    "--formatters=ruff-format",
)


def generate_from_jsonschema(source: Path, out_dir: Path) -> Path:
    """Write ``out_dir/models.py`` from a JSON Schema file; returns the module's path."""
    where = Span(str(source), 1, 1)
    try:
        json.loads(source.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SchemaError(where, f"cannot read JSON Schema: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SchemaError(
            Span(str(source), exc.lineno, exc.colno), f"invalid JSON: {exc.msg}"
        ) from None
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "models.py"
    cmd = [
        sys.executable, "-m", "datamodel_code_generator",
        f"--input={source}", f"--output={target}", *DATAMODEL_FLAGS,
    ]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise SchemaError(where, f"datamodel-code-generator failed: {last}")
    (out_dir / "__init__.py").touch()
    return target

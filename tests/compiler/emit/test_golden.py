"""Golden snapshots: representative schemas and the exact models they generate.

Run ``pytest --update-golden`` to rewrite ``tests/golden/<case>/expected/`` after an
intended change, then review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.errors import Diagnostics
from tests.compiler.emit.test_pydantic_emit import dump, generate_models, import_source

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if (p / "input").is_dir())


def generated(case: str) -> dict[str, str]:
    inputs = sorted((GOLDEN / case / "input").glob("*.ts"))
    return {"models.py": generate_models(inputs, Diagnostics())}


@pytest.mark.parametrize("case", CASES)
def test_generated_models_match_the_snapshot(case: str, update_golden: bool) -> None:
    expected_dir = GOLDEN / case / "expected"
    files = generated(case)
    if update_golden:
        expected_dir.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (expected_dir / name).write_text(text)
    for name, text in files.items():
        expected = expected_dir / name
        assert expected.is_file(), f"no snapshot {expected}; run pytest --update-golden"
        assert text == expected.read_text(), f"{expected} is stale; run pytest --update-golden"
    assert sorted(p.name for p in expected_dir.iterdir()) == sorted(files)


def test_basic_snapshot_is_usable(tmp_path: Path) -> None:
    models = import_source((GOLDEN / "basic" / "expected" / "models.py").read_text(), tmp_path)
    data = {
        "resultType": "complete",
        "content": [{"type": "image", "data": "AAAA", "mimeType": "image/png"}],
        "legacy": None,
    }
    assert dump(models.CallToolResult.model_validate(data)) == data
    error = {
        "jsonrpc": "2.0",
        "error": {"code": 1, "message": "m", "data": {"requested": "a", "supported": []}},
    }
    assert dump(models.ErrorResponse.model_validate(error)) == error

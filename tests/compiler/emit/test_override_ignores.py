"""A required field that overrides an optional one carries ``# pyright: ignore`` on the
line pyright reports, its first, also when ruff wraps the field over several lines
(octokit-webhooks' pydantic models, issue #37)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from codegen.build import format as formatter
from codegen.emit.python.pydantic import model_parts
from codegen.emit.python.pydantic import models as models_emitter
from tests.compiler.build_stage.test_corpus_typecheck import pyright_errors
from tests.compiler.emit.test_pydantic_emit import generate_models, models_package

LONG = " | ".join(f'"value-number-{i}"' for i in range(8))  # wraps without a description
SCHEMA = f"""
export interface Base {{ state?: "open" | "closed"; locked?: boolean; kind?: {LONG}; }}
export interface Child extends Base {{
  /** State of the issue; either 'open' or 'closed' */
  state: "open" | "closed";
  locked: boolean;
  kind: {LONG};
}}
"""
IGNORE = "# pyright: ignore[reportGeneralTypeIssues]"


@pytest.mark.parametrize("described", [False, True])
def test_each_overriding_field_is_ignored_on_its_first_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, described: bool
) -> None:
    if described:  # descriptions in ``Field`` (as past LARGE_MODULE classes): state wraps
        monkeypatch.setattr(models_emitter, "LARGE_MODULE", 0)
    schema = tmp_path / "schema.ts"
    schema.write_text(SCHEMA, "utf-8")
    source = generate_models([schema])
    assert ("description=" in source) is described
    assert pyright_errors(tmp_path, models_package(source, tmp_path, "pkg")) == []
    child = source[source.index("class Child(") :]
    noted = re.findall(rf"^    (\w+): .*{re.escape(IGNORE)}$", child, re.MULTILINE)
    assert sorted(noted) == ["kind", "locked", "state"]
    assert f"    locked: bool  {IGNORE}\n" in child  # a short field keeps one line


def test_the_emitter_wraps_at_the_formatters_line_length() -> None:
    assert model_parts.LINE_LENGTH == formatter.LINE_LENGTH

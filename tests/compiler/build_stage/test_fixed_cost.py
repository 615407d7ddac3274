"""Issue #37: work the build skips because its answer is already known, with the same output.

Each test pins one skipped step: that it is skipped where its answer is known, and that it
still runs (with the same result as before) where it is not.
"""

from __future__ import annotations

import pytest

from codegen.build import pipeline
from codegen.build.pipeline import Source, compile_sources

CLEAN = "export interface Fine { ok: string }\n"
# A computed property name that is no literal: resolve degrades it (and warns).
DEGRADED = "export interface I { [f()]: string; a: number }\n" + CLEAN


def _compile(text: str) -> dict[str, str]:
    return compile_sources(
        [Source("schema.ts", text.encode())], command="cmd", options=pipeline.Options()
    ).files


def _package_degraded(init: str) -> str:
    start = init.index("\nDEGRADED: tuple[str, ...] = (")
    return init[start : init.index("\n)", start) + 2]


def test_a_schema_with_no_degradation_warning_is_not_walked_for_degraded_spots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    walked: list[int] = []
    real = pipeline.degraded_spots
    monkeypatch.setattr(
        pipeline, "degraded_spots", lambda decls: walked.append(len(decls)) or real(decls)
    )
    clean = _compile(CLEAN)
    assert walked == []
    assert "DEGRADED" not in clean["__init__.py"]  # with no spot, the package has none
    # A schema resolve reported degraded spots in is still walked, and lists them.
    degraded = _compile(DEGRADED)
    assert walked == [2]
    assert "schema.ts:1:22: unsupported construct: computed property name" in (
        _package_degraded(degraded["__init__.py"])
    )


def test_a_spot_an_emitter_degrades_is_listed_though_resolve_reported_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The build's own degradation (``build_degrading``) makes the schema hold a spot that
    resolve never saw: the package must list it."""
    from codegen.emit.python.pydantic import models
    from codegen.errors import Unsupported
    from codegen.ir import Span

    real = models.emit_models
    refused: list[Span] = []

    def refusing(backend: object, found: object) -> dict[str, str]:
        if not refused:
            refused.append(Span("schema.ts", 1, 25))
            raise Unsupported(refused[0], "a construct the emitter cannot express")
        return real(backend, found)  # type: ignore[arg-type]

    monkeypatch.setattr(models, "emit_models", refusing)
    files = _compile("export interface Fine { ok: string }\n")
    assert refused
    assert (
        "schema.ts:1:25: a construct the emitter cannot express: degraded to JsonValue"
        in _package_degraded(files["__init__.py"])
    )

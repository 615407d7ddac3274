"""The per-call floor of issue #36 in ``make bench``: the minimal negotiating middleware
and the side-by-side measurement of the middlewares alone."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from bench import Stats
from bench.toolcall_bench import (
    MINIMAL_VIEW,
    MinimalNegotiating,
    added_ratio,
    middleware_alone,
)


def test_the_minimal_middleware_keys_meta_and_sets_its_context_variable() -> None:
    minimal = MinimalNegotiating()
    seen: list[Any] = []

    async def handler(ctx: Any) -> Any:
        seen.append(MINIMAL_VIEW.get())
        return {}

    def ctx(meta: Any) -> Any:
        return SimpleNamespace(params={"_meta": meta})

    async def main() -> None:
        for meta in ({"a": 1}, {"a": 1}, {"a": True}, None):
            await minimal(ctx(meta), handler)

    anyio.run(main)
    assert seen[0] is seen[1] and seen[2] is not seen[0] and seen[3] not in seen[:3]
    assert MINIMAL_VIEW.get() is None  # reset after each call
    assert len(minimal.views) == 3


def test_the_middlewares_are_measured_alone_side_by_side() -> None:
    stats = middleware_alone(rounds=2, calls=20)
    assert set(stats) == {"negotiation", "minimal", "pass-through"}
    assert all(len(s.samples) == 2 and s.median > 0 for s in stats.values())


def test_the_ratio_is_of_what_each_adds_over_the_floor() -> None:
    ratio = added_ratio(Stats.of([5.0, 7.0]), Stats.of([3.0, 4.0]), Stats.of([1.0, 1.0]))
    assert ratio.samples == (2.0, 2.0)

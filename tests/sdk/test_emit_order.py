"""The order in which ``neg.resource_updated`` and ``neg.list_changed`` reach their
subscribers: this replica's listen streams (synchronous), then the other replicas, then
this replica's 2025-11-25 sessions, whose sends are awaited one at a time and must not
hold the event back from the other replicas (issue #23's latency)."""

from __future__ import annotations

import anyio
import pytest

from negotiation.backplane import InMemoryBackplane
from negotiation.sdk import Negotiation


def _pair(order: list[str], monkeypatch: pytest.MonkeyPatch) -> Negotiation:
    """Two replicas on one in-memory backplane; ``here`` is returned, and records in
    ``order`` when its legacy sessions are told."""
    backplane = InMemoryBackplane()
    here, there = Negotiation(backplane=backplane), Negotiation(backplane=backplane)
    here.subscriptions.subscribe(lambda event: order.append("here: listen streams"))
    there.subscriptions.subscribe(lambda event: order.append("there: listen streams"))

    async def notify_legacy(uri: str) -> None:
        order.append(f"here: legacy sessions of {uri}")

    async def tell_legacy(kind: str, variant: str | None) -> int:
        order.append(f"here: legacy sessions, {kind} in {variant}")
        return 3

    monkeypatch.setattr(here.sessions, "_notify_legacy", notify_legacy)
    monkeypatch.setattr(here.sessions, "_tell_legacy", tell_legacy)
    return here


def test_an_update_reaches_the_other_replicas_before_this_ones_legacy_sessions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    order: list[str] = []
    here = _pair(order, monkeypatch)
    anyio.run(here.resource_updated, "notes://today")
    assert order == [
        "here: listen streams",
        "there: listen streams",
        "here: legacy sessions of notes://today",
    ]


def test_a_list_change_does_too_and_counts_the_legacy_sessions_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    order: list[str] = []
    here = _pair(order, monkeypatch)
    told = anyio.run(here.list_changed, "tools", "compact")
    assert told == 3
    assert order == [
        "here: listen streams",
        "there: listen streams",
        "here: legacy sessions, tools in compact",
    ]

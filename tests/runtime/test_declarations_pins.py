"""``negotiation.declarations``: what the per-declaration memo keys on, what it costs and
when it settles again (pinned from its mutation run)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import mcp_types
import pytest

from negotiation import declarations
from negotiation import variants as sv
from negotiation._cache import json_size, wire_key
from negotiation.content import NegotiationContext
from negotiation.declarations import (
    MAX_ENTRY_BYTES,
    DeclarationMemo,
    Negotiated,
    declaration_key,
    declaration_parts,
    declaration_size,
)

CN = "io.modelcontextprotocol/content-negotiation"
SV = "io.modelcontextprotocol/server-variants"


class Counting:
    def __init__(self, cacheable: bool = True) -> None:
        self.calls: list[tuple[object, Hashable]] = []
        self.cacheable = cacheable

    def __call__(self, capabilities: object, principal: Hashable) -> Negotiated:
        self.calls.append((capabilities, principal))
        return Negotiated(
            NegotiationContext(principal=principal), (), sv.VariantResolver(()), self.cacheable
        )


def _caps(*features: str, hints: Any = None) -> dict[str, Any]:
    extensions: dict[str, Any] = {CN: {"version": "1.0", "features": list(features)}}
    if hints is not None:
        extensions[SV] = {"variantHints": hints}
    return {"extensions": extensions}


def test_declaration_parts_are_the_settings_the_features_and_the_hints() -> None:
    caps = _caps("agent", hints={"hints": {"useCase": "ide"}})
    assert declaration_parts(caps) == (
        {"version": "1.0", "features": ["agent"]},
        ["agent"],
        {"hints": {"useCase": "ide"}},
    )
    assert declaration_parts({}) == (None, None, None)
    go = {"experimental": {SV: {"variantHints": {"description": "d"}}}}
    assert declaration_parts(go) == (None, None, {"description": "d"})


def test_declaration_size_counts_both_parts_twice_over_the_overhead() -> None:
    caps = _caps("agent", hints={"hints": {"useCase": "ide"}})
    content, _, hints = declaration_parts(caps)
    assert declaration_size(caps) == 1024 + 2 * (json_size(content) + json_size(hints))


def test_one_settle_per_declaration_and_principal() -> None:
    settle = Counting()
    memo = DeclarationMemo(settle)
    first = memo.get(_caps("agent"), "alice", sticky=False)
    assert memo.get(_caps("agent"), "alice", sticky=False) is first  # an equal declaration
    assert len(settle.calls) == 1
    memo.get(_caps("agent"), "bob", sticky=False)  # another principal
    memo.get(_caps("human"), "alice", sticky=False)  # another declaration
    assert [p for _, p in settle.calls] == ["alice", "bob", "alice"]


def test_the_sticky_path_is_bound_to_the_object_and_the_principal() -> None:
    settle = Counting()
    memo = DeclarationMemo(settle)
    caps = mcp_types.ClientCapabilities.model_validate(_caps("agent"))
    alice = memo.get(caps, "alice", sticky=True)
    assert memo.get(caps, "alice", sticky=True) is alice
    bob = memo.get(caps, "bob", sticky=True)  # same object, another principal
    assert bob is not alice and bob.context.principal == "bob"
    assert memo.get(caps, "alice", sticky=True).context.principal == "alice"


def test_an_uncacheable_declaration_is_settled_every_time() -> None:
    settle = Counting(cacheable=False)
    memo = DeclarationMemo(settle)
    memo.get(_caps("bad tag"), None, sticky=True)
    memo.get(_caps("bad tag"), None, sticky=True)
    assert len(settle.calls) == 2 and memo.bytes_used == 0


def test_the_budget_is_split_between_the_four_memos_and_bounds_each_entry() -> None:
    settle = Counting()
    caps = mcp_types.ClientCapabilities.model_validate(_caps("agent"))
    size = declaration_size(caps)
    small = DeclarationMemo(settle, max_bytes=4 * size)
    small.get(caps, None, sticky=True)
    assert small.bytes_used == 2 * size  # once by declaration, once by object
    # An entry over a fourth of the budget is kept by no memo.
    big = DeclarationMemo(Counting(), max_bytes=4 * size - 4)
    big.get(caps, None, sticky=True)
    assert big.bytes_used == 0
    assert MAX_ENTRY_BYTES == 512 * 1024
    huge = _caps(*[f"x-{i:06d}" for i in range(256)])
    assert declaration_size(huge) < MAX_ENTRY_BYTES  # a full declaration fits
    assert declaration_key(huge, None) is not None


def test_an_uncacheable_model_declaration_is_not_remembered_by_object() -> None:
    settle = Counting(cacheable=False)
    memo = DeclarationMemo(settle)
    caps = mcp_types.ClientCapabilities.model_validate(_caps("bad tag"))
    memo.get(caps, None, sticky=True)
    memo.get(caps, None, sticky=True)
    assert len(settle.calls) == 2 and memo.bytes_used == 0


def test_only_the_handshake_era_remembers_by_object() -> None:
    memo = DeclarationMemo(Counting())
    caps = mcp_types.ClientCapabilities.model_validate(_caps("agent"))
    memo.get(caps, None, sticky=False)
    assert memo.bytes_used == declaration_size(caps)


def test_a_recycled_object_id_never_answers_for_another_declaration() -> None:
    settle = Counting()
    memo = DeclarationMemo(settle)
    first = mcp_types.ClientCapabilities.model_validate(_caps("agent"))
    memo.get(first, None, sticky=True)
    old_id = id(first)
    del first
    for _ in range(10_000):  # CPython hands a freed address out again soon
        other = mcp_types.ClientCapabilities.model_validate(_caps("human"))
        if id(other) == old_id:
            break
    else:
        return  # the address was not reused: nothing to check on this interpreter
    memo.get(other, None, sticky=True)
    assert [caps for caps, _ in settle.calls][-1] is other  # settled afresh


def test_a_settings_object_over_the_entry_bound_is_not_memoised() -> None:
    caps = {"extensions": {CN: {"version": "1.0", "features": ["agent"], "x": "a" * 600_000}}}
    assert declaration_size(caps) > MAX_ENTRY_BYTES
    memo = DeclarationMemo(Counting())
    memo.get(mcp_types.ClientCapabilities.model_validate(caps), None, sticky=True)
    assert memo.bytes_used == 0


def test_a_view_carries_the_variant_era_and_version_and_is_reused() -> None:
    from negotiation.versioning import Era

    settled = Counting()(None, "alice")
    view = settled.view("compact", Era.LEGACY, "2025-11-25")
    assert (view.variant, view.era, view.protocol_version, view.principal) == (
        "compact",
        Era.LEGACY,
        "2025-11-25",
        "alice",
    )
    assert settled.view("compact", Era.LEGACY, "2025-11-25") is view
    assert settled.view("full", Era.LEGACY, "2025-11-25").variant == "full"


def test_the_handshake_fast_path_skips_reading_the_declaration_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Documented behaviour: "the next request of the same session skips even reading the
    declaration". Per object and per principal."""
    import negotiation.declarations as memo_module

    reads: list[object] = []
    real = memo_module.declaration_key

    def counting(capabilities: object, principal: Hashable) -> Hashable | None:
        reads.append(principal)
        return real(capabilities, principal)

    monkeypatch.setattr(memo_module, "declaration_key", counting)
    memo = DeclarationMemo(Counting())
    caps = mcp_types.ClientCapabilities.model_validate(_caps("agent"))
    alice = memo.get(caps, "alice", sticky=True)
    assert reads == ["alice"]
    assert memo.get(caps, "alice", sticky=True) is alice
    assert reads == ["alice"]  # answered by the object, without reading it
    memo.get(caps, "bob", sticky=True)
    assert reads == ["alice", "bob"]  # another principal reads it
    memo.get(caps, "bob", sticky=True)
    assert reads == ["alice", "bob"]
    other = mcp_types.ClientCapabilities.model_validate(_caps("agent"))
    memo.get(other, "alice", sticky=True)
    assert reads == ["alice", "bob", "alice"]  # another object reads it too


def test_the_old_module_path_warns_and_gives_the_same_objects() -> None:
    import negotiation.declarations as declarations
    import negotiation.sdk.memo as old

    for name in ("DeclarationMemo", "Negotiated", "MEMO_BYTES", "declaration_key"):
        with pytest.warns(DeprecationWarning, match=f"negotiation.declarations.{name}"):
            assert getattr(old, name) is getattr(declarations, name)
    with pytest.raises(AttributeError):
        old.settle  # noqa: B018  # never was there


# --- the 2026-07-28 wire path -------------------------------------------------------------


def test_a_repeated_wire_declaration_costs_one_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    settle = Counting()
    memo = DeclarationMemo(settle)
    first = memo.get(_model("agent"), "alice", sticky=False, wire=_caps("agent"))
    keyed: list[object] = []
    real = declarations.declaration_key

    def counted(capabilities: object, principal: Hashable) -> Hashable | None:
        keyed.append(capabilities)
        return real(capabilities, principal)

    monkeypatch.setattr(declarations, "declaration_key", counted)
    # Each request brings a fresh copy of the same declaration.
    assert memo.get(_model("agent"), "alice", sticky=False, wire=_caps("agent")) is first
    assert keyed == [] and len(settle.calls) == 1
    text = wire_key(_caps("agent"))
    assert text is not None
    assert memo.bytes_used == declaration_size(_caps("agent")) + 1024 + 2 * len(text)


def test_the_wire_path_is_bound_to_the_principal_type_exactly() -> None:
    settle = Counting()
    memo = DeclarationMemo(settle)
    for principal in ("a", "b", 1, True, ("a",), None):
        memo.get(_model("agent"), principal, sticky=False, wire=_caps("agent"))
    assert [p for _, p in settle.calls] == ["a", "b", 1, True, ("a",), None]
    for principal in ("a", 1, True, ("a",), None):  # each found again, as itself
        assert (
            memo.get(
                _model("agent"), principal, sticky=False, wire=_caps("agent")
            ).context.principal
            == principal
        )
    assert len(settle.calls) == 6


def test_an_invalid_or_unplain_wire_declaration_is_not_kept_by_its_bytes() -> None:
    settle = Counting(cacheable=False)
    memo = DeclarationMemo(settle)
    memo.get(_model("bad tag"), None, sticky=False, wire=_caps("bad tag"))
    memo.get(_model("bad tag"), None, sticky=False, wire=_caps("bad tag"))
    assert len(settle.calls) == 2 and memo.bytes_used == 0

    class Tag(str):
        pass

    plain = DeclarationMemo(Counting())
    plain.get(_model("agent"), None, sticky=False, wire=_caps(Tag("agent")))
    assert plain.bytes_used == declaration_size(_caps("agent"))  # by its parts only


def test_a_reordered_declaration_is_a_second_entry_never_a_wrong_one() -> None:
    settle = Counting()
    memo = DeclarationMemo(settle)
    one = {"extensions": {CN: {"version": "1.0", "features": ["agent"]}, SV: {}}}
    two = {"extensions": {SV: {}, CN: {"features": ["agent"], "version": "1.0"}}}
    assert memo.get(_model("agent"), None, sticky=False, wire=one) is memo.get(
        _model("agent"), None, sticky=False, wire=two
    )  # found by its parts the second time
    assert len(settle.calls) == 1 and len(memo._by_wire) == 2


def _model(*features: str) -> mcp_types.ClientCapabilities:
    return mcp_types.ClientCapabilities.model_validate(_caps(*features))


def test_the_wire_memo_has_a_fourth_of_the_budget_and_the_entry_bound() -> None:
    text = wire_key(_caps("agent"))
    assert text is not None
    entry = 1024 + 2 * len(text)
    fits = DeclarationMemo(Counting(), max_bytes=4 * entry)
    fits.get(_model("agent"), None, sticky=False, wire=_caps("agent"))
    assert len(fits._by_wire) == 1  # exactly a fourth of the budget
    # Under the default budget (a fourth is 2 MiB), one entry is still at most 512 KiB.
    huge = _caps("x" * (MAX_ENTRY_BYTES // 2))
    huge_text = wire_key(huge)
    assert huge_text is not None and MAX_ENTRY_BYTES < 1024 + 2 * len(huge_text)
    memo = DeclarationMemo(Counting())
    memo.get(_model("agent"), None, sticky=False, wire=huge)
    assert len(memo._by_wire) == 0

"""``negotiation.declarations``: what one declaration and principal settle, without the SDK
(the memo's own pins are in tests/runtime/test_declarations_pins.py)."""

from __future__ import annotations

from typing import Any

from negotiation import features as cn
from negotiation import variants as sv
from negotiation.declarations import client_hints, settle
from negotiation.variants._forms import NormalHints
from negotiation.versioning import Era


def _declared(features: Any = None, hints: Any = None, *, experimental: bool = False) -> Any:
    extensions: dict[str, Any] = {}
    if features is not None:
        extensions[cn.EXTENSION_ID] = {"version": "1.0", "features": features}
    placed: dict[str, Any] = {}
    if hints is not None:
        placed[sv.EXTENSION_ID] = {"variantHints": hints}
    if experimental:
        return {"extensions": extensions, "experimental": placed}
    return {"extensions": {**extensions, **placed}}


def test_settle_reads_the_features_and_binds_the_advertised_variants() -> None:
    settled = settle(_declared(["agent", "format=json"]), "alice", ("full", "compact"))
    assert settled.ids == ("full", "compact")
    assert settled.features is not None
    assert [str(tag) for tag in settled.features.tags] == ["agent", "format=json"]
    assert settled.context.advertised == ("full", "compact")
    assert settled.context.principal == "alice"
    assert settled.context.era is None  # decided per request
    assert settled.cacheable is True
    assert settled.resolver.resolve({sv.META_KEY: "compact"}).variant == "compact"
    assert settled.resolver.resolve().variant == "full"  # the default first
    assert settled.resolver.resolve({sv.META_KEY: "other"}).error is not None


def test_settle_without_variants_refuses_a_selected_variant() -> None:
    settled = settle(_declared(), None, ())
    assert settled.ids == () and settled.features is None
    assert settled.resolver.resolve().variant is None
    assert settled.resolver.resolve({sv.META_KEY: "full"}).error is not None


def test_an_invalid_declaration_is_not_cacheable() -> None:
    good = {"hints": {"useCase": ["planning"]}}
    assert settle(_declared(["agent"], good), None, ("a",)).cacheable is True
    assert settle(_declared(None, None), None, ("a",)).cacheable is True
    assert settle(_declared(["Bad Tag!"], good), None, ("a",)).cacheable is False
    assert settle(_declared(["agent"], "not hints"), None, ("a",)).cacheable is False
    assert settle(_declared(None, "not hints", experimental=True), None, ()).cacheable is False
    # Without variants, malformed hints are moot; a bad tag is not.
    assert settle(_declared(["agent"], "not hints"), None, (), hints_matter=False).cacheable
    assert not settle(_declared(["Bad Tag!"]), None, (), hints_matter=False).cacheable


def test_a_view_per_variant_and_version() -> None:
    settled = settle(_declared(["agent"]), "bob", ("full", "compact"))
    view = settled.view("compact", Era.MODERN, "2026-07-28")
    assert (view.variant, view.era, view.protocol_version, view.principal) == (
        "compact",
        Era.MODERN,
        "2026-07-28",
        "bob",
    )
    assert settled.view("compact", Era.MODERN, "2026-07-28") is view


def test_client_hints_from_either_placement() -> None:
    hints = {"hints": {"useCase": ["planning"]}}
    assert client_hints(_declared(None, hints)) == client_hints(
        _declared(None, hints, experimental=True)
    )
    assert not client_hints(_declared(None, hints)).malformed
    assert client_hints(_declared(None, "not hints")).malformed
    assert client_hints(None) == NormalHints.from_wire(None)
    assert not client_hints({"extensions": {}}).malformed

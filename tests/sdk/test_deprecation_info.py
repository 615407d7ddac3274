"""A deprecated variant's ``deprecationInfo`` reaches the client as the author wrote it:
the spec names ``message``, ``replacement`` and ``removalDate`` (strings); a member it
does not name (``x-ticket``) is kept, as the project keeps every unknown member, and a
named one of the wrong type is refused where it is declared, never dropped silently."""

from __future__ import annotations

import logging
from typing import Any

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_ext import ServerVariant

from negotiation.sdk import Negotiation, ServerVariants
from negotiation.variants import (
    EXTENSION_ID,
    VariantAdvertiser,
    parse_available_variants,
    public_variants,
)

MODES = ["legacy", "auto"]  # the 2025-11-25 handshake; "auto" settles on 2026-07-28
INFO: dict[str, Any] = {
    "message": "Use v2.",
    "replacement": "v2",
    "removalDate": "2027-01-01",
    "x-ticket": {"id": 7, "note": None},
    "x-null": None,
}
OLD = {"id": "v1", "description": "Old.", "status": "deprecated", "deprecationInfo": INFO}
NEW = {"id": "v2", "description": "New.", "status": "stable"}


def _advertised(variants: list[Any], mode: str) -> list[Any]:
    neg = Negotiation(variants=variants)
    server = MCPServer("deprecated", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> list[Any]:
        async with Client(server, mode=mode, extensions=[ServerVariants()]) as client:
            extensions = client.server_capabilities.extensions or {}
            return list(extensions[EXTENSION_ID]["availableVariants"])

    return anyio.run(main)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("form", ["mapping", "model"])
def test_unnamed_deprecation_info_members_reach_the_wire_as_written(mode: str, form: str) -> None:
    old = OLD if form == "mapping" else ServerVariant.model_validate(OLD)
    assert _advertised([NEW, old], mode) == [NEW, OLD]


def test_the_public_variant_and_the_clients_reading_keep_them() -> None:
    (public,) = public_variants([OLD])
    assert public.model_dump(exclude_unset=True) == OLD
    offered = parse_available_variants({"availableVariants": [NEW, OLD]})
    assert [v.model_dump(exclude_unset=True) for v in offered] == [NEW, OLD]
    wire = VariantAdvertiser([NEW, OLD]).advertise(None).to_wire()
    assert wire["availableVariants"] == [NEW, OLD]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@settings(max_examples=50)
@given(extra=st.dictionaries(st.text(max_size=6), _JSON, max_size=3))
def test_any_unnamed_members_are_kept(extra: dict[str, Any]) -> None:
    info = {**extra, "message": "m"}
    for named in ("replacement", "removalDate"):
        info.pop(named, None)
    old = {**OLD, "deprecationInfo": info}
    wire = VariantAdvertiser([NEW, old]).advertise(None).to_wire()
    assert wire["availableVariants"][1]["deprecationInfo"] == info
    (offered,) = parse_available_variants({"availableVariants": [old]})
    assert offered.model_dump(exclude_unset=True)["deprecationInfo"] == info


@pytest.mark.parametrize(
    ("info", "message"),
    [
        (
            {"message": "m", "replacement": 5},
            "server variant 'v1': deprecationInfo 'replacement' must be a string, not 5 (int)",
        ),
        (
            {"message": "m", "removalDate": ["2027"]},
            "server variant 'v1': deprecationInfo 'removalDate' must be a string,"
            " not ['2027'] (list)",
        ),
        ({"message": 3}, "server variant 'v1': deprecationInfo needs a message"),
        ("gone", "server variant 'v1': deprecationInfo needs a message"),
    ],
)
def test_a_named_member_of_the_wrong_type_is_refused(info: Any, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Negotiation(variants=[NEW, {**OLD, "deprecationInfo": info}])
    assert str(raised.value) == message


def test_an_advertised_variant_with_a_bad_deprecation_member_is_ignored_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bad = {**OLD, "deprecationInfo": {"message": "m", "replacement": 5}}
    with caplog.at_level(logging.WARNING, "negotiation.variants"):
        offered = parse_available_variants({"availableVariants": [bad, NEW]})
    assert [v.id for v in offered] == ["v2"]
    assert [r.getMessage() for r in caplog.records] == [
        "ignoring a malformed advertised variant: server variant 'v1': deprecationInfo"
        " 'replacement' must be a string, not 5 (int)"
    ]


def test_the_clients_reading_keeps_a_variants_own_unnamed_members_too() -> None:
    given = {**NEW, "x-cost": None, "x-tier": {"k": [None]}}
    (offered,) = parse_available_variants({"availableVariants": [given]})
    assert offered.model_dump(exclude_unset=True) == given

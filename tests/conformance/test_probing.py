"""What the kit learns from a server and which fixtures apply, without a server: a scripted
target stands in for one (conformance/probing.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from conformance.probing import (
    PROBE_CAPABILITIES,
    declaration,
    derived,
    error_text,
    probe,
    why_not_applicable,
)
from conformance.session import HandshakeFailed, Target
from conformance.transport import Answer, TransportError
from conformance.vocabulary import CN, SV

V1 = {"id": "v1", "description": "first"}
V2 = {"id": "v2", "description": "second", "hints": {"audience": "agent"}, "status": None}


class _Session:
    def __init__(self, era: str, answers: Mapping[str, Any], initialize: Any) -> None:
        self.era, self.answers, self.initialize_result = era, answers, initialize
        self.calls: list[str] = []

    def call(self, method: str, params: Any, **_: Any) -> tuple[dict[str, Any], Answer]:
        self.calls.append(method)
        answer = self.answers[method]
        if isinstance(answer, Exception):
            raise answer
        return {}, answer if isinstance(answer, Answer) else Answer({"result": answer})


class _Target(Target):
    def __init__(self, answers: Mapping[str, Any], initialize: Any = None) -> None:
        self.answers, self.initialize, self.opened, self.released = answers, initialize, [], []
        self.failure: Exception | None = None
        self.sessions: list[_Session] = []

    def open_session(self, era: str, capabilities: Mapping[str, Any], **options: Any) -> Any:
        if self.failure is not None:
            raise self.failure
        self.opened.append((era, capabilities, options))
        self.sessions.append(_Session(era, self.answers, self.initialize))
        return self.sessions[-1]

    def release(self, session: Any) -> None:
        self.released.append(session)


def _advertised(where: str, **extensions: Any) -> dict[str, Any]:
    return {"capabilities": {where: extensions, "tools": {}, "prompts": {}}}


LISTS = {
    "tools/list": {"tools": [{"name": "t1"}, "junk", {"name": "t2"}]},
    "prompts/list": {"prompts": [{"name": "p"}]},
    "resources/list": {"resources": [{"uri": "a://b"}]},
}


def test_the_legacy_facts_come_from_initialize_and_the_first_pages() -> None:
    advertised = _advertised("extensions", **{SV: {"availableVariants": [V1, "x", V2]}})
    target = _Target(LISTS, {"protocolVersion": "2025-11-25", **advertised})
    facts, why = probe(target, "legacy")
    assert why == ""
    assert facts == {
        "era": "legacy",
        "protocolVersion": "2025-11-25",
        "capabilities": advertised["capabilities"],
        "placement": {SV: "extensions"},
        "variants": [V1, V2],
        "variantIds": ["v1", "v2"],
        "contentNegotiation": False,
        "tools": ["t1", "t2"],
        "prompts": ["p"],
    }
    assert target.opened == [("legacy", PROBE_CAPABILITIES, {"fresh": False})]
    assert target.released == target.sessions


def test_the_modern_facts_come_from_discover_and_a_misplaced_advertisement_is_read() -> None:
    discovered = {
        "supportedVersions": ["2026-07-28"],
        "capabilities": {
            "experimental": {SV: {"availableVariants": [V1]}, CN: {}},
            "resources": {},
        },
    }
    target = _Target({**LISTS, "server/discover": discovered})
    facts, _ = probe(target, "modern")
    assert facts is not None
    assert facts["supportedVersions"] == ["2026-07-28"]
    assert facts["placement"] == {SV: "experimental", CN: "experimental"}
    assert (facts["variantIds"], facts["contentNegotiation"]) == (["v1"], True)
    assert facts["resources"] == ["a://b"]
    assert "tools" not in facts and "prompts" not in facts


def test_an_extension_in_both_places_is_read_from_extensions() -> None:
    capabilities = {
        "extensions": {SV: {"availableVariants": [V2]}},
        "experimental": {SV: {"availableVariants": [V1]}, CN: {}},
    }
    facts, _ = probe(_Target({}, {"capabilities": capabilities}), "legacy")
    assert facts is not None
    assert facts["placement"] == {SV: "extensions", CN: "experimental"}
    assert facts["variantIds"] == ["v2"]


@pytest.mark.parametrize("capabilities", [None, "x", {"extensions": "x", "experimental": 1}])
def test_malformed_capabilities_read_as_none_advertised(capabilities: Any) -> None:
    facts, _ = probe(_Target({}, {"capabilities": capabilities}), "legacy")
    assert facts is not None
    assert (facts["placement"], facts["variants"], facts["contentNegotiation"]) == ({}, [], False)


def test_a_list_that_is_not_a_list_gives_no_names() -> None:
    lists = {"tools/list": {"tools": "many"}, "prompts/list": "x"}
    facts, _ = probe(_Target(lists, {"capabilities": {"tools": {}, "prompts": {}}}), "legacy")
    assert facts is not None
    assert (facts["tools"], facts["prompts"]) == ([], [])


@pytest.mark.parametrize(
    ("failure", "why"),
    [
        (HandshakeFailed("boom"), "server does not complete the legacy handshake (boom)"),
        (TransportError("refused"), "server unreachable: refused"),
    ],
)
def test_a_server_that_cannot_be_opened_gives_no_facts_and_why(
    failure: Exception, why: str
) -> None:
    target = _Target({})
    target.failure = failure
    assert probe(target, "legacy") == (None, why)


def test_a_server_that_fails_while_probing_gives_no_facts_and_is_released() -> None:
    target = _Target({"tools/list": TransportError("died")}, {"capabilities": {"tools": {}}})
    assert probe(target, "legacy") == (None, "server failed while probing: died")
    assert target.released == target.sessions != []


def test_discover_without_a_result_says_what_came_back() -> None:
    error = Answer({"jsonrpc": "2.0", "error": {"code": -32601}})
    target = _Target({"server/discover": error})
    assert probe(target, "modern") == (
        None,
        'server/discover gave no result: the server answered the error {"code": -32601}',
    )
    assert len(target.released) == 1


def test_error_text_shows_what_came_instead_of_a_result() -> None:
    assert error_text(Answer(None)) == "no answer"
    assert error_text(Answer(None, status=500, body="oops")).startswith(
        "the server answered HTTP 500"
    )
    assert error_text(Answer({"result": 1})) == f"the server answered {json.dumps({'result': 1})}"
    assert error_text(Answer({"error": {"a": 1}})) == 'the server answered the error {"a": 1}'


def test_the_derived_facts_default_to_the_last_variants_hints_and_tools_list() -> None:
    facts = {"variants": [V1, V2]}
    assert derived(facts, {}) == {
        **facts,
        "rankingHints": {"description": "second", "hints": {"audience": "agent"}},
        "listing": {"method": "tools/list", "params": {}},
    }
    assert derived({"variants": [V2]}, {})["rankingHints"] == {}
    # the last of three, and only the keys it has
    assert derived({"variants": [V2, V2, V1]}, {})["rankingHints"] == {"description": "first"}
    assert derived({}, {})["rankingHints"] == {}


def test_the_profile_sets_the_ranking_hints_and_the_paginated_list() -> None:
    profile = {"rankingHints": {"x": 1}, "paginatedList": {"method": "resources/list"}}
    got = derived({"variants": [V1, V2]}, profile)
    assert got["rankingHints"] == {"x": 1}
    assert got["listing"] == {"method": "resources/list", "params": {}}
    paged = derived({}, {"paginatedList": {"params": {"size": 2}}})["listing"]
    assert paged == {"method": "tools/list", "params": {"size": 2}}


FULL = {
    "capabilities": {"tools": {}, "prompts": {}, "resources": {"subscribe": True}},
    "variants": [V1, V2],
    "contentNegotiation": True,
    "resources": ["a://b"],
    "legacy": {"era": "legacy"},
}


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("server-variants", "server does not advertise server variants"),
        ("multiple-variants", "server advertises fewer than two variants"),
        ("content-negotiation", "server does not advertise content negotiation"),
        ("tools", "server offers no tools"),
        ("listing", "server offers no tools and the profile gives no paginatedList"),
        ("prompts", "server offers no prompts"),
        ("resources", "server offers no resources"),
        ("listed-resources", "server lists no resources"),
        ("resources.subscribe", "server does not offer resources/subscribe"),
        ("handshake", "server does not answer initialize"),
    ],
)
def test_a_condition_holds_on_the_facts_or_says_why_not(name: str, why: str) -> None:
    assert why_not_applicable(name, FULL, {}, "stdio") is None
    assert why_not_applicable(name, {}, {}, "stdio") == why


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("no-server-variants", "server advertises server variants"),
        ("no-content-negotiation", "server advertises content negotiation"),
        ("no-handshake", "server answers initialize (dual-era)"),
    ],
)
def test_a_negative_condition_holds_on_its_absence(name: str, why: str) -> None:
    assert why_not_applicable(name, {}, {}, "stdio") is None
    assert why_not_applicable(name, FULL, {}, "stdio") == why


def test_the_conditions_on_the_transport_the_profile_and_subscribe() -> None:
    assert why_not_applicable("http", {}, {}, "http") is None
    assert why_not_applicable("http", {}, {}, "stdio") == "HTTP only"
    assert why_not_applicable("stdio", {}, {}, "stdio") is None
    assert why_not_applicable("stdio", {}, {}, "http") == "stdio only"
    assert why_not_applicable("listing", {}, {"paginatedList": {}}, "stdio") is None
    assert why_not_applicable("profile:toolCall", {}, {"toolCall": {}}, "stdio") is None
    assert (
        why_not_applicable("profile:toolCall", {}, {}, "stdio")
        == "the server profile gives no 'toolCall'"
    )
    unsubscribable = {"capabilities": {"resources": {"subscribe": "yes"}}}
    assert why_not_applicable("resources.subscribe", unsubscribable, {}, "stdio") is not None
    with pytest.raises(ValueError, match="unknown fixture condition 'nope'"):
        why_not_applicable("nope", FULL, {}, "stdio")


def test_a_declaration_defaults_to_both_extensions_and_copies_nothing_shared() -> None:
    declared = declaration(None)
    assert declared == {"extensions": PROBE_CAPABILITIES["extensions"]}
    declared["extensions"][CN]["features"].append("x")
    assert PROBE_CAPABILITIES["extensions"][CN]["features"] == []


def test_a_declaration_takes_the_features_hints_and_capabilities_of_the_client() -> None:
    client = {"capabilities": {"sampling": {}}, "features": ["agent"], "variantHints": {"a": 1}}
    assert declaration(client) == {
        "sampling": {},
        "extensions": {
            CN: {"version": "1.0", "features": ["agent"]},
            SV: {"variantHints": {"a": 1}},
        },
    }
    assert client == {
        "capabilities": {"sampling": {}},
        "features": ["agent"],
        "variantHints": {"a": 1},
    }
    own = {"extensions": {"x": {}}, "features": ["ignored"]}
    assert declaration(own) == {"extensions": {"x": {}}}


def test_a_declaration_mirrors_the_named_extensions_under_experimental() -> None:
    client = {"capabilities": {"experimental": {"other": {}}}, "features": ["agent"]}
    declared = declaration(client, [CN, "absent"])
    assert declared["experimental"] == {"other": {}, CN: {"version": "1.0", "features": ["agent"]}}
    assert "experimental" not in declaration({}, ["absent"])
    assert declaration({"variantHints": {}}, [SV])["experimental"] == {SV: {"variantHints": {}}}

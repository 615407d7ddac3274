"""One fixture's steps against a scripted server (conformance/fixture_run.py): when a step
makes the fixture n/a, fail or pass, what the failure says, and which sessions it opens
with which declaration."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from conformance.fixture_run import FixtureResult, run_fixture
from conformance.session import Config, HandshakeFailed, Target
from conformance.transport import Answer, TransportError
from conformance.vocabulary import CN, SV, VARIANT_KEY

Handler = Callable[[str, Any, dict[str, Any], dict[str, str]], Any]


class _Session:
    def __init__(self, era: str, capabilities: Mapping[str, Any], handler: Handler) -> None:
        self.era, self.capabilities, self.handler = era, dict(capabilities), handler
        self.config = Config(timeout=3.0)
        self.initialize_result: Any = {"capabilities": {}}
        self.calls: list[tuple[str, Any, dict[str, Any], dict[str, str]]] = []
        self.pending: list[dict[str, Any]] = []
        self.settled: list[float] = []

    def call(
        self, method: str, params: Any, *, meta: Any = None, headers: Any = None
    ) -> tuple[dict[str, Any], Answer]:
        self.calls.append((method, params, meta, headers))
        answer = self.handler(method, params, meta, headers)
        if isinstance(answer, Exception):
            raise answer
        return {}, answer if isinstance(answer, Answer) else Answer(answer)

    def settle(self, seconds: float) -> list[dict[str, Any]]:
        self.settled.append(seconds)
        return self.pending


class _Target(Target):
    transport = "stdio"

    def __init__(self, handler: Handler | None = None) -> None:
        self.handler: Handler = handler or (lambda *_: {"result": {}})
        self.sessions: list[_Session] = []
        self.options: list[dict[str, Any]] = []
        self.released: list[_Session] = []
        self.failure: Exception | None = None
        self.pending: list[dict[str, Any]] = []

    def open_session(self, era: str, capabilities: Mapping[str, Any], **options: Any) -> Any:
        if self.failure is not None:
            raise self.failure
        self.sessions.append(_Session(era, capabilities, self.handler))
        self.sessions[-1].pending = self.pending
        self.options.append(options)
        return self.sessions[-1]

    def release(self, session: Any) -> None:
        self.released.append(session)


def _run(
    steps: list[dict[str, Any]],
    target: _Target | None = None,
    *,
    era: str = "legacy",
    facts: Mapping[str, Any] | None = None,
    profile: Mapping[str, Any] | None = None,
    **fixture: Any,
) -> FixtureResult:
    target = target or _Target()
    case = {"id": "f", "steps": steps, **fixture}
    return run_fixture(case, era, target, facts or {}, profile or {}, Config(timeout=3.0))


def _result(value: Any) -> Handler:
    return lambda *_: {"result": value}


def test_a_fixture_for_another_era_or_an_unmet_condition_is_n_a() -> None:
    assert _run([], eras=["modern"]) == FixtureResult(
        "f", "legacy", "n/a", "applies to the modern era only"
    )
    assert _run([], era="modern", eras=["legacy", "modern"]).status == "pass"
    assert _run([], requires=["tools"], ambiguities=[3]) == FixtureResult(
        "f", "legacy", "n/a", "server offers no tools"
    )
    facts = {"capabilities": {"tools": {}}}
    assert _run([], requires=["tools"], facts=facts, ambiguities=[3]) == FixtureResult(
        "f", "legacy", "pass", "", [3]
    )
    target = _Target()
    target.transport = "http"
    assert _run([], target, requires=["http"]).status == "pass"


def test_a_matching_answer_passes_and_the_session_is_released() -> None:
    target = _Target(_result({"tools": [{"name": "a"}]}))
    step = {"method": "tools/list", "params": {"cursor": None}, "expect": {"result": {}}}
    result = _run([step], target, ambiguities=[2, 5])
    assert result == FixtureResult("f", "legacy", "pass", "", [2, 5])
    (session,) = target.sessions
    assert session.calls == [("tools/list", {"cursor": None}, {}, {})]
    assert target.released == [session]
    assert target.options == [{"fresh": False, "headers": {}}]


def test_a_mismatch_fails_with_the_step_and_the_first_problem() -> None:
    target = _Target(_result({"tools": "x"}))
    step = {"id": "list", "method": "tools/list", "expect": {"result": {"tools": []}}}
    result = _run([step], target, ambiguities=[4])
    assert result == FixtureResult(
        "f", "legacy", "fail", 'list: $.result.tools: expected a list of 0, got "x"', [4]
    )
    unnamed = _run([{"method": "tools/list", "expect": {"result": {"tools": []}}}], target)
    assert unnamed.detail.startswith("tools/list: $.result.tools")


def test_an_error_instead_of_a_result_is_shown_in_full() -> None:
    target = _Target(lambda *_: {"error": {"code": -32601, "message": "nope"}})
    result = _run([{"method": "x/y", "expect": {"result": {}}}], target)
    assert result.detail == (
        'x/y: $.result: missing; the server answered the error {"code": -32601, "message": "nope"}'
    )
    listed = _run([{"method": "x/y", "expect": [1]}], target)
    assert listed.detail.startswith("x/y: $: expected a list of 1, got") and "answered" not in (
        listed.detail
    )


def test_no_answer_or_an_http_answer_without_json_rpc_fails() -> None:
    silent = _run([{"method": "x"}], _Target(lambda *_: Answer(None)))
    assert silent == FixtureResult("f", "legacy", "fail", "x: no response within 3.0s")
    http = _Target(lambda *_: Answer(None, status=502, body="bad gateway"))
    assert _run([{"method": "x", "id": "s"}], http).detail == (
        "s: the server answered HTTP 502 (no content type): 'bad gateway', not a JSON-RPC response"
    )


def test_a_transport_failure_or_a_malformed_fixture_fails_and_every_session_is_released() -> None:
    died = _Target(lambda *_: TransportError("died"))
    result = _run([{"method": "x"}], died, ambiguities=[1])
    assert result == FixtureResult("f", "legacy", "fail", "transport: died", [1])
    assert died.released == died.sessions != []
    refused = _Target()
    refused.failure = HandshakeFailed("no initialize")
    assert _run([{"method": "x"}], refused).detail == "transport: no initialize"
    malformed = _run([{"method": "x", "naUnless": [{"reason": "no ref"}]}], ambiguities=[1])
    assert malformed == FixtureResult("f", "legacy", "fail", "fixture error: KeyError('ref')")
    assert _run([{"method": "x", "naWhen": "junk"}]).detail.startswith("fixture error: TypeError")


def test_a_guard_makes_the_fixture_n_a() -> None:
    facts = {"variants": []}
    missing = {"ref": "facts.tools", "reason": "no tools listed"}
    guarded = _Target()
    assert _run([{"method": "x", "naUnless": [missing]}], guarded, facts=facts) == FixtureResult(
        "f", "legacy", "n/a", "no tools listed"
    )
    assert guarded.sessions == []  # the guard holds before anything is sent
    # n/a unless the value matches
    one = {"ref": "facts.variants", "match": [{"$present": True}], "reason": "needs one variant"}
    assert _run([{"method": "x", "naUnless": [one]}], facts=facts).detail == "needs one variant"
    none = {"ref": "facts.variants", "match": [], "reason": "has variants"}
    assert _run([{"method": "x", "naUnless": [none]}], facts=facts).status == "pass"
    unknown = {"match": {"error": {"code": -32601}}, "reason": "no such method"}
    lacking = _Target(lambda *_: {"error": {"code": -32601}})
    assert _run([{"method": "x", "naWhen": [unknown]}], lacking).detail == "no such method"
    assert _run([{"method": "x", "naWhen": [unknown]}]).status == "pass"


def test_a_check_judges_what_is_known_without_a_request() -> None:
    target = _Target()
    facts = {"variantIds": ["a", "a"]}
    assert _run(
        [{"check": "facts.variantIds", "expect": ["a", "a"]}], target, facts=facts
    ).status == ("pass")
    failed = _run([{"id": "ids", "check": "facts.variantIds", "expect": ["a"]}], facts=facts)
    assert failed.detail == 'ids: $: expected a list of 1, got ["a", "a"]'
    unnamed = _run([{"check": "facts.variantIds", "expect": ["a"]}], facts=facts)
    assert unnamed.detail.startswith("check: $")
    assert _run([{"check": "facts.none", "expect": 1}]) == FixtureResult(
        "f", "legacy", "n/a", "check: needs facts.none: no member 'none'"
    )
    assert target.sessions == []


def test_a_missing_reference_makes_the_fixture_n_a_and_names_it() -> None:
    for step in (
        {"method": "x", "params": {"name": {"$ref": "profile.toolCall.name"}}},
        {"method": "x", "paramsFrom": {"$ref": "profile.page"}},
        {"method": "x", "meta": {"$ref": "profile.meta"}},
        {"method": "x", "variant": {"$ref": "profile.variant"}},
        {"method": "x", "headers": {"$ref": "profile.headers"}},
        {"method": "x", "expect": {"$ref": "profile.expected"}},
        {"method": "x", "expectNotifications": {"$ref": "profile.expected"}},
        {"method": "x", "client": {"features": {"$ref": "profile.features"}}},
        {"check": "facts.x", "expect": 1},
        {"check": "facts", "expect": {"$ref": "profile.x"}},
    ):
        result = _run([{"id": "s", **step}])
        assert result.status == "n/a", step
        assert result.detail.startswith("s: needs "), result.detail


def test_for_each_item_the_request_is_sent_and_the_answers_kept_for_later_steps() -> None:
    target = _Target(lambda method, params, *_: {"result": {"echo": params}})
    steps = [
        {
            "id": "each",
            "forEach": {"$ref": "facts.tools"},
            "limit": 2,
            "method": "tools/call",
            "params": {"name": {"$ref": "item"}},
            "expect": {"result": {"echo": {"name": {"$type": "string"}}}},
        },
        {"check": "steps.each[*].result.echo.name", "expect": ["a", "b"]},
    ]
    result = _run(steps, target, facts={"tools": ["a", "b", "c"]})
    assert result.status == "pass", result.detail
    assert [c[1] for c in target.sessions[0].calls] == [{"name": "a"}, {"name": "b"}]


def test_the_for_each_limit_defaults_to_25() -> None:
    target = _Target()
    steps = [{"forEach": {"$ref": "facts.tools"}, "method": "x"}]
    assert _run(steps, target, facts={"tools": list(range(30))}).status == "pass"
    assert len(target.sessions[0].calls) == 25


def test_an_item_that_fails_is_named() -> None:
    target = _Target(lambda method, params, *_: {"result": params})
    step = {
        "id": "call",
        "forEach": {"$ref": "facts.tools"},
        "method": "x",
        "params": {"n": {"$ref": "item"}},
        "expect": {"result": {"n": 1}},
    }
    assert _run([step], target, facts={"tools": [1, 2]}).detail == (
        "call for 2: $.result.n: expected 1, got 2"
    )


@pytest.mark.parametrize("found", [[], "x", None])
def test_nothing_to_iterate_is_n_a(found: Any) -> None:
    step = {"id": "each", "forEach": {"$ref": "facts.tools"}, "method": "x"}
    assert _run([step], facts={"tools": found}) == FixtureResult(
        "f", "legacy", "n/a", "each: nothing to iterate"
    )
    missing = _run([step], facts={})
    assert missing.status == "n/a"
    assert missing.detail.startswith("each: nothing to iterate (")


def test_a_step_result_is_kept_whole_without_for_each() -> None:
    target = _Target(_result({"v": 1}))
    steps = [{"id": "a", "method": "x"}, {"check": "steps.a.result.v", "expect": 1}]
    assert _run(steps, target).status == "pass"
    wrong = [{"id": "a", "method": "x"}, {"check": "steps.a.result.v", "expect": 2}]
    assert _run(wrong, target).status == "fail"


def test_the_request_carries_its_params_meta_variant_and_headers() -> None:
    target = _Target()
    step = {
        "method": {"$ref": "profile.method"},
        "params": {"limit": 1},
        "paramsFrom": {"$ref": "profile.page"},
        "meta": {"k": "v"},
        "variant": {"$ref": "profile.variant"},
        "headers": {"X-A": "1"},
    }
    profile = {"method": "tools/list", "page": {"limit": 5, "size": 2}, "variant": "v2"}
    assert _run([step], target, profile=profile).status == "pass"
    assert target.sessions[0].calls == [
        ("tools/list", {"limit": 1, "size": 2}, {"k": "v", VARIANT_KEY: "v2"}, {"X-A": "1"})
    ]
    target = _Target()
    assert _run([{"method": "x", "paramsFrom": {"$ref": "profile.page"}}], target, profile=profile)
    assert target.sessions[0].calls[0][1] == {"limit": 5, "size": 2}


def test_notifications_are_the_answers_and_those_that_settle() -> None:
    note = {"method": "notifications/resources/updated"}
    target = _Target(lambda *_: Answer({"result": {}}, notifications=[note]))
    step = {"method": "x", "expectNotifications": [note, {"method": "late"}], "settle": 2}

    target.pending = [{"method": "late"}]  # what arrives while the kit waits
    assert _run([step], target).status == "pass"
    assert target.sessions[0].settled == [2]
    default = _Target(lambda *_: Answer({"result": {}}, notifications=[note]))
    result = _run([{"id": "n", "method": "x", "expectNotifications": []}], default)
    assert result.detail == (
        'n notifications: $: expected a list of 0, got [{"method": "notifications/resources/updated"}]'
    )
    assert default.sessions[0].settled == [0.5]


def test_one_session_per_declaration_unless_named() -> None:
    target = _Target()
    steps = [
        {"method": "a"},
        {"method": "b"},
        {"method": "c", "client": {"features": ["human"]}},
        {"method": "d", "session": "second"},
        {"method": "e", "session": "second", "client": {"features": ["x"]}},
    ]
    assert _run(steps, target, client={"features": ["agent"]}).status == "pass"
    assert [[c[0] for c in s.calls] for s in target.sessions] == [["a", "b"], ["c"], ["d", "e"]]
    features = [s.capabilities["extensions"][CN]["features"] for s in target.sessions]
    assert features == [["agent"], ["human"], ["agent"]]
    assert target.released == target.sessions
    assert [o["fresh"] for o in target.options] == [False, False, False]


def test_a_fresh_fixture_or_session_headers_open_a_fresh_session() -> None:
    target = _Target()
    assert _run([{"method": "a"}], target, fresh=True).status == "pass"
    headers = {"sessionHeaders": {"Authorization": {"$ref": "profile.auth"}}, "method": "b"}
    assert _run([headers], target, profile={"auth": "Bearer t"}).status == "pass"
    assert target.options == [
        {"fresh": True, "headers": {}},
        {"fresh": True, "headers": {"Authorization": "Bearer t"}},
    ]


def test_a_declaration_is_mirrored_where_the_server_reads_it() -> None:
    target = _Target()
    facts = {"placement": {SV: "experimental", CN: "extensions"}}
    assert _run([{"method": "a"}], target, facts=facts).status == "pass"
    capabilities = target.sessions[0].capabilities
    assert set(capabilities["experimental"]) == {SV}
    assert set(capabilities["extensions"]) == {SV, CN}


V = {"id": "v1"}


def test_the_legacy_advertisement_is_the_initialize_result() -> None:
    target = _Target()
    step = {
        "id": "ad",
        "method": "$advertisement",
        "expect": {"result": {"capabilities": {}}, "advertisedVariantIds": {"$absent": True}},
    }
    assert _run([step], target).status == "pass", _run([step], target).detail
    assert target.sessions[0].calls == []


def test_the_modern_advertisement_is_discover_and_a_misplaced_one_is_read_as_placed() -> None:
    discovered = {
        "capabilities": {
            "experimental": {SV: {"availableVariants": [V, "junk"]}, "other": {}},
            "extensions": {CN: {}},
        }
    }
    target = _Target(_result(discovered))
    step = {
        "method": "$advertisement",
        "meta": {"m": 1},
        "headers": {"H": "1"},
        "expect": {
            "result": {
                "capabilities": {
                    "extensions": {"$eq": {CN: {}, SV: {"availableVariants": [V, "junk"]}}},
                    "experimental": {"$present": True},
                }
            },
            "advertisedVariantIds": ["v1"],
        },
    }
    result = _run([step], target, era="modern")
    assert result.status == "pass", result.detail
    assert target.sessions[0].calls == [("server/discover", None, {"m": 1}, {"H": "1"})]


def test_an_advertisement_in_extensions_wins_over_experimental() -> None:
    discovered = {
        "capabilities": {
            "experimental": {SV: {"availableVariants": [{"id": "old"}]}},
            "extensions": {SV: {"availableVariants": [V]}},
        }
    }
    step = {"method": "$advertisement", "expect": {"advertisedVariantIds": ["v1"]}}
    assert _run([step], _Target(_result(discovered)), era="modern").status == "pass"


def test_an_advertisement_that_is_not_there_is_judged_as_it_is() -> None:
    for answer in ({"error": {"code": -1}}, {"result": {"capabilities": {"extensions": "x"}}}):
        target = _Target(lambda *_, a=answer: a)
        step = {"method": "$advertisement", "expect": {"advertisedVariantIds": {"$absent": True}}}
        assert _run([step], target, era="modern").status == "pass"
    silent = _Target(lambda *_: Answer(None))
    assert _run([{"method": "$advertisement"}], silent, era="modern").detail == (
        "$advertisement: no response within 3.0s"
    )
    bare = _Target(_result({"capabilities": {"experimental": {SV: {"availableVariants": "x"}}}}))
    step = {"method": "$advertisement", "expect": {"advertisedVariantIds": {"$absent": True}}}
    assert _run([step], bare, era="modern").status == "pass"


def test_references_resolve_in_every_part_of_a_step() -> None:
    profile = {"meta": "m", "header": "h", "code": -32601, "features": ["agent"], "v": 1}
    profile["notes"] = [{"method": "n"}]
    target = _Target(lambda *_: {"error": {"code": -32601}, "note": 1})
    steps = [
        {"check": "profile.v", "expect": {"$ref": "profile.v"}},
        {
            "naUnless": [{"ref": "profile.v", "match": {"$ref": "profile.v"}, "reason": "r"}],
            "method": "x",
            "client": {"features": {"$ref": "profile.features"}},
            "meta": {"k": {"$ref": "profile.meta"}},
            "headers": {"H": {"$ref": "profile.header"}},
            "naWhen": [
                {"match": {"error": {"code": 0}, "note": {"$ref": "profile.v"}}, "reason": "r"}
            ],
            "expect": {"error": {"code": {"$ref": "profile.code"}}},
            "expectNotifications": {"$ref": "profile.notes"},
        },
    ]
    target.pending = [{"method": "n"}]
    result = _run(steps, target, profile=profile)
    assert result.status == "pass", result.detail
    (session,) = target.sessions
    assert session.calls == [("x", None, {"k": "m"}, {"H": "h"})]
    assert session.capabilities["extensions"][CN]["features"] == ["agent"]


def test_the_config_is_a_root_of_the_references() -> None:
    assert _run([{"check": "config.timeout", "expect": 3.0}]).status == "pass"


def test_a_step_without_an_id_or_a_method_name_is_a_request() -> None:
    target = _Target(_result(1))
    step = {"method": {"$ref": "profile.m"}, "expect": {"result": 2}}
    assert _run([step], target, profile={"m": "x"}).detail == (
        "request: $.result: expected 2, got 1"
    )


def test_a_fixture_for_several_other_eras_names_them() -> None:
    assert _run([], era="modern", eras=["a", "legacy"]).detail == (
        "applies to the a/legacy era only"
    )


def test_one_declaration_in_any_key_order_is_one_session() -> None:
    target = _Target()
    steps = [
        {"method": "a", "client": {"features": ["x"], "variantHints": {"a": 1}}},
        {"method": "b", "client": {"variantHints": {"a": 1}, "features": ["x"]}},
    ]
    assert _run(steps, target).status == "pass"
    assert len(target.sessions) == 1


def test_an_advertisement_in_place_is_passed_on_unchanged() -> None:
    discovered = {"capabilities": {"tools": {}}}
    step = {"method": "$advertisement", "expect": {"result": {"$eq": discovered}}}
    assert _run([step], _Target(_result(discovered)), era="modern").status == "pass"

"""The whole run against a scripted server (conformance/runner.py): which eras are probed
and held to their requirements, the diagnoses, and the rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from conformance.runner import (
    LEGACY_ONLY,
    NOT_IMPLEMENTED,
    NOT_KNOWING,
    PLACEMENT_RULE,
    FixtureResult,
    Row,
    Unreachable,
    run,
)
from conformance.session import Config, HandshakeFailed, Target
from conformance.transport import Answer, TransportError
from conformance.vocabulary import CN, SV

SV_SPEC = "sep-2053-server-variants.md"
VARIANTS = {"availableVariants": [{"id": "v1"}]}


class _Session:
    def __init__(self, server: _Server, era: str) -> None:
        self.server, self.era = server, era
        self.config = Config()
        self.initialize_result = server.legacy

    def call(self, method: str, params: Any, **_: Any) -> tuple[dict[str, Any], Answer]:
        self.server.calls.append((self.era, method))
        if method == "server/discover":
            if self.server.modern is None:
                return {}, Answer({"error": {"code": -32601, "message": "nope"}})
            return {}, Answer({"result": self.server.modern})
        return {}, Answer({"result": {}})

    def settle(self, seconds: float) -> list[Any]:
        return []


class _Server(Target):
    transport = "stdio"

    def __init__(self, legacy: dict[str, Any] | None, modern: dict[str, Any] | None = None) -> None:
        self.legacy, self.modern = legacy, modern
        self.calls: list[tuple[str, str]] = []
        self.closed = False
        self.down: Exception | None = None

    def open_session(self, era: str, capabilities: Mapping[str, Any], **_: Any) -> Any:
        if self.down is not None:
            raise self.down
        if era == "legacy" and self.legacy is None:
            raise HandshakeFailed("no initialize")
        return _Session(self, era)

    def close(self) -> None:
        self.closed = True


def _advertising(where: str = "extensions", **extensions: Any) -> dict[str, Any]:
    return {"protocolVersion": "2025-11-25", "capabilities": {where: extensions}}


MANIFEST = [
    {"id": "sv.listed", "level": "MUST", "spec": SV_SPEC, "fixtures": ["sv"]},
    {"id": "any.ping", "level": "SHOULD", "spec": "x.md", "fixtures": ["ping"]},
    {"id": "any.human", "level": "MUST", "untestable_reason": "needs a human"},
]
FIXTURES = {
    "sv": {"id": "sv", "steps": [{"check": "facts.variantIds", "expect": ["v1"]}]},
    "ping": {"id": "ping", "steps": [{"method": "ping", "expect": {"result": {}}}]},
}


def _rows(rows: list[Row]) -> dict[tuple[str, str], tuple[str, str]]:
    return {(r.requirement, r.era): (r.result, r.detail) for r in rows}


def test_a_dual_era_server_is_held_to_both_eras() -> None:
    advertised = _advertising(**{SV: VARIANTS, CN: {}})
    server = _Server(advertised, {"capabilities": advertised["capabilities"]})
    kit = run(server, manifest=MANIFEST, fixtures=FIXTURES)
    assert _rows(kit.rows) == {
        ("sv.listed", "legacy"): ("pass", ""),
        ("any.ping", "legacy"): ("pass", ""),
        ("any.human", "legacy"): ("untestable", "needs a human"),
        ("sv.listed", "modern"): ("pass", ""),
        ("any.ping", "modern"): ("pass", ""),
        ("any.human", "modern"): ("untestable", "needs a human"),
    }
    assert [r.era for r in kit.rows] == ["legacy"] * 3 + ["modern"] * 3
    assert {(r.fixture, r.era) for r in kit.results} == {
        (f, e) for f in ("ping", "sv") for e in ("legacy", "modern")
    }
    assert kit.diagnoses == []
    assert server.closed


def test_the_selected_eras_and_requirements_only() -> None:
    advertised = _advertising(**{SV: VARIANTS, CN: {}})
    server = _Server(advertised, {"capabilities": advertised["capabilities"]})
    kit = run(server, eras=("modern",), only="sv.*", manifest=MANIFEST, fixtures=FIXTURES)
    assert _rows(kit.rows) == {("sv.listed", "modern"): ("pass", "")}
    assert [(r.fixture, r.era) for r in kit.results] == [("sv", "modern")]
    by_fixture = run(_Server(advertised), eras=("legacy",), only="pin*", manifest=MANIFEST,
                     fixtures=FIXTURES)  # fmt: skip
    assert [r.requirement for r in by_fixture.rows] == ["any.ping"]


def test_nothing_to_run_probes_nothing() -> None:
    server = _Server(None)
    server.down = TransportError("refused")
    kit = run(server, only="any.human", manifest=MANIFEST, fixtures=FIXTURES)
    assert _rows(kit.rows) == {
        ("any.human", "legacy"): ("untestable", "needs a human"),
        ("any.human", "modern"): ("untestable", "needs a human"),
    }
    assert (kit.results, kit.diagnoses, server.closed) == ([], [], True)
    assert run(server, only="nothing-matches").rows == []  # the kit's own manifest


def test_a_server_that_speaks_neither_era_is_unreachable() -> None:
    server = _Server(None)
    server.down = TransportError("refused")
    with pytest.raises(Unreachable) as raised:
        run(server, manifest=MANIFEST, fixtures=FIXTURES)
    assert str(raised.value) == (
        "legacy: server unreachable: refused; modern: server unreachable: refused"
    )
    assert server.closed


def test_a_legacy_only_server_asked_for_both_eras_gets_n_a_modern_rows() -> None:
    server = _Server(_advertising(**{SV: VARIANTS, CN: {}}))
    kit = run(server, manifest=MANIFEST, fixtures=FIXTURES)
    why = LEGACY_ONLY.format(
        why='server/discover gave no result: the server answered the error {"code": -32601, '
        '"message": "nope"}'
    )
    assert kit.diagnoses == [why]
    rows = _rows(kit.rows)
    assert rows["sv.listed", "legacy"] == ("pass", "")
    assert rows["sv.listed", "modern"] == ("n/a", why)
    assert rows["any.ping", "modern"] == ("n/a", why)
    assert ("modern", "ping") not in server.calls


def test_a_legacy_only_server_asked_for_the_modern_era_is_held_to_it() -> None:
    server = _Server(_advertising(**{SV: VARIANTS, CN: {}}))
    kit = run(server, eras=("modern",), manifest=MANIFEST, fixtures=FIXTURES)
    assert len(kit.diagnoses) == 1
    assert kit.diagnoses[0].startswith("the server looks legacy-only (server/discover gave no")
    assert kit.diagnoses[0].endswith(
        "; its modern-era rows hold it to the modern MUSTs (--era modern)"
    )
    rows = _rows(kit.rows)
    assert rows["any.ping", "modern"] == ("pass", "")
    # no variants in the modern facts: the check fails, as not implemented there
    assert rows["sv.listed", "modern"][0] == "fail"
    assert ("modern", "ping") in server.calls
    legacy_only = run(server, eras=("legacy",), manifest=MANIFEST, fixtures=FIXTURES)
    assert legacy_only.diagnoses == []


def test_a_modern_only_server_gets_n_a_legacy_rows_with_the_reason() -> None:
    server = _Server(None, {"capabilities": {"extensions": {SV: VARIANTS, CN: {}}}})
    kit = run(server, manifest=MANIFEST, fixtures=FIXTURES)
    rows = _rows(kit.rows)
    reason = "server does not complete the legacy handshake (no initialize)"
    assert rows["sv.listed", "legacy"] == ("n/a", reason)
    assert rows["sv.listed", "modern"] == ("pass", "")
    assert kit.diagnoses == []


def test_the_fixtures_see_both_eras_facts_the_profile_and_the_config() -> None:
    advertised = _advertising(**{SV: VARIANTS, CN: {}})
    server = _Server(advertised, {"capabilities": advertised["capabilities"]})
    fixtures = {
        "both": {
            "id": "both",
            "requires": ["handshake", "profile:x", "server-variants"],
            "steps": [
                {"check": "facts.legacy.protocolVersion", "expect": "2025-11-25"},
                {"check": "facts.modern.variantIds", "expect": ["v1"]},
                {"check": "facts.listing.method", "expect": "tools/list"},
                {"check": "profile.x", "expect": 1},
                {"check": "config.timeout", "expect": 7.0},
            ],
        }
    }
    manifest = [{"id": "r", "level": "MUST", "fixtures": ["both"]}]
    kit = run(server, profile={"x": 1}, config=Config(timeout=7.0), manifest=manifest,
              fixtures=fixtures)  # fmt: skip
    assert [(r.era, r.result, r.detail) for r in kit.rows] == [
        ("legacy", "pass", ""),
        ("modern", "pass", ""),
    ]
    bare = run(server, manifest=manifest, fixtures=fixtures)
    assert {r.detail for r in bare.rows} == {"the server profile gives no 'x'"}


def test_a_misplaced_advertisement_is_diagnosed_and_read() -> None:
    advertised = _advertising("experimental", **{SV: VARIANTS})
    kit = run(_Server(advertised), eras=("legacy",), manifest=MANIFEST, fixtures=FIXTURES)
    assert kit.diagnoses[0] == (
        f"the server variants advertisement ({SV}) was found under capabilities.experimental; "
        f"the spec requires capabilities.extensions: {PLACEMENT_RULE[SV]}. The kit read it "
        "there and declared its client settings in both places; clients that follow the spec "
        "will not see it"
    )
    assert kit.diagnoses[1:] == [
        NOT_IMPLEMENTED.format(names="content negotiation", them="it", their="its")
    ]
    assert _rows(kit.rows)["sv.listed", "legacy"] == ("pass", "")


def test_a_server_without_the_extensions_gets_unmet_rows_and_a_diagnosis() -> None:
    kit = run(_Server(_advertising()), eras=("legacy",), manifest=MANIFEST, fixtures=FIXTURES)
    assert kit.diagnoses == [
        NOT_IMPLEMENTED.format(
            names="server variants or content negotiation",
            them="either extension",
            their="their",
        )
    ]
    (row,) = [r for r in kit.rows if r.requirement == "sv.listed"]
    assert (row.result, row.not_implemented) == ("unmet", "server variants")
    assert NOT_KNOWING in row.ambiguities
    ping = next(r for r in kit.rows if r.requirement == "any.ping")
    assert (ping.result, ping.not_implemented) == ("pass", "")


def test_an_extension_advertised_in_one_era_only_is_implemented() -> None:
    server = _Server(_advertising(), {"capabilities": {"extensions": {SV: VARIANTS, CN: {}}}})
    kit = run(server, manifest=MANIFEST, fixtures=FIXTURES)
    assert kit.diagnoses == []
    legacy = next(r for r in kit.rows if (r.requirement, r.era) == ("sv.listed", "legacy"))
    assert (legacy.result, legacy.not_implemented) == ("fail", "")


def test_a_legacy_only_server_is_said_first_and_its_skipped_rows_are_not_unmet() -> None:
    server = _Server(_advertising("experimental", **{CN: {}}))
    kit = run(server, manifest=MANIFEST, fixtures=FIXTURES)
    assert kit.diagnoses[0].startswith("the server looks legacy-only: ")
    assert "found under capabilities.experimental" in kit.diagnoses[1]
    assert kit.diagnoses[2].startswith("the server does not implement server variants (")
    rows = {(r.requirement, r.era): r for r in kit.rows}
    assert (rows["sv.listed", "legacy"].result, rows["sv.listed", "legacy"].not_implemented) == (
        "unmet",
        "server variants",
    )
    assert (rows["sv.listed", "modern"].result, rows["sv.listed", "modern"].not_implemented) == (
        "n/a",
        "",
    )
    skipped = [r for r in kit.results if r.era == "modern"]
    assert sorted(skipped, key=lambda r: r.fixture) == [
        FixtureResult("ping", "modern", "n/a", kit.diagnoses[0]),
        FixtureResult("sv", "modern", "n/a", kit.diagnoses[0]),
    ]
    asked = run(server, eras=("modern",), manifest=MANIFEST, fixtures=FIXTURES)
    assert asked.diagnoses[0].startswith("the server looks legacy-only (")


def test_the_modern_facts_of_a_legacy_only_server_are_empty() -> None:
    fixtures = {
        "facts": {
            "id": "facts",
            "steps": [
                {"check": "facts.era", "expect": "modern"},
                {"check": "facts.capabilities", "expect": {"$eq": {}}},
                {"check": "facts.variants", "expect": []},
                {"check": "facts.variantIds", "expect": []},
            ],
        }
    }
    manifest = [{"id": "r", "level": "MUST", "fixtures": ["facts"]}]
    kit = run(_Server(_advertising()), eras=("modern",), manifest=manifest, fixtures=fixtures)
    assert [(r.result, r.detail) for r in kit.rows] == [("pass", "")]


def test_the_kits_own_manifest_and_fixtures_by_default() -> None:
    server = _Server(_advertising(**{SV: VARIANTS, CN: {}}))
    kit = run(server, eras=("legacy",), only="sv.session.stable-under-new-principal")
    assert "variants.advertise.no-mid-session-change" in {r.requirement for r in kit.rows}
    assert {(r.result, r.era) for r in kit.rows} == {("n/a", "legacy")}
    assert "sv.session.stable-under-new-principal" in {r.fixture for r in kit.results}
    assert {r.status for r in kit.results} == {"n/a"}

"""Run the fixtures against one server and judge every requirement of the manifest.

For each era the runner first learns what the server advertises (the *facts*: an
``initialize`` handshake in the legacy era, ``server/discover`` in the modern era, then
the first page of tools, resources and prompts). A fixture runs only when its
``requires`` conditions hold on those facts; otherwise it is ``n/a`` with the reason.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.matcher import Missing, match, resolve_path, substitute
from conformance.session import Config, HandshakeFailed, Session, Target
from conformance.transport import TransportError

__all__ = [
    "CN",
    "ERAS",
    "FIXTURES",
    "MANIFEST",
    "SV",
    "FixtureResult",
    "Row",
    "Unreachable",
    "load_fixtures",
    "load_manifest",
    "probe",
    "run",
]

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "requirements.json"
FIXTURES = HERE / "fixtures"
ERAS = ("legacy", "modern")
CN = "io.modelcontextprotocol/content-negotiation"
SV = "io.modelcontextprotocol/server-variants"
VARIANT_KEY = "io.modelcontextprotocol/server-variant"
# The probe declares both extensions so that a server that advertises them only to
# clients that declare them still shows them.
PROBE_CAPABILITIES: dict[str, Any] = {
    "extensions": {CN: {"version": "1.0", "features": []}, SV: {}}
}
_FOREACH_LIMIT = 25


@dataclass(slots=True)
class FixtureResult:
    fixture: str
    era: str
    status: str  # pass | fail | n/a
    detail: str = ""


@dataclass(slots=True)
class Row:
    """One line of the report: a requirement in one era."""

    requirement: str
    level: str
    era: str
    result: str  # pass | fail | n/a | untestable
    detail: str
    fixtures: list[str] = field(default_factory=list)


def load_manifest(path: Path = MANIFEST) -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    requirements: list[dict[str, Any]] = data["requirements"]
    return requirements


def load_fixtures(folder: Path = FIXTURES) -> dict[str, dict[str, Any]]:
    fixtures: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        for fixture in json.loads(path.read_text(encoding="utf-8"))["fixtures"]:
            if fixture["id"] in fixtures:
                raise ValueError(f"{path.name}: duplicate fixture id {fixture['id']}")
            fixtures[fixture["id"]] = {**fixture, "file": path.name}
    return fixtures


# --- facts ----------------------------------------------------------------------------


def _first_page(session: Session, method: str, key: str, field_name: str) -> list[Any]:
    _, answer = session.call(method, None)
    result = (answer.response or {}).get("result")
    items = result.get(key) if isinstance(result, dict) else None
    return (
        [item.get(field_name) for item in items if isinstance(item, dict)]
        if isinstance(items, list)
        else []
    )


def _object(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def probe(target: Target, era: str) -> tuple[dict[str, Any] | None, str]:
    """What the server advertises in ``era`` (None, and why, when it cannot be learned)."""
    try:
        session = target.open_session(era, PROBE_CAPABILITIES, fresh=False)
    except HandshakeFailed as error:
        return None, f"server does not complete the legacy handshake ({error})"
    except TransportError as error:
        return None, f"server unreachable: {error}"
    try:
        facts: dict[str, Any] = {"era": era}
        result: dict[str, Any]
        if era == "legacy":
            result = session.initialize_result or {}
            facts["protocolVersion"] = result.get("protocolVersion")
        else:
            _, answer = session.call("server/discover", None)
            discovered = (answer.response or {}).get("result")
            if not isinstance(discovered, dict):
                return None, "server/discover gave no result, so nothing is known of the server"
            result = discovered
            facts["supportedVersions"] = result.get("supportedVersions")
        capabilities = _object(result.get("capabilities"))
        facts["capabilities"] = capabilities
        extensions = _object(capabilities.get("extensions"))
        variants = _object(extensions.get(SV)).get("availableVariants")
        facts["variants"] = (
            [v for v in variants if isinstance(v, dict)] if isinstance(variants, list) else []
        )
        facts["variantIds"] = [v.get("id") for v in facts["variants"]]
        facts["contentNegotiation"] = CN in extensions
        if "tools" in capabilities:
            facts["tools"] = _first_page(session, "tools/list", "tools", "name")
        if "resources" in capabilities:
            facts["resources"] = _first_page(session, "resources/list", "resources", "uri")
        if "prompts" in capabilities:
            facts["prompts"] = _first_page(session, "prompts/list", "prompts", "name")
        return facts, ""
    except TransportError as error:
        return None, f"server failed while probing: {error}"
    finally:
        target.release(session)


def _condition(
    name: str, facts: Mapping[str, Any], profile: Mapping[str, Any], transport: str
) -> str | None:
    """None when ``name`` holds, else why the fixture does not apply."""
    capabilities = facts.get("capabilities", {})
    resources = capabilities.get("resources")
    checks: dict[str, tuple[bool, str]] = {
        "server-variants": (
            bool(facts.get("variants")),
            "server does not advertise server variants",
        ),
        "no-server-variants": (not facts.get("variants"), "server advertises server variants"),
        "multiple-variants": (
            len(facts.get("variants", [])) >= 2,
            "server advertises fewer than two variants",
        ),
        "content-negotiation": (
            bool(facts.get("contentNegotiation")),
            "server does not advertise content negotiation",
        ),
        "no-content-negotiation": (
            not facts.get("contentNegotiation"),
            "server advertises content negotiation",
        ),
        "tools": ("tools" in capabilities, "server offers no tools"),
        "prompts": ("prompts" in capabilities, "server offers no prompts"),
        "resources": ("resources" in capabilities, "server offers no resources"),
        "listed-resources": (bool(facts.get("resources")), "server lists no resources"),
        "resources.subscribe": (
            isinstance(resources, dict) and resources.get("subscribe") is True,
            "server does not offer resources/subscribe",
        ),
        "handshake": (bool(facts.get("legacy")), "server does not answer initialize"),
        "no-handshake": (not facts.get("legacy"), "server answers initialize (dual-era)"),
        "http": (transport == "http", "HTTP only"),
        "stdio": (transport == "stdio", "stdio only"),
    }
    if name.startswith("profile:"):
        key = name.removeprefix("profile:")
        return None if key in profile else f"the server profile gives no {key!r}"
    if name not in checks:
        raise ValueError(f"unknown fixture condition {name!r}")
    holds, reason = checks[name]
    return None if holds else reason


# --- one fixture ----------------------------------------------------------------------


def declaration(client: Mapping[str, Any] | None) -> dict[str, Any]:
    """The client capabilities a fixture's ``client`` block declares."""
    client = client or {}
    capabilities: dict[str, Any] = dict(client.get("capabilities", {}))
    if "extensions" in client:
        extensions = dict(client["extensions"])
    else:
        extensions = json.loads(json.dumps(PROBE_CAPABILITIES["extensions"]))
        if "features" in client:
            extensions[CN] = {"version": "1.0", "features": client["features"]}
        if "variantHints" in client:
            extensions[SV] = {"variantHints": client["variantHints"]}
    capabilities["extensions"] = extensions
    return capabilities


class Unreachable(RuntimeError):
    """Neither era could be probed: the server is not speaking MCP to us."""


class _NotApplicable(Exception):
    pass


class _Failed(Exception):
    pass


def run_fixture(
    fixture: Mapping[str, Any],
    era: str,
    target: Target,
    facts: Mapping[str, Any],
    profile: Mapping[str, Any],
    config: Config,
) -> FixtureResult:
    name = fixture["id"]
    eras = fixture.get("eras", list(ERAS))
    if era not in eras:
        return FixtureResult(name, era, "n/a", f"applies to the {'/'.join(eras)} era only")
    for condition in fixture.get("requires", []):
        reason = _condition(condition, facts, profile, target.transport)
        if reason is not None:
            return FixtureResult(name, era, "n/a", reason)
    root: dict[str, Any] = {
        "steps": {},
        "facts": facts,
        "profile": profile,
        "config": config.as_root(),
    }
    sessions: dict[str, Session] = {}
    try:
        for step in fixture["steps"]:
            _run_step(step, fixture, era, target, sessions, root)
        return FixtureResult(name, era, "pass")
    except _NotApplicable as reason:
        return FixtureResult(name, era, "n/a", str(reason))
    except _Failed as problem:
        return FixtureResult(name, era, "fail", str(problem))
    except (TransportError, HandshakeFailed) as error:
        return FixtureResult(name, era, "fail", f"transport: {error}")
    except (ValueError, TypeError, KeyError) as error:  # a malformed fixture
        return FixtureResult(name, era, "fail", f"fixture error: {error!r}")
    finally:
        for session in sessions.values():
            target.release(session)


def _advertisement(
    session: Session, meta: Mapping[str, Any], headers: Mapping[str, str]
) -> dict[str, Any] | None:
    """What this session's declaration was offered: the ``initialize`` result (legacy)
    or the ``server/discover`` answer (modern)."""
    if session.era == "legacy":
        return {"result": session.initialize_result}
    _, answer = session.call("server/discover", None, meta=meta, headers=headers)
    return answer.response


def _session(
    step: Mapping[str, Any],
    fixture: Mapping[str, Any],
    era: str,
    target: Target,
    sessions: dict[str, Session],
    root: Mapping[str, Any],
) -> Session:
    client = step.get("client", fixture.get("client"))
    key = step.get("session", json.dumps(client, sort_keys=True))
    if key not in sessions:
        headers = substitute(step.get("sessionHeaders", {}), root)
        session = target.open_session(
            era,
            declaration(client),
            fresh=True if headers else bool(fixture.get("fresh")),
            headers=headers,
        )
        sessions[key] = session
    return sessions[key]


def _run_step(
    step: Mapping[str, Any],
    fixture: Mapping[str, Any],
    era: str,
    target: Target,
    sessions: dict[str, Session],
    root: dict[str, Any],
) -> None:
    label = step.get("id", step.get("method", "check"))
    for guard in step.get("naUnless", []):
        try:
            value = resolve_path(root, guard["ref"])
        except Missing:
            raise _NotApplicable(guard["reason"]) from None
        if "match" in guard and match(value, guard["match"], root):
            raise _NotApplicable(guard["reason"])
    items: Sequence[Any] = [None]
    if "forEach" in step:
        try:
            found = substitute(step["forEach"], root)
        except Missing as missing:
            raise _NotApplicable(f"{label}: nothing to iterate ({missing})") from None
        if not isinstance(found, list) or not found:
            raise _NotApplicable(f"{label}: nothing to iterate")
        items = found[: step.get("limit", _FOREACH_LIMIT)]
    if "check" in step:  # no request: judge something already known
        try:
            value = resolve_path(root, step["check"])
            problems = match(value, step["expect"], root)
        except Missing as missing:
            raise _NotApplicable(f"{label}: needs {missing}") from None
        if problems:
            raise _Failed(f"{label}: {problems[0]}")
        return
    try:
        session = _session(step, fixture, era, target, sessions, root)
    except Missing as missing:
        raise _NotApplicable(f"{label}: needs {missing}") from None
    responses: list[Any] = []
    for item in items:
        root["item"] = item
        try:
            params = substitute(step.get("params"), root)
            meta = substitute(step.get("meta", {}), root)
            if "variant" in step:
                meta[VARIANT_KEY] = substitute(step["variant"], root)
            headers = substitute(step.get("headers", {}), root)
        except Missing as missing:
            raise _NotApplicable(f"{label}: needs {missing}") from None
        notifications: list[dict[str, Any]] = []
        if step.get("method") == "$advertisement":
            response = _advertisement(session, meta, headers)
        else:
            _, answer = session.call(step["method"], params, meta=meta, headers=headers)
            response, notifications = answer.response, answer.notifications
        if response is None:
            raise _Failed(f"{label}: no response within {session.config.timeout}s")
        if "expectNotifications" in step:
            received = [*notifications, *session.settle(step.get("settle", 0.5))]
            try:
                problems = match(received, step["expectNotifications"], root)
            except Missing as missing:
                raise _NotApplicable(f"{label}: needs {missing}") from None
            if problems:
                raise _Failed(f"{label} notifications: {problems[0]}")
        if "expect" in step:
            try:
                problems = match(response, step["expect"], root)
            except Missing as missing:
                raise _NotApplicable(f"{label}: needs {missing}") from None
            if problems:
                where = f" for {json.dumps(item)}" if item is not None else ""
                raise _Failed(f"{label}{where}: {problems[0]}")
        responses.append(response)
    if "id" in step:
        root["steps"][step["id"]] = responses if "forEach" in step else responses[0]


# --- the whole run --------------------------------------------------------------------


def _selected(pattern: str | None, requirement: str, fixtures: Iterable[str]) -> bool:
    if pattern is None:
        return True
    return fnmatch.fnmatch(requirement, pattern) or any(
        fnmatch.fnmatch(f, pattern) for f in fixtures
    )


def run(
    target: Target,
    *,
    eras: Sequence[str] = ERAS,
    only: str | None = None,
    profile: Mapping[str, Any] | None = None,
    config: Config | None = None,
    manifest: Sequence[Mapping[str, Any]] | None = None,
    fixtures: Mapping[str, Mapping[str, Any]] | None = None,
) -> tuple[list[Row], list[FixtureResult]]:
    """Every selected requirement in every selected era, and the fixture results behind them."""
    config = config or Config()
    profile = profile or {}
    manifest = manifest if manifest is not None else load_manifest()
    fixtures = fixtures if fixtures is not None else load_fixtures()
    chosen = [r for r in manifest if _selected(only, r["id"], r.get("fixtures", []))]
    needed = {f for r in chosen for f in r.get("fixtures", [])}
    results: dict[tuple[str, str], FixtureResult] = {}
    rows: list[Row] = []
    try:
        probed = {era: probe(target, era) for era in ERAS if needed}
        if needed and all(facts is None for facts, _ in probed.values()):
            raise Unreachable("; ".join(f"{era}: {why}" for era, (_, why) in probed.items()))
        for era in eras:
            facts, why = probed.get(era, (None, "nothing to run"))
            if facts is None and era == "modern":
                # A server that speaks legacy only fails the modern MUSTs it can be asked
                # about (server/discover, version errors); run with --era legacy for it.
                facts = {"era": era, "capabilities": {}, "variants": [], "variantIds": []}
            for fixture_id in sorted(needed):
                if facts is None:
                    results[fixture_id, era] = FixtureResult(fixture_id, era, "n/a", why)
                    continue
                era_facts = {**facts, "legacy": probed["legacy"][0], "modern": probed["modern"][0]}
                results[fixture_id, era] = run_fixture(
                    fixtures[fixture_id], era, target, era_facts, profile, config
                )
    finally:
        target.close()
    for era in eras:
        for requirement in chosen:
            rows.append(_row(requirement, era, results))
    return rows, list(results.values())


def _row(
    requirement: Mapping[str, Any], era: str, results: Mapping[tuple[str, str], FixtureResult]
) -> Row:
    ids = list(requirement.get("fixtures", []))
    level = requirement["level"]
    if not ids:
        return Row(
            requirement["id"], level, era, "untestable", requirement.get("untestable_reason", "")
        )
    outcomes = [results[f, era] for f in ids]
    failed = [o for o in outcomes if o.status == "fail"]
    if failed:
        return Row(
            requirement["id"],
            level,
            era,
            "fail",
            "; ".join(f"{o.fixture}: {o.detail}" for o in failed),
            ids,
        )
    if any(o.status == "pass" for o in outcomes):
        return Row(requirement["id"], level, era, "pass", "", ids)
    return Row(
        requirement["id"],
        level,
        era,
        "n/a",
        "; ".join(f"{o.fixture}: {o.detail}" for o in outcomes),
        ids,
    )


def failed(rows: Iterable[Row], *, strict: bool = False) -> list[Row]:
    """Rows that make the run fail: MUST failures, and SHOULD failures when strict."""
    return [r for r in rows if r.result == "fail" and (strict or r.level == "MUST")]

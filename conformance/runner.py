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

from .matcher import Missing, match, resolve_path, substitute
from .session import Config, HandshakeFailed, Session, Target
from .transport import Answer, TransportError

__all__ = [
    "CN",
    "ERAS",
    "FIXTURES",
    "MANIFEST",
    "SV",
    "FixtureResult",
    "KitRun",
    "Row",
    "Unreachable",
    "load_ambiguities",
    "load_fixtures",
    "load_manifest",
    "probe",
    "run",
]

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "requirements.json"
AMBIGUITIES = HERE / "ambiguities.json"
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
    ambiguities: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Row:
    """One line of the report: a requirement in one era."""

    requirement: str
    level: str
    era: str
    # pass | fail | n/a | untestable | unmet: a requirement of an extension that the server
    # does not advertise, which an implementation that does not know it can't meet
    result: str
    detail: str
    fixtures: list[str] = field(default_factory=list)
    ambiguities: list[int] = field(default_factory=list)  # the readings the verdict rests on
    not_implemented: str = ""  # the extension the server does not advertise, if the row is its
    # a failure only under readings another conforming implementation may not share
    reading_only: bool = False


@dataclass(slots=True)
class KitRun:
    """What one run found: the rows, the fixture results behind them, and the diagnoses
    (findings about the server as a whole, e.g. a misplaced advertisement)."""

    rows: list[Row]
    results: list[FixtureResult]
    diagnoses: list[str] = field(default_factory=list)


def load_manifest(path: Path = MANIFEST) -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    requirements: list[dict[str, Any]] = data["requirements"]
    return requirements


def load_ambiguities(path: Path = AMBIGUITIES) -> tuple[dict[int, str], frozenset[int]]:
    """The kit's readings of ambiguous spec text by number, and the disputable ones."""
    data = json.loads(path.read_text(encoding="utf-8"))
    texts = {int(number): text for number, text in data["ambiguities"].items()}
    return texts, frozenset(data["disputable"])


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


EXTENSION_NAMES = {SV: "server variants", CN: "content negotiation"}
# The spec each extension's rows come from, and the line that fixes where it is advertised.
SPEC_EXTENSION = {"sep-2053-server-variants.md": SV, "sep-content-negotiation.md": CN}
PLACEMENT_RULE = {
    SV: (
        'sep-2053-server-variants.md line 499: "Support is negotiated via '
        '`capabilities.extensions[io.modelcontextprotocol/server-variants]` in `initialize`" '
        '(and line 720: absent there, "the server does not support variants")'
    ),
    CN: (
        'sep-content-negotiation.md line 294: "Servers implementing this extension MAY declare '
        'support via the `extensions` field"'
    ),
}


def _error_text(answer: Answer) -> str:
    """What came back instead of a result, in full."""
    reply = answer.transport_reply()
    if reply is not None:
        return f"the server answered {reply}"
    if answer.response is None:
        return "no answer"
    if "error" in answer.response:
        return f"the server answered the error {json.dumps(answer.response['error'])}"
    return f"the server answered {json.dumps(answer.response)}"


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
                return None, f"server/discover gave no result: {_error_text(answer)}"
            result = discovered
            facts["supportedVersions"] = result.get("supportedVersions")
        capabilities = _object(result.get("capabilities"))
        facts["capabilities"] = capabilities
        extensions = _object(capabilities.get("extensions"))
        experimental = _object(capabilities.get("experimental"))
        # Where each extension is advertised; a misplaced one is read, and diagnosed.
        placement = {
            ext: "extensions" if ext in extensions else "experimental"
            for ext in (SV, CN)
            if ext in extensions or ext in experimental
        }
        facts["placement"] = placement
        where = extensions if placement.get(SV) == "extensions" else experimental
        variants = _object(where.get(SV)).get("availableVariants")
        facts["variants"] = (
            [v for v in variants if isinstance(v, dict)] if isinstance(variants, list) else []
        )
        facts["variantIds"] = [v.get("id") for v in facts["variants"]]
        facts["contentNegotiation"] = CN in placement
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


def _derived(facts: dict[str, Any], profile: Mapping[str, Any]) -> dict[str, Any]:
    """Facts the fixtures read that the profile may set: the ranking hints that should
    reorder the variants, and the list request that paginates."""
    hints = profile.get("rankingHints")
    if hints is None and len(facts.get("variants", [])) >= 2:
        # A variant's own hints and description are the likeliest to rank it first.
        last = facts["variants"][-1]
        hints = {
            key: last[key]
            for key in ("description", "hints")
            if key in last and last[key] is not None
        }
    listing = profile.get("paginatedList") or {"method": "tools/list", "params": {}}
    return {
        **facts,
        "rankingHints": hints if hints is not None else {},
        "listing": {
            "method": listing.get("method", "tools/list"),
            "params": listing.get("params") or {},
        },
    }


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
        "listing": (
            "tools" in capabilities or "paginatedList" in profile,
            "server offers no tools and the profile gives no paginatedList",
        ),
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


def declaration(
    client: Mapping[str, Any] | None, experimental: Iterable[str] = ()
) -> dict[str, Any]:
    """The client capabilities a fixture's ``client`` block declares; the settings of the
    extensions named in ``experimental`` are mirrored under ``capabilities.experimental``,
    where a server that advertises them there reads them."""
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
    mirrored = {ext: extensions[ext] for ext in experimental if ext in extensions}
    if mirrored:
        capabilities["experimental"] = {**capabilities.get("experimental", {}), **mirrored}
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
    readings = list(fixture.get("ambiguities", []))
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
        return FixtureResult(name, era, "pass", ambiguities=readings)
    except _NotApplicable as reason:
        return FixtureResult(name, era, "n/a", str(reason))
    except _Failed as problem:
        return FixtureResult(name, era, "fail", str(problem), readings)
    except (TransportError, HandshakeFailed) as error:
        return FixtureResult(name, era, "fail", f"transport: {error}", readings)
    except (ValueError, TypeError, KeyError) as error:  # a malformed fixture
        return FixtureResult(name, era, "fail", f"fixture error: {error!r}")
    finally:
        for session in sessions.values():
            target.release(session)


def _advertisement(session: Session, meta: Mapping[str, Any], headers: Mapping[str, str]) -> Answer:
    """What this session's declaration was offered: the ``initialize`` result (legacy)
    or the ``server/discover`` answer (modern). The answer also gets
    ``advertisedVariantIds``, read from wherever the server put the advertisement."""
    if session.era == "legacy":
        answer = Answer({"result": session.initialize_result})
    else:
        _, answer = session.call("server/discover", None, meta=meta, headers=headers)
    result = _object((answer.response or {}).get("result"))
    capabilities = _object(result.get("capabilities"))
    extensions = _object(capabilities.get("extensions"))
    experimental = _object(capabilities.get("experimental"))
    misplaced = {k: v for k, v in experimental.items() if k in (SV, CN) and k not in extensions}
    if misplaced and answer.response is not None:
        # Read a misplaced advertisement where the spec puts it (the run's diagnoses
        # name the misplacement), so that the fixtures judge what it says.
        capabilities = {**capabilities, "extensions": {**extensions, **misplaced}}
        answer.response = {**answer.response, "result": {**result, "capabilities": capabilities}}
    variants = _object(_object(capabilities.get("extensions")).get(SV)).get("availableVariants")
    if answer.response is not None and isinstance(variants, list):
        ids = [v.get("id") for v in variants if isinstance(v, dict)]
        answer.response = {**answer.response, "advertisedVariantIds": ids}
    return answer


def _session(
    step: Mapping[str, Any],
    fixture: Mapping[str, Any],
    era: str,
    target: Target,
    sessions: dict[str, Session],
    root: Mapping[str, Any],
) -> Session:
    client = substitute(step.get("client", fixture.get("client")), root)
    key = step.get("session", json.dumps(client, sort_keys=True))
    if key not in sessions:
        headers = substitute(step.get("sessionHeaders", {}), root)
        placement = root["facts"].get("placement", {})
        session = target.open_session(
            era,
            declaration(
                client, [ext for ext, where in placement.items() if where == "experimental"]
            ),
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
    method_name = step.get("method", "check")
    label = step.get("id", method_name if isinstance(method_name, str) else "request")
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
            method = substitute(step.get("method"), root)
            params = substitute(step.get("params"), root)
            if "paramsFrom" in step:  # e.g. the profile's page-size parameters
                params = {**substitute(step["paramsFrom"], root), **(params or {})}
            meta = substitute(step.get("meta", {}), root)
            if "variant" in step:
                meta[VARIANT_KEY] = substitute(step["variant"], root)
            headers = substitute(step.get("headers", {}), root)
        except Missing as missing:
            raise _NotApplicable(f"{label}: needs {missing}") from None
        if method == "$advertisement":
            answer = _advertisement(session, meta, headers)
        else:
            _, answer = session.call(method, params, meta=meta, headers=headers)
        response, notifications = answer.response, answer.notifications
        if response is None:
            reply = answer.transport_reply()
            if reply is not None:  # the server did answer, but not in JSON-RPC
                raise _Failed(f"{label}: the server answered {reply}, not a JSON-RPC response")
            raise _Failed(f"{label}: no response within {session.config.timeout}s")
        for guard in step.get("naWhen", []):  # e.g. -32601: the server lacks the method
            if not match(response, guard["match"], root):
                raise _NotApplicable(guard["reason"])
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
                shown = problems[0]
                expected = step["expect"]
                if isinstance(expected, Mapping) and "error" in response:
                    # Show the error itself: "$.result: missing" alone sends people to curl.
                    shown = f"{shown}; {_error_text(answer)}"
                raise _Failed(f"{label}{where}: {shown}")
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


LEGACY_ONLY = (
    "the server looks legacy-only: it completes initialize but server/discover gave no "
    "result ({why}); its modern-era rows are n/a. Run with --era legacy (or --era modern "
    "to hold it to the modern-era MUSTs anyway)"
)
NOT_IMPLEMENTED = (
    "the server does not implement {names} (it advertises {them} in neither "
    "capabilities.extensions nor capabilities.experimental): {their} rows are "
    "n/a (not implemented); only how it treats {their} _meta keys is tested"
)
UNMET = "an implementation that does not know the extension can't meet this; see ambiguity {n}"
NOT_KNOWING = 14  # the ambiguity: requirements on servers that do not support an extension


def _diagnoses(probed: Mapping[str, tuple[dict[str, Any] | None, str]]) -> list[str]:
    found: list[str] = []
    learned = [facts for facts, _ in probed.values() if facts is not None]
    for ext, rule in PLACEMENT_RULE.items():
        if any(f.get("placement", {}).get(ext) == "experimental" for f in learned):
            found.append(
                f"the {EXTENSION_NAMES[ext]} advertisement ({ext}) was found under "
                f"capabilities.experimental; the spec requires capabilities.extensions: "
                f"{rule}. The kit read it there and declared its client settings in both "
                f"places; clients that follow the spec will not see it"
            )
    missing = [ext for ext in (SV, CN) if learned and not _implements(learned, ext)]
    if missing:
        names = " or ".join(EXTENSION_NAMES[ext] for ext in missing)
        many = len(missing) > 1
        found.append(
            NOT_IMPLEMENTED.format(
                names=names,
                them="either extension" if many else "it",
                their="their" if many else "its",
            )
        )
    return found


def _implements(learned: Sequence[Mapping[str, Any]], ext: str) -> bool:
    return any(ext in f.get("placement", {}) for f in learned)


def run(
    target: Target,
    *,
    eras: Sequence[str] = ERAS,
    only: str | None = None,
    profile: Mapping[str, Any] | None = None,
    config: Config | None = None,
    manifest: Sequence[Mapping[str, Any]] | None = None,
    fixtures: Mapping[str, Mapping[str, Any]] | None = None,
) -> KitRun:
    """Every selected requirement in every selected era, the fixture results behind them,
    and what the kit diagnosed about the server as a whole."""
    config = config or Config()
    profile = profile or {}
    manifest = manifest if manifest is not None else load_manifest()
    fixtures = fixtures if fixtures is not None else load_fixtures()
    chosen = [r for r in manifest if _selected(only, r["id"], r.get("fixtures", []))]
    needed = {f for r in chosen for f in r.get("fixtures", [])}
    results: dict[tuple[str, str], FixtureResult] = {}
    rows: list[Row] = []
    diagnoses: list[str] = []
    skipped: dict[str, str] = {}  # era -> why all its rows are n/a
    try:
        probed = {era: probe(target, era) for era in ERAS if needed}
        if needed and all(facts is None for facts, _ in probed.values()):
            raise Unreachable("; ".join(f"{era}: {why}" for era, (_, why) in probed.items()))
        if probed:
            diagnoses = _diagnoses(probed)
        legacy, modern = probed.get("legacy", (None, "")), probed.get("modern", (None, ""))
        if legacy[0] is not None and modern[0] is None and "modern" in eras:
            if "legacy" in eras:  # asked for both: do not hold it to an era it does not speak
                skipped["modern"] = LEGACY_ONLY.format(why=modern[1])
                diagnoses.insert(0, skipped["modern"])
            else:
                diagnoses.insert(
                    0,
                    f"the server looks legacy-only ({modern[1]}); "
                    "its modern-era rows hold it to the modern MUSTs (--era modern)",
                )
        for era in eras:
            facts, why = probed.get(era, (None, "nothing to run"))
            if era in skipped:
                facts, why = None, skipped[era]
            elif facts is None and era == "modern":
                # Asked explicitly, a legacy-only server is held to the modern MUSTs it can
                # be asked about (server/discover, version errors).
                facts = {"era": era, "capabilities": {}, "variants": [], "variantIds": []}
            for fixture_id in sorted(needed):
                if facts is None:
                    results[fixture_id, era] = FixtureResult(fixture_id, era, "n/a", why)
                    continue
                era_facts = _derived(
                    {**facts, "legacy": probed["legacy"][0], "modern": probed["modern"][0]},
                    profile,
                )
                results[fixture_id, era] = run_fixture(
                    fixtures[fixture_id], era, target, era_facts, profile, config
                )
    finally:
        target.close()
    learned = [facts for facts, _ in probed.values() if facts is not None] if needed else []
    absent = {ext for ext in (SV, CN) if learned and not _implements(learned, ext)}
    for era in eras:
        for requirement in chosen:
            rows.append(_row(requirement, era, results, absent, skipped.get(era)))
    return KitRun(rows, list(results.values()), diagnoses)


def _reasons(outcomes: Sequence[FixtureResult]) -> str:
    """The fixtures' details, each distinct reason once."""
    seen: dict[str, list[str]] = {}
    for o in outcomes:
        seen.setdefault(o.detail, []).append(o.fixture)
    if len(seen) == 1:
        return next(iter(seen))
    return "; ".join(f"{', '.join(names)}: {detail}" for detail, names in seen.items())


def _row(
    requirement: Mapping[str, Any],
    era: str,
    results: Mapping[tuple[str, str], FixtureResult],
    absent: set[str] | frozenset[str] = frozenset(),
    skipped: str | None = None,
) -> Row:
    ids = list(requirement.get("fixtures", []))
    level = requirement["level"]
    name = requirement["id"]
    if not ids:
        return Row(name, level, era, "untestable", requirement.get("untestable_reason", ""))
    ext = SPEC_EXTENSION.get(requirement.get("spec", ""))
    unknown = EXTENSION_NAMES[ext] if ext is not None and ext in absent and not skipped else ""
    own = list(requirement.get("ambiguities", []))
    outcomes = [results[f, era] for f in ids]
    failed = [o for o in outcomes if o.status == "fail"]

    def readings(deciding: Sequence[FixtureResult]) -> list[int]:
        return sorted({*own, *(n for o in deciding for n in o.ambiguities)})

    if failed:
        detail = "; ".join(f"{o.fixture}: {o.detail}" for o in failed)
        if unknown:  # not the server's failure: it does not know the extension
            return Row(
                name,
                level,
                era,
                "unmet",
                f"{UNMET.format(n=NOT_KNOWING)}. Observed: {detail}",
                ids,
                sorted({NOT_KNOWING, *readings(failed)}),
                unknown,
            )
        disputable = load_ambiguities()[1]
        # Failing only where another reading is reasonable: reported, not held against it.
        only = all(set(o.ambiguities) & disputable for o in failed)
        return Row(name, level, era, "fail", detail, ids, readings(failed), reading_only=only)
    passed = [o for o in outcomes if o.status == "pass"]
    if passed:
        return Row(name, level, era, "pass", "", ids, readings(passed), unknown)
    return Row(name, level, era, "n/a", _reasons(outcomes), ids, [], unknown)


def failed(rows: Iterable[Row], *, strict: bool = False) -> list[Row]:
    """Rows that make the run fail: MUST failures that do not rest only on a disputable
    reading; with ``strict`` every failure. An ``unmet`` row never does: the server does
    not advertise that extension."""
    return [
        r
        for r in rows
        if r.result == "fail" and (strict or (r.level == "MUST" and not r.reading_only))
    ]

"""Run one fixture in one era: check that it applies, open the sessions its steps
declare, send each step's requests and judge the answers with the matcher.

A step that needs something the server does not offer makes the fixture ``n/a``; an
answer that does not match makes it ``fail``; a malformed fixture fails with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .loading import steps_fault
from .matcher import Missing, match, resolve_path, substitute
from .probing import as_object, declaration, error_text, why_not_applicable
from .rows import FixtureResult
from .session import Config, HandshakeFailed, Session, Target
from .transport import Answer, TransportError
from .vocabulary import CN, ERAS, SV, VARIANT_KEY

__all__ = ["FixtureResult", "run_fixture"]

_FOREACH_LIMIT = 25


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
        reason = why_not_applicable(condition, facts, profile, target.transport)
        if reason is not None:
            return FixtureResult(name, era, "n/a", reason)
    fault = steps_fault(fixture["steps"])
    if fault is not None:  # a malformed fixture: nothing is sent
        return FixtureResult(name, era, "fail", f"fixture error: {fault}")
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
    result = as_object((answer.response or {}).get("result"))
    capabilities = as_object(result.get("capabilities"))
    extensions = as_object(capabilities.get("extensions"))
    experimental = as_object(capabilities.get("experimental"))
    misplaced = {k: v for k, v in experimental.items() if k in (SV, CN) and k not in extensions}
    if misplaced and answer.response is not None:
        # Read a misplaced advertisement where the spec puts it (the run's diagnoses
        # name the misplacement), so that the fixtures judge what it says.
        capabilities = {**capabilities, "extensions": {**extensions, **misplaced}}
        answer.response = {**answer.response, "result": {**result, "capabilities": capabilities}}
    variants = as_object(as_object(capabilities.get("extensions")).get(SV)).get("availableVariants")
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
        if not isinstance(method, str):  # a reference to something else
            raise _Failed(f"{label}: the method is {json.dumps(method)}, not a string")
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
                    shown = f"{shown}; {error_text(answer)}"
                raise _Failed(f"{label}{where}: {shown}")
        responses.append(response)
    if "id" in step:
        root["steps"][step["id"]] = responses if "forEach" in step else responses[0]

"""What a server under test advertises, and which fixtures apply to it.

The *facts* of an era come from an ``initialize`` handshake (legacy) or ``server/discover``
(modern), then the first page of tools, resources and prompts. A fixture runs only when
its ``requires`` conditions hold on those facts (``why_not_applicable``); ``declaration``
builds the client capabilities a fixture declares.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from .session import HandshakeFailed, Session, Target
from .transport import Answer, TransportError
from .vocabulary import CN, SV

__all__ = [
    "PROBE_CAPABILITIES",
    "as_object",
    "declaration",
    "derived",
    "error_text",
    "probe",
    "why_not_applicable",
]

# The probe declares both extensions so that a server that advertises them only to
# clients that declare them still shows them.
PROBE_CAPABILITIES: dict[str, Any] = {
    "extensions": {CN: {"version": "1.0", "features": []}, SV: {}}
}


def _first_page(session: Session, method: str, key: str, field_name: str) -> list[Any]:
    _, answer = session.call(method, None)
    result = (answer.response or {}).get("result")
    items = result.get(key) if isinstance(result, dict) else None
    return (
        [item.get(field_name) for item in items if isinstance(item, dict)]
        if isinstance(items, list)
        else []
    )


def as_object(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def error_text(answer: Answer) -> str:
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
                return None, f"server/discover gave no result: {error_text(answer)}"
            result = discovered
            facts["supportedVersions"] = result.get("supportedVersions")
        capabilities = as_object(result.get("capabilities"))
        facts["capabilities"] = capabilities
        extensions = as_object(capabilities.get("extensions"))
        experimental = as_object(capabilities.get("experimental"))
        # Where each extension is advertised; a misplaced one is read, and diagnosed.
        placement = {
            ext: "extensions" if ext in extensions else "experimental"
            for ext in (SV, CN)
            if ext in extensions or ext in experimental
        }
        facts["placement"] = placement
        where = extensions if placement.get(SV) == "extensions" else experimental
        variants = as_object(where.get(SV)).get("availableVariants")
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


def derived(facts: dict[str, Any], profile: Mapping[str, Any]) -> dict[str, Any]:
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


def why_not_applicable(
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

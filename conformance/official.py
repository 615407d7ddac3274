"""The kit in the formats of MCP's official conformance harness (npm
``@modelcontextprotocol/conformance``), so SDK CI tooling reads our results unchanged.

- Check ids: a requirement ``variants.selection.default-is-first`` of SEP-2053 is the
  check ``sep-2053-selection-default-is-first`` (``check_id()``).
- ``checks.json`` records (``mcp_checks()``): ``id``, ``name``, ``description``,
  ``status`` (SUCCESS / FAILURE / WARNING / SKIPPED / INFO), ``timestamp``,
  ``specReferences``, ``details``, ``errorMessage``: the harness's ``ConformanceCheck``.
- The ``--expected-failures`` YAML baseline (``read_baseline()``, ``judge_baseline()``):
  ``server:`` lists a scenario or ``scenario:check-id``; the kit's scenarios are the
  eras, ``legacy`` and ``modern``. A bare check id matches it in either era.
- SEP traceability files (``traceability()``): ``sep:``, ``spec_url:`` and
  ``requirements:``, each a ``check:`` or an ``excluded:`` reason, with its ``text``.

Standard library only, like the rest of the kit.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .rows import Row

__all__ = [
    "SEPS",
    "Baseline",
    "BaselineError",
    "check_id",
    "judge_baseline",
    "mcp_checks",
    "read_baseline",
    "status_of",
    "traceability",
]


@dataclass(frozen=True, slots=True)
class Sep:
    """How one spec document's requirements are named in the harness's formats."""

    prefix: str  # check ids: "<prefix>-<slug>"
    sep: str  # the traceability file's ``sep:``
    reference: str  # a specReference id
    url: str  # spec_url and the specReference url
    file: str  # the traceability file name


SEPS: Mapping[str, Sep] = {
    "sep-2053-server-variants.md": Sep(
        "sep-2053",
        "2053",
        "SEP-2053",
        "https://github.com/modelcontextprotocol/modelcontextprotocol/issues/2053",
        "sep-2053.yaml",
    ),
    "sep-content-negotiation.md": Sep(
        "sep-content-negotiation",
        "content-negotiation",  # the draft has no SEP number yet ("SEP-XXXX")
        "SEP-content-negotiation",
        "sep-content-negotiation.md",
        "sep-content-negotiation.yaml",
    ),
    "protocol-versioning.md": Sep(
        "protocol-versioning",
        "protocol-versioning",
        "MCP-Versioning",
        "https://modelcontextprotocol.io/specification/draft/basic/versioning",
        "protocol-versioning.yaml",
    ),
    "sep-resource-contents-metadata.md": Sep(
        "sep-resource-contents-metadata",
        "resource-contents-metadata",
        "SEP-resource-contents-metadata",
        "sep-resource-contents-metadata.md",
        "sep-resource-contents-metadata.yaml",
    ),
    "sep-tool-result-content.md": Sep(
        "sep-tool-result-content",
        "tool-result-content",
        "SEP-tool-result-content",
        "sep-tool-result-content.md",
        "sep-tool-result-content.yaml",
    ),
}
TRACED = ("sep-2053-server-variants.md", "sep-content-negotiation.md")
"""The specs with traceability files (conformance/seps/)."""


def _sep(spec: str) -> Sep:
    found = SEPS.get(spec)
    if found is None:
        stem = spec.removesuffix(".md")
        return Sep(stem, stem, stem, spec, f"{stem}.yaml")
    return found


def check_id(requirement: Mapping[str, Any]) -> str:
    """``variants.cursors.bound-to-variant`` of SEP-2053 -> ``sep-2053-cursors-bound-to-variant``."""
    name = str(requirement["id"])
    slug = name.split(".", 1)[1] if "." in name else name
    return f"{_sep(str(requirement.get('spec', ''))).prefix}-{slug.replace('.', '-')}"


def _camel(identifier: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-.]", identifier) if part)


def status_of(row: Row, *, strict: bool = False) -> str:
    """The harness's status of one row. A failing SHOULD (or a failure that rests only on
    a disputable reading) is a WARNING, as the harness reports its SHOULDs; with
    ``strict`` every failure is a FAILURE."""
    if row.result == "pass":
        return "SUCCESS"
    if row.result == "fail":
        if strict or (row.level == "MUST" and not row.reading_only):
            return "FAILURE"
        return "WARNING"
    if row.result == "untestable":
        return "INFO"
    return "SKIPPED"  # n/a, unmet (the server does not implement the extension)


def mcp_checks(
    rows: Sequence[Row],
    manifest: Sequence[Mapping[str, Any]],
    *,
    strict: bool = False,
    now: datetime.datetime | None = None,
) -> list[dict[str, Any]]:
    """One ``ConformanceCheck`` per row (a requirement in one era)."""
    stamp = (now or datetime.datetime.now(datetime.UTC)).isoformat().replace("+00:00", "Z")
    by_id = {str(r["id"]): r for r in manifest}
    checks: list[dict[str, Any]] = []
    for row in rows:
        requirement = by_id.get(row.requirement, {"id": row.requirement, "spec": ""})
        sep = _sep(str(requirement.get("spec", "")))
        identifier = check_id(requirement)
        status = status_of(row, strict=strict)
        check: dict[str, Any] = {
            "id": identifier,
            "name": _camel(identifier.removeprefix(sep.prefix + "-")),
            "description": str(requirement.get("text", row.requirement)),
            "status": status,
            "timestamp": stamp,
            "specReferences": [{"id": sep.reference, "url": sep.url}],
            "details": {
                "requirement": row.requirement,
                "level": row.level,
                "era": row.era,
                "result": row.result,
                "fixtures": list(row.fixtures),
                **({"ambiguities": list(row.ambiguities)} if row.ambiguities else {}),
                **({"notImplemented": row.not_implemented} if row.not_implemented else {}),
            },
        }
        if row.detail and status != "SUCCESS":
            check["errorMessage"] = row.detail
        checks.append(check)
    return checks


# --- the expected-failures baseline ------------------------------------------------------


class BaselineError(ValueError):
    """The baseline file cannot be read or is not the harness's format."""


@dataclass(slots=True)
class Baseline:
    """What a baseline says about one run, as the harness judges it."""

    expected: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.unexpected and not self.stale


_ITEM = re.compile(r"^\s*-\s*(?P<value>.*?)\s*$")
_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:\s*(?P<rest>.*?)\s*$")


def _scalar(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        inner = text[1:-1]
        return inner.replace("''", "'") if text[0] == "'" else inner.replace('\\"', '"')
    return text.split(" #", 1)[0].strip()


def read_baseline(path: Path) -> list[str]:
    """The ``server:`` entries of a harness expected-failures YAML file (the subset of
    YAML that format uses: ``client:``/``server:`` keys holding ``- entry`` lists or
    ``[]``, and comments)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BaselineError(f"cannot read the baseline {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise BaselineError(f"the baseline {path} is not UTF-8 text") from None
    entries: dict[str, list[str]] = {}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip() if raw.lstrip().startswith("#") else raw.rstrip()
        if not line.strip():
            continue
        key = _KEY.match(line)
        if key is not None and not line.startswith((" ", "\t", "-")):
            current = key["key"]
            if current not in ("client", "server"):
                raise BaselineError(
                    f"{path}:{number}: unknown key {current!r}: a baseline has client: and server:"
                )
            rest = _scalar(key["rest"])
            if rest not in ("", "[]"):
                raise BaselineError(f"{path}:{number}: {current}: is a list of '- entry' lines")
            entries.setdefault(current, [])
            continue
        item = _ITEM.match(line)
        if item is None or current is None:
            raise BaselineError(f"{path}:{number}: not a '- entry' line: {raw.strip()!r}")
        value = _scalar(item["value"])
        if not value:
            raise BaselineError(f"{path}:{number}: an empty entry")
        entries[current].append(value)
    return entries.get("server", [])


def judge_baseline(checks: Iterable[Mapping[str, Any]], entries: Sequence[str]) -> Baseline:
    """The harness's rule: a FAILURE or WARNING not in the baseline is unexpected; an
    entry whose checks all pass (or that matches nothing) is stale. The kit's scenarios
    are the eras; a bare check id matches in either era."""
    failing: dict[tuple[str, str], str] = {}
    seen: set[tuple[str, str]] = set()
    for check in checks:
        era = str(check.get("details", {}).get("era", ""))
        key = (era, str(check["id"]))
        seen.add(key)
        if check["status"] in ("FAILURE", "WARNING"):
            failing[key] = str(check["status"])
    result = Baseline()
    covered: set[tuple[str, str]] = set()
    for entry in entries:
        scenario, colon, identifier = entry.partition(":")
        if colon:
            matched = {k for k in failing if k == (scenario, identifier)}
            known = (scenario, identifier) in seen
        elif scenario in ("legacy", "modern"):
            matched = {k for k in failing if k[0] == scenario}
            known = any(k[0] == scenario for k in seen)
        else:
            matched = {k for k in failing if k[1] == scenario}
            known = any(k[1] == scenario for k in seen)
        if matched:
            covered |= matched
            result.expected.append(entry)
        else:  # passes now, or names nothing the run checked: the baseline is stale
            result.stale.append(entry if known else f"{entry} (matches no check of this run)")
    result.unexpected = [f"{era}:{ident}" for era, ident in failing if (era, ident) not in covered]
    return result


# --- SEP traceability ------------------------------------------------------------------------


def _quoted(text: str) -> str:
    return "'" + " ".join(text.split()).replace("'", "''") + "'"


def traceability(spec: str, manifest: Sequence[Mapping[str, Any]]) -> str:
    """The harness's ``sep-NNNN.yaml`` for ``spec``: every MUST and SHOULD of the
    manifest, a ``check:`` when fixtures test it, else ``excluded:`` with the reason."""
    sep = _sep(spec)
    lines = [
        "# Generated from conformance/requirements.json by `python -m conformance traceability`;",
        "# do not edit. Every MUST and SHOULD of the spec, with the check that tests it or why",
        "# none can (excluded).",
        f"sep: {sep.sep}",
        f"spec_url: {sep.url}",
        "requirements:",
    ]
    tested = [r for r in manifest if r.get("spec") == spec and r.get("fixtures")]
    excluded = [r for r in manifest if r.get("spec") == spec and not r.get("fixtures")]
    for requirement in tested:
        lines += [
            f"  - check: {check_id(requirement)}",
            f"    text: {_quoted(str(requirement['text']))}",
            f"    level: {requirement['level']}",
        ]
    for requirement in excluded:
        reason = str(requirement.get("untestable_reason") or "no fixture can observe it")
        lines += [
            "",
            f"  - text: {_quoted(str(requirement['text']))}",
            f"    level: {requirement['level']}",
            f"    excluded: {_quoted(reason)}",
            f"    requirement: {requirement['id']}",
        ]
    return "\n".join(lines) + "\n"

"""Run MCP's official conformance harness (npm ``@modelcontextprotocol/conformance``,
installed by ``make conformance-node`` into ``.conformance-node``) and read its results.

Shared by tests/conformance/test_official_harness.py; usable by hand:
``python -m tests.conformance.official URL [harness args...]`` prints the checks.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.servers import REPO

HARNESS_DIR = REPO / ".conformance-node"
PACKAGE = HARNESS_DIR / "node_modules" / "@modelcontextprotocol" / "conformance"
ENTRY = PACKAGE / "dist" / "index.js"
SPEC_VERSION = "2026-07-28"
BASELINES = Path(__file__).with_name("harness")
RUN_LIMIT_SECONDS = 240.0
_RUN_DIR = re.compile(r"^server-(?P<scenario>.+)-\d{4}-\d\d-\d\dT[\d-]+Z$")


def unavailable() -> str | None:
    """Why the harness cannot run here (a skip message), or None."""
    if shutil.which("node") is None:
        return "node not found: the official conformance harness tests are skipped"
    if not ENTRY.is_file():
        return (
            f"the official conformance harness is not installed in {HARNESS_DIR.name}"
            " (make conformance-node): its tests are skipped"
        )
    return None


def required_scenarios(revision: str = SPEC_VERSION) -> list[str]:
    """The server scenarios ``revision`` requires, from the harness's own frozen file."""
    import yaml

    data = yaml.safe_load((PACKAGE / "requirements" / f"{revision}.yaml").read_text("utf-8"))
    return [str(name) for name in data["server"]]


@dataclass
class Run:
    """One harness run: its exit code, its console output and its checks per scenario."""

    returncode: int
    output: str
    checks: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.output.splitlines()[-lines:])


def run_server(url: str, *extra: str, revision: str = SPEC_VERSION) -> Run:
    """``conformance server --url URL --requirements REVISION -o DIR [extra]``."""
    with tempfile.TemporaryDirectory(prefix="mcp-harness-") as out:
        command = [
            "node",
            str(ENTRY),
            "server",
            "--url",
            url,
            "--requirements",
            revision,
            "-o",
            out,
            *extra,
        ]
        done = subprocess.run(
            command,
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=RUN_LIMIT_SECONDS,
            env={**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"},
        )
        return Run(done.returncode, done.stdout + done.stderr, read_checks(Path(out)))


def read_checks(out: Path) -> dict[str, list[dict[str, Any]]]:
    """``{scenario: [check, ...]}`` from a harness output directory (one
    ``server-<scenario>-<timestamp>/checks.json`` per scenario)."""
    checks: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(out.glob("*/checks.json")):
        match = _RUN_DIR.match(path.parent.name)
        if match is None:
            continue
        loaded = json.loads(path.read_text("utf-8"))
        checks.setdefault(match["scenario"], []).extend(c for c in loaded if isinstance(c, dict))
    return checks


def differences(
    plain: Mapping[str, Sequence[Mapping[str, Any]]],
    negotiated: Mapping[str, Sequence[Mapping[str, Any]]],
    scenarios: Sequence[str],
) -> list[str]:
    """One line per check that passes plain and not negotiated: its scenario, id,
    the negotiated status and the harness's message. A check id a scenario emits
    several times is compared occurrence by occurrence."""
    lines: list[str] = []
    for scenario in scenarios:
        theirs: dict[str, list[Mapping[str, Any]]] = {}
        for check in negotiated.get(scenario, ()):
            theirs.setdefault(str(check.get("id")), []).append(check)
        seen: dict[str, int] = {}
        for check in plain.get(scenario, ()):
            if check.get("status") != "SUCCESS":
                continue
            check_id = str(check.get("id"))
            index = seen.get(check_id, 0)
            seen[check_id] = index + 1
            counterpart = theirs.get(check_id, [])
            other = counterpart[index] if index < len(counterpart) else None
            if other is None:
                lines.append(f"{scenario}: {check_id}: passes plain, missing negotiated")
            elif other.get("status") != "SUCCESS":
                message = other.get("errorMessage") or "(no message)"
                lines.append(
                    f"{scenario}: {check_id}: passes plain, {other.get('status')} negotiated:"
                    f" {message}"
                )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        raise SystemExit("usage: python -m tests.conformance.official URL [harness args...]")
    reason = unavailable()
    if reason is not None:
        raise SystemExit(reason)
    run = run_server(args[0], *args[1:])
    for scenario, checks in run.checks.items():
        for check in checks:
            message = check.get("errorMessage") or ""
            print(f"{check.get('status'):8} {scenario}: {check.get('id')} {message}")
    raise SystemExit(run.returncode)


if __name__ == "__main__":
    main()

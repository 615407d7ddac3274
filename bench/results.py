"""``bench/RESULTS.md``: the figures of one run, with the machine and every peer's version."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import metadata

from bench import ROOT, Report, markdown_table

RESULTS = ROOT / "bench" / "RESULTS.md"

# Distributions whose versions decide the figures: ours, the peers, and what both run on.
DISTRIBUTIONS = (
    "pydantic",
    "pydantic-core",
    "mcp",
    "mcp-types",
    "fastjsonschema",
    "msgspec",
    "jsonschema-rs",
    "jinja2",
    "ruff",
)


def installed(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def peer_versions() -> dict[str, str]:
    """Every version the figures depend on; the peer tools as the bench installed them."""
    from bench import peer

    versions = {name: installed(name) for name in DISTRIBUTIONS}
    versions["datamodel-code-generator (peer)"] = (
        peer.installed_datamodel_codegen_version() or "not installed"
    )
    versions["typescript-json-schema (peer)"] = peer.installed_tjs_version() or "not installed"
    return versions


def machine() -> str:
    try:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    return (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load} at the end; Python {sys.version.split()[0]}"
    )


def results_markdown(report: Report, sections: Sequence[str], elapsed: float) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# `make bench` results",
        "",
        f"Written by `python -m bench` on {when}: sections {', '.join(sections)} "
        f"in {elapsed:.0f} s. Regenerate with `make bench`; the load test is `make bench-load`.",
        "",
        f"Machine: {machine()}.",
        "",
        "Every timed figure is the median over interleaved rounds, with the lowest and highest",
        "round beside it. The noise floor is the same side measured against itself in the same",
        "rounds (A vs A'): a difference inside it is not a difference.",
        "",
        markdown_table(report.rows),
        "",
        "## Versions",
        "",
        "| what | version |",
        "|---|---|",
        *(f"| {name} | {version} |" for name, version in peer_versions().items()),
        "",
        "## Notes printed by the sections",
        "",
        *(f"- {section}: {text}" for section, text in report.notes),
        "",
    ]
    return "\n".join(lines)

"""Run the conformance kit against one demo on one transport (shared by the tests and
by the script that regenerates the table in docs/conformance.md)."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Sequence
from contextlib import ExitStack

from conformance.runner import HERE, FixtureResult, Row, run
from conformance.session import Config, HttpTarget, StdioTarget, Target
from tests.e2e.servers import REPO, http_server, subprocess_env

SERVERS = ("weather", "devplatform")
TRANSPORTS = ("stdio", "http")
KNOWN_FAILURES = HERE / "known_failures.json"


def _python(args: Sequence[str]) -> list[str]:
    return [sys.executable, *args]


def run_demo(
    server: str, transport: str, python: Callable[[Sequence[str]], list[str]] = _python
) -> tuple[list[Row], list[FixtureResult]]:
    """The kit's rows for ``demos.<server>`` over ``transport``, both eras; ``python``
    gives the argv that runs ``python ARGS`` (the tests' fork server, or a plain one)."""
    config = Config(timeout=30.0)
    profile = json.loads((HERE / "profiles" / f"{server}.json").read_text(encoding="utf-8"))
    with ExitStack() as stack:
        target: Target
        if transport == "http":
            url = stack.enter_context(http_server(f"demos.{server}"))
            target = HttpTarget(url, config)
        else:
            command = python(["-m", f"demos.{server}", "--transport", "stdio"])
            target = StdioTarget(shlex.join(command), config, cwd=str(REPO), env=subprocess_env())
        kit = run(target, profile=profile, config=config)
        return kit.rows, kit.results


def failing(rows: list[Row]) -> dict[str, set[str]]:
    """Failing requirement ids (MUST and SHOULD) per era. ``unmet`` counts: our demos
    know both extensions, so the readings for servers that do not (ambiguity 14) hold."""
    result: dict[str, set[str]] = {}
    for row in rows:
        result.setdefault(row.era, set())
        if row.result in ("fail", "unmet"):
            result[row.era].add(row.requirement)
    return result


def known_failures() -> dict[str, dict[str, str]]:
    """``{"server/transport/era": {requirement: reason}}``."""
    data: dict[str, dict[str, str]] = json.loads(KNOWN_FAILURES.read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if not key.startswith("_")}


def main() -> None:
    """Print the table of docs/conformance.md: ``python -m tests.conformance.demos``."""
    from conformance.report import render_matrix

    runs = {f"{s} {t}": run_demo(s, t)[0] for s in SERVERS for t in TRANSPORTS}
    sys.stdout.write(render_matrix(runs))


if __name__ == "__main__":
    main()

"""The conformance kit against both demos, over stdio and HTTP, in both eras.

Today some requirements fail; conformance/known_failures.json lists them with the reason.
The test fails on any other failure, and on any listed failure that now passes, so that
the list only shrinks as the demos are fixed.
"""

from __future__ import annotations

import pytest

from tests.conformance.demos import SERVERS, TRANSPORTS, failing, known_failures, run_demo
from tests.conftest import PythonForks


@pytest.mark.slow
@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("server", SERVERS)
def test_demo_conformance_matches_the_known_failures(
    python_forks: PythonForks, server: str, transport: str
) -> None:
    rows, _ = run_demo(server, transport, python_forks)
    known = known_failures()
    details = {(row.era, row.requirement): row.detail for row in rows}
    problems: list[str] = []
    for era, failed in sorted(failing(rows).items()):
        expected = set(known.get(f"{server}/{transport}/{era}", {}))
        for requirement in sorted(failed - expected):
            problems.append(f"{era}: {requirement} fails: {details[era, requirement]}")
        for requirement in sorted(expected - failed):
            problems.append(
                f"{era}: {requirement} no longer fails: remove it from "
                f"conformance/known_failures.json ({server}/{transport}/{era})"
            )
    assert not problems, "\n".join(problems)
    assert {row.era for row in rows} == {"legacy", "modern"}

"""MCP's official conformance harness against our servers (docs/conformance.md).

The required server scenarios of 2026-07-28 (the harness's ``--requirements 2026-07-28``)
run against tests/conformance/everything.py served plain (the SDK alone) and wrapped
with ``Negotiation``: every check that passes plain passes negotiated. They also run
against both demos, whose expected failures (fixture tools a demo does not have) are
baselined in the harness's own ``--expected-failures`` YAML beside this file.

Installed by ``make conformance-node`` (``.conformance-node``, the version the official
Python SDK's CI pins, with the Node < 22 shim); skipped with a message without node or
the package. One harness run per server per session: each is a few seconds.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conformance import official
from tests.conftest import PythonForks
from tests.e2e.servers import http_server

REASON = official.unavailable()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


@pytest.fixture(scope="module")
def required() -> list[str]:
    return official.required_scenarios()


@pytest.fixture(scope="module")
def plain_run(python_forks: PythonForks) -> Iterator[official.Run]:
    with http_server("tests.conformance.everything", forks=python_forks) as url:
        yield official.run_server(url)


@pytest.fixture(scope="module")
def negotiated_run(python_forks: PythonForks) -> Iterator[official.Run]:
    with http_server("tests.conformance.everything", "--negotiated", forks=python_forks) as url:
        yield official.run_server(url)


def test_the_plain_conformance_server_passes_every_required_check(
    plain_run: official.Run, required: list[str]
) -> None:
    """The fixture is complete: without this, a check that fails on both would hide."""
    failing = [
        f"{scenario}: {check.get('id')}: {check.get('status')}: {check.get('errorMessage')}"
        for scenario in required
        for check in plain_run.checks.get(scenario, [])
        if check.get("status") not in ("SUCCESS", "INFO")
    ]
    missing = [scenario for scenario in required if not plain_run.checks.get(scenario)]
    assert not missing, f"required scenarios that did not run: {missing}\n{plain_run.tail()}"
    assert not failing, "\n".join(failing)


def test_every_check_that_passes_plain_passes_negotiated(
    plain_run: official.Run, negotiated_run: official.Run, required: list[str]
) -> None:
    passed = sum(
        check.get("status") == "SUCCESS"
        for scenario in required
        for check in plain_run.checks.get(scenario, [])
    )
    assert passed > 100, f"only {passed} checks passed plain:\n{plain_run.tail()}"
    lines = official.differences(plain_run.checks, negotiated_run.checks, required)
    assert not lines, "\n".join(lines)


@pytest.mark.parametrize("demo", ["weather", "devplatform"])
def test_the_demos_pass_the_harness_but_for_their_baseline(
    demo: str, python_forks: PythonForks
) -> None:
    """The harness's own baseline check: a failure not in the YAML fails, and so does a
    stale entry. ``sep-2575-server-unsupported-version-error`` is not baselined."""
    baseline = official.BASELINES / f"expected-failures.{demo}.yml"
    assert "unsupported-version" not in baseline.read_text("utf-8")
    with http_server(f"demos.{demo}", forks=python_forks) as url:
        run = official.run_server(url, "--expected-failures", str(baseline))
    assert run.returncode == 0, run.tail(60)
    checks = {c.get("id"): c.get("status") for c in run.checks.get("server-stateless", [])}
    assert checks.get("sep-2575-server-unsupported-version-error") == "SUCCESS"


def test_a_difference_names_the_check_and_the_harness_message() -> None:
    ok = {"id": "a-check", "status": "SUCCESS"}
    bad = {"id": "a-check", "status": "FAILURE", "errorMessage": "lists more versions"}
    assert official.differences({"s": [ok]}, {"s": [bad]}, ["s"]) == [
        "s: a-check: passes plain, FAILURE negotiated: lists more versions"
    ]
    assert official.differences({"s": [ok, ok]}, {"s": [ok]}, ["s"]) == [
        "s: a-check: passes plain, missing negotiated"
    ]
    # Failing plain, or in a scenario not compared: no difference.
    assert official.differences({"s": [bad]}, {"s": []}, ["s"]) == []
    assert official.differences({"s": [ok]}, {"s": [bad]}, ["t"]) == []

"""The load test at CI size: 10 concurrent HTTP sessions x 20 requests on loopback,
0 errors and no leakage between sessions. The full size runs in bench/load_bench.py."""

from __future__ import annotations

from tests.e2e.servers import http_server
from tests.load.loadgen import plans, run_load

SESSIONS = 10
REQUESTS = 20


def test_plans_cover_every_variant_format_and_era() -> None:
    chosen = plans(SESSIONS)
    assert {p.variant for p in chosen} == {
        "code-review",
        "project-management",
        "security-readonly",
        "ci-legacy",
    }
    assert {p.fmt for p in chosen} == {"json", "markdown", "text"}
    assert {p.mode for p in chosen} == {"legacy", "auto"}


def test_concurrent_sessions_get_their_own_features_and_variant() -> None:
    with http_server("demos.devplatform") as url:
        result = run_load(url, SESSIONS, REQUESTS)
    assert result.errors == []
    assert result.leaks == []
    assert result.requests == SESSIONS * REQUESTS


def test_the_baseline_server_serves_the_same_load() -> None:
    with http_server("demos.devplatform", "--no-negotiation") as url:
        result = run_load(url, 4, 6, negotiate=False)
    assert (result.errors, result.leaks, result.requests) == ([], [], 24)

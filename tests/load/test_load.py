"""The load test at CI size: 10 concurrent HTTP sessions x 20 requests on loopback,
0 errors and no leakage between sessions. The full size runs in bench/load_bench.py."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable

import pytest

from tests.conftest import PythonForks
from tests.e2e.servers import http_server
from tests.load.interleaved import run_interleaved
from tests.load.loadgen import BASELINE_VARIANT, FIRST_PAGE, plans, run_load
from tests.load.process import ServedProcess, served

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


def test_plans_of_one_era_keep_every_variant_and_format() -> None:
    # The benchmark measures each era on its own.
    chosen = plans(SESSIONS, modes=("auto",))
    assert {p.mode for p in chosen} == {"auto"}
    assert len({p.variant for p in chosen}) == 4 and len({p.fmt for p in chosen}) == 3


def test_concurrent_sessions_get_their_own_features_and_variant(python_forks: PythonForks) -> None:
    with http_server("demos.devplatform", forks=python_forks) as url:
        result = run_load(url, SESSIONS, REQUESTS)
    assert result.errors == []
    assert result.leaks == []
    assert result.requests == SESSIONS * REQUESTS


def test_pinned_plans_do_the_baseline_work_in_every_format_and_era() -> None:
    # The benchmark's like-for-like runs: one variant, the one the baseline serves.
    chosen = plans(SESSIONS, variants=(BASELINE_VARIANT,))
    assert {p.variant for p in chosen} == {BASELINE_VARIANT}
    assert {p.fmt for p in chosen} == {"json", "markdown", "text"}
    assert {p.mode for p in chosen} == {"legacy", "auto"}
    assert BASELINE_VARIANT in FIRST_PAGE


def test_the_baseline_server_serves_the_same_load() -> None:
    with served("demos.devplatform", "--no-negotiation") as server:
        before = server.cpu_seconds()
        result = run_load(server.url, 4, 6, negotiate=False)
        after = server.cpu_seconds()
    assert (result.errors, result.leaks, result.requests) == ([], [], 24)
    if sys.platform == "linux":  # the server's CPU time is read from /proc
        assert before is not None and after is not None and after >= before


def test_interleaved_sides_take_equal_turns_without_errors() -> None:
    with (
        served("demos.devplatform", "--no-negotiation") as off,
        served("demos.devplatform") as on,
    ):
        played, opening = run_interleaved(
            [(off, plans(2, negotiate=False)), (on, plans(3, variants=(BASELINE_VARIANT,)))],
            requests=4,
            rounds=2,
        )
    assert opening.errors == []
    assert len(played) == 2
    for baseline, negotiated in played:
        assert (baseline.result.requests, negotiated.result.requests) == (2 * 2, 3 * 2)
        for part in (baseline, negotiated):
            assert (part.result.errors, part.result.leaks) == ([], [])
            assert part.client_cpu_seconds >= 0


def test_interleaving_rejects_uneven_rounds() -> None:
    with pytest.raises(ValueError, match="equal rounds"):
        run_interleaved([], requests=5, rounds=2)


class _Silent:
    """A loopback server that accepts connections and never answers."""

    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}/mcp"

    def cpu_seconds(self) -> float | None:
        return None


def test_a_stuck_server_fails_the_measurement_instead_of_hanging(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    from tests.load import interleaved

    monkeypatch.setattr(interleaved, "TURN_LIMIT_SECONDS", 1.0)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        silent = _Silent(listener.getsockname()[1])
        # The message names every session still opening, not only that something hung.
        with pytest.raises(TimeoutError, match="opening the sessions") as raised:
            run_interleaved([(silent, plans(2, negotiate=False))], requests=2, rounds=1)
    assert "side 0 session 0 (legacy): opening for" in str(raised.value)
    assert "side 0 session 1 (auto): opening for" in str(raised.value)


class _Turning:
    """A served process as a side, with ``at_second_turn`` done to it as the second
    turn starts (the harness reads the server's CPU time first thing in a turn)."""

    def __init__(self, server: ServedProcess, at_second_turn: Callable[[int], None]) -> None:
        self.url = server.url
        self.server = server
        self.at_second_turn = at_second_turn
        self.turns = 0

    def cpu_seconds(self) -> float | None:
        self.turns += 1
        if self.turns == 3:  # before and after the first turn, then before the second
            self.at_second_turn(self.server.pid)
        return None


POSIX_SIGNALS = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL/SIGSTOP are POSIX")


@POSIX_SIGNALS
def test_a_server_that_dies_mid_measurement_is_reported_instead_of_hanging() -> None:
    # A request whose HTTP fails makes the SDK's transport cancel the whole session,
    # in the middle of a turn; the turn must still finish, with the failure in it.
    def kill(pid: int) -> None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)  # gone, its port closed, before the turn's first request

    with served("demos.devplatform", "--no-negotiation") as server:
        dying = _Turning(server, kill)
        played, opening = run_interleaved(
            [(dying, plans(2, negotiate=False))], requests=4, rounds=2
        )
    assert opening.errors == []
    first, second = (round_[0].result for round_ in played)
    assert (first.requests, first.errors) == (4, [])
    # Once per session, as the transport's error (not the SDK's exception group).
    assert [error.split(": ")[:2] for error in sorted(second.errors)] == [
        ["session 0", "ConnectError"],
        ["session 1", "ConnectError"],
    ]


@POSIX_SIGNALS
def test_a_server_that_stops_answering_is_named_in_the_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.load import interleaved

    def freeze(pid: int) -> None:
        os.kill(pid, signal.SIGSTOP)
        monkeypatch.setattr(interleaved, "TURN_LIMIT_SECONDS", 2.0)

    with served("demos.devplatform", "--no-negotiation") as server:
        frozen = _Turning(server, freeze)
        try:
            with pytest.raises(TimeoutError) as raised:
                run_interleaved([(frozen, plans(2, negotiate=False))], requests=4, rounds=2)
        finally:
            os.kill(server.pid, signal.SIGCONT)
    message = str(raised.value)
    assert message.startswith("a turn of 2 requests per session did not finish within 2 s")
    for session in ("side 0 session 0 (legacy)", "side 0 session 1 (auto)"):
        assert (
            f"{session}: playing a turn of 2, waiting for the response to request 2 (tools/call)"
            in message
        )

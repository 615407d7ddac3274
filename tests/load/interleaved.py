"""Interleaved load: several servers, each with its own open sessions, taking turns in
short slices so that all of them meet the same machine.

On a small shared machine the background load drifts over seconds; two long runs one
after the other compare the drift as much as the servers. Here every session of every
side stays open for the whole measurement and the sides take turns: in each round every
side sends ``requests / rounds`` requests from each of its sessions, one side after the
other, in an order that reverses every round (ABC, CBA, ...) so that no side always
goes first. One round gives one comparison between any two sides; the median and the
spread over rounds are what to report.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from tests.load.loadgen import LiveSession, LoadResult, SessionPlan, describe, open_session

# No turn (nor the opening of all sessions) may take longer: a stuck client or server
# fails the measurement, naming the sessions it waits for, instead of hanging it. A
# full-size turn takes a few seconds.
TURN_LIMIT_SECONDS = 180.0


class Measured(Protocol):
    """A running server: where to reach it, and its CPU time so far (None: unknown)."""

    @property
    def url(self) -> str: ...

    def cpu_seconds(self) -> float | None: ...


@dataclass(frozen=True)
class Slice:
    """One side's turn in one round."""

    result: LoadResult
    cpu_seconds: float | None  # the server's, while the slice ran
    # This (client) process's; the other sides' sessions sit idle meanwhile.
    client_cpu_seconds: float

    @property
    def cpu_ms_per_request(self) -> float | None:
        if self.cpu_seconds is None or not self.result.requests:
            return None
        return self.cpu_seconds * 1000.0 / self.result.requests

    @property
    def total_cpu_ms_per_request(self) -> float | None:
        """Client and server CPU per request."""
        server = self.cpu_ms_per_request
        if server is None:
            return None
        return server + self.client_cpu_seconds * 1000.0 / self.result.requests


class _Progress:
    """Where one session is, for the report of a turn that does not finish."""

    def __init__(self, side: int, plan: SessionPlan) -> None:
        self.name = f"side {side} session {plan.index} ({plan.mode})"
        self.live: LiveSession | None = None
        self.doing = "opening"
        self.since = time.perf_counter()

    def now(self, doing: str) -> None:
        self.doing, self.since = doing, time.perf_counter()

    def report(self) -> str:
        doing, since = self.doing, self.since
        if self.live is not None and self.live.in_flight is not None:
            request, sent = self.live.in_flight
            doing, since = f"{doing}, waiting for the response to {request}", sent
        return f"{self.name}: {doing} for {time.perf_counter() - since:.0f} s"


@dataclass
class _Turn:
    """One slice for one side: each of its sessions sends ``requests`` into ``out``."""

    requests: int
    out: LoadResult
    waiting: dict[int, _Progress]  # by id(): the sessions that have not answered yet
    finished: anyio.Event

    def done(self, session: _Progress) -> None:
        # At most once per session (a torn-down session answers from two places).
        if self.waiting.pop(id(session), None) is not None and not self.waiting:
            self.finished.set()

    def stuck(self) -> str:
        return "; ".join(session.report() for session in self.waiting.values())


async def _session_worker(
    url: str,
    plan: SessionPlan,
    turns: MemoryObjectReceiveStream[_Turn],
    opening: _Turn,
    progress: _Progress,
) -> None:
    """Holds one session open in a task of its own and plays every turn it is given.

    A task per session, rather than all sessions entered in one task, keeps every
    session equally deep in the task tree: sessions entered later would otherwise run
    under more nested cancel scopes, whichever side they belong to.
    """
    playing = opening  # the turn this session owes an answer to
    async with turns:
        try:
            async with open_session(url, plan) as live:
                progress.live = live
                progress.now("idle")
                opening.done(progress)
                async for playing in turns:
                    progress.now(f"playing a turn of {playing.requests}")
                    try:
                        await live.drive_reporting(playing.requests, playing.out)
                    finally:
                        # Also when the SDK cancels the session's body: its transport
                        # tears the whole session down when one request's HTTP fails.
                        progress.now("idle")
                        playing.done(progress)
                return
        except Exception as error:
            # Reported in the turn it broke (or the opening), where the caller looks.
            gone = describe(error)
            playing.out.errors.append(f"session {plan.index}: {gone}")
        finally:
            progress.live = None
        playing.done(progress)
        # The session is gone: still answer every turn so the measurement never hangs.
        progress.now("closed")
        async for turn in turns:
            turn.out.errors.append(f"session {plan.index}: not played, it ended with {gone}")
            turn.done(progress)


async def _within(turn: _Turn, what: str) -> None:
    try:
        with anyio.fail_after(TURN_LIMIT_SECONDS):
            await turn.finished.wait()
    except TimeoutError:
        raise TimeoutError(
            f"{what} did not finish within {TURN_LIMIT_SECONDS:g} s; still waiting for "
            f"{turn.stuck()}"
        ) from None


class _Side:
    def __init__(self, server: Measured, plans: Sequence[SessionPlan]) -> None:
        self.server = server
        self.plans = plans
        self.inboxes: list[tuple[MemoryObjectSendStream[_Turn], _Progress]] = []

    async def play(self, requests: int) -> Slice:
        waiting = {id(progress): progress for _, progress in self.inboxes}
        turn = _Turn(requests, LoadResult(), waiting, anyio.Event())
        # The client's garbage is collected between turns, not during one: a full
        # collection over a hundred open sessions stalls every request in flight, and
        # would land on whichever side happened to be playing.
        gc.collect()
        gc.disable()
        try:
            before, client_before = self.server.cpu_seconds(), time.process_time()
            for inbox, _ in self.inboxes:
                await inbox.send(turn)
            await _within(turn, f"a turn of {requests} requests per session")
            after, client_after = self.server.cpu_seconds(), time.process_time()
        finally:
            gc.enable()
        cpu = after - before if before is not None and after is not None else None
        return Slice(turn.out, cpu, client_after - client_before)


def run_interleaved(
    sides: Sequence[tuple[Measured, Sequence[SessionPlan]]], *, requests: int, rounds: int
) -> tuple[list[list[Slice]], LoadResult]:
    """Every session of every side sends ``requests`` in all, over ``rounds`` rounds.

    Returns, per round, one slice per side (in the order given), and what went wrong
    while the sessions opened.
    """
    if rounds < 1 or requests % rounds:
        raise ValueError(f"{requests} requests do not split into {rounds} equal rounds")
    if not sides or not all(plans for _, plans in sides):
        raise ValueError("every side needs at least one session")
    per_round = requests // rounds
    played: list[list[Slice]] = []
    opening = _Turn(0, LoadResult(), {}, anyio.Event())

    stuck: list[TimeoutError] = []

    async def rounds_of(turns: list[_Side]) -> None:
        await _within(opening, "opening the sessions")
        for index in range(rounds):
            order = range(len(turns)) if index % 2 == 0 else reversed(range(len(turns)))
            slices: dict[int, Slice] = {}
            for position in order:
                slices[position] = await turns[position].play(per_round)
            played.append([slices[position] for position in range(len(turns))])

    async def main() -> None:
        turns = [_Side(server, plans) for server, plans in sides]
        async with anyio.create_task_group() as group:
            # Open the sides' sessions alternately, so no side's are all older.
            for index in range(max(len(side.plans) for side in turns)):
                for number, side in enumerate(turns):
                    if index < len(side.plans):
                        plan = side.plans[index]
                        send, receive = anyio.create_memory_object_stream[_Turn](1)
                        progress = _Progress(number, plan)
                        side.inboxes.append((send, progress))
                        opening.waiting[id(progress)] = progress
                        url = side.server.url
                        group.start_soon(_session_worker, url, plan, receive, opening, progress)
            try:
                await rounds_of(turns)
            except TimeoutError as error:
                stuck.append(error)  # raised below, outside the task group's wrapping
                group.cancel_scope.cancel()
            finally:
                for side in turns:
                    for inbox, _ in side.inboxes:
                        await inbox.aclose()

    anyio.run(main)
    if stuck:
        raise stuck[0]
    return played, opening.out

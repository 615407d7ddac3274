"""An asyncio event loop on a virtual clock, for tests of timeouts that would otherwise
wait in real time: ``anyio.run(f, backend_options={"loop_factory": VirtualClockLoop})``.

Whenever every task waits on a timer, the clock jumps to the next timer instead of
sleeping, so a 2-second timeout fires at once and in the same order as it would in real
time. Waits on real I/O (sockets, threads) still block, with the clock standing still.
"""

from __future__ import annotations

import asyncio
import selectors
from typing import Any


class _JumpingSelector(selectors.DefaultSelector):
    def __init__(self, clock: VirtualClockLoop) -> None:
        super().__init__()
        self.clock = clock

    def select(self, timeout: float | None = None) -> list[Any]:
        if timeout is None:  # no timer is due: only I/O can wake the loop
            return super().select(None)
        ready = super().select(0)
        if not ready and timeout > 0:
            self.clock.now += timeout  # the loop asked to sleep until its next timer
        return ready


class VirtualClockLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        self.now = 0.0
        super().__init__(_JumpingSelector(self))

    def time(self) -> float:
        return self.now

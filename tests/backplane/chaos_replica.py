"""A replica in a process of its own for the chaos suite's ``kill -9``:
``python -m tests.backplane.chaos_replica URL PREFIX COUNT``. It prints ``ready`` once
subscribed, then emits ``kill://D/<i>`` for i < COUNT, 100 a second, printing
``sent <uri>`` after each publish returned, and waits on stdin until it closes."""

from __future__ import annotations

import asyncio
import sys

from negotiation.sdk.redis import RedisBackplane
from tests.backplane.chaos import HEALTH, RECONNECT, make_replica


async def main(url: str, prefix: str, count: int) -> None:
    backplane = RedisBackplane.from_url(
        url, prefix=prefix, health_check_seconds=HEALTH, reconnect_seconds=RECONNECT
    )
    replica = make_replica("D", backplane)
    await replica.neg.sessions.start()
    print("ready", flush=True)
    for i in range(count):
        await replica.emit(f"kill://D/{i}")
        print(f"sent kill://D/{i}", flush=True)
        await asyncio.sleep(0.01)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await backplane.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))

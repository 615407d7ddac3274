"""The cyclic garbage collector during one ``generate`` run of the command line.

The compiler builds a large graph of small immutable objects that live until the run
ends (the IR, the names, the emitted texts): CPython's default thresholds (a young
collection every 700 net allocations, an older one every 10 of those) scan them again
and again, which cost a large typing (@octokit/types) about a quarter of its CPU time
with nothing to free. Here the collector stays enabled with a larger young generation:

* memory stays bounded: cyclic garbage is still collected, after at most 100,000 net
  allocations of containers (not never, as with ``gc.disable()``, which grew the peak
  memory of that typing by half), and full collections keep CPython's own rule (when the
  objects that survived since the last one are a quarter of those it scanned);
* what start-up made (modules, click, the parser) is frozen: never scanned, never garbage;
* the previous state is restored afterwards, so a caller in the same process (a test, a
  tool calling the command) is left as it was. Library calls (``build.pipeline``) never
  touch the global collector; only the command does, for its own run.

The output does not depend on the collector: a collection frees only unreachable objects.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

# (young, middle, old): how many net allocations start a young collection, how many of
# those a middle one, how many of those an old one (still subject to CPython's rule).
COMPILE_THRESHOLDS = (100_000, 20, 100)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Within: the compile's thresholds and start-up's objects frozen; after: as before."""
    thresholds = gc.get_threshold()
    frozen = gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(*COMPILE_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if frozen == 0:  # someone else's freeze is theirs to undo
            gc.unfreeze()

"""The cyclic garbage collector during one ``generate`` run of the command line.

The compiler builds a large graph of small immutable objects that live until the run
ends (the IR, the names, the emitted texts): CPython's default thresholds (a young
collection every 700 net allocations, an older one every 10 of those) scan them again
and again, which cost a large typing (@octokit/types) about a quarter of its CPU time
with nothing to free. Here the collector stays enabled with a larger young generation:

* memory stays bounded: cyclic garbage is still collected, after at most 1,600,000 net
  allocations of containers at first and 100,000 once a collection has found some (not
  never, as with ``gc.disable()``, which grew the peak memory of that typing by half), and
  full collections keep CPython's own rule (when the objects that survived since the last
  one are a quarter of those it scanned);
* the young generation starts at its largest, and a young collection that frees much
  makes it small (``_adapt``): most of what a compile allocates lives to its end, and a
  young collection costs in proportion to what it scans, in cache misses more than in
  instructions (20-30 ms of CPU for the first 100,000 objects of the 20k-line typing, the
  parsed IR, of which it freed 203). A collection that frees a sixteenth of the young
  generation or more brings it down to 100,000 at once; one that frees less makes it
  sixteen times larger (one step, not several: at 80k lines a step of four cost a
  400,000-object scan), so the garbage left between collections stays below a sixteenth
  of 1,600,000. Starting large left the peak memory as it was (within 0.3 %) on every
  typing measured, @octokit/openapi-types' 136k lines included (#37);
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

# The young generation returns to BASE_YOUNG net allocations when a collection freed at
# least 1/FREED_SHARE of it, and grows GROWTH times when one freed less, up to MAX_YOUNG.
BASE_YOUNG = 100_000
GROWTH = 16
FREED_SHARE = 16
MAX_YOUNG = 16 * BASE_YOUNG
# (young, middle, old) at the compile's start: how many net allocations start a young
# collection, how many of those a middle one, how many of those an old one (still subject
# to CPython's rule).
COMPILE_THRESHOLDS = (MAX_YOUNG, 20, 100)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Within: the compile's thresholds and start-up's objects frozen; after: as before."""
    thresholds, frozen = _for_the_compile()
    try:
        yield
    finally:
        _restore(thresholds, frozen)


# The two halves are plain functions (mutation testing skips a decorated generator).
def _for_the_compile() -> tuple[tuple[int, int, int], int]:
    """Freeze what exists, set the compile's thresholds; the state to restore."""
    thresholds = gc.get_threshold()
    frozen = gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(*COMPILE_THRESHOLDS)
    gc.callbacks.append(_adapt)
    return thresholds, frozen


def _restore(thresholds: tuple[int, int, int], frozen: int) -> None:
    if _adapt in gc.callbacks:
        gc.callbacks.remove(_adapt)
    if frozen == 0:  # someone else's freeze is theirs to undo
        # Start-up's objects, and what the compile left in its young generation (up to
        # MAX_YOUNG objects, nearly all alive), go to the oldest generation, as a full
        # collection would find them: else, with the caller's small young threshold back,
        # a young collection would scan all of them soon after (60-80 ms at 20k lines).
        gc.freeze()
        gc.unfreeze()
    gc.set_threshold(*thresholds)


def _adapt(phase: str, info: dict[str, int]) -> None:
    """After each young collection of the compile: the next one's size (see the top)."""
    if phase != "stop" or info["generation"] != 0:
        return
    young = gc.get_threshold()[0]
    if info["collected"] * FREED_SHARE < young:
        young = min(young * GROWTH, MAX_YOUNG)
    else:
        young = BASE_YOUNG
    gc.set_threshold(young)  # the older generations' thresholds stay

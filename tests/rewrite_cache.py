"""The pytest-xdist workers share the rewriting of the test modules' asserts.

Every worker imports every test module to collect it, and pytest rewrites the asserts of
each on import: about 10 s of CPU for this suite, two thirds of a worker's collection.
It caches the rewritten code beside the source, but not under ``PYTHONDONTWRITEBYTECODE``,
and in a fresh clone the workers start together, so each rewrote every module itself.

Here each worker first imports its own share of the test modules (every n-th, from its
index) and writes their rewritten code (under ``PYTHONDONTWRITEBYTECODE``, to a
``sys.pycache_prefix`` in the run's temporary folder, not into the working tree); when
it collects, it reads the other shares, and rewrites itself any module not written yet.
The modules are the same, asserts rewritten the same; only who rewrites them changes.
"""

from __future__ import annotations

import importlib
import logging
import sys
from pathlib import Path

import pytest


def share_rewriting(config: pytest.Config, root: Path) -> None:
    """In an xdist worker: import this worker's share of the test modules to be collected."""
    workerinput = getattr(config, "workerinput", None)
    basetemp = config.option.basetemp
    if workerinput is None or basetemp is None:
        return
    index = int(str(workerinput["workerid"]).removeprefix("gw"))
    count = int(workerinput["workercount"])
    if sys.dont_write_bytecode:
        # Nothing is to be written into the working tree (PYTHONDONTWRITEBYTECODE): the
        # run's temporary folder then, which each worker's is a folder of and which pytest
        # removes with the runs it does not keep. Otherwise ``__pycache__``, as pytest does.
        sys.pycache_prefix = str(Path(basetemp).parent / "pycache")
    here = config.invocation_params.dir
    targets = [(here / arg.split("::")[0]).resolve() for arg in config.args]
    files = sorted(
        path
        for path in (root / "tests").rglob("test_*.py")
        if any(path == target or target in path.parents for target in targets)
    )
    writes = sys.dont_write_bytecode
    sys.dont_write_bytecode = False  # pytest writes rewritten code only when allowed
    # What a module logs as it is imported is not captured yet (collection captures it).
    logging.disable(logging.CRITICAL)
    try:
        for path in files[index::count]:
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            try:
                importlib.import_module(name)
            except (Exception, pytest.skip.Exception):
                pass  # collection imports it again and reports what is wrong
    finally:
        logging.disable(logging.NOTSET)
        sys.dont_write_bytecode = writes

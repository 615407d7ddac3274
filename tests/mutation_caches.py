"""The project's ``functools`` caches, emptied in each mutant's test run.

mutmut runs the clean tests in its own process and forks a child per mutant from it, so
every ``functools.cache``/``lru_cache`` the clean run filled is inherited: a mutant inside
a cached function (or upstream of one) is never called for the arguments the clean run
already asked about, and survives for that reason alone (``package.py`` scored 12.3 % so).
``tests/conftest.py`` empties them when a session starts for a mutant.
"""

from __future__ import annotations

import os
import sys

PROJECT_PACKAGES = ("codegen", "negotiation", "conformance")
# mutmut's names for its own runs: no mutant is active in them.
NOT_MUTANTS = frozenset({"", "fail", "stats", "list_all_tests", "mutant_generation"})


def mutant_under_test() -> str | None:
    """The mutant this process tests (mutmut's ``MUTANT_UNDER_TEST``), else None."""
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    return None if name in NOT_MUTANTS else name


def clear_project_caches() -> int:
    """Empty every module-level cached function of the project's loaded modules; their
    number. Classes' cached methods are left: none of the project's hold state."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in PROJECT_PACKAGES:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)  # functools.cache, lru_cache
            if callable(clear) and callable(getattr(value, "cache_info", None)):
                clear()
                cleared += 1
    return cleared

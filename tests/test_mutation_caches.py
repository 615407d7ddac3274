"""Each mutant's test run starts with the project's caches empty (tests/mutation_caches.py)."""

from __future__ import annotations

import pytest

from codegen.build import fastpath
from codegen.frontend import lib
from tests.mutation_caches import clear_project_caches, mutant_under_test


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (
            "codegen.frontend.lib.x_lib_names__mutmut_3",
            "codegen.frontend.lib.x_lib_names__mutmut_3",
        ),
        ("", None),
        ("stats", None),
        ("fail", None),
        ("list_all_tests", None),
        ("mutant_generation", None),
    ],
)
def test_only_a_mutants_run_counts(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: str | None
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", value)
    assert mutant_under_test() == expected


def test_no_mutant_outside_mutmut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    assert mutant_under_test() is None


def test_every_project_cache_is_emptied() -> None:
    lib.lib_names()
    fastpath.toolchain()
    assert (lib.lib_names.cache_info().currsize, fastpath.toolchain.cache_info().currsize) == (1, 1)
    assert clear_project_caches() >= 2
    assert (lib.lib_names.cache_info().currsize, fastpath.toolchain.cache_info().currsize) == (0, 0)

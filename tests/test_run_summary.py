"""The lines tests ask to print at the end of a run (tests/conftest.py): read from the
reports, which pytest-xdist's workers send to the controller."""

from __future__ import annotations

from types import SimpleNamespace

from tests.conftest import SUMMARY, summary_lines


def test_each_summary_property_once_in_the_order_met() -> None:
    def report(*props: tuple[str, object]) -> SimpleNamespace:
        return SimpleNamespace(user_properties=list(props))

    stats = {
        "failed": [report((SUMMARY, "program fuzz seed 7: rerun with FUZZ_SEED=7"))],
        "passed": [
            report(("other", "not printed"), (SUMMARY, "b")),
            report((SUMMARY, "program fuzz seed 7: rerun with FUZZ_SEED=7")),
        ],
        "": [SimpleNamespace()],  # a report without properties (collection, warnings)
    }
    assert summary_lines(stats) == ["program fuzz seed 7: rerun with FUZZ_SEED=7", "b"]

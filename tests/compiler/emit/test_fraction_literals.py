"""Number literals that are no integer (``type Half = 0.5``): valid TypeScript, which
``typing.Literal`` cannot hold (PEP 586 admits no float). The models wrote a located error
and refused the file; now each such literal is the one float between it and itself, strict
(no bool, no string), beside a ``Literal[...]`` of the union's other values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.compiler.frontend.test_total_frontend import _agree

SNIPPET = """
export type Half = 0.5;
export type Mixed = 2.5 | "a" | 3 | true;
export interface A { half: Half; y: 2.5 | "a"; z?: Mixed; w: -0.25 }
"""

CASES: dict[str, tuple[list[Any], list[Any]]] = {
    "Half": ([0.5], [0.25, 1, "0.5", True, None]),
    # (1 is left out: beside ``True`` and another number no guard tells 1 from ``True``,
    # a limit of the models documented in ``TypeWriter._literal``)
    "Mixed": ([2.5, "a", 3, True], [2.4, "2.5", "b", 4, False, None]),
    "A": (
        [{"half": 0.5, "y": 2.5, "w": -0.25}, {"half": 0.5, "y": "a", "w": -0.25, "z": 3}],
        [{"half": 0.5, "y": 2.5, "w": 0.25}, {"half": 0.5, "y": 2, "w": -0.25}],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_fractional_number_literal_compiles_and_admits_only_itself(
    name: str, tmp_path: Path
) -> None:
    good, bad = CASES[name]
    defs = _agree(tmp_path, SNIPPET, name, good, bad)
    if name == "Half":
        assert defs["Half"] == {"const": 0.5, "type": "number"}

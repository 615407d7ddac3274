"""The kit's data, read from its own folder: the manifest of requirements, the fixtures
that test them and the kit's readings of ambiguous spec text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = [
    "AMBIGUITIES",
    "FIXTURES",
    "HERE",
    "MANIFEST",
    "load_ambiguities",
    "load_fixtures",
    "load_manifest",
    "step_fault",
    "steps_fault",
]

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "requirements.json"
AMBIGUITIES = HERE / "ambiguities.json"
FIXTURES = HERE / "fixtures"


def load_manifest(path: Path = MANIFEST) -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    requirements: list[dict[str, Any]] = data["requirements"]
    return requirements


def load_ambiguities(path: Path = AMBIGUITIES) -> tuple[dict[int, str], frozenset[int]]:
    """The kit's readings of ambiguous spec text by number, and the disputable ones."""
    data = json.loads(path.read_text(encoding="utf-8"))
    texts = {int(number): text for number, text in data["ambiguities"].items()}
    return texts, frozenset(data["disputable"])


def load_fixtures(folder: Path = FIXTURES) -> dict[str, dict[str, Any]]:
    fixtures: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        for fixture in json.loads(path.read_text(encoding="utf-8"))["fixtures"]:
            if fixture["id"] in fixtures:
                raise ValueError(f"{path.name}: duplicate fixture id {fixture['id']}")
            fault = steps_fault(fixture.get("steps", []))
            if fault is not None:
                raise ValueError(f"{path.name}: fixture {fixture['id']!r}, {fault}")
            fixtures[fixture["id"]] = {**fixture, "file": path.name}
    return fixtures


def step_fault(step: object) -> str | None:
    """Why ``step`` is no step, or None. A step sends a request (``method``) or judges
    what is known (``check``): with neither it would send a request without a method."""
    if not isinstance(step, dict):
        return f"a step must be an object, not {step!r}"
    if ("method" in step) == ("check" in step):
        has = "both" if "method" in step else "neither"
        return f'a step needs "method" (a request) or "check" (no request); it has {has}'
    if "method" in step and step["method"] is None:
        return '"method" is null'
    return None


def _step_where(index: int, step: object) -> str:
    """``steps[1]``, with the step's id when it has one: where a fault is."""
    if isinstance(step, dict) and "id" in step:
        return f"steps[{index}] (id {step['id']!r})"
    return f"steps[{index}]"


def steps_fault(steps: object) -> str | None:
    """The first fault of a fixture's steps, located (``steps[1]: ...``), or None."""
    if not isinstance(steps, list):
        return '"steps" must be a list'
    for index, step in enumerate(steps):
        fault = step_fault(step)
        if fault is not None:
            return f"{_step_where(index, step)}: {fault}"
    return None

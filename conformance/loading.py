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
            fixtures[fixture["id"]] = {**fixture, "file": path.name}
    return fixtures

"""The official MCP schemas compile to models that import, type-check and accept the
official examples (and reject mutated copies of them). Skipped without the corpus."""

from __future__ import annotations

import copy
import json
import re
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Union, get_args, get_origin

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from codegen.errors import Diagnostics
from tests.compiler.emit.test_pydantic_emit import (
    _mypy,
    dump,
    generate_models,
    import_source,
    models_package,
)
from tests.conftest import CORPUS, REVISIONS, require_corpus

pytestmark = pytest.mark.corpus
LATEST = "2026-07-28"


@cache
def models_for(revision: str) -> tuple[ModuleType, str, Diagnostics]:
    schema = require_corpus(revision) / "schema.ts"
    diagnostics = Diagnostics()
    source = generate_models([schema], diagnostics)
    directory = Path(tempfile.mkdtemp(prefix=f"models_{revision}_"))
    return import_source(source, directory), source, diagnostics


def examples() -> list[tuple[str, Path]]:
    root = CORPUS / LATEST / "examples"
    if not root.is_dir():
        return []
    return [
        (folder.name, path)
        for folder in sorted(root.iterdir())
        if folder.is_dir()
        for path in sorted(folder.glob("*.json"))
    ]


EXAMPLES = examples()


@pytest.mark.parametrize("revision", REVISIONS)
def test_every_revision_compiles_to_importable_models(revision: str) -> None:
    models, _, _ = models_for(revision)
    classes = [v for v in vars(models).values() if isinstance(v, type) and issubclass(v, BaseModel)]
    assert len(classes) > 40


def test_all_129_examples_are_there() -> None:
    require_corpus(LATEST)
    assert len(EXAMPLES) == 129


@pytest.mark.parametrize(("type_name", "path"), EXAMPLES, ids=[p.stem for _, p in EXAMPLES])
def test_official_example_validates_and_round_trips(type_name: str, path: Path) -> None:
    models, _, _ = models_for(LATEST)
    data = json.loads(path.read_text())
    model = getattr(models, type_name).model_validate(data)
    assert dump(model) == data
    assert json.loads(model.model_dump_json(by_alias=True, exclude_unset=True)) == data


# --------------------------------------------------------------------------- mutations


def _fields(cls: type[BaseModel]) -> dict[str, Any]:
    return {info.alias or name: info for name, info in cls.model_fields.items()}


def mutations(cls: type[BaseModel], data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Invalid copies of a valid instance: wrong literal, missing required field, wrong type."""
    for key, info in _fields(cls).items():
        if key not in data:
            continue
        if info.is_required():
            broken = copy.deepcopy(data)
            del broken[key]
            yield f"missing {key}", broken
        annotation = str(info.annotation)
        value = data[key]
        if "Literal" in annotation and isinstance(value, str | int):
            broken = copy.deepcopy(data)
            broken[key] = f"not-{value}" if isinstance(value, str) else 123456789
            yield f"wrong literal {key}", broken
        wrong = _wrong_value(annotation)
        if info.annotation is not Any and wrong is not None:
            broken = copy.deepcopy(data)
            broken[key] = wrong
            yield f"wrong type {key}", broken


def _wrong_value(annotation: str) -> object:
    """A JSON value of a kind the annotation cannot accept, or None when unsure."""
    if not re.search(r"\b(int|float|Any)\b", annotation):
        return 12345  # rejected by str, bool, lists, dicts and models alike
    if "list[" not in annotation and not re.search(r"\bAny\b", annotation):
        return []
    return None


@pytest.mark.parametrize(("type_name", "path"), EXAMPLES, ids=[p.stem for _, p in EXAMPLES])
def test_mutated_examples_are_rejected(type_name: str, path: Path) -> None:
    models, _, _ = models_for(LATEST)
    cls = getattr(models, type_name)
    data = json.loads(path.read_text())
    tried = 0
    for what, broken in mutations(cls, data):
        tried += 1
        with pytest.raises(ValidationError):
            cls.model_validate(broken)
            pytest.fail(f"{type_name} accepted an example with {what}")
    if not tried:
        pytest.skip(f"no mutation applies to {path.name}: every field it sets accepts anything")


def test_mutation_count() -> None:
    """The figure in the report: how many mutated copies the examples give."""
    models, _, _ = models_for(LATEST)
    total = sum(
        len(list(mutations(getattr(models, t), json.loads(p.read_text())))) for t, p in EXAMPLES
    )
    assert total > 300


# --------------------------------------------------------------------------- unions


def test_results_are_never_parsed_as_a_poorer_union_member() -> None:
    models, _, diagnostics = models_for(LATEST)
    # The warnings say which unions rely on pydantic's smart mode.
    assert any("InputRequiredResult" in str(w) for w in diagnostics.warnings)
    server_result: TypeAdapter[Any] = TypeAdapter(models.ServerResult)
    checked = 0
    for type_name, path in EXAMPLES:
        data = json.loads(path.read_text())
        if type_name.endswith("ResultResponse"):
            result = getattr(models, type_name).model_validate(data).result
            named = getattr(models, type_name.removesuffix("Response"))
            if _valid(named, data["result"]):
                assert type(result) is named, path.name
                assert not result.model_extra or "contents" not in result.model_extra
            else:
                # e.g. read-resource-result-response.json lacks the required ttlMs and
                # cacheScope: only InputRequiredResult accepts it, and it keeps every field.
                assert type(result) is models.InputRequiredResult, path.name
            assert dump(result) == data["result"], f"{path.name}: data lost"
            checked += 1
        elif (
            type_name.endswith("Result")
            and "resultType" in data
            and type_name != "CreateMessageResult"
        ):
            if type_name in {"ElicitResult", "ListRootsResult"}:
                continue
            parsed = server_result.validate_python(data)
            assert type(parsed).__name__ == type_name, path.name
            checked += 1
    assert checked >= 10


def _valid(cls: type[BaseModel], data: Any) -> bool:
    try:
        cls.model_validate(data)
    except ValidationError:
        return False
    return True


def test_read_resource_result_keeps_its_contents() -> None:
    models, _, _ = models_for(LATEST)
    folder = CORPUS / LATEST / "examples" / "ReadResourceResult"
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        response = models.ReadResourceResultResponse.model_validate(
            {"jsonrpc": "2.0", "id": 1, "result": data}
        )
        assert isinstance(response.result, models.ReadResourceResult)
        assert dump(response.result) == data


def _routed_aliases(models: ModuleType) -> dict[str, tuple[Any, tuple[type, ...]]]:
    """Aliases validated through a route, with the members of their whole-union choice."""
    from pydantic import Tag

    found = {}
    for name in dir(models):
        value = getattr(models, name)
        if get_origin(value) is not Annotated or "Discriminator" not in repr(value):
            continue
        for choice in get_args(get_args(value)[0]):
            tags = [m for m in getattr(choice, "__metadata__", ()) if isinstance(m, Tag)]
            if tags and tags[0].tag == "*":
                found[name] = (value, get_args(get_args(choice)[0]))
    return found


def _outcome(adapter: TypeAdapter[Any], data: Any) -> tuple[str, Any]:
    try:
        result = adapter.validate_python(data)
    except ValidationError:
        return ("rejected", None)
    return (type(result).__name__, dump(result) if isinstance(result, BaseModel) else result)


def test_routed_unions_pick_what_smart_mode_picks_on_the_examples() -> None:
    """Every example (and copies missing one key) through each routed alias of the official
    schema gives the same member and dump as pydantic's smart mode over its members."""
    models, _, _ = models_for(LATEST)
    routed = _routed_aliases(models)
    assert {"ServerResult", "PrimitiveSchemaDefinition", "ElicitRequestParams"} <= routed.keys()
    inputs = []
    for _, path in EXAMPLES:
        data = json.loads(path.read_text())
        for value in (data, data.get("result"), data.get("params")):
            if isinstance(value, dict):
                inputs.append(value)
                inputs.extend({k: v for k, v in value.items() if k != drop} for drop in value)
    compared = 0
    for alias, members in routed.values():
        fast: TypeAdapter[Any] = TypeAdapter(alias)
        smart: TypeAdapter[Any] = TypeAdapter(Union[members])  # noqa: UP007 - built at run time
        for data in inputs:
            assert _outcome(fast, data) == _outcome(smart, data), (alias, data)
            compared += 1
    assert compared > 1000


# --------------------------------------------------------------------------- type checking


@pytest.mark.slow
def test_latest_models_are_mypy_strict_clean(tmp_path: Path) -> None:
    _, source, _ = models_for(LATEST)
    path = models_package(source, tmp_path, "corpus_models")
    checked = _mypy(path)
    assert checked.returncode == 0, checked.stdout[-3000:]

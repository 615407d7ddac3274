"""Shared test vectors (issue #37), run through the official ``schema.json`` and the
generated pydantic models: every vector's verdict must hold for both, except the named
deviations of the pydantic target that docs/test-vectors.md lists (asserted exactly here,
so a new disagreement fails).

The vectors are written by the real ``generate --test-vectors`` path (in process), for
MCP's latest official schema, the repository's own ``schema/`` and every protocol typing
``test_protocol_corpus.py`` compiles; the two largest typings only under ``full_corpus``.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from codegen import ir
from codegen.build.pipeline import Options, generate, load_schema, schema_files
from codegen.emit.python.name_rules import python_schema
from tests.compiler.build_stage.test_protocol_corpus import CORPUS as PROTOCOLS
from tests.compiler.build_stage.test_protocol_corpus import PROTOCOLS as PROTOCOL_DIR
from tests.conftest import ROOT, require_corpus

LATEST = "2026-07-28"
DEFAULT = Options()
LARGE = frozenset({"devtools-protocol", "octokit-webhooks"})  # minutes, not seconds

# (corpus, definition, verdict, why) of each vector on which the pydantic target and the
# schema disagree, by named deviation (docs/test-vectors.md, "Deviations").
# None today: `x?: T | undefined` accepted null until the models read ``undefined`` as
# absence, as the JSON Schema does.
DEVIATIONS: dict[str, frozenset[tuple[str, str, str, str]]] = {}

# The same for the msgspec target, by the deviation of docs/targets/msgspec.md each shows.
# Entries labelled "mcp-wire" are the wire differential's (tests/compiler/emit/
# test_wire_differential.py: MCP's official examples and their mutations), by type and the
# schema's verdict; there, "why" says which messages. None: a routed union whose keys and
# literals leave several object members tries each in turn, as the schema's ``anyOf``
# (a2a's ``JSONRPCResponse`` and MCP's ``result: CallToolResult | InputRequiredResult``
# were refused where only a later member admitted the value).
MSGSPEC_DEVIATIONS: dict[str, frozenset[tuple[str, str, str, str]]] = {}


# The same for the TypedDict target's ``validate`` (docs/targets/typeddict.md): none.
TYPEDDICT_DEVIATIONS: dict[str, frozenset[tuple[str, str, str, str]]] = {}

# The same for the dataclasses target's ``from_wire`` (docs/targets/dataclasses.md), and
# its round trip: ``to_wire(from_wire(x)) == x`` for every vector it accepts (a failed one
# is recorded with the verdict "round-trip"). None.
DATACLASSES_DEVIATIONS: dict[str, frozenset[tuple[str, str, str, str]]] = {}


@dataclass
class Run:
    """What running one corpus's vectors found."""

    definitions: int = 0
    accept: int = 0
    reject: int = 0
    with_accept: int = 0
    revision: str | None = None
    official_checked: int = 0
    official: list[tuple[str, str, str]] = field(default_factory=list)
    pydantic: set[tuple[str, str, str, str]] = field(default_factory=set)


def python_names(source: Path, options: Options) -> dict[str, str]:
    """Each ``$defs`` key -> the name of its Python class or alias."""
    named, _ = python_schema(load_schema(schema_files(source), options=options))
    out = {}
    for name, decl in named.decls.items():
        qualname = decl.qualname if isinstance(decl, ir.Interface | ir.Alias) else ""
        out[qualname or name] = name
    return out


def index_of(folder: Path) -> dict[str, Any]:
    index: dict[str, Any] = json.loads((folder / "index.json").read_text("utf-8"))
    return index


def vector_files(folder: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    index = index_of(folder)
    for name, entry in index["definitions"].items():
        yield name, json.loads((folder / entry["file"]).read_text("utf-8"))


def _accepts(target: Any, value: Any) -> tuple[bool, ...]:
    """The target's verdicts: a model from Python and from JSON text, an alias from JSON
    text, strictly as the models' wire config is (an alias has no config of its own)."""
    text = json.dumps(value)
    if isinstance(target, type) and issubclass(target, BaseModel):
        checks = [lambda: target.model_validate(value), lambda: target.model_validate_json(text)]
    else:
        adapter: TypeAdapter[Any] = TypeAdapter(target)
        checks = [lambda: adapter.validate_json(text, strict=True)]
    verdicts = []
    for check in checks:
        try:
            check()
            verdicts.append(True)
        except ValidationError:
            verdicts.append(False)
    return tuple(verdicts)


def run_corpus(
    label: str, source: Path, tmp: Path, options: Options = DEFAULT, official: Path | None = None
) -> Run:
    package = "vectors_" + label.replace("-", "_")
    generate(
        source,
        tmp / package,
        command="test",
        cache_dir=None,
        options=options,
        vectors_dir=tmp / "vectors",
    )
    names = python_names(source, options)
    sys.path.insert(0, str(tmp))
    try:
        models = importlib.import_module(f"{package}.models")
        found = Run(revision=index_of(tmp / "vectors")["schema"]["revision"])
        document = json.loads(official.read_text("utf-8")) if official is not None else {}
        key = "$defs" if "$defs" in document else "definitions"
        validator_for = jsonschema.validators.validator_for(document) if document else None
        for name, data in vector_files(tmp / "vectors"):
            found.definitions += 1
            found.with_accept += bool(data["accept"])
            target = getattr(models, names[name])
            official_v = None
            if validator_for is not None and name in document.get(key, {}):
                official_v = validator_for({**document, "$ref": f"#/{key}/{name}"})
            for verdict in ("accept", "reject"):
                want = verdict == "accept"
                for vector in data[verdict]:
                    setattr(found, verdict, getattr(found, verdict) + 1)
                    if official_v is not None:
                        found.official_checked += 1
                        if official_v.is_valid(vector["value"]) != want:
                            found.official.append((name, verdict, vector["why"]))
                    if any(got != want for got in _accepts(target, vector["value"])):
                        found.pydantic.add((label, name, verdict, vector["why"]))
        return found
    finally:
        sys.path.remove(str(tmp))
        for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[module]


def _expected(label: str) -> set[tuple[str, str, str, str]]:
    return {d for found in DEVIATIONS.values() for d in found if d[0] == label}


def run_msgspec(label: str, source: Path, tmp: Path, options: Options = DEFAULT) -> set[Any]:
    """Every vector through the msgspec package of ``source``: the (label, definition,
    verdict, why) on which it and the schema disagree."""
    package = "vectors_msgspec_" + label.replace("-", "_")
    generate(
        source,
        tmp / package,
        command="test --target msgspec",
        cache_dir=None,
        options=options,
        vectors_dir=tmp / "vectors",
        target="msgspec",
    )
    names = python_names(source, options)
    sys.path.insert(0, str(tmp))
    try:
        models = importlib.import_module(f"{package}.models")
        messages = importlib.import_module(f"{package}.messages")
        found: set[Any] = set()
        for name, data in vector_files(tmp / "vectors"):
            target = getattr(models, names[name])
            for verdict in ("accept", "reject"):
                for vector in data[verdict]:
                    try:
                        messages.decode(json.dumps(vector["value"]), target)
                        got = True
                    except msgspec.ValidationError:
                        got = False
                    if got != (verdict == "accept"):
                        found.add((label, name, verdict, vector["why"]))
        return found
    finally:
        sys.path.remove(str(tmp))
        for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[module]


def run_typeddict(label: str, source: Path, tmp: Path, options: Options = DEFAULT) -> set[Any]:
    """Every vector through ``validate`` of the TypedDict package of ``source``: the
    (label, definition, verdict, why) on which it and the schema disagree."""
    package = "vectors_typeddict_" + label.replace("-", "_")
    generate(
        source,
        tmp / package,
        command="test --target typeddict",
        cache_dir=None,
        options=options,
        vectors_dir=tmp / "vectors",
        target="typeddict",
    )
    names = python_names(source, options)
    sys.path.insert(0, str(tmp))
    try:
        validation = importlib.import_module(f"{package}.validation")
        found: set[Any] = set()
        for name, data in vector_files(tmp / "vectors"):
            for verdict in ("accept", "reject"):
                for vector in data[verdict]:
                    # By the type's name: two aliases may be one object (``Literal["x"]``).
                    got = not validation.validate.errors(vector["value"], names[name])
                    if got != (verdict == "accept"):
                        found.add((label, name, verdict, vector["why"]))
        return found
    finally:
        sys.path.remove(str(tmp))
        for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[module]


def run_dataclasses(label: str, source: Path, tmp: Path, options: Options = DEFAULT) -> set[Any]:
    """Every vector through ``from_wire`` of the dataclasses package of ``source``, and each
    accepted one back through ``to_wire``: the (label, definition, verdict, why) on which
    it and the schema disagree, or on which the round trip changed the value."""
    package = "vectors_dataclasses_" + label.replace("-", "_")
    generate(
        source,
        tmp / package,
        command="test --target dataclasses",
        cache_dir=None,
        options=options,
        vectors_dir=tmp / "vectors",
        target="dataclasses",
    )
    names = python_names(source, options)
    sys.path.insert(0, str(tmp))
    try:
        wire = importlib.import_module(f"{package}.wire")
        found: set[Any] = set()
        for name, data in vector_files(tmp / "vectors"):
            for verdict in ("accept", "reject"):
                for vector in data[verdict]:
                    try:
                        built = wire.from_wire(vector["value"], names[name])
                        got = True
                    except wire.ValidationError:
                        got = False
                    if got != (verdict == "accept"):
                        found.add((label, name, verdict, vector["why"]))
                    elif got and wire.to_wire(built) != vector["value"]:
                        found.add((label, name, "round-trip", vector["why"]))
                    elif got and _misbuilt(wire, built):
                        found.add((label, name, "wrong class", vector["why"]))
        return found
    finally:
        sys.path.remove(str(tmp))
        for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[module]


def _misbuilt(wire: Any, built: Any) -> bool:
    """Whether some dataclass inside ``built`` holds a value its own ``schema.json``
    definition refuses (a union member picked wrongly); anonymous classes have none."""
    stack = [built]
    while stack:
        node = stack.pop()
        if dataclasses.is_dataclass(node):
            name = type(node).__name__
            if name in wire.DEFINITIONS and wire.codec.validator.errors(wire.to_wire(node), name):
                return True
            stack += [getattr(node, f.name) for f in dataclasses.fields(node)]
        elif isinstance(node, list | tuple):
            stack += node
        elif isinstance(node, dict):
            stack += node.values()
    return False


def _expected_dataclasses(label: str) -> set[tuple[str, str, str, str]]:
    return {d for found in DATACLASSES_DEVIATIONS.values() for d in found if d[0] == label}


def _expected_typeddict(label: str) -> set[tuple[str, str, str, str]]:
    return {d for found in TYPEDDICT_DEVIATIONS.values() for d in found if d[0] == label}


def _expected_msgspec(label: str) -> set[tuple[str, str, str, str]]:
    return {d for found in MSGSPEC_DEVIATIONS.values() for d in found if d[0] == label}


def _sane(found: Run) -> None:
    assert found.definitions > 0
    assert found.with_accept >= 0.9 * found.definitions, found
    assert found.reject >= found.definitions, found


@pytest.mark.corpus
def test_mcp_latest_vectors_agree_with_the_official_schema_and_the_models(
    tmp_path: Path,
) -> None:
    folder = require_corpus(LATEST)
    found = run_corpus("mcp", folder / "schema.ts", tmp_path, official=folder / "schema.json")
    _sane(found)
    assert found.revision == LATEST
    assert found.official_checked > 4000
    assert found.official == []  # a disagreement is a bug in our schema or in a vector
    assert found.pydantic == _expected("mcp")


def test_repository_schema_vectors_agree_with_the_models(tmp_path: Path) -> None:
    found = run_corpus("schema", ROOT / "schema", tmp_path)
    _sane(found)
    assert found.pydantic == _expected("schema")


def _protocols(large: bool) -> list[str]:
    return sorted(n for n in PROTOCOLS if (n in LARGE) == large)


@pytest.mark.parametrize("name", _protocols(large=False))
def test_protocol_vectors_agree_with_the_models(name: str, tmp_path: Path) -> None:
    found = run_corpus(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    _sane(found)
    assert found.pydantic == _expected(name)


@pytest.mark.full_corpus
@pytest.mark.parametrize("name", _protocols(large=True))
def test_large_protocol_vectors_agree_with_the_models(name: str, tmp_path: Path) -> None:
    found = run_corpus(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    _sane(found)
    assert found.pydantic == _expected(name)


@pytest.mark.corpus
def test_mcp_latest_vectors_agree_with_the_msgspec_package(tmp_path: Path) -> None:
    folder = require_corpus(LATEST)
    assert run_msgspec("mcp", folder / "schema.ts", tmp_path) == _expected_msgspec("mcp")


def test_repository_schema_vectors_agree_with_the_msgspec_package(tmp_path: Path) -> None:
    assert run_msgspec("schema", ROOT / "schema", tmp_path) == _expected_msgspec("schema")


@pytest.mark.parametrize("name", _protocols(large=False))
def test_protocol_vectors_agree_with_the_msgspec_package(name: str, tmp_path: Path) -> None:
    found = run_msgspec(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    assert found == _expected_msgspec(name)


@pytest.mark.full_corpus
@pytest.mark.parametrize("name", _protocols(large=True))
def test_large_protocol_vectors_agree_with_the_msgspec_package(name: str, tmp_path: Path) -> None:
    found = run_msgspec(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    assert found == _expected_msgspec(name)


@pytest.mark.corpus
def test_mcp_latest_vectors_agree_with_the_typeddict_validate(tmp_path: Path) -> None:
    folder = require_corpus(LATEST)
    assert run_typeddict("mcp", folder / "schema.ts", tmp_path) == _expected_typeddict("mcp")


def test_repository_schema_vectors_agree_with_the_typeddict_validate(tmp_path: Path) -> None:
    assert run_typeddict("schema", ROOT / "schema", tmp_path) == _expected_typeddict("schema")


@pytest.mark.parametrize("name", _protocols(large=False))
def test_protocol_vectors_agree_with_the_typeddict_validate(name: str, tmp_path: Path) -> None:
    found = run_typeddict(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    assert found == _expected_typeddict(name)


@pytest.mark.full_corpus
@pytest.mark.parametrize("name", _protocols(large=True))
def test_large_protocol_vectors_agree_with_the_typeddict_validate(
    name: str, tmp_path: Path
) -> None:
    found = run_typeddict(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    assert found == _expected_typeddict(name)


@pytest.mark.corpus
def test_mcp_latest_vectors_agree_with_the_dataclasses_from_wire(tmp_path: Path) -> None:
    folder = require_corpus(LATEST)
    found = run_dataclasses("mcp", folder / "schema.ts", tmp_path)
    assert found == _expected_dataclasses("mcp")


def test_repository_schema_vectors_agree_with_the_dataclasses_from_wire(tmp_path: Path) -> None:
    found = run_dataclasses("schema", ROOT / "schema", tmp_path)
    assert found == _expected_dataclasses("schema")


@pytest.mark.parametrize("name", _protocols(large=False))
def test_protocol_vectors_agree_with_the_dataclasses_from_wire(name: str, tmp_path: Path) -> None:
    found = run_dataclasses(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    assert found == _expected_dataclasses(name)


@pytest.mark.full_corpus
@pytest.mark.parametrize("name", _protocols(large=True))
def test_large_protocol_vectors_agree_with_the_dataclasses_from_wire(
    name: str, tmp_path: Path
) -> None:
    found = run_dataclasses(name, PROTOCOL_DIR / name, tmp_path, PROTOCOLS[name].options)
    assert found == _expected_dataclasses(name)


def test_the_dataclasses_deviations_are_the_ones_its_docs_list() -> None:
    text = (ROOT / "docs" / "targets" / "dataclasses.md").read_text("utf-8")
    for members in DATACLASSES_DEVIATIONS.values():
        for label, definition, _, _ in members:
            assert f"{label}'s `{definition}`" in text, definition


def test_the_typeddict_deviations_are_the_ones_its_docs_list() -> None:
    text = (ROOT / "docs" / "targets" / "typeddict.md").read_text("utf-8")
    for members in TYPEDDICT_DEVIATIONS.values():
        for label, definition, _, _ in members:
            assert f"{label}'s `{definition}`" in text, definition


def test_the_msgspec_deviations_are_the_ones_its_docs_list() -> None:
    text = (ROOT / "docs" / "targets" / "msgspec.md").read_text("utf-8")
    for members in MSGSPEC_DEVIATIONS.values():
        for label, definition, _, _ in members:
            assert f"{label}'s `{definition}`" in text, definition


def test_the_deviations_are_the_ones_the_docs_list() -> None:
    text = (ROOT / "docs" / "test-vectors.md").read_text("utf-8")
    for name, members in DEVIATIONS.items():
        assert name in text
        for _, definition, _, _ in members:
            assert f"`{definition}`" in text, definition

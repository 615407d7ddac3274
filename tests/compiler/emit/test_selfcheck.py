"""The differential self-check: the generated models and the emitted ``schema.json`` accept
and reject the same instances, for every schema of the test corpus.

For each definition of the emitted JSON Schema, ``hypothesis-jsonschema`` draws valid
instances; each is also mutated into near-misses (a key dropped, a value of another JSON
type, an unknown key). Every instance is judged by ``jsonschema`` (Draft 2020-12, which the
emitter declares) on ``#/$defs/<name>`` and by the generated Python type of that name,
strictly as from the wire (``model_validate_json`` / ``TypeAdapter.validate_json``) and
from Python (``model_validate`` / ``validate_python``, a ``TypeAdapter`` over an alias in
strict mode). The verdicts must be equal.

Both back ends read one IR, so a miscompile they share (two types under one name, an
intersection that does not distribute) looks consistent to them. The inline snippets are
therefore also judged by typescript-json-schema's schema for the same file, an oracle
independent of our compiler, and instances are drawn from both schemas.

It is bounded to stay quick in ``make test``: at most ``MAX_DEFINITIONS`` definitions per
schema (a deterministic spread over the sorted names; ``SELFCHECK_DEFINITIONS=N`` sets it)
and ``MAX_EXAMPLES`` drawn instances each, derandomized. A definition that
``hypothesis-jsonschema`` cannot draw from is skipped and counted by reason; the counts are
asserted, never dropped silently.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from codegen.build.pipeline import Options, load_schema, schema_files
from codegen.emit.jsonschema import emit_jsonschema
from codegen.emit.python.pydantic.models import emit_models
from codegen.errors import Diagnostics
from tests.compiler.build_stage.test_protocol_corpus import CORPUS as PROTOCOLS
from tests.compiler.emit.test_pydantic_emit import import_source
from tests.conftest import CORPUS, REVISIONS, ROOT

MAX_DEFINITIONS = int(os.environ.get("SELFCHECK_DEFINITIONS", "5"))
MAX_EXAMPLES = 10
FINDINGS = "docs/testing.md, the differential self-check"

JSONPath = tuple[str | int, ...]

# --------------------------------------------------------------------------- the drawing


class _LegacyMany:
    """hypothesis-jsonschema 0.23.1 (its latest) drives ``many`` as ``while more(): ...``;
    hypothesis now offers ``with many(...) as e: for _ in e: ...``. The same protocol."""

    def __init__(self, data: Any, **sizes: Any) -> None:
        from hypothesis.internal.conjecture import utils

        self._many = utils.many(data, **sizes)
        self._many.__enter__()
        self._elements = iter(self._many)

    def more(self) -> bool:
        if next(self._elements, False) is None:
            return True
        self._many.__exit__(None)
        return False

    def reject(self, why: str | None = None) -> None:
        self._many.reject(why)


@cache
def from_schema() -> Callable[[dict[str, Any]], st.SearchStrategy[Any]]:
    from hypothesis.internal.conjecture import utils
    from hypothesis_jsonschema import _from_schema

    if not hasattr(utils.many, "more"):
        _from_schema.cu = SimpleNamespace(many=_LegacyMany)  # type: ignore[attr-defined,assignment]
    # It rebuilds the strategy of each property on every draw of an object; strategies are
    # immutable, so one per (schema, alphabet) serves every draw, several times faster.
    build = vars(_from_schema)["__from_schema"]
    memo: dict[tuple[str, int, int], st.SearchStrategy[Any]] = {}

    def memoised(schema: Any, *, alphabet: Any, custom_formats: Any) -> st.SearchStrategy[Any]:
        key = (json.dumps(schema, sort_keys=True), id(alphabet), id(custom_formats))
        if key not in memo:
            memo[key] = build(schema, alphabet=alphabet, custom_formats=custom_formats)
        return memo[key]

    setattr(_from_schema, "__from_schema", memoised)  # a name no attribute access can spell
    objects = _from_schema.object_schema

    def bounded(custom_formats: Any, alphabet: Any, schema: dict[str, Any]) -> Any:
        """At most one key beyond the declared ones in an object that allows more.

        It aims at about five keys beyond the required ones, and when it runs out of
        optional names it throws the whole example away (its name sampler's filter
        fails): on octokit's ``PullRequestAssignedEvent`` (a ``User`` has 2 optional keys)
        2 of 661 attempts were kept, in 40 s; with the bound, all 10 in 9 s. Every
        declared key can still be drawn, and one unknown key with a random value; the
        near-misses add an unknown key anywhere. This is the merged, canonical schema
        of the object (``allOf`` resolved), so the bound never makes it unsatisfiable."""
        declared = set(schema.get("properties", {})) | set(schema.get("required", []))
        open_ended = schema.get("additionalProperties") not in (False, {"not": {}})
        if open_ended and "patternProperties" not in schema and "maxProperties" not in schema:
            limit = max(len(declared) + 1, schema.get("minProperties", 0))
            schema = {**schema, "maxProperties": limit}
        return objects(custom_formats, alphabet, schema)

    _from_schema.object_schema = bounded  # type: ignore[assignment]
    return _from_schema.from_schema


# --------------------------------------------------------------------------- compiling


@dataclass
class Compiled:
    models: ModuleType
    document: dict[str, Any]
    # typescript-json-schema's ``$defs`` for the same file: an oracle independent of our
    # compiler, which sees a miscompile that both of our back ends share.
    reference: dict[str, Any] | None = None


TJS = ROOT / ".e2e-node" / "node_modules" / ".bin" / "typescript-json-schema"


# Its CLI (``typescript-json-schema FILE "*" --required --strictNullChecks``) for every
# file of one program: the same output, file by file (checked byte for byte), with node and
# the TypeScript program set up once instead of once per file (2.7 s against 13 s of CPU).
_REFERENCES = """
const TJS = require("typescript-json-schema");
const files = JSON.parse(process.argv[1]);
const args = { ...TJS.getDefaultArgs(), required: true, strictNullChecks: true };
const program = TJS.getProgramFromFiles(files, {
  strictNullChecks: args.strictNullChecks, esModuleInterop: args.esModuleInterop,
  skipLibCheck: args.skipLibCheck, emitDecoratorMetadata: args.experimentalDecorators,
  experimentalDecorators: args.experimentalDecorators,
});
const out = {};
for (const file of files) {
  out[file] = TJS.generateSchema(program, "*", args, [file]);
  if (out[file] === null) throw new Error(`no output for ${file}`);
}
process.stdout.write(JSON.stringify(out));
"""


def reference_defs(paths: list[Path]) -> dict[Path, dict[str, Any]]:
    """typescript-json-schema's definitions for each of ``paths``, as ``$defs`` (draft-07's
    ``definitions`` and 2020-12 agree on every keyword a snippet uses)."""
    if shutil.which("node") is None or not TJS.exists():
        pytest.skip("typescript-json-schema is not installed (make e2e-node needs node and npm)")
    run = subprocess.run(
        ["node", "-e", _REFERENCES, json.dumps([str(path) for path in paths])],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env={**os.environ, "NODE_PATH": str(TJS.parents[1])},
    )
    text = run.stdout.replace('"#/definitions/', '"#/$defs/')
    return {Path(file): schema["definitions"] for file, schema in json.loads(text).items()}


def compile_paths(paths: list[Path], options: Options, tmp: Path) -> Compiled:
    diagnostics = Diagnostics()
    schema = load_schema(paths, diagnostics, options)
    (text,) = emit_jsonschema(schema, diagnostics).values()
    models = import_source(emit_models(schema, diagnostics)["models.py"], tmp)
    return Compiled(models, json.loads(text))


# --------------------------------------------------------------------------- the two judges


def python_name(models: Any, key: str) -> str:
    """The class for a JSON Schema key: a dotted key (``Protocol.Runtime.CallFrame``) is the
    class of its path past the namespaces shared with its namesakes (``RuntimeCallFrame``)."""
    parts = key.split(".")
    return next(
        ("".join(parts[i:]) for i in range(len(parts)) if hasattr(models, "".join(parts[i:]))), key
    )


class Judges:
    """jsonschema on ``#/$defs/<name>`` and the generated type of the same name."""

    def __init__(self, compiled: Compiled, name: str) -> None:
        # The reference is draft-07 (a tuple's ``items`` is an array there), ours 2020-12.
        self.oracles = [
            dialect({"$defs": defs, "$ref": f"#/$defs/{name}"})
            for defs, dialect in (
                (compiled.document["$defs"], jsonschema.Draft202012Validator),
                (compiled.reference, jsonschema.Draft7Validator),
            )
            if defs is not None and name in defs
        ]
        target = getattr(compiled.models, python_name(compiled.models, name))
        self.from_json: Callable[[str], object]
        self.from_python: Callable[[object], object]
        if isinstance(target, type) and issubclass(target, BaseModel):
            self.from_json, self.from_python = target.model_validate_json, target.model_validate
        else:  # an alias: a TypeAdapter takes the caller's config, so ask for the wire's
            adapter: TypeAdapter[Any] = TypeAdapter(target, config=ConfigDict(strict=True))
            self.from_json, self.from_python = adapter.validate_json, adapter.validate_python

    def verdicts(self, instance: object) -> tuple[bool, ...]:
        """(ours from JSON text, ours from Python data, our schema.json[, the reference])."""
        return (
            _accepts(self.from_json, json.dumps(instance)),
            _accepts(self.from_python, instance),
            *(bool(oracle.is_valid(instance)) for oracle in self.oracles),
        )


def _accepts(validate: Callable[[Any], object], value: object) -> bool:
    try:
        validate(value)
    except ValidationError:
        return False
    return True


# --------------------------------------------------------------------------- instances


def _refs(node: object, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            found.add(ref.removeprefix("#/$defs/"))
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)


NEVER = "selfcheck.never"  # a $defs entry ``false``: where an unrolled recursion stops


def _cyclic(defs: dict[str, Any]) -> set[str]:
    """The definitions that reach themselves through ``$ref``s."""
    edges = {}
    for name, node in defs.items():
        found: set[str] = set()
        _refs(node, found)
        edges[name] = found
    return {name for name in defs if name in reachable_names(edges, edges[name])}


def reachable_names(edges: dict[str, set[str]], start: set[str]) -> set[str]:
    seen: set[str] = set()
    todo = sorted(start)
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo += sorted(edges.get(current, set()) - seen)
    return seen


def unrolled(defs: dict[str, Any], root: str, depth: int = 1) -> dict[str, Any]:
    """A schema for drawing from ``root`` without recursion, which hypothesis-jsonschema
    refuses: each entry into a recursive definition goes one level down, and below
    ``depth`` the reference is ``false``; an array without a ``maxItems`` gets one. It
    accepts a subset of what ``root`` accepts, so everything drawn is still valid; the
    judges use the true schema."""
    cyclic = _cyclic(defs)

    def key(name: str, level: int) -> str:
        return name if level == 0 else f"{name}.{level}"

    out: dict[str, Any] = {NEVER: False}
    todo = [(root, 0)]

    def rewrite(node: Any, level: int) -> Any:
        if isinstance(node, list):
            return [rewrite(item, level) for item in node]
        if not isinstance(node, dict):
            return node
        copy = {k: rewrite(v, level) for k, v in node.items()}
        if copy.get("type") == "array" and "maxItems" not in copy:  # not a property map
            # hypothesis-jsonschema aims at a handful of items per array, and an object
            # of octokit's holds arrays of objects of a hundred keys: a bound of two
            # items past the fixed ones halves the time (15 -> 8.5 s of CPU); every
            # array keyword still applies, and a miss shows on one item as on five.
            fixed = copy.get("prefixItems", copy.get("items"))
            fixed_items = len(fixed) if isinstance(fixed, list) else 0
            copy["maxItems"] = max(copy.get("minItems", 0), fixed_items) + 2
        if isinstance(copy.get("prefixItems"), list):
            # hypothesis-jsonschema reads draft-07, where a tuple is ``items: [...]`` and
            # the rest ``additionalItems``; it ignores ``prefixItems`` and fails to draw
            # (Unsatisfiable, after seconds: geojson's BBox). The same tuples.
            rest = copy.pop("items", None)
            copy["items"] = copy.pop("prefixItems")
            if rest is not None:
                copy["additionalItems"] = rest
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.removeprefix("#/$defs/") in defs:
            target = ref.removeprefix("#/$defs/")
            below = level + (target in cyclic)
            if below > depth:
                copy["$ref"] = f"#/$defs/{NEVER}"
            else:
                copy["$ref"] = f"#/$defs/{key(target, below)}"
                todo.append((target, below))
        return copy

    while todo:
        name, level = todo.pop()
        if key(name, level) not in out:
            out[key(name, level)] = rewrite(defs[name], level)
    return {"$defs": out, "$ref": f"#/$defs/{root}"}


def _containers(value: object, path: JSONPath = ()) -> Iterator[tuple[JSONPath, object]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _containers(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _containers(item, (*path, index))


def _replace(value: object, path: JSONPath, new: Callable[[object], object]) -> object:
    if not path:
        return new(value)
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: _replace(v, rest, new) if k == head else v for k, v in value.items()}
    assert isinstance(value, list)
    return [_replace(v, rest, new) if i == head else v for i, v in enumerate(value)]


def _json_type(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return "integer"
    return type(value).__name__


OTHER_TYPES: tuple[object, ...] = (None, True, 0, 1.5, "x", [], {})
UNKNOWN_KEY = "selfcheckUnknown"


def near_misses(instance: object, data: st.DataObject) -> list[object]:
    """A key dropped, a value of another JSON type, an unknown key: anywhere in ``instance``."""
    nodes = list(_containers(instance))
    objects = [(p, v) for p, v in nodes if isinstance(v, dict)]
    out: list[object] = []
    filled = [(p, v) for p, v in objects if v]
    if filled:
        path, obj = data.draw(st.sampled_from(filled), label="drop in")
        assert isinstance(obj, dict)
        key = data.draw(st.sampled_from(sorted(obj)), label="drop")
        out.append(_replace(instance, path, lambda o: {k: v for k, v in o.items() if k != key}))  # type: ignore[attr-defined]
    path, value = data.draw(st.sampled_from(nodes), label="retype")
    other = data.draw(
        st.sampled_from([v for v in OTHER_TYPES if _json_type(v) != _json_type(value)]),
        label="as",
    )
    out.append(_replace(instance, path, lambda _: other))
    if objects:
        path, _ = data.draw(st.sampled_from(objects), label="add to")
        out.append(_replace(instance, path, lambda o: {**o, UNKNOWN_KEY: 1}))  # type: ignore[dict-item]
    return out


# --------------------------------------------------------------------------- the check


@dataclass
class Report:
    checked: list[str] = field(default_factory=list)
    instances: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    # (definition, instance, verdicts as ``Judges.verdicts``)
    mismatches: list[tuple[str, object, tuple[bool, ...]]] = field(default_factory=list)

    def summary(self) -> str:
        skipped = ", ".join(f"{n} {reason}" for reason, n in sorted(self.skipped.items()))
        return (
            f"{len(self.checked)} definitions, {self.instances} instances, "
            f"{len(self.mismatches)} mismatches; skipped: {skipped or 'none'}"
        )


def spread(names: list[str], limit: int) -> list[str]:
    """At most ``limit`` names, evenly over the sorted list: deterministic, and not only A-C."""
    ordered = sorted(names)
    if len(ordered) <= limit:
        return ordered
    return [ordered[i * len(ordered) // limit] for i in range(limit)]


def check_definition(compiled: Compiled, name: str, report: Report) -> None:
    sources = [compiled.document["$defs"]]
    if compiled.reference is not None and name in compiled.reference:
        sources.append(compiled.reference)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its use of jsonschema's deprecated RefResolver
            strategy = st.one_of([from_schema()(unrolled(defs, name)) for defs in sources])
            strategy.validate()
    except (HypothesisException, jsonschema.exceptions.SchemaError, RecursionError) as exc:
        report.skipped[f"hypothesis-jsonschema: {type(exc).__name__}"] += 1
        return
    judges = Judges(compiled, name)
    before = len(report.mismatches)

    @settings(
        max_examples=MAX_EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(instance=strategy, data=st.data())
    def run(instance: object, data: st.DataObject) -> None:
        for candidate in [instance, *near_misses(instance, data)]:
            report.instances += 1
            verdicts = judges.verdicts(candidate)
            if len(set(verdicts)) > 1 and len(report.mismatches) - before < 3:
                report.mismatches.append((name, candidate, verdicts))

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            run()
    except HypothesisException as exc:  # Unsatisfiable: nothing could be drawn
        report.skipped[f"hypothesis: {type(exc).__name__}"] += 1
        return
    report.checked.append(name)


def selfcheck(compiled: Compiled, limit: int = MAX_DEFINITIONS) -> Report:
    report = Report()
    for name in spread(list(compiled.document["$defs"]), limit):
        check_definition(compiled, name, report)
    return report


def assert_agree(report: Report) -> None:
    lines = [
        f"{name}: {json.dumps(instance)} json={v[0]} python={v[1]} schema.json={v[2]}"
        + (f" typescript-json-schema={v[3]}" if len(v) > 3 else "")
        for name, instance, v in report.mismatches
    ]
    assert not report.mismatches, "\n".join([report.summary(), *lines])
    # Skips are counted, and must stay the exception.
    assert sum(report.skipped.values()) <= len(report.checked) // 4, report.summary()
    assert report.checked and report.instances >= 2 * len(report.checked), report.summary()


# --------------------------------------------------------------------------- the corpus


# Found by the self-check on corpus files added after it (corpus branch), for the lead.
# Known and open: an `integer` reached through an alias (BackendNodeId = integer, integer =
# number) is int | float in the models and integer in schema.json, so DescribeNodeResponse
# accepts 1.5. Whether the sample meets it depends on what ran before in the process (an
# order dependence not yet found), hence not strict; json-schema meets a mismatch only
# after devtools in one process.
SELFCHECK_PENDING = {}


def corpus() -> list[Any]:
    cases = [pytest.param(ROOT / "schema", Options(), id="schema")]
    protocols = ROOT / "tests" / "data" / "protocols"
    cases += [
        pytest.param(
            protocols / name,
            case.options,
            id=f"protocols/{name}",
            marks=pytest.mark.xfail(strict=False, reason=SELFCHECK_PENDING[name])
            if name in SELFCHECK_PENDING
            else (),
        )
        for name, case in sorted(PROTOCOLS.items())
    ]
    cases += [
        pytest.param(CORPUS / revision / "schema.ts", Options(), id=f"mcp-spec/{revision}")
        for revision in REVISIONS
    ]
    return cases


@pytest.mark.parametrize(("path", "options"), corpus())
def test_models_and_schema_json_agree_on_the_corpus(
    path: Path, options: Options, tmp_path: Path
) -> None:
    if not path.exists():
        pytest.skip(f"{path} is absent")
    report = selfcheck(compile_paths(schema_files(path), options, tmp_path))
    print(f"{path.relative_to(ROOT.parent)}: {report.summary()}")
    assert_agree(report)


# --------------------------------------------------------------------------- snippets

SNIPPETS = {
    # Controls: constructs the compiler gets right; they show the check passes when it should.
    "objects": """
export interface Item { name: string; size?: number; tags: string[]; meta: { [key: string]: string } }
export interface Circle { kind: "circle"; radius: number }
export interface Square { kind: "square"; side: number }
export type Shape = Circle | Square;
export type Named = Item & { id: string };
export interface Holder { shape: Shape; named?: Named | null; list: Array<Shape | string> }
""",
    # Issue #21 section 1: two anonymous intersections got one synthesized name, and `&`
    # did not distribute over the union (see FINDINGS).
    "intersection-of-unions": """
export type SetOption = ({ type: "boolean"; value: boolean } | { value: string }) & { sessionId: string };
export type Response = ({ action: "accept"; content: string } | { action: "decline" } | { action: "cancel" }) & { note?: string };
""",
    # One generic instantiated with two different object literals.
    "generic-two-literals": """
export interface Page<T> { items: T[]; next?: string }
export interface Strings { page: Page<{ x: string }> }
export interface Numbers { page: Page<{ y: number }> }
""",
    # Found by this check on lsp-types (`DiagnosticTag`): an integer literal takes `true`.
    "integer-literals": """
export type Tag = 1 | 2;
export interface Holder { tag: Tag; one: 1; zero: 0 }
""",
    # Issue #21: rest tuple members (@types/jsonwebtoken, openapi-types, hono, zod).
    "rest-tuples": """
export interface Row { k: string }
export type NonEmpty = [Row, ...Row[]];
export type Mixed = [string, number?, ...boolean[]];
export interface Options { audience?: string | [string, ...string[]]; rows: NonEmpty; mixed: Mixed; all: [...string[]] }
""",
    "boolean-tags": """
export interface Ok { ok: true; value: string }
export interface Failed { ok: false; error: string }
export type Outcome = Ok | Failed;
export interface Flags { on: true; off: false; either: true | "auto" }
""",
}

XFAIL: dict[str, str] = {}


def snippet_cases() -> list[Any]:
    return [
        pytest.param(
            name,
            marks=[pytest.mark.xfail(strict=True, reason=XFAIL[name])] if name in XFAIL else [],
            id=name,
        )
        for name in SNIPPETS
    ]


@pytest.fixture(scope="module")
def snippet_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("snippets")
    for name, text in SNIPPETS.items():
        (folder / f"{name}.ts").write_text(text, "utf-8")
    return {name: folder / f"{name}.ts" for name in SNIPPETS}


@pytest.fixture(scope="module")
def references(snippet_files: dict[str, Path]) -> dict[Path, dict[str, Any]]:
    """typescript-json-schema's definitions of every snippet, in one node process."""
    return reference_defs(list(snippet_files.values()))


@pytest.mark.parametrize("name", snippet_cases())
def test_models_and_schema_json_agree_on_snippets(
    name: str,
    snippet_files: dict[str, Path],
    references: dict[Path, dict[str, Any]],
    tmp_path: Path,
) -> None:
    path = snippet_files[name]
    compiled = compile_paths([path], Options(), tmp_path)
    compiled.reference = references[path]
    report = selfcheck(compiled, limit=len(compiled.document["$defs"]))
    print(f"{name}: {report.summary()}")
    assert_agree(report)


def test_the_check_sees_a_model_that_means_something_else(tmp_path: Path) -> None:
    """Plant a disagreement: the schema.json of one declaration, the models of another."""
    path = tmp_path / "planted.ts"
    path.write_text("export interface A { name: string; size?: number }\n", "utf-8")
    compiled = compile_paths([path], Options(), tmp_path)
    compiled.document["$defs"]["A"]["required"] = ["size"]
    report = selfcheck(compiled)
    assert report.checked == ["A"] and report.mismatches, report.summary()
    with pytest.raises(AssertionError, match=r"schema\.json="):
        assert_agree(report)

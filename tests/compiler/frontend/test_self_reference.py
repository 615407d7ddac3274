"""Self-reference and names across files (issue #33), as TypeScript reads them.

* ``components["schemas"]["x"]`` inside ``components`` (openapi-typescript's output) is
  resolved lazily, to the member's declared type: only a true self-dependence
  (``a: X["a"]``) is circular; through an object member it is a recursive type.
* A recursive generic alias used from several places is one declaration, and a
  synthesized name that a declaration already has gets another one, never a refusal.
* Modules are separate scopes: a module's own ``interface Record`` shadows the lib's in
  that module only; ``Head.Name`` finds ``Name`` in the module that declares ``Head``.

Each case compiles a snippet, imports the models under warnings-as-errors and validates
good and bad values with them and with the emitted JSON Schema.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.format import format_python
from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.emit.python.pydantic.models import emit_models
from codegen.errors import SchemaError
from codegen.frontend import expand
from tests.compiler.emit.test_pydantic_emit import import_source
from tests.jsonschema_check import checked_validator


def _compiled(tmp_path: Path, files: dict[str, str], entry: str = "schema.ts") -> Any:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    schema = load_schema([tmp_path / entry])
    source = format_python("models.py", emit_models(schema)["models.py"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = import_source(source, tmp_path)
    return module, schema_document(schema), schema


def _agree(
    module: Any, document: dict[str, Any], target: str, good: list[Any], bad: list[Any]
) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, target))
    judge = checked_validator({**document, "$ref": f"#/$defs/{target}"})
    for value in good:
        adapter.validate_json(json.dumps(value))
        judge.validate(value)
    for value in bad:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(value))
        with pytest.raises(jsonschema.ValidationError):
            judge.validate(value)


def _error(tmp_path: Path, text: str) -> str:
    (tmp_path / "schema.ts").write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    return str(info.value).removeprefix(str(tmp_path) + "/")


# --------------------------------------------------------------------------- indexed access

OPENAPI = """\
export interface webhooks {
  ping: components["schemas"]["webhook-ping"];
}
export interface components {
  schemas: {
    "webhook-ping": {
      hook?: components["schemas"]["hook"];
      zen?: string;
    };
    hook: {
      id: number;
      parent?: components["schemas"]["webhook-ping"];
      kids: components["schemas"]["hook"][];
    };
    alias: components["schemas"]["hook"];
  };
}
"""


def test_an_indexed_access_into_the_declaration_being_expanded_is_its_member(
    tmp_path: Path,
) -> None:
    """openapi-typescript's ``components["schemas"]["x"]`` inside ``components``: each
    member's declared type, recursive through object members (``hook.kids`` holds hooks;
    ``webhook-ping`` and ``hook`` hold each other)."""
    module, document, _ = _compiled(tmp_path, {"schema.ts": OPENAPI})
    hook = {"id": 1, "kids": [{"id": 2, "kids": [], "parent": {"zen": "z"}}]}
    ping = {"hook": hook, "zen": "z"}
    bad_hook = {"id": 1, "kids": [{"id": "two", "kids": []}]}
    _agree(module, document, "webhooks", [{"ping": ping}, {"ping": {}}], [{"ping": {"hook": {}}}])
    _agree(
        module,
        document,
        "components",
        [{"schemas": {"webhook-ping": ping, "hook": hook, "alias": hook}}],
        [
            {"schemas": {"webhook-ping": ping, "hook": bad_hook, "alias": hook}},
            {"schemas": {"webhook-ping": {"hook": bad_hook}, "hook": hook, "alias": hook}},
            {"schemas": {"webhook-ping": ping, "hook": hook, "alias": {"id": 1}}},
        ],
    )


def test_each_member_of_the_declaration_being_expanded_is_expanded_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading ``C["s"]["m"]`` lazily expands that member, not all of ``C["s"]`` per use: the
    work grows with the number of members, not with members times uses."""
    spent: list[int] = []
    original = expand._Expander.run

    def run(self: Any) -> Any:
        try:
            return original(self)
        finally:
            spent.append(self.budget.spent)

    monkeypatch.setattr(expand._Expander, "run", run)

    def work(n: int) -> int:
        members = "".join(
            f'    m{i}: {{ a?: string; b?: C["s"]["m{(i + 1) % n}"]; c?: C["s"]["m0"] }};\n'
            for i in range(n)
        )
        (tmp_path / "schema.ts").write_text(f"export interface C {{\n  s: {{\n{members}  }};\n}}\n")
        spent.clear()
        load_schema([tmp_path / "schema.ts"])
        return spent[-1]

    small, large = work(10), work(40)
    assert large <= 5 * small  # linear in the members (quadratic would be 16x)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('export interface X { a: X["a"]; }\n', "1:25"),
        ('export interface X { a: string | X["b"]; b: X["a"][]; }\n', "1:34"),
        ('export interface C { s: { x: C["s"]["y"]; y: C["s"]["x"] } }\n', "1:30"),
    ],
)
def test_an_indexed_access_that_needs_itself_is_a_located_error(
    tmp_path: Path, text: str, where: str
) -> None:
    """TypeScript: "'a' is referenced directly or indirectly in its own type annotation"."""
    message = _error(tmp_path, text)
    assert message.startswith(f"schema.ts:{where}: error: ") and "refers to itself" in message


def test_an_indexed_access_through_an_object_member_is_a_recursive_type(tmp_path: Path) -> None:
    text = 'export interface X { a: { b?: X["a"]; n: number } }\n'
    module, document, schema = _compiled(tmp_path, {"schema.ts": text})
    assert "XA" in schema.decls  # the recursive member, declared under its path's name
    _agree(module, document, "X", [{"a": {"n": 1, "b": {"n": 2}}}], [{"a": {"n": 1, "b": {}}}])


PETS = """\
export interface components {
  schemas: {
    /** A pet. */
    pet: { name: string; tag?: string; deep: { n: number } };
  };
}
export interface Shop {
  first: components["schemas"]["pet"];
  second?: components["schemas"]["pet"];
  deep: components["schemas"]["pet"]["deep"];
}
"""


def test_an_object_member_that_indexed_accesses_name_is_one_type(tmp_path: Path) -> None:
    """``components["schemas"]["pet"]`` names one type, as in TypeScript: one class (named
    after its path, the member's doc kept) and one JSON Schema definition that every use
    and the member itself reference, not a copy per use (``shared_members``)."""
    module, document, _ = _compiled(tmp_path, {"schema.ts": PETS})
    pet = module.componentsSchemasPet
    assert pet.__doc__ == "A pet."
    fields = module.Shop.model_fields
    assert fields["first"].annotation is pet
    assert module.componentsSchemas.model_fields["pet"].annotation is pet
    assert fields["deep"].annotation is module.componentsSchemasPetDeep
    assert [name for name in vars(module) if name.startswith("Shop")] == ["Shop"]
    defs = document["$defs"]
    ref = {"$ref": "#/$defs/componentsSchemasPet"}
    assert defs["Shop"]["properties"]["first"] == ref == defs["Shop"]["properties"]["second"]
    assert set(defs) == {
        "components",
        "componentsSchemasPet",
        "componentsSchemasPetDeep",
        "Shop",
    }
    good = {"name": "rex", "deep": {"n": 1}}
    _agree(
        module,
        document,
        "Shop",
        [{"first": good, "deep": {"n": 2}}, {"first": good, "second": good, "deep": {"n": 2}}],
        [{"first": {"name": "rex"}, "deep": {"n": 2}}, {"first": good, "deep": {}}],
    )


# --------------------------------------------------------------------------- recursive generics

QUERIES = """\
export type Declaration = { property: string; value: string };
export type Query<D = Declaration> =
  | { type: "feature"; value: D }
  | { type: "not"; value: Query<D> };
export type Condition<D = Declaration> =
  | { type: "not"; value: Condition<D> }
  | { type: "style"; value: Query<D> };
export interface Rule { condition: Condition; other: Query }
"""


def test_a_recursive_generic_alias_used_in_several_places_is_one_declaration(
    tmp_path: Path,
) -> None:
    """lightningcss's ``StyleQuery<D = Declaration>``, used inside another recursive generic
    and bare: one ``Query_Declaration``, not two structures that want one name."""
    module, document, schema = _compiled(tmp_path, {"schema.ts": QUERIES})
    assert [n for n in schema.decls if n.startswith("Query_")] == ["Query_Declaration"]
    feature = {"type": "feature", "value": {"property": "p", "value": "v"}}
    rule = {"condition": {"type": "style", "value": {"type": "not", "value": feature}}}
    _agree(
        module,
        document,
        "Rule",
        [{**rule, "other": feature}, {**rule, "other": {"type": "not", "value": feature}}],
        [{**rule, "other": {"type": "not", "value": {"type": "feature", "value": 1}}}],
    )


def test_a_recursive_instance_whose_name_is_declared_gets_another_and_its_references_follow(
    tmp_path: Path,
) -> None:
    text = (
        "export type Tree<T> = { v: T; kids?: Tree<T>[] } | T;\n"
        "export interface Tree_string { other: number }\n"
        "export interface Use { t: Tree<string>; o: Tree_string }\n"
    )
    module, document, schema = _compiled(tmp_path, {"schema.ts": text})
    (made,) = [n for n in schema.decls if n.startswith("Tree_string_")]
    assert "Tree_string" in schema.decls
    _agree(
        module,
        document,
        "Use",
        [{"t": {"v": "a", "kids": ["b", {"v": "c"}]}, "o": {"other": 1}}],
        [{"t": {"v": "a", "kids": [1]}, "o": {"other": 1}}, {"t": "a", "o": {"other": "x"}}],
    )
    assert made != "Tree_string"


# --------------------------------------------------------------------------- module scopes

MODULES = {
    "a.ts": "export interface Record { ts: string }\nexport interface History { m: Record[] }\n",
    "b.ts": "export interface Record { id: number }\nexport interface Replies { r?: Record[] }\n",
    "pm.ts": "export interface PaymentMethod { id: string }\n"
    "export namespace PaymentMethod { export interface Card { brand: string } }\n"
    "export namespace PaymentMethod { export namespace Next { export interface Url { u: string } } }\n"
    "export interface Holder { next: PaymentMethod.Next.Url }\n",
    "si.ts": "export namespace Setup { export interface Card { last4: string } }\n"
    "export namespace Setup { export namespace Next { export interface Url { s: number } } }\n"
    "export interface Card { exp: number }\n"
    "export namespace Intent { export type Usage = 'on' | 'off' }\n"
    "export namespace Params { export type Usage = 'x' }\n",
    "schema.ts": 'import { History } from "./a";\nimport { Replies } from "./b";\n'
    'import { PaymentMethod, Holder } from "./pm";\nimport * as si from "./si";\n'
    'import { Intent } from "./si";\n'
    "export interface Options {\n"
    "  headers?: Record<string, string>; history: History; replies: Replies;\n"
    "  card: PaymentMethod.Card; exp: si.Card; setup: si.Setup.Card; usage: Intent.Usage;\n"
    "  holder: Holder;\n}\n",
}


def test_each_module_resolves_a_clashing_name_in_its_own_scope(tmp_path: Path) -> None:
    """Two modules' ``interface Record`` are theirs (a third module's ``Record<K, V>`` is the
    lib's); ``PaymentMethod.Card`` is the ``Card`` of the module that declares
    ``PaymentMethod``; ``si.Setup.Card`` and ``Intent.Usage`` are the namespaced ones."""
    module, document, _ = _compiled(tmp_path, MODULES)
    good = {
        "headers": {"k": "v"},
        "history": {"m": [{"ts": "1"}]},
        "replies": {"r": [{"id": 1}]},
        "card": {"brand": "visa"},
        "exp": {"exp": 12},
        "setup": {"last4": "4242"},
        "usage": "on",
        "holder": {"next": {"u": "https://"}},
    }
    bad = [
        {**good, "headers": {"k": 1}},
        {**good, "history": {"m": [{"id": 1}]}},
        {**good, "replies": {"r": [{"ts": "1"}]}},
        {**good, "card": {"last4": "4242"}},
        {**good, "exp": {"brand": "visa"}},
        {**good, "setup": {"exp": 12}},
        {**good, "usage": "x"},
        {**good, "holder": {"next": {"s": 1}}},
    ]
    _agree(module, document, "Options", [good], bad)


def test_a_clashing_name_that_is_no_lib_global_stays_a_located_error(tmp_path: Path) -> None:
    files = {
        "a.ts": "export interface Frame { a: string }\n",
        "b.ts": "export interface Frame { b: string }\n",
        "schema.ts": 'import "./a";\nimport "./b";\nexport interface U { f: Frame }\n',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    assert "'Frame' is declared in" in str(info.value)
    assert "neither declares nor imports it" in str(info.value)


JSONLD = """\
export {};
export interface NodeObject {
  "@id"?: string;
  [key: string]: OrArray<null | string | NodeObject> | NodeObject[keyof NodeObject];
}
export interface Keyword {
  "@set": NodeObject[keyof NodeObject];
}
type OrArray<T> = T | T[];
"""


def test_an_index_signature_that_names_its_own_indexed_access_is_its_other_members(
    tmp_path: Path,
) -> None:
    """jsonld's ``[key: string]: A | NodeObject[keyof NodeObject]``: the value ``V = A | V``
    holds no more than ``A``, as TypeScript reads it; the generic alias inside is expanded
    (it was left as written: "unknown type 'OrArray'"), and a use elsewhere agrees."""
    module, document, _ = _compiled(tmp_path, {"schema.ts": JSONLD})
    good = [{"@id": "x", "a": "s", "b": ["s", None, {"c": "d"}]}, {"n": None}]
    bad = [{"a": 1}, {"a": [{"b": 2}]}, {"@id": 3}]
    _agree(module, document, "NodeObject", good, bad)
    _agree(module, document, "Keyword", [{"@set": ["s", {"a": "b"}]}], [{"@set": 1}])

"""Naming is total and injective, by property: any set of type names and property keys
(keywords, built-ins, pydantic's and the metaclass's names, dunder-ish and digit-first
keys, other scripts, names that NFKC or case folding make equal) compiles to a package
that imports under ``-W error`` and round-trips an instance with every wire name exact."""

from __future__ import annotations

import json
import keyword
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.build.pipeline import load_schema
from codegen.emit.python.name_rules import declaration_names
from tests.compiler.emit.test_naming_never_refuses import (
    compile_package,
    round_trips,
    valid_in_schema,
)

# Type names TypeScript accepts that Python, pydantic or the generated code may not.
TYPE_NAMES = [
    "Exception",
    "ValueError",
    "id",
    "str",
    "list",
    "dict",
    "float",
    "print",
    "isinstance",
    "None",
    "True",
    "match",
    "case",
    "model_config",
    "model_fields",
    "mro",
    "register",
    "json",
    "copy",
    "schema",
    "SchemaModel",
    "annotations",
    "decode_wire_json",
    "Literal",
    "Annotated",
    "Any",
    "Field",
    "BaseModel",
    "TYPE_CHECKING",
    "Mapping",
    "Client",
    "Transport",
    "Protocol",
    "ServerHandler",
    "dispatch",
    "METHODS",
    "Direction",
    "Finding",
    "status",
    "start",
    "Foo",
    "foo",
    "FOO",
    "Foo_",
    "_Foo",
    "__Foo",
    "$Foo",
    "Foo$",
    "_",
    "$",
    "ﬁx",
    "fix",
    "Fix",
    "Größe",
    "größe",
    "Ключ",
    "ключ",
    "変数",
    "ＦＵＬＬ",
    "FULL",
]

# Property keys: any text (no lone surrogates, which TypeScript source cannot hold), and
# the interesting ones more often.
SPECIAL_KEYS = [
    *TYPE_NAMES,
    *keyword.kwlist,
    "_meta",
    "meta",
    "__proto__",
    "__init__",
    "__class__",
    "_start",
    "start",
    "fooBar",
    "foo_bar",
    "foo-bar",
    "2fa",
    "+1",
    "-1",
    "field_1",
    "field_2",
    "",
    " ",
    "_",
    "__",
    "$",
    "model_dump",
    "modelDump",
    "model_validate_x",
    "ﬁ",
    "fi",
    "ǅ",
    "dž",
]
KEYS = st.one_of(
    st.sampled_from(SPECIAL_KEYS),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=8),
)


Program = tuple[str, dict[str, tuple[list[str], dict[str, Any]]]]


@st.composite
def programs(draw: st.DrawFn) -> Program:
    """A schema: interfaces with drawn names and keys, literal aliases with drawn names;
    each interface's properties are numbers, one of the aliases, (optional) another
    interface or an object literal. Returns the text and, per interface, its keys and a
    value with every required key."""
    names = draw(st.lists(st.sampled_from(TYPE_NAMES), min_size=2, max_size=8, unique=True))
    split = draw(st.integers(1, len(names)))
    interfaces, aliases = names[:split], names[split:]
    lines = [f'export type {alias} = "v";' for alias in aliases]
    found: dict[str, tuple[list[str], dict[str, Any]]] = {}
    for name in interfaces:
        keys = draw(st.lists(KEYS, min_size=1, max_size=6, unique=True))
        value: dict[str, Any] = {}
        members = []
        for key in keys:
            written = json.dumps(key, ensure_ascii=False)
            kind = draw(st.sampled_from(["number", "alias", "ref", "object"]))
            if kind == "alias" and aliases:
                members.append(f"{written}: {draw(st.sampled_from(aliases))}")
                value[key] = "v"
            elif kind == "ref":
                members.append(f"{written}?: {draw(st.sampled_from(interfaces))}")
            elif kind == "object":
                inner = draw(KEYS)
                members.append(f"{written}: {{ {json.dumps(inner, ensure_ascii=False)}: number }}")
                value[key] = {inner: 2}
            else:
                members.append(f"{written}: number")
                value[key] = 1
        found[name] = (keys, value)
        lines.append(f"export interface {name} {{ {'; '.join(members)} }}")
    return "\n".join(lines) + "\n", found


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(programs())
def test_any_names_compile_import_and_round_trip_exactly(tmp_path: Path, program: Program) -> None:
    text, interfaces = program
    package, document, _ = compile_package(tmp_path, {"main.ts": text})
    (tmp_path / "again.ts").write_text(text, "utf-8")
    python, _ = declaration_names(load_schema([tmp_path / "again.ts"]))
    assert len(set(python.values())) == len(python)  # injective
    for name, (keys, value) in interfaces.items():
        model = getattr(package.models, python[name])
        wire = {attr if f.alias is None else f.alias for attr, f in model.model_fields.items()}
        assert wire == set(keys)  # every key exactly once: injective, aliases exact
        round_trips(package, python[name], value)
        valid_in_schema(document, name, value)  # the JSON Schema keeps TypeScript's names

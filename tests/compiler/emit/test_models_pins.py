"""Pins for ``codegen.emit.python.pydantic.models`` read from the survivors of its mutation runs of
2026-11-29 (issue #36): a docstring's prose (links, known values, deprecation), each
exactly, and modules' text exactly: which ``@default`` is kept, bounds, deprecation,
constants, inline classes, extras, routes and their imports (the order of a module's items
and its raw text: ``test_models_order_pins.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import TypeAdapter, ValidationError

from codegen import ir
from codegen.emit.python.docstrings import doc_text
from codegen.emit.python.pydantic.models import LARGE_CYCLE
from codegen.errors import Diagnostics
from tests.compiler.emit.test_pydantic_emit import generate_models, import_source


def doc(description: str = "", **tags: str) -> ir.Doc:
    return ir.Doc(description, tuple(ir.DocTag(name, text) for name, text in tags.items()))


@pytest.mark.parametrize(
    ("description", "text"),
    [
        ("See {@link Tool}.", "See Tool."),
        ("See {@link Tool | the tool}.", "See the tool."),
        ("{@link https://x.org/a|docs} and {@link B}", "docs and B"),
        ("  padded  ", "padded"),
    ],
)
def test_links_become_their_text_or_their_target(description: str, text: str) -> None:
    assert doc_text(doc(description)) == text


def test_known_values_follow_the_prose_after_a_blank_line() -> None:
    assert doc_text(doc("A role."), ["user", 'a"b']) == (
        'A role.\n\nKnown values: ``"user"``, ``"a\\"b"`` (others allowed).'
    )
    assert doc_text(doc(), ["x"]) == 'Known values: ``"x"`` (others allowed).'
    assert doc_text(doc("A role."), []) == "A role."


@pytest.mark.parametrize(
    ("description", "reason", "text"),
    [
        ("Old.", "use New", "Old.\n\nDeprecated: use New"),
        ("", "  use New  ", "Deprecated: use New"),
        ("Old.", "", "Old.\n\nDeprecated."),
        ("", " ", "Deprecated."),
    ],
)
def test_deprecation_comes_last_with_its_reason(description: str, reason: str, text: str) -> None:
    assert doc_text(doc(description, deprecated=reason)) == text


def test_known_values_then_deprecation() -> None:
    assert doc_text(doc("", deprecated="gone"), ["a"]) == (
        'Known values: ``"a"`` (others allowed).\n\nDeprecated: gone'
    )


# --------------------------------------------------------------------------- one module

SNIPPET = """
export type integer = number;
export type Id = string | integer;
/** A role. */
export type Role = "user" | "assistant" | (string & {});
export interface Box {
  /** @default "hi" */
  s?: string;
  /** @default true */
  b?: boolean;
  /** @default 3 */
  i?: integer;
  /** @default 2 */
  n?: number;
  /** @default 1 */
  flag?: boolean;
  /** @default "x" */
  req: string;
  /** @default {"a": 1} */
  obj?: string;
  /** @default nope */
  bad?: string;
  /** @minimum 0 @maximum 10 */
  bounded: number;
  /** @minimum 1 */
  count?: integer;
  /** @minItems 1 @maxItems 3 */
  items: string[];
  /** @minimum abc */
  weird?: number;
  role?: Role;
  maybe?: MaybeLater;
}
export type MaybeLater = Later | null;
export interface Later { x: string; [key: string]: number | string; }
export const MAX = 3;
export const HALF = 0.5;
"""

# Defaults only where safe (a JSON scalar of the field's own scalar type, on an optional
# field), bounds on each member of ``int | float``, ``integer`` as ``int``, an alias after
# the class it names, typed extras, constants.
EXPECTED = '''from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field

from ._wire import Omittable
from ._wire import SchemaModel as SchemaModel
from ._wire import decode_wire_json as decode_wire_json

MAX: Final = 3
HALF: Final = 0.5

integer: TypeAlias = int

Id: TypeAlias = str | integer

Role: TypeAlias = str
"""A role.

Known values: ``"user"``, ``"assistant"`` (others allowed).
"""


class Later(SchemaModel):
    __pydantic_extra__: dict[str, int | float | str] = Field(init=False)

    x: str


MaybeLater: TypeAlias = Later | None


class Box(SchemaModel):
    s: str = "hi"
    b: bool = True
    i: Omittable[integer] = None
    n: int | float = 2
    flag: Omittable[bool] = None
    req: str
    obj: Omittable[str] = None
    bad: Omittable[str] = None
    bounded: Annotated[int, Field(ge=0, le=10)] | Annotated[float, Field(ge=0, le=10)]
    count: Annotated[Omittable[integer], Field(ge=1)] = None
    items: Annotated[list[str], Field(min_length=1, max_length=3)]
    weird: Omittable[int | float] = None
    role: Omittable[Role] = None
    maybe: MaybeLater = None
'''


def test_defaults_bounds_aliases_extras_and_constants_exactly(tmp_path: Path) -> None:
    schema = tmp_path / "schema.ts"
    schema.write_text(SNIPPET)
    source = generate_models([schema])
    assert source[source.index("from __future__") :] == EXPECTED
    box = import_source(source, tmp_path).Box
    assert box.model_validate({"req": "r", "bounded": 3, "items": ["a"]}).s == "hi"


def test_a_fractional_default_of_a_number_is_its_literal(tmp_path: Path) -> None:
    """``@default 2.5`` on a ``number`` was refused ("a non-integer number literal (2.5)
    cannot be a Literal"): a default is a value, not a ``Literal``."""
    schema = tmp_path / "schema.ts"
    schema.write_text("export interface P {\n  /** @default 2.5 */\n  t?: number;\n}\n")
    source = generate_models([schema])
    assert "    t: int | float = 2.5\n" in source
    assert import_source(source, tmp_path).P().t == 2.5


def test_a_default_on_an_integer_field_is_an_int_of_the_right_kind(tmp_path: Path) -> None:
    """``@TJS-type integer`` makes the field ``int``: a number default is kept, a boolean
    one is not (a bool is no JSON integer); an integral ``2.0`` on a ``number`` is ``2``; a
    default of a literal union is left out (``Literal`` is no scalar annotation)."""
    schema = tmp_path / "schema.ts"
    schema.write_text(
        "export interface D {\n"
        "  /**\n   * @TJS-type integer\n   * @default 3\n   */\n  c?: number;\n"
        "  /**\n   * @TJS-type integer\n   * @default true\n   */\n  d?: number;\n"
        "  /** @default 2.0 */\n  e?: number;\n"
        "  /** @default -0.5 */\n  f?: number;\n"
        '  /** @default "x" */\n  g?: "x" | "y";\n'
        "}\n"
    )
    source = generate_models([schema])
    assert source.endswith(
        "class D(SchemaModel):\n"
        "    c: int = 3\n"
        "    d: Omittable[int] = None\n"
        "    e: int | float = 2\n"
        "    f: int | float = -0.5\n"
        '    g: Omittable[Literal["x", "y"]] = None\n'
    )
    made = import_source(source, tmp_path).D()
    assert (made.c, made.d, made.e, made.f, made.g) == (3, None, 2, -0.5, None)
    assert type(made.e) is int


DEPRECATED = """export interface W {
  /** @deprecated use b */
  a?: string;
  /** @deprecated */
  b?: string;
  /**
   * Doc of c.
   * @deprecated
   */
  fooBar: string;
}
"""


def test_a_deprecated_field_warns_with_its_reason_or_deprecated(tmp_path: Path) -> None:
    """``@deprecated`` is ``Field(deprecated=...)`` after the alias, with the tag's text or
    ``"deprecated"``; the docstring states it last."""
    text = module_text(tmp_path, DEPRECATED)
    assert text.endswith(
        "class W(SchemaModel):\n"
        '    a: Annotated[Omittable[str], Field(deprecated="use b")] = None\n'
        '    """Deprecated: use b"""\n\n'
        '    b: Annotated[Omittable[str], Field(deprecated="deprecated")] = None\n'
        '    """Deprecated."""\n\n'
        '    foo_bar: Annotated[str, Field(alias="fooBar", deprecated="deprecated")]\n'
        '    """Doc of c.\n\n    Deprecated.\n    """\n'
    ), text
    model = import_source(generate_models([tmp_path / "schema.ts"]), tmp_path / "again").W
    made = model.model_validate({"a": "x", "b": "y", "fooBar": "z"})
    with pytest.warns(DeprecationWarning, match="^use b$"):
        assert made.a == "x"
    with pytest.warns(DeprecationWarning, match="^deprecated$"):
        assert made.b == "y"
    assert model.model_fields["foo_bar"].description == "Doc of c.\n\nDeprecated."


def test_a_constant_is_its_literal_and_an_integral_float_an_int(tmp_path: Path) -> None:
    """``2.0`` and ``1e21`` are written as the ints they are (as JSON reads them); a
    fraction as its shortest repr; strings and booleans as Python literals."""
    ts = (
        "export const TWO = 2.0;\nexport const BIG = 1e21;\nexport const HALF = 0.5;\n"
        'export const S = "a\\"b";\nexport const T = true;\n'
    )
    text = module_text(tmp_path, ts)
    assert text.endswith(
        "TWO: Final = 2\nBIG: Final = 1000000000000000000000\nHALF: Final = 0.5\n"
        "S: Final = 'a\"b'\nT: Final = True\n"
    ), text
    models = import_source(generate_models([tmp_path / "schema.ts"]), tmp_path / "again")
    assert (models.TWO, models.BIG, models.HALF, models.S, models.T) == (
        2,
        10**21,
        0.5,
        'a"b',
        True,
    )
    assert type(models.TWO) is int


def ring(prefix: str, size: int) -> str:
    """``size`` interfaces, each referring to the next, the last to the first."""
    return "".join(
        f"export interface {prefix}{i} {{ next?: {prefix}{(i + 1) % size}; }}\n"
        for i in range(size)
    )


def test_a_cycle_of_large_cycle_classes_and_what_reaches_it_are_built_when_used(
    tmp_path: Path,
) -> None:
    """At ``LARGE_CYCLE`` (40) classes a cycle is built when first used, and so is a class
    that reaches it; one class fewer keeps plain ``model_rebuild()`` calls."""
    assert LARGE_CYCLE == 40
    schema = tmp_path / "schema.ts"
    schema.write_text(
        ring("Big", 40)
        + ring("Small", 39)
        + "export interface Reacher { big: Big0; }\n"
        + "export interface Alone { small: Small0; }\n"
        + "export interface Nums { [n: number]: string; }\n"
    )
    source = generate_models([schema])
    deferred = re.findall(r"^class (\w+)\(SchemaModel, defer_build=True\):$", source, re.M)
    assert sorted(deferred) == sorted([f"Big{i}" for i in range(40)] + ["Reacher"])
    assert "class Alone(SchemaModel):\n    small: Small0\n" in source
    assert "Small0.model_rebuild()" in source and "Big0.model_rebuild()" not in source
    # a number-keyed index signature: its keys are digits, as JSON Schema's pattern
    assert (
        "class Nums(SchemaModel):\n    __pydantic_extra__: "
        'dict[Annotated[str, Field(pattern="^[0-9]+$")], str] = Field(init=False)\n'
    ) in source
    models = import_source(source, tmp_path)
    chain: dict[str, object] = {}
    for _ in range(45):
        chain = {"next": chain}
    assert models.Reacher.model_validate({"big": chain}).big.next is not None
    assert models.Nums.model_validate({"1": "a"}).model_extra == {"1": "a"}
    with pytest.raises(ValidationError):
        models.Nums.model_validate({"x": "a"})


def module_text(tmp_path: Path, ts: str) -> str:
    """The generated module from its ``from __future__`` line on, after importing it."""
    schema = tmp_path / "schema.ts"
    schema.write_text(ts)
    source = generate_models([schema])
    import_source(source, tmp_path)  # every name it uses is imported or defined
    return source[source.index("from __future__") :]


HEAD = """from __future__ import annotations

{imports}from ._wire import Omittable
from ._wire import SchemaModel as SchemaModel
from ._wire import decode_wire_json as decode_wire_json
"""


def test_a_flattened_property_keeps_the_inline_class_of_its_origin(tmp_path: Path) -> None:
    ts = """
export interface Base { meta?: { a: string }; kind: string; }
export interface Child extends Omit<Base, "kind"> { x: string; }
"""
    # (no library import: the formatter keeps two blank lines there)
    assert module_text(tmp_path, ts) == HEAD.format(imports="\n") + (
        "\n\nclass BaseMeta(SchemaModel):\n    a: str\n"
        "\n\nclass Base(SchemaModel):\n    meta: Omittable[BaseMeta] = None\n    kind: str\n"
        "\n\nclass Child(SchemaModel):\n    meta: Omittable[BaseMeta] = None\n    x: str\n"
    )


def test_each_class_names_its_own_inline_class_of_one_structure(tmp_path: Path) -> None:
    """The same anonymous object at the same key of two classes is two classes, each
    named after its owner, and a flattened copy keeps (and is ordered after) its origin's,
    not the first name of that structure."""
    ts = """
export interface Base { meta?: { a: string }; kind: string; }
export interface Child extends Omit<Base, "kind"> { x: string; }
export interface Aaa { meta?: { a: string } }
"""
    assert module_text(tmp_path, ts) == HEAD.format(imports="\n") + (
        "\n\nclass BaseMeta(SchemaModel):\n    a: str\n"
        "\n\nclass Base(SchemaModel):\n    meta: Omittable[BaseMeta] = None\n    kind: str\n"
        "\n\nclass Child(SchemaModel):\n    meta: Omittable[BaseMeta] = None\n    x: str\n"
        "\n\nclass AaaMeta(SchemaModel):\n    a: str\n"
        "\n\nclass Aaa(SchemaModel):\n    meta: Omittable[AaaMeta] = None\n"
    )


EXTRAS = """
export interface E1 { [k: string]: unknown; a: string }
export interface E2 { [n: number]: unknown }
export interface E3 { [k: string]: string }
export interface C { a: string; b?: string }
export interface D { a: string; c?: number }
export interface F {
  /** @untagged */
  either: C | D;
}
"""


def test_extras_are_typed_where_the_index_signature_says_more_than_any(tmp_path: Path) -> None:
    """``[k: string]: unknown`` adds nothing (every model keeps extras); a value type, or
    keys that must be digits, types ``__pydantic_extra__``. An ``@untagged`` union of
    models no literal tells apart is not warned about."""
    schema = tmp_path / "schema.ts"
    schema.write_text(EXTRAS)
    diagnostics = Diagnostics()
    source = generate_models([schema], diagnostics)
    assert not diagnostics.warnings, diagnostics.warnings
    text = source[source.index("from __future__") :]
    assert text.startswith(
        HEAD.format(imports="from typing import Annotated, Any\n\nfrom pydantic import Field\n\n")
        + "\n\nclass E1(SchemaModel):\n    a: str\n"
        "\n\nclass E2(SchemaModel):\n    __pydantic_extra__: "
        'dict[Annotated[str, Field(pattern="^[0-9]+$")], Any] = Field(init=False)\n'
        "\n\nclass E3(SchemaModel):\n    __pydantic_extra__: dict[str, str] = Field(init=False)\n"
    ), text
    models = import_source(source, tmp_path)
    assert models.E1.model_validate({"a": "x", "b": [1]}).model_extra == {"b": [1]}
    assert models.E2.model_validate({"7": [1]}).model_extra == {"7": [1]}
    assert models.E3.model_validate({"k": "v"}).model_extra == {"k": "v"}
    for model, wrong in ((models.E2, {"k": 1}), (models.E3, {"k": 1})):
        with pytest.raises(ValidationError):
            model.model_validate(wrong)


def test_typed_extras_alone_import_field(tmp_path: Path) -> None:
    text = module_text(tmp_path, "export interface E3 { [k: string]: string }\n")
    assert text == HEAD.format(imports="\nfrom pydantic import Field\n\n") + (
        "\n\nclass E3(SchemaModel):\n    __pydantic_extra__: dict[str, str] = Field(init=False)\n"
    )


@pytest.mark.parametrize(
    ("ts", "field"),
    [
        # bounds alone (on each member of ``int | float``) import Annotated and Field
        (
            "export interface B { /** @minimum 0 */ x: number; }",
            "x: Annotated[int, Field(ge=0)] | Annotated[float, Field(ge=0)]",
        ),
        # so does an alias alone
        (
            "export interface B { fooBar: string; }",
            'foo_bar: Annotated[str, Field(alias="fooBar")]',
        ),
    ],
)
def test_annotated_and_field_are_imported_for_their_one_use(
    tmp_path: Path, ts: str, field: str
) -> None:
    imports = "from typing import Annotated\n\nfrom pydantic import Field\n\n"
    assert module_text(tmp_path, ts) == HEAD.format(imports=imports) + (
        f"\n\nclass B(SchemaModel):\n    {field}\n"
    )


# --------------------------------------------------------------------------- routes

ROUTED = """export interface Ok { ok: true; value: string }
export interface Failed { ok: false; error: string }
export type Outcome = Ok | Failed;
export interface A { k: "a"; x?: string }
export interface B { k: "b" | "c"; y?: string }
export interface C { k: "b" | "d" }
export type U = A | B | C;
export interface N { n: 1 }
export type S = string | number | S[];
export type T = boolean | number | T[];
"""

ROUTED_HEAD = """from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from pydantic import BeforeValidator as _BeforeValidator
from pydantic import Discriminator as _Discriminator
from pydantic import Tag as _Tag
from typing_extensions import TypeAliasType

from ._wire import Omittable
from ._wire import SchemaModel as SchemaModel
from ._wire import by_kind as _by_kind
from ._wire import decode_wire_json as decode_wire_json
from ._wire import not_bool as _not_bool
from ._wire import only_bool as _only_bool
from ._wire import router_reading_booleans as _router

_kind_int_float_bool_list = _by_kind(int, float, bool, list)

_kind_str_int_float_list = _by_kind(str, int, float, list)

# A | B | C
_route_9d7bbb3c58 = _router(
    7, (("k", 0, 0, {"a": 1, "b": 6, "c": 2, "d": 4}),), {1: "A", 2: "B", 4: "C", 6: "B|C"}
)

# Ok | Failed
_route_fa317e334e = _router(3, (("ok", 0, 0, {False: 2, True: 1}),), {1: "Ok", 2: "Failed"})


class Ok(SchemaModel):
"""


def test_routes_come_first_sorted_with_the_router_and_guards_they_read(tmp_path: Path) -> None:
    """Kind dispatchers, then routes, each sorted by name, before every class; a route with
    a boolean tag reads booleans (``router_reading_booleans``); each literal guard a field
    uses is imported from ``_wire`` under its own name."""
    text = module_text(tmp_path, ROUTED)
    assert text[: len(ROUTED_HEAD)] == ROUTED_HEAD
    models = import_source(generate_models([tmp_path / "schema.ts"]), tmp_path / "again")
    outcome: TypeAdapter[object] = TypeAdapter(models.Outcome)
    assert type(outcome.validate_python({"ok": True, "value": "v"})) is models.Ok
    assert type(outcome.validate_python({"ok": False, "error": "e"})) is models.Failed
    for wrong in ({"ok": 1, "value": "v"}, {"ok": True, "error": "e"}):
        with pytest.raises(ValidationError):
            outcome.validate_python(wrong)
    assert type(TypeAdapter(models.U).validate_python({"k": "d"})) is models.C
    with pytest.raises(ValidationError):
        models.N.model_validate({"n": True})
    assert TypeAdapter(models.T).validate_python([True, [2]]) == [True, [2]]
    # string tags alone: the router that reads strings only
    (tmp_path / "strings").mkdir()
    text = module_text(tmp_path / "strings", ROUTED[ROUTED.index("export interface A") :])
    assert "\nfrom ._wire import router as _router\n" in text
    assert "router_reading_booleans" not in text


def test_one_annotation_per_primitive_and_reference_shared_and_never_changed(
    tmp_path: Path,
) -> None:
    """The type writer makes one annotation per primitive and per referenced declaration
    and hands it to every field of that type (#37: most fields are these); what builds on
    it (a union, ``| None``, a discriminated union of the referenced class) leaves it as
    it was."""
    from codegen.build.pipeline import load_schema
    from codegen.emit.python.backend import PythonBackend
    from codegen.emit.python.pydantic.annotations import TypeWriter

    path = tmp_path / "s.ts"
    path.write_text(
        "export interface A { kind: 'a'; s: string; n?: string | null; r: B; o?: B | null;"
        " l: string[]; u: A | B }\n"
        "export interface B { kind: 'b'; s: string }\n"
        "export type U = A | B | null;\n"
    )
    backend = PythonBackend(load_schema([path]))
    writer = TypeWriter(backend.schema, backend.names, backend.layouts, Diagnostics())
    string = writer.annotation(ir.Primitive("string"), "A", "s")
    ref = writer.annotation(ir.Ref("B"), "A", "r")
    for decl in backend.schema.decls.values():
        if isinstance(decl, ir.Interface):
            for prop in decl.body.properties:
                writer.annotation(prop.type, decl.name, prop.name, prop.doc)
        elif isinstance(decl, ir.Alias):
            assert writer.annotation(decl.type, decl.name, "").text == (
                'Annotated[A | B, Field(discriminator="kind")] | None'
            )
    assert writer.annotation(ir.Primitive("string"), "B", "s") is string
    assert writer.annotation(ir.Ref("B"), "A", "o") is ref
    assert (string.text, string.refs, string.nullable, string.known_values, string.imports) == (
        "str",
        frozenset(),
        False,
        (),
        frozenset(),
    )
    assert (ref.text, ref.refs, ref.nullable, ref.imports) == ("B", {"B"}, False, frozenset())
    # String literals alike are one annotation; a number's (guarded) is not a string's.
    tag = writer.annotation(ir.Literal("a"), "A", "kind")
    assert writer.annotation(ir.Literal("a"), "B", "kind") is tag
    assert tag.text == 'Literal["a"]'
    assert writer.annotation(ir.Literal(1), "B", "kind").text == (
        "Annotated[Literal[1], _BeforeValidator(_not_bool)]"
    )
    both = ir.Union((ir.Literal("a"), ir.Literal("b")))
    assert writer.annotation(both, "A", "k").text == 'Literal["a", "b"]'
    assert writer.annotation(ir.Union((ir.Literal("a"), ir.Literal(True))), "A", "k").text == (
        'Annotated[Literal["a", True], _BeforeValidator(_only_bool)]'
    )


def test_a_field_written_alike_in_many_classes_keeps_what_differs(tmp_path: Path) -> None:
    """The parts of a field are made once per key, optionality, comment, tags and
    annotation (#37): fields alike but for one of them each keep theirs, and the note of a
    required field narrowing an optional base's (read per class) only where it does."""
    path = tmp_path / "schema.ts"
    path.write_text(
        "export interface Base { x?: string }\n"
        "export interface A extends Base { x: string }\n"
        "export interface B { x: string }\n"
        "export interface C { /** Doc. */ x: string }\n"
        "export interface D { /** @deprecated old */ x: string }\n"
        "export interface E { x?: string }\n"
        "export interface F { /** @minimum 1 */ x: number }\n"
        "export interface G { x: number; aB: string }\n"
        "export interface H { x: number | null; aB: 'k' }\n"
        "export interface I { x: number | null; aB: 'k' | string }\n"
    )
    text = generate_models([path])
    bodies = {
        m.group(1): m.group(2).strip()
        for m in re.finditer(r"^class (\w+)\(.*?\):\n(.*?)(?=^\S|\Z)", text, re.S | re.M)
    }
    assert bodies["A"] == "x: str  # pyright: ignore[reportGeneralTypeIssues]"
    assert bodies["B"] == "x: str"
    assert bodies["C"] == 'x: str\n    """Doc."""'
    assert bodies["D"] == ('x: Annotated[str, Field(deprecated="old")]\n    """Deprecated: old"""')
    assert bodies["E"] == "x: Omittable[str] = None"
    assert bodies["F"] == ("x: Annotated[int, Field(ge=1)] | Annotated[float, Field(ge=1)]")
    assert bodies["G"] == 'x: int | float\n    a_b: Annotated[str, Field(alias="aB")]'
    assert bodies["H"] == (
        'x: int | float | None\n    a_b: Annotated[Literal["k"], Field(alias="aB")]'
    )
    assert bodies["I"] == (
        'x: int | float | None\n    a_b: Annotated[str, Field(alias="aB")]\n'
        '    """Known values: ``"k"`` (others allowed)."""'
    )


def test_a_union_written_alike_twice_is_made_once_but_warns_at_each_place(
    tmp_path: Path,
) -> None:
    """A union of primitives, literals and references reads nothing else, and is made once
    (#37); a union of models warns where each is written, so it is made at each."""
    from codegen.build.pipeline import load_schema
    from codegen.emit.python.backend import PythonBackend
    from codegen.emit.python.pydantic.annotations import TypeWriter

    path = tmp_path / "s.ts"
    path.write_text(
        "export interface X { a: string }\nexport interface Y { b?: string }\n"
        "export interface P { u: X | Y; n: string | null; k: 'a' | 1; m: number | null }\n"
        "export interface Q {\n  u: X | Y;\n  n: string | null;\n  k: 'a' | 1;\n"
        "  /** @TJS-type integer */\n  m: number | null;\n}\n"
    )
    backend = PythonBackend(load_schema([path]))
    diagnostics = Diagnostics()
    writer = TypeWriter(backend.schema, backend.names, backend.layouts, diagnostics)
    made = {}
    for name in ("P", "Q"):
        decl = backend.schema.decls[name]
        assert isinstance(decl, ir.Interface)
        made[name] = {
            p.name: writer.annotation(p.type, name, p.name, p.doc) for p in decl.body.properties
        }
    assert made["P"]["n"] is made["Q"]["n"]
    assert made["P"]["n"].text == "str | None"
    assert made["P"]["k"] is made["Q"]["k"]
    assert made["P"]["m"].text == "int | float | None"
    assert made["Q"]["m"].text == "int | None"  # the doc's tag is in the key
    assert [str(w).split(": warning")[0] for w in diagnostics.warnings] == [
        f"{path}:3:25",
        f"{path}:5:6",
    ]


def test_a_count_tag_the_keyword_cannot_take_is_left_out_of_the_model(tmp_path: Path) -> None:
    """``@minItems``/``@maxItems`` are read as counts (``tag_number`` by the tag's name): a
    negative or fractional count is no bound (the front end warned), so the model keeps
    only the readable ones, as the JSON Schema does; ``@minimum`` takes any number."""
    path = tmp_path / "schema.ts"
    path.write_text(
        "export interface L {\n"
        "  /** @minItems -1 @maxItems 2 */\n  xs: string[];\n"
        "  /** @minItems 1.5 */\n  ys: string[];\n"
        "  /** @minimum -1.5 */\n  n: number;\n"
        "}\n"
    )
    text = generate_models([path])
    body = text[text.index("class L(") :]
    assert "    xs: Annotated[list[str], Field(max_length=2)]\n" in body
    assert "    ys: list[str]\n" in body
    assert "    n: Annotated[int, Field(ge=-1.5)] | Annotated[float, Field(ge=-1.5)]\n" in body

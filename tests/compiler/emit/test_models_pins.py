"""Pins for ``codegen.emit.python.models`` read from the survivors of its mutation run of
2026-11-29 (issue #36): a docstring's prose (links, known values, deprecation), each
exactly, and one module's text exactly: which ``@default`` is kept, bounds, aliases."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from pydantic import TypeAdapter, ValidationError

from codegen import ir
from codegen.build.pipeline import load_schema
from codegen.emit.python.models import LARGE_CYCLE, doc_text, emit_models
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


# --------------------------------------------------------------------------- aliases

RECURSIVE = """if TYPE_CHECKING:
    # pydantic needs TypeAliasType to recurse; pyright reads a plain alias more reliably
    {name}: TypeAlias = {value}
else:
    {name} = TypeAliasType("{name}", {value})
"""


def test_an_alias_names_its_own_inline_classes_and_reads_its_own_doc(tmp_path: Path) -> None:
    """Two aliases with the same anonymous object each get their own class, and an alias's
    ``@TJS-type integer`` makes it ``int``."""
    ts = (
        "export type A = { x: string } | number;\n"
        "export type B = { x: string } | string;\n"
        "/** @TJS-type integer */\nexport type N = number;\n"
    )
    text = module_text(tmp_path, ts)
    assert text.endswith(
        "\n\nclass A1(SchemaModel):\n    x: str\n"
        "\n\nA: TypeAlias = A1 | int | float\n"
        "\n\nclass B1(SchemaModel):\n    x: str\n"
        "\n\nB: TypeAlias = B1 | str\n"
        "\nN: TypeAlias = int\n"
    ), text


def test_a_recursive_alias_comes_after_the_models_it_names_and_rings_keep_their_place(
    tmp_path: Path,
) -> None:
    """A quoted recursive alias runs anywhere, but waits for the models it names (so that
    models using it are built after them); a ring of aliases without a model is no group:
    each alias keeps its source place, around the class declared between them."""
    ts = (
        "export type J = M | J[];\n"
        "export interface M { x: string }\n"
        "export type P = string | Q[];\n"
        "export interface X { y: string }\n"
        "export type Q = boolean | P[];\n"
    )
    text = module_text(tmp_path, ts)
    body = text[text.index("\n\n\nclass M") :]
    assert body == (
        "\n\n\nclass M(SchemaModel):\n    x: str\n\n\n"
        + RECURSIVE.format(name="J", value='"M | list[J]"')
        + "\n"
        + RECURSIVE.format(name="P", value='"str | list[Q]"')
        + "\n\nclass X(SchemaModel):\n    y: str\n\n\n"
        + RECURSIVE.format(name="Q", value='"bool | list[P]"')
    ), body


def test_a_recursive_alias_declared_first_opens_its_group_with_the_model(tmp_path: Path) -> None:
    """An alias and a model that name each other are one group: the alias (which needs
    nothing when it runs) stays first, as declared, and the model is rebuilt after it."""
    text = module_text(tmp_path, "export type J = M | J[];\nexport interface M { j?: J }\n")
    assert text.endswith(
        RECURSIVE.format(name="J", value='"M | list[J]"')
        + "\n\nclass M(SchemaModel):\n    j: Omittable[J] = None\n\n\nM.model_rebuild()\n"
    ), text


def test_the_raw_text_quotes_a_recursive_alias_with_double_quotes_unless_it_holds_one(
    tmp_path: Path,
) -> None:
    """Before formatting: ``"..."`` around a value without a double quote, else ``'...'``."""
    (tmp_path / "s.ts").write_text('export type P = string | P[];\nexport type L = "a" | L[];\n')
    raw = emit_models(load_schema([tmp_path / "s.ts"]))["models.py"]
    assert '    P = TypeAliasType("P", "str | list[P]")\n' in raw
    assert """    L = TypeAliasType("L", 'Literal["a"] | list[L]')\n""" in raw


def test_aliases_on_a_cycle_count_towards_large_cycle(tmp_path: Path) -> None:
    """Classes, aliases and an alias's inline class make cycles of ``LARGE_CYCLE`` or more:
    built when used, with what that imports. An alias there becomes one pydantic definition
    (``TypeAliasType``) unless it is exactly one class; an ``@untagged`` union there is
    still not warned about."""
    ts = "".join(f"export interface Big{i} {{ next?: Big{i + 1}; }}\n" for i in range(38))
    ts += "export interface Big38 { next?: Link; }\n"
    ts += "export type Link = Big0 | number | { via: Big0 };\n"  # with its own inline class
    ts += "".join(f"export interface Cls{i} {{ next?: Cls{i + 1}; }}\n" for i in range(37))
    ts += "export interface Cls37 { next?: Either; }\n"
    ts += "/** @untagged */\nexport type Either = Cls38 | Twin;\n"
    ts += "export interface Twin { next?: Named; }\n"
    ts += "export interface Cls38 { next?: Named; }\nexport type Named = Cls0;\n"
    # what reaches a large cycle through another class waits for it too
    ts += "export interface Far { near: Near; }\nexport interface Near { big?: Big0; }\n"
    schema = tmp_path / "schema.ts"
    schema.write_text(ts)
    diagnostics = Diagnostics()
    source = generate_models([schema], diagnostics)
    assert not diagnostics.warnings, diagnostics.warnings
    assert source[source.index("from __future__") :].startswith(DEFERRED_HEAD)
    deferred = re.findall(r"^class (\w+)\(SchemaModel, defer_build=True\):$", source, re.M)
    assert sorted(deferred) == sorted(
        [f"Big{i}" for i in range(39)]
        + ["Link1", "Twin", "Far", "Near"]
        + [f"Cls{i}" for i in range(39)]
    )
    assert not re.search(r"^\w+\.model_rebuild\(\)$", source, re.M)  # no eager build
    assert '    Link = TypeAliasType("Link", "Big0 | int | float | Link1")\n' in source
    assert '    Either = TypeAliasType("Either", "Cls38 | Twin")\n' in source
    assert "\nNamed: TypeAlias = Cls0\n" in source
    models = import_source(source, tmp_path)
    chain: object = 5
    for _ in range(40):  # Big38, Big0 to Big37, Big38 whose link is a number
        chain = {"next": chain}
    assert models.Big38.model_validate(chain).next.next is not None
    with pytest.raises(ValidationError):
        models.Big38.model_validate({"next": "3"})
    assert models.Big38.model_validate({"next": {"via": {}}}).next.via.next is None
    assert models.Cls37.model_validate({"next": {"next": {}}}).next.next.next is None
    assert models.Far.model_validate({"near": {"big": {"next": {}}}}).near.big.next.next is None


DEFERRED_HEAD = """from __future__ import annotations

from collections.abc import Callable as _Callable
from typing import TYPE_CHECKING, TypeAlias

from pydantic import BaseModel
from pydantic import GetCoreSchemaHandler as _GetCoreSchemaHandler
from pydantic_core import CoreSchema as _CoreSchema
from typing_extensions import TypeAliasType

from ._wire import Omittable
"""


def test_a_group_is_built_after_its_last_class_in_build_order(tmp_path: Path) -> None:
    """Three classes on a cycle: emitted as their references force (C before B), then
    each rebuilt, once, after the group's last class."""
    ts = (
        "export interface A { b?: B }\nexport interface B { c?: C }\nexport interface C { a?: A }\n"
    )
    assert module_text(tmp_path, ts) == HEAD.format(imports="\n") + (
        "\n\nclass A(SchemaModel):\n    b: Omittable[B] = None\n"
        "\n\nclass C(SchemaModel):\n    a: Omittable[A] = None\n"
        "\n\nclass B(SchemaModel):\n    c: Omittable[C] = None\n"
        "\n\nA.model_rebuild()\nC.model_rebuild()\nB.model_rebuild()\n"
    )


def test_recursive_aliases_alone_import_what_their_block_reads(tmp_path: Path) -> None:
    """``if TYPE_CHECKING: X: TypeAlias = ...`` else ``TypeAliasType``: all three imported
    though only the last runs."""
    text = module_text(tmp_path, "export type P = string | P[];\n")
    imports = "from typing import TYPE_CHECKING, TypeAlias\nfrom typing_extensions import TypeAliasType\n\n"
    assert text == HEAD.format(imports=imports) + "\n" + RECURSIVE.format(
        name="P", value='"str | list[P]"'
    )


def test_a_class_follows_what_its_fields_and_extras_name(tmp_path: Path) -> None:
    """Every field's references (not only the last one's) and the extras' order the
    module; the extras' inline class is the class's own, and what the extras' type needs is
    imported."""
    ts = """export interface H { a: J; b: string; [k: string]: string }
export interface J { x: string }
export type Aaa = { a: string } | number;
export interface L { [k: string]: { a: string } }
export interface K { [k: string]: "a" | "b" }
export interface M { [k: string]: N }
export interface N { y: string }
"""
    imports = "from typing import Literal, TypeAlias\n\nfrom pydantic import Field\n\n"
    assert module_text(tmp_path, ts) == HEAD.format(imports=imports) + (
        "\n\nclass J(SchemaModel):\n    x: str\n"
        "\n\nclass H(SchemaModel):\n    __pydantic_extra__: dict[str, str] = Field(init=False)\n"
        "\n    a: J\n    b: str\n"
        "\n\nclass Aaa1(SchemaModel):\n    a: str\n"
        "\n\nAaa: TypeAlias = Aaa1 | int | float\n"
        "\n\nclass L1(SchemaModel):\n    a: str\n"
        "\n\nclass L(SchemaModel):\n    __pydantic_extra__: dict[str, L1] = Field(init=False)\n"
        "\n\nclass K(SchemaModel):\n"
        '    __pydantic_extra__: dict[str, Literal["a", "b"]] = Field(init=False)\n'
        "\n\nclass N(SchemaModel):\n    y: str\n"
        "\n\nclass M(SchemaModel):\n    __pydantic_extra__: dict[str, N] = Field(init=False)\n"
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


# --------------------------------------------------------------------------- raw text

RAW_TAIL = '''MAX: Final = 3
"""The most."""
MIN: Final = 1

class A(SchemaModel):

    x: str
    b: Omittable[B] = None

class B(SchemaModel):

    a: Omittable[A] = None

A.model_rebuild()
B.model_rebuild()

C: TypeAlias = A | None
'''


def raw_models(tmp_path: Path, ts: str) -> str:
    """``emit_models``' own text, before the build formats it."""
    (tmp_path / "s.ts").write_text(ts)
    return emit_models(load_schema([tmp_path / "s.ts"]))["models.py"]


def test_the_raw_text_is_one_block_per_item_each_after_one_blank_line(tmp_path: Path) -> None:
    """The constants as one block, each class, a group's builds right after its last
    class, each alias: one blank line before each (the formatter makes it two before a
    class), nothing after the last."""
    raw = raw_models(
        tmp_path,
        "/** The most. */\nexport const MAX = 3;\nexport const MIN = 1;\n"
        "export interface A { x: string; b?: B }\nexport interface B { a?: A }\n"
        "export type C = A | null;\n",
    )
    assert raw.startswith('"""Pydantic v2 models for s.ts.\n')
    assert raw[raw.index("from __future__") :] == (
        "from __future__ import annotations\n\nfrom typing import Final, TypeAlias\n\n"
        + RAW_WIRE
        + "\n"
        + RAW_TAIL
    )
    # no constants, no library import: no empty block, no empty import group
    raw = raw_models(tmp_path, "export interface A { x: string }\n")
    assert raw[raw.index("from __future__") :] == (
        "from __future__ import annotations\n\n\n"
        + RAW_WIRE
        + "\nclass A(SchemaModel):\n\n    x: str\n"
    )


RAW_WIRE = """from ._wire import Omittable
from ._wire import SchemaModel as SchemaModel
from ._wire import decode_wire_json as decode_wire_json
"""


def test_the_docstring_names_the_schema_files_or_the_schema(tmp_path: Path) -> None:
    (tmp_path / "a.ts").write_text("export interface A { x: string }\n")
    (tmp_path / "b.ts").write_text("export interface B { y: string }\n")
    schema = load_schema([tmp_path / "a.ts", tmp_path / "b.ts"])
    raw = emit_models(schema)["models.py"]
    assert raw.startswith('"""Pydantic v2 models for a.ts, b.ts.\n\n')
    raw = emit_models(dataclasses.replace(schema, files=()))["models.py"]
    assert raw.startswith('"""Pydantic v2 models for the schema.\n\n')


def test_the_raw_text_ends_with_the_build_when_used_call_in_emission_order(
    tmp_path: Path,
) -> None:
    raw = raw_models(tmp_path, ring("Big", LARGE_CYCLE))
    names = ["Big0", *(f"Big{i}" for i in range(LARGE_CYCLE - 1, 0, -1))]
    assert raw.endswith(
        '        setattr(model, "__get_pydantic_core_schema__", classmethod(get_core_schema))\n'
        "\n_build_when_used(\n" + "".join(f"    {name},\n" for name in names) + ")\n"
    )
    assert raw.index("class Big39(") > raw.index("class Big0(")

"""The text helpers of the models module (``codegen.emit.python.pydantic.model_parts``): an import
block in isort's layout, a number's literal and a route's definition, each exactly, and
the route run as the generated module runs it (issue #36)."""

from __future__ import annotations

import pytest

from codegen import escape, ir
from codegen.emit.python.pydantic.model_parts import (
    Alias,
    Class,
    Field,
    Shim,
    alias_text,
    class_text,
    import_lines,
    number_text,
    route_text,
)
from codegen.emit.python.pydantic.routes import Route, RouteKey
from codegen.errors import SchemaError
from codegen.runtime._wire import router

SPAN = ir.Span("schema.ts", 3, 7)


# --------------------------------------------------------------------------- import_lines


def test_plain_names_share_one_line_in_isort_order() -> None:
    # CONSTANTS, then Classes, then the rest; natural order within each group
    names: dict[str, str | None] = {"field": None, "Model10": None, "Model2": None, "ANY": None}
    assert import_lines("m", names) == ["from m import ANY, Model2, Model10, field"]


def test_each_renamed_name_has_its_own_line_ordered_by_its_first_name() -> None:
    names: dict[str, str | None] = {
        "warn": "_warn",
        "Tag": "_Tag",
        "Field": None,
        "BaseModel": None,
        "SchemaModel": "SchemaModel",
    }
    assert import_lines("pydantic", names) == [
        "from pydantic import BaseModel, Field",  # sorted by its first name, BaseModel
        "from pydantic import SchemaModel as SchemaModel",
        "from pydantic import Tag as _Tag",
        "from pydantic import warn as _warn",
    ]


def test_the_lines_follow_isort_natural_order_of_their_first_names() -> None:
    # "Model2" before "Model10" (plain string order would put "Model10" first)
    names: dict[str, str | None] = {"Model10": None, "Model2": "_Model2", "Model3": "_Model3"}
    assert import_lines("m", names) == [
        "from m import Model2 as _Model2",
        "from m import Model3 as _Model3",
        "from m import Model10",
    ]


def test_no_plain_names_no_plain_line_and_nothing_imports_nothing() -> None:
    assert import_lines("._wire", {"router": "_router"}) == ["from ._wire import router as _router"]
    assert import_lines("._wire", {}) == []


# --------------------------------------------------------------------------- number_text


@pytest.mark.parametrize(("value", "text"), [(3, "3"), (-0.5, "-0.5"), (1e300, "1e+300"), (0, "0")])
def test_a_finite_number_is_its_python_literal(value: float, text: str) -> None:
    assert number_text(value, SPAN) == text


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_a_number_with_no_finite_value_is_a_located_error(value: float) -> None:
    with pytest.raises(SchemaError) as caught:
        number_text(value, SPAN)
    assert str(caught.value) == f"schema.ts:3:7: error: the number {value} has no finite value"
    assert caught.value.span == SPAN
    assert caught.value.__cause__ is None  # the ValueError of py_value is not chained


# --------------------------------------------------------------------------- route_text

ROUTE = Route(
    name="_route_x",
    members=("Text", "Blob", "Link"),
    keys=(
        RouteKey(
            alias="type",
            name="type",
            absent=0b011,
            other=0,
            by_value=(("link", 0b100), ("blob", 0b010)),
        ),
        RouteKey(alias="mime\nType", name="mime_type", absent=0b101, other=0b111, by_value=()),
    ),
    groups=(("Text",), ("Blob",), ("Link",), ("Text", "Blob")),
    exact=True,
)


def test_a_route_is_a_comment_of_its_members_then_one_router_call() -> None:
    assert route_text(ROUTE) == (
        "# Text | Blob | Link\n"
        "_route_x = _router(7, ("
        '("type", 3, 0, {"link": 4, "blob": 2}), '
        '("mime\\nType", 5, 7, {})'  # the wire key as a literal, escaped
        ',), {1: "Text", 2: "Blob", 4: "Link", 3: "Text|Blob"})'
    )


def test_the_written_route_runs_as_the_models_module_runs_it() -> None:
    line = route_text(ROUTE).splitlines()[1]
    namespace: dict[str, object] = {"_router": router}
    exec(line, namespace)
    route = namespace["_route_x"]
    assert callable(route)
    assert route({"type": "link", "mime\nType": "x"}) == "Link"
    assert route({"type": "blob", "mime\nType": "y"}) == "Blob"
    assert route({"type": "text"}) == "*"  # a value no member lists: no member left
    assert route({}) == "Text"  # absent type (Text|Blob), absent mime (Text|Link)
    assert route({"mime\nType": "x"}) == "Text|Blob"
    assert route([]) == "*"  # not a dict: the whole union decides


def test_a_member_name_cannot_end_the_comment_line() -> None:
    key = RouteKey(alias="k", name="k", absent=1, other=2, by_value=())
    route = Route("_route_y", ("A\nimport os", "B"), (key,), (("B",),), exact=False)
    assert route_text(route) == (
        '# A\\nimport os | B\n_route_y = _router(3, (("k", 1, 2, {}),), {2: "B"})'
    )


# --------------------------------------------------------------------------- class_text, alias_text
# Written by plain functions (no template per class, #37): the text the template wrote, and
# its ``finalize``'s refusal of unescaped text, kept.

SYM = {"Field": "Field", "model_validator": "_model_validator", "TypeAlias": "TypeAlias"}
SYM |= {"TYPE_CHECKING": "TYPE_CHECKING", "TypeAliasType": "TypeAliasType"}


def test_a_class_with_every_part_as_the_template_wrote_it() -> None:
    cls = Class(
        name="Pet",
        bases=["Animal", "defer_build=True"],
        doc=escape.docstring("A pet.\n\nIt purrs."),
        extra="int",
        fields=[
            Field("name", "str", "", escape.docstring("Its name.\nGiven.")),
            Field("age", "int", "None", "", note="pyright: ignore[x]"),
            Field("tag", "str", "", ""),
        ],
        moves=[
            Shim(
                '"old"',
                '(("a", "a"),)',
                "old",
                "str | None",
                escape.docstring("Moved.\nSee old."),
                ["x = 1", "return x"],
            )
        ],
        extra_key="str",
    )
    assert class_text(cls, SYM) == (
        "class Pet(Animal, defer_build=True):\n"
        '    """A pet.\n\n    It purrs.\n    """\n'
        "\n    __pydantic_extra__: dict[str, int] = Field(init=False)\n"
        "\n    name: str\n"
        '    """Its name.\n    Given.\n    """\n'
        "\n    age: int = None  # pyright: ignore[x]\n"
        "    tag: str\n"
        '\n    @_model_validator(mode="before")\n'
        "    @classmethod\n"
        "    def _move_legacy_fields(cls, data: object) -> object:\n"
        '        """Legacy input: each moved field goes to where the schema now keeps it."""\n'
        '        data = _move_legacy(data, "Pet", "old", (("a", "a"),))\n'
        "        return data\n"
        "\n    @property\n"
        "    def old(self) -> str | None:\n"
        '        """Moved.\n        See old.\n        """\n'
        "        x = 1\n"
        "        return x\n"
    )


def test_an_empty_class_passes() -> None:
    assert class_text(Class("E", ["SchemaModel"], "", "", []), SYM) == (
        "class E(SchemaModel):\n    pass\n"
    )


def test_a_docstring_or_typed_extras_alone_is_a_body() -> None:
    doc = escape.docstring("Doc.")
    assert class_text(Class("D", ["B"], doc, "", []), SYM) == 'class D(B):\n    """Doc."""\n'
    assert class_text(Class("X", ["B"], "", "int", []), SYM) == (
        "class X(B):\n\n    __pydantic_extra__: dict[str, int] = Field(init=False)\n"
    )


def test_aliases_plain_and_recursive() -> None:
    doc = escape.docstring("A tree.")
    plain = Alias("Tree", "list[Tree]", '"list[Tree]"', False, doc)
    assert alias_text(plain, SYM) == 'Tree: TypeAlias = list[Tree]\n"""A tree."""\n'
    assert alias_text(Alias("T", "int", '"int"', False, ""), SYM) == "T: TypeAlias = int\n"
    recursive = Alias("Tree", "list[Tree]", '"list[Tree]"', True, doc)
    assert alias_text(recursive, SYM) == (
        "if TYPE_CHECKING:\n"
        "    # pydantic needs TypeAliasType to recurse; pyright reads a plain alias more reliably\n"
        '    Tree: TypeAlias = "list[Tree]"\n'
        '    """A tree."""\n'
        'else:\n    Tree = TypeAliasType("Tree", "list[Tree]")\n'
    )


RAW = 'a\n"""\nimport os'


@pytest.mark.parametrize(
    "cls",
    [
        Class("C", [RAW], "", "", []),
        Class("C", ["B"], RAW, "", []),
        Class("C", ["B"], "", RAW, []),
        Class("C", ["B"], "", "int", [], extra_key=RAW),
        Class("C", ["B"], "", "", [Field("a", RAW, "", "")]),
        Class("C", ["B"], "", "", [Field("a", "int", RAW, "")]),
        Class("C", ["B"], "", "", [Field("a", "int", "", RAW)]),
        Class("C", ["B"], "", "", [Field("a", "int", "", "", note=RAW)]),
        Class("C", ["B"], "", "", [], [Shim(RAW, "()", "a", "int", "", [])]),
        Class("C", ["B"], "", "", [], [Shim('"a"', RAW, "a", "int", "", [])]),
        Class("C", ["B"], "", "", [], [Shim('"a"', "()", "a", RAW, "", [])]),
        Class("C", ["B"], "", "", [], [Shim('"a"', "()", "a", "int", RAW, [])]),
        Class("C", ["B"], "", "", [], [Shim('"a"', "()", "a", "int", "", [RAW])]),
    ],
)
def test_class_text_refuses_unescaped_text_anywhere(cls: Class) -> None:
    with pytest.raises(ValueError, match="unescaped text"):
        class_text(cls, SYM)


@pytest.mark.parametrize("name", ["class", "a b", "ﬁx"])
def test_class_text_refuses_unchecked_names(name: str) -> None:
    with pytest.raises(ValueError, match="not a checked Python name"):
        class_text(Class(name, ["B"], "", "", []), SYM)
    with pytest.raises(ValueError, match="not a checked Python name"):
        class_text(Class("C", ["B"], "", "", [Field(name, "int", "", "")]), SYM)
    with pytest.raises(ValueError, match="not a checked Python name"):
        alias_text(Alias(name, "int", '"int"', False, ""), SYM)


@pytest.mark.parametrize("recursive", [False, True])
@pytest.mark.parametrize("part", ["value", "quoted", "doc"])
def test_alias_text_refuses_unescaped_text(part: str, recursive: bool) -> None:
    fields = {"value": "int", "quoted": '"int"', "doc": ""} | {part: RAW}
    if part == ("quoted" if not recursive else "value"):
        return  # not written in that form
    with pytest.raises(ValueError, match="unescaped text"):
        alias_text(Alias("A", recursive=recursive, **fields), SYM)  # type: ignore[arg-type]


def test_class_text_checks_each_attribute_once_per_module_and_still_refuses() -> None:
    """The caller's set of checked attributes (one per module, #37) gains each name
    ``escape.identifier`` passed; a name it does not hold is checked, and refused."""
    checked: set[str] = set()
    text = class_text(Class("C", ["B"], "", "", [Field("a", "int", "", "")]), SYM, checked)
    assert text == "class C(B):\n\n    a: int\n"
    assert checked == {"a"}
    again = Class("D", ["B"], "", "", [Field("a", "str", "", ""), Field("b", "int", "", "")])
    assert class_text(again, SYM, checked) == "class D(B):\n\n    a: str\n    b: int\n"
    assert checked == {"a", "b"}
    for name in ("class", "a b"):
        with pytest.raises(ValueError, match="not a checked Python name"):
            class_text(Class("C", ["B"], "", "", [Field(name, "int", "", "")]), SYM, checked)
    assert checked == {"a", "b"}
    # A part with a hidden character and no line break is refused too (the fast test of
    # a field's parts together falls back to each part's own).
    with pytest.raises(ValueError, match="unescaped text"):
        class_text(Class("C", ["B"], "", "", [Field("a", "int\u200b", "", "")]), SYM, checked)

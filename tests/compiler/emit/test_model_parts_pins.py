"""The text helpers of the models module (``codegen.emit.python.pydantic.model_parts``): an import
block in isort's layout, a number's literal and a route's definition, each exactly, and
the route run as the generated module runs it (issue #36)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.emit.python.pydantic.model_parts import import_lines, number_text, route_text
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

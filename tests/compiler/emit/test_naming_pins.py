"""The naming authority's errors and class specs, exactly: message, location, values
(pinned from its mutation run)."""

from __future__ import annotations

import keyword
import re

import pytest

from codegen import ir
from codegen.build.pipeline import build
from codegen.build.targets import TARGETS
from codegen.emit.python.backend import PythonBackend, backend_of
from codegen.emit.python.class_specs import ClassSpec, needs_class, spec_parts
from codegen.emit.python.name_rules import (
    attribute_name,
    declaration_names,
    property_keys,
    python_schema,
)
from codegen.emit.python.naming import (
    assign_names,
    check_module_names,
    encloses_better,
    module_clashes,
    module_names,
)
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.compiler.emit.test_naming import SPAN1, SPAN2, interface, prop, schema

INLINE_SPAN = ir.Span("s.ts", 3, 5)
S4, S5 = ir.Span("s.ts", 4, 1), ir.Span("s.ts", 5, 1)


def obj(*names: str, span: ir.Span = ir.NO_SPAN) -> ir.Object:
    """An object type literal with one string property per name."""
    return ir.Object(tuple(prop(name) for name in names), span=span)


@pytest.mark.parametrize(
    ("decls", "renamed"),
    [
        (
            (interface("A", prop("fooBar", span=SPAN1), prop("foo_bar", span=SPAN2)),),
            ["s.ts:1:1: renamed 'fooBar' to 'foo_bar_' (another key wants 'foo_bar')"],
        ),
        (
            (interface("VERSION", prop("x")), ir.Const("version", "1", span=SPAN2)),
            ["s.ts:2:1: renamed 'VERSION' to 'VERSION_' (another name has it)"],
        ),
        (
            # a type alias (not a class) keeps its name: the const yields
            (
                ir.Const("version", "1", span=SPAN1),
                ir.Alias("VERSION", ir.Primitive("string"), span=SPAN2),
            ),
            ["s.ts:1:1: renamed 'VERSION' to 'VERSION_' (another name has it)"],
        ),
        (
            (interface("SchemaModel", prop("x"), span=SPAN2),),
            ["s.ts:2:1: renamed 'SchemaModel' to 'SchemaModel_' (the generated module defines it)"],
        ),
        (
            (interface("str", prop("x"), span=SPAN2),),
            ["s.ts:2:1: renamed 'str' to 'str_' (shadows a built-in)"],
        ),
        (
            (interface("Runtime", ir.Property("error", obj("x", span=SPAN2))),),
            ["s.ts:2:1: renamed 'RuntimeError' to 'RuntimeError_' (shadows a built-in)"],
        ),
        (
            (interface("_Helper", prop("x"), span=SPAN2),),
            ["s.ts:2:1: renamed '_Helper' to 'Helper' (a leading '_' is the generated helpers')"],
        ),
        (
            (interface("from", prop("x"), span=SPAN2),),
            ["s.ts:2:1: renamed 'from' to 'from_' (a Python keyword)"],
        ),
        (
            (interface("A", prop("$", span=SPAN2)),),
            ["s.ts:2:1: renamed '$' to 'field_1' (no letter or digit)"],
        ),
        (
            (interface("\ufb01x", prop("x"), span=SPAN2),),
            ["s.ts:2:1: renamed '\ufb01x' to 'fix' (Python reads it as 'fix')"],
        ),
        (
            (interface("model_config", prop("x"), span=SPAN2),),
            [
                "s.ts:2:1: renamed 'model_config' to 'model_config_' (an attribute of"
                " pydantic's BaseModel)"
            ],
        ),
        (
            (
                interface("A", prop("status")),
                ir.Alias("status", ir.Primitive("string"), span=SPAN2),
            ),
            [
                "s.ts:2:1: renamed 'status' to 'status_' (a field name: a class body would"
                " read the field)"
            ],
        ),
        (
            (interface("A", prop("mro", span=SPAN2)),),
            ["s.ts:2:1: renamed 'mro' to 'mro_' (an attribute of pydantic's BaseModel)"],
        ),
    ],
)
def test_each_rename_is_reported_where_and_why(
    decls: tuple[ir.Decl, ...], renamed: list[str]
) -> None:
    named, renames = python_schema(schema(*decls))
    assert [str(r) for r in (*renames, *assign_names(named).renames)] == renamed


def test_an_intersection_with_a_primitive_is_an_error_at_the_member() -> None:
    both = ir.Intersection((ir.Ref("A"), ir.Primitive("string", span=SPAN2)))
    with pytest.raises(SchemaError) as caught:
        assign_names(schema(ir.Alias("Both", both)))
    assert caught.value.span == SPAN2
    assert caught.value.message == (
        "cannot intersect a primitive type; only interfaces, Omit<...> and object"
        " literals can be combined with '&'"
    )


def test_a_type_alias_named_like_an_inline_class_keeps_its_name() -> None:
    """Before the collision rule the alias vanished and its uses silently meant the inline
    class; now the inline class yields."""
    names = assign_names(
        schema(
            interface("Tool", ir.Property("annotations", obj("x", span=INLINE_SPAN))),
            ir.Alias("ToolAnnotations", ir.Primitive("number"), span=SPAN2),
        )
    )
    assert names.aliases == ("ToolAnnotations",)
    assert names.inline_at("Tool", "annotations") == ["ToolAnnotations_"]


def test_a_const_named_like_an_inline_class_keeps_its_constant() -> None:
    names = assign_names(
        schema(
            interface("Tool", ir.Property("annotations", obj("x"))),
            ir.Const("ToolAnnotations", "1"),
        )
    )
    assert [spec.name for spec in names.classes] == ["ToolAnnotations", "Tool"]
    assert names.constants == {"ToolAnnotations": "TOOL_ANNOTATIONS"}
    assert names.aliases == ()


def test_two_inline_classes_that_want_one_name_differ_by_an_underscore() -> None:
    """A.b.y.z (nested three deep, written first) and A.bYZ (written after A.b) both want
    'ABYZ': the one named first keeps it (a class names the anonymous objects of its own
    properties before those of their properties)."""
    deep = ir.Property("z", obj("p", span=S4))
    b = ir.Object(
        (ir.Property("x", obj("p")), ir.Property("y", ir.Object((deep,)))), span=INLINE_SPAN
    )
    names = assign_names(
        schema(interface("A", ir.Property("b", b), ir.Property("bYZ", obj("p", span=S5))))
    )
    assert names.inline_at("A", "bYZ") == ["ABYZ"]
    assert names.inline_at("ABY", "z") == ["ABYZ_"]


def test_an_intersection_alias_becomes_a_class_with_bases_and_merged_body() -> None:
    index = ir.IndexSignature(ir.Primitive("string"))
    both = ir.Intersection(
        (ir.Ref("A"), ir.Object((prop("b"),), index), ir.Object((prop("c"),))), span=S4
    )
    names = assign_names(schema(ir.Alias("X", both, span=SPAN2)))
    assert names.classes == (
        ClassSpec(
            "X",
            (ir.Ref("A"),),
            ir.Object((prop("b"), prop("c")), index, S4),
            ir.Doc(),
            SPAN2,
            (0,),
        ),
    )
    assert names.aliases == ()


def test_an_omit_alias_becomes_a_class_extending_the_omit() -> None:
    omit = ir.Omit(ir.Ref("A"), ("k",), span=S4)
    names = assign_names(schema(ir.Alias("X", omit, span=SPAN2)))
    assert names.classes == (ClassSpec("X", (omit,), ir.Object(span=S4), ir.Doc(), SPAN2, (0,)),)


def test_inline_objects_inside_arrays_mappings_and_index_signatures_get_classes() -> None:
    indexed = ir.Object(index=ir.IndexSignature(obj("p")))
    names = assign_names(
        schema(
            interface(
                "A",
                ir.Property("list", ir.Array(obj("p"))),
                ir.Property("map", ir.Mapping(obj("p"))),
                ir.Property("dict", indexed),
                ir.Property("empty", ir.Object()),
            )
        )
    )
    inline = {key: names.inline_at("A", key) for key in ("list", "map", "dict", "empty")}
    assert inline == {"list": ["AList"], "map": ["AMap"], "dict": ["ADict"], "empty": []}
    assert [spec.name for spec in names.classes] == ["AList", "AMap", "ADict", "A"]


def test_only_class_like_types_need_a_class() -> None:
    assert needs_class(ir.Primitive("string")) is False
    assert needs_class(ir.Object()) is False
    assert needs_class(obj("x")) is True
    assert needs_class(ir.Omit(ir.Ref("A"), ("k",))) is True


def test_a_type_that_is_not_class_like_cannot_become_a_class() -> None:
    with pytest.raises(SchemaError) as caught:
        spec_parts(ir.Primitive("string", span=SPAN2))
    assert caught.value.span == SPAN2
    assert caught.value.message == "a primitive type cannot become a class"


@pytest.mark.parametrize(
    ("key", "attribute"), [("match", "match_"), ("case", "case_"), ("type", "type"), ("$", "")]
)
def test_soft_keywords_match_and_case_get_an_underscore(key: str, attribute: str) -> None:
    assert attribute_name(key) == attribute


def test_attribute_names_do_not_depend_on_the_interpreters_soft_keywords(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python 3.12 lists 'type' as a soft keyword; the generated names stay the same."""
    monkeypatch.setattr(keyword, "softkwlist", [*keyword.softkwlist, "type"])
    monkeypatch.setattr(keyword, "issoftkeyword", frozenset(keyword.softkwlist).__contains__)
    assert attribute_name("type") == "type"
    assert attribute_name("match") == "match_"


def test_a_builtins_name_that_generated_code_never_reads_is_a_fine_type_name() -> None:
    """Only the built-ins generated code refers to are reserved ('str' is; 'Warning' not)."""
    names = assign_names(schema(interface("Warning", prop("text"))))
    assert [spec.name for spec in names.classes] == ["Warning"]


# --------------------------------------------------------------------------- other modules

OTHER_MODULE = """\
from .models import Request, Mapping as Mapping_
from . import models
from .models import Result
from .helpers import Helper
from models import Absolute
import os.path
import json as j
class Client: ...
def helper(): ...
async def fetch(): ...
METHODS = {}
Limit: int = 3
Pending: int
obj.attr = 1
__all__ = ["Client", "helper"]
__all__: list[str] = ["METHODS"]
"""


def test_module_names_reads_what_a_module_binds_imports_from_models_and_exports() -> None:
    own, from_models, exported = module_names(OTHER_MODULE)
    assert own == {
        "models",  # 'from . import models' binds the name itself
        "Helper",
        "Absolute",  # an absolute 'models' is another package, not the sibling module
        "os",
        "j",
        "Client",
        "helper",
        "fetch",
        "METHODS",
        "Limit",
        "Pending",
        "__all__",
    }
    assert from_models == {"Request", "Mapping_", "Result"}
    assert exported == {"Client", "helper", "METHODS"}


def _check(*decls: ir.Decl, modules: dict[str, str]) -> None:
    bad = schema(*decls)
    check_module_names(assign_names(bad), bad, modules)


def test_a_name_another_generated_module_binds_and_imports_from_models_is_an_error() -> None:
    """Imported from models and bound again: the module's own would win."""
    modules = {"server.py": "from .models import Tool\nTool = 1\n__all__ = ['Other']\n"}
    with pytest.raises(SchemaError) as caught:
        _check(interface("Tool", prop("x"), span=SPAN2), modules=modules)
    assert caught.value.span == SPAN2
    assert caught.value.message == (
        "'Tool' would take the name 'Tool' that the generated server module defines"
    )


@pytest.mark.parametrize(
    "decl",
    [
        interface("Client", prop("x"), span=SPAN2),
        ir.Alias("METHODS", ir.Primitive("string"), span=SPAN2),
        ir.Const("methods", "1", span=SPAN2),
        interface("Task", ir.Property("annotations", obj("x", span=SPAN2))),
    ],
)
def test_a_name_another_module_only_exports_is_the_schema_s(decl: ir.Decl) -> None:
    """``Client``, ``Direction``: the package root exports the schema's type instead."""
    modules = {"client.py": OTHER_MODULE, "server.py": "__all__ = ['TaskAnnotations']\n"}
    _check(decl, modules=modules)


def test_names_another_module_keeps_to_itself_or_only_imports_are_free() -> None:
    """Private helpers (bound, not exported) and plain imports from models do not clash."""
    decls = (interface("Limit", prop("x")), interface("Request", prop("x")))
    bad = schema(*decls)
    check_module_names(assign_names(bad), bad, {"client.py": OTHER_MODULE})
    assert [spec.name for spec in assign_names(bad).classes] == ["Limit", "Request"]


def test_the_reported_clash_does_not_depend_on_module_or_declaration_order() -> None:
    """With several clashes the error is the same whichever order the inputs come in."""
    modules = {
        "client.py": "from .models import B, A\nA = B = 1\n",
        "server.py": "from .models import A\nA = 1\n",
    }
    errors = set()
    for decls in [
        (interface("A", prop("x")), interface("B", prop("x"))),
        (interface("B", prop("x")), interface("A", prop("x"))),
    ]:
        for order in [modules, dict(reversed(modules.items()))]:
            with pytest.raises(SchemaError) as caught:
                _check(*decls, modules=order)
            errors.add(caught.value.message)
    assert errors == {"'A' would take the name 'A' that the generated client module defines"}


@pytest.mark.parametrize(
    "spelling",
    [
        "from . models import Tool",
        "from .\\\n    models import (Tool)",
        "x = 0; from\t.models import Tool",
        "from .\uff4dodels import Tool",  # fullwidth m: Python reads it as 'models' (NFKC)
    ],
)
def test_every_spelling_of_the_import_from_models_is_checked(spelling: str) -> None:
    """The checks skip a module that cannot import from models (no parse, #37): each way
    Python allows to write that import still reaches the check."""
    modules = {"server.py": f"{spelling}\nTool = 1\n"}
    with pytest.raises(SchemaError, match="'Tool' would take the name 'Tool'"):
        _check(interface("Tool", prop("x"), span=SPAN2), modules=modules)
    named = schema(interface("Tool", prop("x")))
    assert module_clashes(assign_names(named), named, modules) == {"Tool"}


def test_a_module_that_imports_nothing_from_models_is_not_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The validators and the static runtime (most of the text) import nothing from
    models, so they cannot clash: the name checks read only the modules that do (#37)."""
    import codegen.emit.python.naming as naming

    read: list[str] = []

    def counting(text: str) -> tuple[set[str], set[str], set[str]]:
        read.append(text)
        return naming._read_module_names(text)

    monkeypatch.setattr(naming, "module_names", counting)
    plain = "# the models module is imported by others\nfrom ..models import Tool\nTool = 1\n"
    modules = {"validators.py": plain, "client.py": OTHER_MODULE}
    bad = schema(interface("Tool", prop("x")))
    check_module_names(assign_names(bad), bad, modules)
    assert module_clashes(assign_names(bad), bad, modules) == set()
    assert read == [OTHER_MODULE, OTHER_MODULE]


def test_an_intersection_of_two_index_signatures_is_an_error_at_the_second() -> None:
    """Keeping either signature would change the meaning: a value must match both."""
    first = ir.IndexSignature(ir.Primitive("string"), span=S4)
    second = ir.IndexSignature(ir.Primitive("number"), span=S5)
    both = ir.Intersection(
        (ir.Object((), first, SPAN1), ir.Object((prop("x"),), second, SPAN2)), SPAN1
    )
    with pytest.raises(SchemaError) as caught:
        spec_parts(both)
    assert caught.value.span == S5
    assert caught.value.message == (
        "an intersection with two index signatures is not supported; write one index"
        " signature whose value type allows both"
    )
    one = ir.Intersection((ir.Object((), first, SPAN1), obj("x")), SPAN1)
    assert spec_parts(one) == ((), ir.Object((prop("x"),), first, SPAN1))


# --------------------------------------------------------------------------- renaming


@pytest.mark.parametrize(
    ("name", "python"),
    [
        ("$Foo", "Foo"),  # '$' is '_', and leading underscores go
        ("Foo$Bar", "Foo_Bar"),
        ("_1st", "T1st"),  # no digit first
        ("__XFoo", "XFoo"),  # only the underscores go
        ("_", "Type"),  # nothing left
        ("$", "Type"),
        ("Exception", "Exception_"),
        ("\uff26\uff35\uff2c\uff2c", "FULL"),  # Python reads fullwidth letters as ASCII
    ],
)
def test_a_name_python_cannot_have_becomes_its_base_name(name: str, python: str) -> None:
    named, renames = python_schema(schema(interface(name, prop("x"))))
    assert list(named.decls) == [python]
    assert [(r.old, r.new) for r in renames] == [(name, python)]


def test_a_renamed_declaration_keeps_its_spans_and_its_references_follow() -> None:
    use = ir.Property("e", ir.Ref("Exception", span=S4), span=S5)
    named, _ = python_schema(
        schema(interface("Exception", prop("x"), span=SPAN2), interface("A", use, span=SPAN1))
    )
    renamed = named.decls["Exception_"]
    assert (renamed.span, renamed.qualname) == (SPAN2, "Exception")  # type: ignore[union-attr]
    a = named.decls["A"]
    assert isinstance(a, ir.Interface)
    assert a.body.properties[0] == ir.Property("e", ir.Ref("Exception_", span=S4), span=S5)


def _union_of(*members: ir.Object) -> ir.Union:
    return ir.Union(members)


def _tagged(value: str | int, *rest: str) -> ir.Object:
    return ir.Object((ir.Property("kind", ir.Literal(value)), *(prop(name) for name in rest)))


@pytest.mark.parametrize(
    ("members", "names"),
    [
        ((_tagged("circle", "r"), _tagged("square", "s")), ["AXCircle", "AXSquare"]),
        ((_tagged("same", "r"), _tagged("same", "s")), ["AX1", "AX2"]),  # not apart
        ((_tagged(1, "r"), _tagged(2, "s")), ["AX1", "AX2"]),  # not strings
        ((_tagged("a", "r"), obj("kind2")), ["AX1", "AX2"]),  # one lacks it
        ((_tagged("", "r"), _tagged("b", "s")), ["AX1", "AX2"]),  # no word
        ((obj("q", "kind"), _tagged("x", "r")), ["AX1", "AX2"]),  # the first one's order
    ],
)
def test_several_anonymous_objects_in_one_place_are_told_apart(
    members: tuple[ir.Object, ...], names: list[str]
) -> None:
    named = assign_names(schema(interface("A", ir.Property("x", _union_of(*members)))))
    assert named.inline_at("A", "x") == names


def test_one_anonymous_object_in_an_alias_takes_its_literal_field_or_a_number() -> None:
    names = assign_names(
        schema(
            ir.Alias("Auth", ir.Union((ir.Ref("B"), _tagged("terminal", "t")))),
            ir.Alias("L", ir.Array(obj("x"))),
            interface("B", prop("b")),
        )
    )
    assert names.inline_at("Auth", "") == ["AuthTerminal"]
    assert names.inline_at("L", "") == ["L1"]


def test_an_anonymous_class_is_found_by_owner_key_and_structure() -> None:
    x, y = obj("x"), obj("y")
    names = assign_names(
        schema(interface("A", ir.Property("p", ir.Union((x, y))), ir.Property("q", x)))
    )
    assert names.inline_class("A", "p", x) == "AP1"
    assert names.inline_class("A", "p", y) == "AP2"
    assert names.inline_class("A", "q", x) == "AQ"
    # elsewhere (a copied field): the class of that key and structure
    assert names.inline_class("B", "p", y) == "AP2"
    assert names.inline_class("B", "q", x) == "AQ"
    assert names.inline_class("A", "q", y) is None  # no such structure at that key
    assert names.inline_class("A", "r", x) is None


def test_three_keys_that_want_one_attribute_and_the_leading_junk_rank() -> None:
    names = assign_names(
        schema(
            interface(
                "A", prop("fooBar"), prop("foo-bar"), prop("foo_bar"), prop("__x"), prop("x!!!!")
            )
        )
    )
    assert names.attributes == {
        "foo_bar": "foo_bar",  # written as the attribute
        "foo-bar": "foo_bar_",  # then by key: '-' < 'B'
        "fooBar": "foo_bar__",
        "x!!!!": "x",  # no leading '_' or '$' beats two
        "__x": "x_",
    }
    assert names.attribute("notAKey") == "not_a_key"  # a key no property has


def test_declaration_names_map_every_type_and_a_written_name_wins() -> None:
    decls = (
        interface("Exception_", prop("x")),
        interface("Exception", prop("x"), span=SPAN2),
        interface("Fine", prop("x")),
    )
    names, renames = declaration_names(schema(*decls))
    assert names == {"Exception_": "Exception_", "Exception": "Exception__", "Fine": "Fine"}
    assert [(r.old, r.new, r.span) for r in renames] == [("Exception", "Exception__", SPAN2)]


def test_every_attribute_rename_is_reported_not_only_the_first_keys() -> None:
    names = assign_names(schema(interface("A", prop("a"), prop("mro", span=SPAN2))))
    assert [(r.old, r.new) for r in names.renames] == [("mro", "mro_")]


def test_a_result_tag_follows_a_renamed_type_and_other_tags_stay() -> None:
    doc = ir.Doc(
        "d", (ir.DocTag("result", " Exception "), ir.DocTag("see", "Exception"), ir.DocTag("x", ""))
    )
    request = ir.Interface("GetRequest", ir.Object((prop("x"),)), doc=doc)
    named, _ = python_schema(schema(interface("Exception", prop("m")), request))
    assert named.decls["GetRequest"].doc.tags == (
        ir.DocTag("result", "Exception_"),
        ir.DocTag("see", "Exception"),
        ir.DocTag("x", ""),
    )


def test_the_backend_names_its_schema_once() -> None:
    s = schema(interface("Exception", prop("x")))
    backend = PythonBackend(s)
    assert backend.names is backend.names
    assert backend.layouts is backend.layouts
    assert list(backend.schema.decls) == ["Exception_"]
    assert backend.source is s
    assert [str(r) for r in backend.all_renames] == [
        str(r) for r in (*python_schema(s)[1], *assign_names(backend.schema).renames)
    ]
    # the backend of a build is handed on as it is; a plain schema is named afresh
    assert backend_of(backend) is backend
    assert list(backend_of(s).schema.decls) == ["Exception_"]
    assert property_keys(s) == property_keys(backend.schema)


def test_the_clashes_of_every_module_are_gathered() -> None:
    s = schema(interface("A", prop("x")), interface("B", prop("x")), interface("C", prop("x")))
    modules = {
        "client.py": "from .models import A\nA = 1\n",
        "server.py": "from .models import B, C\nB = 1\n",
    }
    assert module_clashes(assign_names(s), s, modules) == {"A", "B"}


PICKED = "export interface A {\n  o: { x: string };\n  p: string;\n}\n"
PICK = 'export type B = Pick<A, "o">;\n'


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("text", [PICKED + PICK, PICK + PICKED], ids=["after", "before"])
def test_a_pick_of_an_interface_does_not_rename_its_inline_classes(target: str, text: str) -> None:
    # The Pick holds A's very property: its inline class keeps A's name in A and in the
    # Pick, whether the Pick is written after A or before it (the class whose text
    # encloses the property names it).
    schema = resolve([parse_module("s.ts", text)])
    models = build(schema, command="t", emitters=TARGETS[target])["models.py"]
    held = re.findall(r"^    o: \"?(\w+)\"?$", models, re.MULTILINE)
    assert held == ["AO", "AO"]


@pytest.mark.parametrize(
    ("span", "held", "at", "closer"),
    [
        (S5, S4, ir.Span("s.ts", 6, 3), True),  # the later start, both before the property
        (S4, S5, ir.Span("s.ts", 6, 3), False),
        (ir.Span("s.ts", 6, 3), S4, ir.Span("s.ts", 6, 3), True),  # starting at it encloses
        (ir.Span("s.ts", 6, 4), S4, ir.Span("s.ts", 6, 3), False),  # after it: no
        (ir.Span("t.ts", 5, 1), S4, ir.Span("s.ts", 6, 3), False),  # another file: no
        (S5, ir.Span("t.ts", 1, 1), ir.Span("s.ts", 6, 3), True),  # over one in another file
        (S4, ir.Span("s.ts", 7, 1), ir.Span("s.ts", 6, 3), True),  # over one after it
    ],
)
def test_which_class_encloses_a_property_more_closely(
    span: ir.Span, held: ir.Span, at: ir.Span, closer: bool
) -> None:
    assert encloses_better(span, held, at) is closer

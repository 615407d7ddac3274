"""Pins of ``codegen.frontend.expand_core`` (issue #36), from its mutation survivors: which
members an indexed access finds as methods (``has_method``), the properties of a
declaration not yet expanded, an index signature read as written, the members a JSON
object can hold (``present``), synthesized names (``add``) and the instances a pattern
makes for a verdict only (``forget``)."""

from __future__ import annotations

import dataclasses

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend import budget, expand, expand_core
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render
from tests.compiler.frontend.test_expand_pins import error, shown


def degraded(text: str) -> tuple[dict[str, str], list[str]]:
    """Each alias's type as text, and the located warnings of what degraded."""
    diags = Diagnostics()
    decls = resolve([parse_module("a.ts", text)], diags).decls
    types = {k: render(d.type) for k, d in decls.items() if isinstance(d, ir.Alias)}
    return types, [str(w) for w in diags.degraded]


def not_data(line: int, col: int, key: str) -> str:
    return (
        f"a.ts:{line}:{col}: warning: '{key}' is not a data property of the indexed type (a"
        " member that is not JSON data, or no member at all): degraded to JsonValue (any JSON"
        " value)"
    )


# --------------------------------------------------------------------------- has_method

CLIENT = """\
export interface Base { send(x: string): void; data: string }
export interface Client extends Base { id: string; close(): void }
export interface Box<T> { v: T; get(): T }
export type Al = Client;
export type Al2 = Al;
"""


@pytest.mark.parametrize(
    "use",
    [
        'Client["close"]',  # the interface's own method
        'Client["send"]',  # its base's
        'Al2["send"]',  # through aliases
        '({ a: string } & Base)["send"]',  # a member of an intersection
        'Omit<Client, "id">["send"]',  # a key Omit keeps
        '{ run(): void; n: number }["run"]',  # an object type's own
        'Box<string>["get"]',  # a generic instance's
    ],
)
def test_an_indexed_method_is_a_function_type_an_object(use: str) -> None:
    # ``Client["send"]``: the method's function type, no JSON value; written as every
    # function type is (typescript-json-schema: an object)
    types, warnings = degraded(CLIENT + f"export type X = {use};\n")
    assert (types["X"], warnings) == ("object", [])


@pytest.mark.parametrize(
    ("use", "key"),
    [
        ('Omit<Client, "send">["send"]', "send"),  # a key Omit took out
        ('Client["nope"]', "nope"),
        ('({ a: string } & Base)["nope"]', "nope"),
        ('string["length"]', "length"),  # a primitive's apparent member: no data
    ],
)
def test_a_member_that_is_no_method_nor_data_degrades_where_it_stands(use: str, key: str) -> None:
    types, warnings = degraded(CLIENT + f"export type X = {use};\n")
    assert (types["X"], warnings) == ("unknown", [not_data(6, 17, key)])


# --------------------------------------------------------------------------- properties


def test_a_declaration_used_before_it_is_declared_is_read_with_its_bases() -> None:
    assert shown(
        "export type P = Partial<Later>;\n"
        'export type X = Later["b"];\n'
        'export type Y = Later["m"];\n'
        "export interface Later extends Base { a: string; m(): void }\n"
        "export interface Base { b: number }\n"
    ) == {
        "Partial_Later": [("b", "number", True), ("a", "string", True)],
        "P": "Partial_Later",
        "X": "number",
        "Y": "object",
        "Later": [("a", "string", False), "extends Base"],
        "Base": [("b", "number", False)],
    }


def test_aliases_used_before_they_are_declared_are_each_their_own_value() -> None:
    # each alias read ahead of its declaration is expanded once, under its own name
    assert shown(
        "export type P = Partial<L1>;\n"
        "export type K = keyof L2;\n"
        "export type L1 = { a: string };\n"
        "export type L2 = { b: number };\n"
    ) == {
        "Partial_L1": [("a", "string", True)],
        "P": "Partial_L1",
        "K": '"b"',
        "L1": "{ a: string }",
        "L2": "{ b: number }",
    }


def test_an_index_signature_read_while_its_declaration_is_expanded_is_expanded() -> None:
    # ``D[string]`` inside ``D``: the index signature as written (``Box<string>``), then
    # expanded to the instance
    assert shown(
        "export interface Box<T> { v: T }\n"
        "export interface D { [k: string]: Box<string>; x?: D[string]; y: D[string] }\n"
    ) == {
        "Box_string": [("v", "string", False)],
        "D": [("x", "Box_string", True), ("y", "Box_string", False), "index Box_string"],
    }


def test_a_never_or_undefined_member_is_no_key_of_a_json_object() -> None:
    assert shown(
        'export type R = Record<"a" | "b", never>;\n'
        'export type U = Record<"a", undefined>;\n'
        "export interface A { a: never; b: undefined; c: string }\n"
        "export type P = Partial<A>;\n"
    ) == {
        "Record_aOrb_never": [],
        "R": "Record_aOrb_never",
        "Record_a_undefined": [],
        "U": "Record_a_undefined",
        "A": [("c", "string", False)],
        "Partial_A": [("c", "string", True)],
        "P": "Partial_A",
    }


# --------------------------------------------------------------------------- add, forget


def test_two_structures_never_share_a_synthesized_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``SA`` is declared: the lifted ``{ kind: 'a' }`` is ``SA_<digest>``, and so would be
    # ``SA & { n: number }``; a digest collision (forced here) is the located error, never
    # one name for two types
    text = (
        "export interface SA { z: 1 }\n"
        "export type S = ({ kind: 'a' } | { kind: 'b' }) & { n: number };\n"
    )
    assert shown(text)["S"] == "SA_9e950051 | SB_09a4f667"
    monkeypatch.setattr(expand_core, "digest", lambda structure: "d")
    assert error(text) == ("a.ts:2:17: error: two different types want the synthesized name 'SA_d'")


def test_an_instance_named_like_a_const_gets_its_structure_s_digest() -> None:
    # a const's name is taken as a declaration's is (a const is no generic template)
    out = shown(
        'export const Box_string = "x";\n'
        "export interface Box<T> { v: T }\n"
        "export type A = Box<string>;\n"
    )
    assert out["A"] == "Box_string_e8245221"
    assert out["Box_string_e8245221"] == [("v", "string", False)]


def test_a_lifted_member_costs_no_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    # four declarations lifted from ``S`` (no generic instances): no INSTANCE_COST each
    text = "export type S = ({ kind: 'a' } | { kind: 'b' }) & { n: number };\n"
    monkeypatch.setattr(budget, "MAX_WORK", 14)
    assert shown(text)["S"] == "SA_875901fd | SB_09a4f667"
    monkeypatch.setattr(budget, "MAX_WORK", 13)
    assert error(text).startswith("a.ts:1:17: error: expanding 'S' needs more than 13 steps")


def test_the_instances_a_pattern_makes_for_a_verdict_are_forgotten() -> None:
    # ``Box<infer U>`` makes an instance named ``Box_U`` to decide the verdict only: the
    # real ``Box<U>`` after it is declared under that name, once
    assert shown(
        "export interface Box<T> { v: T }\n"
        "export interface U { u: string }\n"
        "export type Unbox<T> = T extends Box<infer U> ? U : never;\n"
        "export type X = Unbox<Box<string>>;\n"
        "export type Y = Box<U>;\n"
        "export type Z = Unbox<Box<U>>;\n"
    ) == {
        "U": [("u", "string", False)],
        "Box_string": [("v", "string", False)],
        "X": "string",
        "Box_U": [("v", "U", False)],
        "Y": "Box_U",
        "Z": "U",
    }


def test_a_pattern_s_new_instance_is_forgotten_then_declared_when_used() -> None:
    # ``Wrap<infer U>`` against ``{ v: string }`` makes ``Wrap_string`` for the verdict
    # only; the real ``Wrap<string>`` after it is declared (not taken for made already)
    assert shown(
        "export interface Wrap<T> { v: T }\n"
        "export type Unwrap<T> = T extends Wrap<infer U> ? U : never;\n"
        "export type X = Unwrap<{ v: string }>;\n"
        "export type Y = Wrap<string>;\n"
    ) == {"X": "string", "Wrap_string": [("v", "string", False)], "Y": "Wrap_string"}
    # without a real use, no ``Wrap_string`` is emitted
    assert shown(
        "export interface Wrap<T> { v: T }\n"
        "export type Unwrap<T> = T extends Wrap<infer U> ? U : never;\n"
        "export type X = Unwrap<{ v: string }>;\n"
    ) == {"X": "string"}


def test_a_union_drops_never_and_repeats_null_and_undefined_once() -> None:
    # ``never | X`` is ``X``; a second ``null`` or ``undefined`` adds nothing; a union of
    # nothing but ``never`` is ``never``
    assert shown(
        "export type V = [never, string, never][number];\n"
        "export type N = [null, string, null][number];\n"
        "export type U = [undefined, string, undefined][number];\n"
        "export type E = [never, never][number];\n"
    ) == {"V": "string", "N": "null | string", "U": "undefined | string", "E": "never"}


def test_infer_binds_from_an_instance_s_own_arguments() -> None:
    # ``Box<number>`` is the instance of ``Box`` with ``number``: ``infer U`` binds to its
    # argument, also where the body does not use the parameter (nothing to match there)
    assert shown(
        "export interface Box<T> { v: string }\n"
        "export type Unbox<T> = T extends Box<infer U> ? U : never;\n"
        "export type X = Unbox<Box<number>>;\n"
    ) == {"Box_number": [("v", "string", False)], "X": "number"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "export type A = keyof A;\n",
            "a.ts:1:23: error: type alias 'A' circularly references itself",
        ),
        (
            'export type B = B["k"];\n',
            "a.ts:1:17: error: type alias 'B' circularly references itself",
        ),
        (
            "export interface I { a: string }\nexport type A = Partial<A>;\n",
            "a.ts:2:25: error: type alias 'A' circularly references itself",
        ),
        # ``N["name"]`` reads each member of ``N``, ``N`` among them (the program fuzzer's
        # find: this recursed until the "schema nests too deeply" fallback)
        (
            'export type N = (N | string);\nexport type S = N["name"];\n',
            "a.ts:1:18: error: type alias 'N' circularly references itself",
        ),
        (
            'export type A = B | string;\nexport type B = A | number;\nexport type S = A["x"];\n',
            "a.ts:2:17: error: type alias 'A' circularly references itself",
        ),
    ],
)
def test_an_alias_whose_value_needs_itself_is_the_located_error(text: str, message: str) -> None:
    # as in TypeScript; located at the reference that needs the alias's own value
    assert error(text) == message


def test_a_base_s_this_typed_member_is_the_derived_interface_s() -> None:
    # ``this`` in ``Base`` is the interface that has the member: ``D`` redeclares ``next``
    # as a ``D``, ``Base`` keeps it a ``Base``
    assert shown(
        "export interface Base { next?: this; id: string; prev: [this] | null }\n"
        "export interface D extends Base { x: string }\n"
    ) == {
        "Base": [("next", "Base", True), ("id", "string", False), ("prev", "[Base] | null", False)],
        "D": [
            ("x", "string", False),
            ("next", "D", True),
            ("prev", "[D] | null", False),
            "extends Base",
        ],
    }


# ------------------------------------------------- lookups and names, on IR (issue #36)

SPAN = ir.Span("a.ts", 3, 7)
OTHER = ir.Span("a.ts", 9, 2)
BOX = ir.Interface(
    "Box",
    ir.Object((ir.Property("v", ir.Ref("T")),), methods=("get",)),
    params=(ir.TypeParam("T"),),
)
PAIR = ir.Alias("Pair", ir.Tuple((ir.Ref("T"), ir.Ref("T"))), params=(ir.TypeParam("T"),))
PLAIN = ir.Interface("Plain", ir.Object((ir.Property("p", ir.Primitive("string")),)))
NAME = ir.Alias("Name", ir.Primitive("string"))
LIMIT = ir.Const("LIMIT", 3)


def expander(*decls: ir.Decl) -> expand._Expander:
    return expand._Expander({d.name: d for d in decls})


def test_a_reference_to_a_const_or_to_no_declaration_has_no_method() -> None:
    # only interfaces (with their bases) and aliases of object types declare methods
    e = expander(BOX, LIMIT)
    assert e.has_method(ir.Ref("Box", (ir.Primitive("string"),)), "get") is True
    assert e.has_method(ir.Ref("LIMIT"), "get") is False
    assert e.has_method(ir.Ref("Nowhere"), "get") is False


def test_only_a_declaration_with_type_parameters_is_a_generic() -> None:
    e = expander(BOX, PAIR, PLAIN, NAME, LIMIT)
    assert (e.generic("Box"), e.generic("Pair")) == (BOX, PAIR)
    assert [e.generic(n) for n in ("Plain", "Name", "LIMIT", "Nowhere")] == [None] * 4


def test_a_free_name_is_the_first_that_nothing_is_declared_or_synthesized_as() -> None:
    e = expander(PLAIN)
    assert e.free_name("Other") == "Other"
    assert e.free_name("Plain") == "Plain_2"  # declared in the source
    e.shapes["Plain_2"] = ()  # synthesized already
    e.shapes["Syn"] = ()
    assert (e.free_name("Plain"), e.free_name("Syn")) == ("Plain_3", "Syn_2")


def test_written_as_interface_reads_an_instance_s_generic() -> None:
    # an instance is written as its generic is (``Box_string`` of ``interface Box<T>``)
    e = expander(BOX, PAIR, PLAIN, NAME)
    e.made_of["Box_string"] = ("Box", (ir.Primitive("string"),))
    e.made_of["Pair_string"] = ("Pair", (ir.Primitive("string"),))
    assert [e.written_as_interface(n) for n in ("Box_string", "Plain", "Box")] == [True] * 3
    assert [e.written_as_interface(n) for n in ("Pair_string", "Name", "Nowhere")] == [False] * 3


def test_a_source_declaration_is_expanded_once_and_read_as_written_while_under_way() -> None:
    box_of_name = ir.Alias("B", ir.Ref("Box", (ir.Ref("Name"),)))
    e = expander(BOX, NAME, box_of_name)
    done = e.expanded_source("B", box_of_name)
    assert done == ir.Alias("B", ir.Ref("Box_Name"))
    assert e.expanded_source("B", box_of_name) is done  # kept: no second expansion
    assert (e.busy, e.raw_reads, list(e.instances)) == (set(), 0, ["Box_Name"])
    e.busy.add("Name")  # its expansion under way: read as written, and counted so
    assert e.expanded_source("Name", NAME) is NAME
    assert (e.raw_reads, "Name" in e.expanded) == (1, False)


def test_work_is_spent_up_to_the_limit_and_one_step_past_it_is_the_located_error() -> None:
    e = expander()
    e.budget.limit = 10
    e.spend(4, SPAN)
    e.spend(6, SPAN)
    assert e.budget.spent == 10  # at the limit: still allowed
    with pytest.raises(SchemaError) as info:
        e.spend(1, SPAN)
    assert str(info.value) == (
        "a.ts:3:7: error: expanding this type needs more than 10 steps of type expansion"
        " (the compiler's work budget); the type grows without bound or is too large to expand"
    )


@pytest.mark.parametrize(
    ("context", "constructs", "where"),
    [
        (["Outer", "Inner"], [], "a.ts:3:7: error: expanding 'Outer' "),
        (
            ["Outer"],
            [("the generic instance of 'G'", OTHER), ("the generic instance of 'H'", SPAN)],
            "a.ts:9:2: error: expanding the generic instance of 'G' ",
        ),
    ],
)
def test_work_past_the_budget_blames_the_outermost_expansion_under_way(
    context: list[str], constructs: list[tuple[str, ir.Span]], where: str
) -> None:
    # the declaration being expanded, or the outermost construct at its own span
    e = expander()
    e.budget.limit = 5
    e.context, e.constructs = context, constructs
    e.spend(5, SPAN)
    with pytest.raises(SchemaError) as info:
        e.spend(2, SPAN)
    assert str(info.value).startswith(where + "needs more than 5 steps")
    assert e.budget.spent == 7


def test_a_recursive_instance_under_a_taken_name_is_declared_and_refers_to_itself() -> None:
    # ``Tree<string>`` names itself in its body; ``Tree_string`` is declared already: the
    # instance takes the digest's name and its own reference follows it (``declare``)
    out = shown(
        "export interface Tree<T> { v: T; kids: Tree<T>[] }\n"
        "export interface Tree_string { other: number }\n"
        "export type A = Tree<string>;\n"
    )
    name = out["A"]
    assert isinstance(name, str) and name.startswith("Tree_string_")
    assert out[name] == [("v", "string", False), ("kids", f"{name}[]", False)]
    assert out["Tree_string"] == [("other", "number", False)]


def test_a_member_path_of_the_declaration_being_expanded_is_read_as_its_member() -> None:
    # ``C["a"]["b"]`` inside ``C``: the member's declared type, read lazily (TypeScript);
    # the same path again is the same type; through an object member it is a recursive
    # type declared under the path's name (``CS``)
    assert shown(
        "export interface C { a: { b: string }; x: C['a']['b']; y: C['a']['b'] }\n"
        "export interface D { s: { n?: D['s'] }; t: D['s'] }\n"
    ) == {
        "C": [("a", "{ b: string }", False), ("x", "string", False), ("y", "string", False)],
        "DS": [("n", "DS", True)],
        "D": [("s", "DS", False), ("t", "DS", False)],
    }


def test_declaring_a_recursive_instance_spends_the_instance_cost_blamed_at_its_use() -> None:
    # ``declare``: ``add`` of a generic instance (its cost spent, located where it is
    # used), then its own references follow the name it got
    tree = ir.Interface("Plain", ir.Object((ir.Property("kids", ir.Array(ir.Ref("Plain"))),)))
    e = expander(PLAIN)
    final = e.declare("Plain", tree, SPAN)
    assert final.startswith("Plain_") and e.budget.spent == expand_core.INSTANCE_COST
    assert e.out[final] == ir.Interface(
        final, ir.Object((ir.Property("kids", ir.Array(ir.Ref(final))),))
    )
    e = expander()
    e.budget.limit = expand_core.INSTANCE_COST - 1
    with pytest.raises(SchemaError) as info:
        e.declare("Tree", dataclasses.replace(tree, name="Tree"), SPAN)
    assert str(info.value).startswith("a.ts:3:7: error: expanding this type needs more than 99")


def test_has_method_reads_the_declaration_as_written_not_its_expansion() -> None:
    # a method has no data member: the expanded declaration lost it
    e = expander(BOX)
    e.out["Box"] = ir.Interface("Box", ir.Object((ir.Property("v", ir.Ref("T")),)))
    assert e.has_method(ir.Ref("Box"), "get") is True


@pytest.mark.parametrize(
    "decl",
    [
        ir.Alias("A", ir.Ref("A")),
        ir.Alias("A", ir.Omit(ir.Ref("A"), ("x",))),
        ir.Alias("A", ir.Intersection((ir.Ref("A"), ir.Object()))),
        ir.Interface("A", ir.Object(), extends=(ir.Ref("A"),)),
    ],
    ids=["alias", "omit", "intersection", "base"],
)
def test_has_method_ends_on_a_cycle_of_declarations(decl: ir.Decl) -> None:
    # each declaration is read once on a path: a cycle has no method, and no end is no
    # answer (the checks refuse such a cycle first; ``has_method`` does not rely on it)
    assert expander(decl).has_method(ir.Ref("A"), "m") is False


def test_forgotten_instances_lose_their_shape_declaration_and_generic() -> None:
    e = expander(BOX)
    kept = (set(e.out), set(e.instances), dict(e.instantiated))
    obj = ir.Interface("S", ir.Object((ir.Property("s", ir.Primitive("string")),)))
    lifted = e.add("S", obj, SPAN)  # no generic's instance: no ``made_of`` entry
    made = e.add("Box_string", dataclasses.replace(obj, name="Box_string"), SPAN, generic=True)
    e.made_of[made] = ("Box", (ir.Primitive("string"),))
    e.instantiated[("Box", ())] = made
    e.forget(*kept)
    assert (e.out, e.instances, e.shapes, e.instantiated) == ({}, {}, {}, {})
    assert (e.instance(made), e.lookup(lifted)) == (None, None)


def _own(name: str) -> ir.Property:
    return ir.Property(name, ir.Primitive("string"))


@pytest.mark.parametrize(
    ("base", "names"),
    [
        (ir.Ref("A"), ["a"]),
        (ir.Omit(ir.Ref("A"), ("x",)), ["a"]),
        (ir.Intersection((ir.Ref("A"), ir.Object((_own("b"),)))), ["b", "a"]),
    ],
    ids=["base", "omit", "intersection"],
)
def test_properties_end_on_a_cycle_of_bases(base: ir.TypeExpr, names: list[str]) -> None:
    # each interface is read once on a path: its own members, and a base's first (the
    # checks refuse such a cycle first; ``properties`` does not rely on it)
    decl = ir.Interface("A", ir.Object((_own("a"),)), extends=(base,))
    assert [p.name for p in expander(decl).properties(ir.Ref("A"))] == names


def test_the_same_structure_added_twice_under_its_name_is_one_declaration() -> None:
    # a synthesized name is kept for one structure: asked again for it, the same name;
    # another structure wanting it gets the name plus its structure's digest
    e = expander()
    obj = ir.Interface("S", ir.Object((_own("s"),)))
    assert (e.add("S", obj, SPAN), e.add("S", obj, OTHER)) == ("S", "S")
    other = e.add("S", ir.Interface("S", ir.Object((_own("t"),))), SPAN)
    assert other.startswith("S_") and sorted(e.out) == ["S", other]

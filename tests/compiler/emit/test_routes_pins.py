"""Pins of ``codegen.emit.python.pydantic.routes`` (route planning for unions of models), from
mutation results: exact masks, keys, groups and thresholds of ``plan_route``."""

from __future__ import annotations

import hashlib

import pytest

from codegen import ir
from codegen.emit.python.pydantic import routes as r

K = r.KeyRule


def req(*values: r.Tag) -> r.KeyRule:
    return K(True, frozenset(values) if values else None)


def opt(*values: r.Tag) -> r.KeyRule:
    return K(False, frozenset(values) if values else None)


def same(key: str) -> str:
    return key


def digest(members: list[str]) -> str:
    return "_route_" + hashlib.sha1("|".join(members).encode()).hexdigest()[:10]


# --------------------------------------------------------------------------- tag literals

ALIASES: dict[str, ir.TypeExpr] = {
    "AB": ir.Union((ir.Literal("a"), ir.Literal("b"))),
    "Yes": ir.Literal(True),
}


def deref(t: ir.TypeExpr) -> ir.TypeExpr:
    return ALIASES.get(t.name, t) if isinstance(t, ir.Ref) else t


@pytest.mark.parametrize(
    ("t", "tags"),
    [
        (ir.Literal("a"), {"a"}),
        (ir.Literal(True), {True}),
        (ir.Literal(False), {False}),
        (ir.Literal(1), None),
        (ir.Literal(1.5), None),
        (ir.Primitive("null"), set()),
        (ir.Primitive("undefined"), set()),
        (ir.Primitive("string"), None),
        (ir.Ref("AB"), {"a", "b"}),
        (ir.Ref("Yes"), {True}),
        (ir.Ref("Other"), None),
        (ir.Union((ir.Ref("AB"), ir.Literal("c"), ir.Primitive("null"))), {"a", "b", "c"}),
        (ir.Union((ir.Literal("a"), ir.Literal(1))), None),
        (ir.Union((ir.Literal("a"), ir.Primitive("string"))), None),
        (ir.Union((ir.Primitive("null"), ir.Primitive("undefined"))), None),
    ],
)
def test_tag_literals(t: ir.TypeExpr, tags: set[r.Tag] | None) -> None:
    assert r.tag_literals(t, deref) == tags


def test_tag_order_puts_strings_before_booleans() -> None:
    assert sorted([True, "b", False, "a"], key=r.tag_order) == ["a", "b", False, True]
    assert r.tag_order("x") == (False, "x")
    assert r.tag_order(True) == (True, "True")


def test_group_tag_and_unique() -> None:
    assert r.group_tag(["A", "B"]) == "A|B"
    assert r.group_tag([]) == ""
    assert r.unique(["b", "a", "b", "c", "a"]) == ["b", "a", "c"]


def test_route_masks() -> None:
    route = r.Route("x", ("A", "B", "C"), (), (), True)
    assert route.full == 0b111
    assert route.mask_of(["A", "C"]) == 0b101
    assert route.mask_of([]) == 0


# --------------------------------------------------------------------------- masks


def test_key_masks() -> None:
    rules = [
        {"type": req("a")},
        {"type": opt("b", True)},
        {"x": req()},
        {},
    ]
    assert r._key_masks("type", rules) == (0b1110, 0b1100, {"a": 0b1101, "b": 0b1110, True: 0b1110})
    assert list(r._key_masks("type", rules)[2]) == ["a", "b", True]
    assert r._key_masks("x", rules) == (0b1011, 0b1111, {})


def test_canonical_and_score() -> None:
    rules = [{"type": req("a", "b")}, {"type": req("c")}, {"type": opt()}, {"n": req()}]
    masks = {key: r._key_masks(key, rules) for key in ("type", "n")}
    full = 0b1111
    # a required key with literals narrows by its first value in tag order
    assert r._canonical(0, ["type"], rules, masks, full) == 0b1101
    assert r._canonical(1, ["type"], rules, masks, full) == 0b1110
    # an optional key is taken as absent
    assert r._canonical(2, ["type"], rules, masks, full) == 0b1100
    # a required key of another type does not narrow
    assert r._canonical(3, ["n"], rules, masks, full) == full
    assert r._canonical(2, ["type", "n"], rules, masks, full) == 0b0100
    assert r._score(["type"], rules, masks) == 3 + 3 + 2 + 2
    assert r._reachable(["type"], masks, 4) == {0b1100, 0b1101, 0b1110}


# --------------------------------------------------------------------------- plans


def test_a_literal_tag_routes_each_member_alone() -> None:
    rules = [
        {"type": req("a")},
        {"type": req("b")},
        {"type": req("c"), "x": req()},
    ]
    route = r.plan_route(["A", "B", "C"], rules, str.upper)
    assert route == r.Route(
        digest(["A", "B", "C"]),
        ("A", "B", "C"),
        (r.RouteKey("type", "TYPE", 0, 0, (("a", 1), ("b", 2), ("c", 4))),),
        (("A",), ("B",), ("C",)),
        True,
    )


def test_a_plan_with_two_keys_and_shared_groups() -> None:
    rules = [{"type": req("a")}, {"type": opt("b", True)}, {"x": req()}, {}]
    route = r.plan_route(["A", "B", "C", "D"], rules, same)
    assert route is not None
    assert route.name == digest(["A", "B", "C", "D"])
    assert route.keys == (
        r.RouteKey("type", "type", 14, 12, (("a", 13), ("b", 14), (True, 14))),
        r.RouteKey("x", "x", 11, 15, ()),
    )
    assert route.groups == (
        ("D",),
        ("A", "D"),
        ("B", "D"),
        ("C", "D"),
        ("A", "C", "D"),
        ("B", "C", "D"),
    )
    assert route.exact is False


def test_keys_are_tried_in_name_order_and_ties_pick_the_first() -> None:
    rules = [{"b": req("1"), "a": req("1")}, {"b": req("2"), "a": req("2")}]
    route = r.plan_route(["A", "B"], rules, same)
    assert route is not None
    assert [k.alias for k in route.keys] == ["a"]
    assert route.exact is True


def test_a_key_without_an_attribute_is_not_read() -> None:
    rules = [{"t": req("a"), "u": req("a")}, {"t": req("b"), "u": req("b")}]
    route = r.plan_route(["A", "B"], rules, lambda k: None if k == "t" else k)
    assert route is not None
    assert [k.alias for k in route.keys] == ["u"]
    assert r.plan_route(["A", "B"], rules, lambda k: None) is None


def test_keys_that_narrow_nothing_are_not_candidates() -> None:
    rules = [{"t": opt()}, {"t": opt()}]
    assert r.plan_route(["A", "B"], rules, same) is None


def test_no_route_when_nothing_narrows() -> None:
    assert r.plan_route(["A", "B"], [{"t": req()}, {"t": req()}], same) is None
    assert r.plan_route(["A"], [{"t": req("a")}], same) is None


def test_the_saving_threshold() -> None:
    # two members told apart: 4 validations become 2, a saving of exactly 1.0 each
    two = r.plan_route(["A", "B"], [{"t": req("a")}, {"t": req("b")}], same)
    assert two is not None
    assert two.groups == (("A",), ("B",))
    # one side may lack the key or hold anything: 4 become 3, a saving of 0.5
    half = r.plan_route(["A", "B"], [{"t": req("a")}, {"t": opt()}], same)
    assert half is None


def test_keys_stop_when_they_no_longer_help() -> None:
    rules = [
        {"t": req("a"), "u": req("x")},
        {"t": req("b"), "u": req("x")},
        {"t": req("c"), "u": req("y")},
    ]
    route = r.plan_route(["A", "B", "C"], rules, same)
    assert route is not None
    assert [k.alias for k in route.keys] == ["t"]


def test_at_most_three_keys() -> None:
    # each required key k_i is present only in member i: every key helps a little
    n = 6
    members = [f"M{i}" for i in range(n)]
    rules = [{f"k{i}": req()} for i in range(n)]
    route = r.plan_route(members, rules, same)
    assert route is not None
    assert len(route.keys) == r.MAX_KEYS == 3
    assert [k.alias for k in route.keys] == ["k0", "k1", "k2"]


def test_a_key_with_too_many_groups_is_skipped() -> None:
    assert r.MAX_GROUPS == 64
    members = [f"M{i:02}" for i in range(70)]
    # ``t`` gives each member its own value: 71 reachable states, more than 64 + 2
    many = [{"t": req(f"v{i}"), "u": req("odd" if i % 2 else "even")} for i in range(70)]
    route = r.plan_route(members, many, same)
    assert route is not None
    assert [k.alias for k in route.keys] == ["u"]
    # 66 reachable states are still allowed
    members = [f"M{i:02}" for i in range(65)]
    fits = [{"t": req(f"v{i}")} for i in range(65)]
    route = r.plan_route(members, fits, same)
    assert route is not None
    assert [k.alias for k in route.keys] == ["t"]
    assert len(route.groups) == 65


def test_canonical_narrows_each_key_in_turn() -> None:
    rules = [{"type": req("a")}, {"type": req("c")}, {"type": opt()}, {"n": req()}]
    masks = {key: r._key_masks(key, rules) for key in ("type", "n")}
    # ``n`` absent leaves 0, 1, 2; then ``type: "a"`` leaves 0 and 2 (of those)
    assert r._canonical(0, ["n", "type"], rules, masks, 0b1111) == 0b0101


def test_canonical_reads_the_first_value_in_tag_order() -> None:
    rules = [{"t": req("b", True)}, {"t": req("b")}, {"t": req(True)}]
    masks = {"t": r._key_masks("t", rules)}
    assert r._canonical(0, ["t"], rules, masks, 0b111) == 0b011


def test_reachable_without_keys_is_every_member() -> None:
    assert r._reachable([], {}, 3) == {0b111}


def test_a_key_with_67_groups_is_too_many() -> None:
    # 66 values and the empty set: one past MAX_GROUPS + 2
    members = [f"M{i:02}" for i in range(66)]
    assert r.plan_route(members, [{"t": req(f"v{i}")} for i in range(66)], same) is None

"""Pins of ``codegen.frontend.shared_members``: which object members indexed accesses name
become one declaration, what it is called and exported as, and what references it
(issue #33; from its mutation survivors)."""

from __future__ import annotations

from codegen import ir
from codegen.frontend.parse import parse_module
from codegen.frontend.shared_members import hoist, pascal


def decls(text: str) -> dict[str, ir.Decl]:
    return {d.name: d for d in parse_module("a.ts", text).decls}


def named(t: ir.TypeExpr) -> str:
    """The name a reference without arguments names."""
    assert isinstance(t, ir.Ref) and not t.args, t
    return t.name


def aliased(out: dict[str, ir.Decl], name: str) -> ir.TypeExpr:
    decl = out[name]
    assert isinstance(decl, ir.Alias)
    return decl.type


def test_a_member_is_declared_once_before_its_owner_and_each_access_references_it() -> None:
    before = decls(
        'interface C { x: string; a: { b: { y: 1 } } }\ntype U = C["a"]["b"];\n'
        'type V = C["a"]["b"];\nexport interface D { m: { n: 1 } }\ntype W = D["m"];\n'
        'export const k = 1;\nenum E { A }\ntype Z = C["x"] | C["a"]["b"];\n'
    )
    out = hoist(before)
    assert list(out) == ["CAB", "C", "U", "V", "DM", "D", "W", "k", "E", "Z"]
    member = out["CAB"]
    assert isinstance(member, ir.Interface) and member.exported is False  # as its owner
    written = before["C"]
    assert isinstance(written, ir.Interface)
    b_object = written.body.properties[1].type
    assert isinstance(b_object, ir.Object)
    b_type = b_object.properties[0].type
    assert member.body == b_type and member.span == b_type.span
    dm = out["DM"]
    assert isinstance(dm, ir.Interface) and dm.exported is True
    # The owner's member references the declaration, where the object stood; its other
    # members are kept as they were (the owner reads no access: it is not rewritten).
    owner = out["C"]
    assert isinstance(owner, ir.Interface)
    assert owner.body.properties[0] is written.body.properties[0]
    a_object = owner.body.properties[1].type
    assert isinstance(a_object, ir.Object)
    ref = a_object.properties[0].type
    assert named(ref) == "CAB" and ref.span == b_type.span
    # Each access is the reference, where the access stood.
    for name in ("U", "V"):
        access = aliased(before, name)
        assert named(aliased(out, name)) == "CAB" and aliased(out, name).span == access.span
    assert out["k"] is before["k"] and out["E"] is before["E"]
    # an access to a member that is no object stays as written, beside one that is
    written_z, z = aliased(before, "Z"), aliased(out, "Z")
    assert isinstance(written_z, ir.Union) and isinstance(z, ir.Union)
    assert z.members[0] == written_z.members[0] and named(z.members[1]) == "CAB"


def test_an_owner_that_reads_its_own_member_references_it() -> None:
    out = hoist(decls('interface C { a: { b: 1 }; c: C["a"] }'))
    owner = out["C"]
    assert isinstance(owner, ir.Interface)
    assert [named(p.type) for p in owner.body.properties] == ["CA", "CA"]


def test_an_alias_owner_has_its_member_declared_too() -> None:
    out = hoist(decls('type C = { a: { b: 1 } };\ntype U = C["a"];'))
    assert list(out) == ["CA", "C", "U"]
    owner = aliased(out, "C")
    assert isinstance(owner, ir.Object) and named(owner.properties[0].type) == "CA"
    assert named(aliased(out, "U")) == "CA"


def test_names_that_fold_the_same_are_numbered_in_order() -> None:
    # ``C["a-b"]`` and ``C["a"]["b"]`` both fold to ``CAB``: the shorter path first; then
    # by owner; a declaration of the name already there keeps it.
    out = hoist(
        decls(
            'interface C { "a-b": { x: 1 }; a: { b: { y: 1 } }; q: { r: { w: 1 } } }\n'
            "interface CA { a: { z: 1 } }\ninterface CQR {}\n"
            'type U = C["a"]["b"]; type V = C["a-b"]; type W = CA["a"]; type X = C["a"]["a"];\n'
            'type Y = C["q"]["r"];\n'
        )
    )
    assert named(aliased(out, "V")) == "CAB"
    assert named(aliased(out, "U")) == "CAB_2"
    assert named(aliased(out, "W")) == "CAA"  # owner C's ("a", "a") is no object: none
    assert named(aliased(out, "Y")) == "CQR_2"
    assert "CQR" in out and isinstance(out["CQR_2"], ir.Interface)


def test_paths_of_one_stem_from_two_owners_go_by_owner_first() -> None:
    out = hoist(
        decls(
            "interface C { a: { a: { x: 1 } } }\ninterface CA { a: { y: 1 } }\n"
            'type U = C["a"]["a"]; type V = CA["a"];\n'
        )
    )
    assert named(aliased(out, "U")) == "CAA"
    assert named(aliased(out, "V")) == "CAA_2"


def test_what_the_general_rule_keeps() -> None:
    for text in (
        # a type parameter of the reading declaration, even one named as a declaration
        'interface T { a: { x: 1 } }\ntype G<T> = T["a"];',
        # an inherited member, a generic interface or alias, a missing key, no object
        'interface B { z: 1 }\ninterface C extends B { a: { b: 1 } }\ntype U = C["a"];',
        'type G<T> = { a: { b: T } };\ntype U = G["a"];',
        'interface C { a: { b: 1 } }\ntype U = C["zz"];',
        'interface C { a: string; e: {} }\ntype U = C["a"]; type V = C["e"];',
        'interface C { a: { b: { x: 1 } } }\ntype U = C["a"]["b"]["x"];',
        # a base that is an instance of a generic type, a key that is no string literal
        'interface C { a: { b: { x: 1 } } }\ntype P<A, B> = A;\ntype U = P<C, "a">["b"];',
        "interface C { a: { b: 1 } }\ntype U = C[string];",
        'type U = { a: { b: 1 } }["a"];',  # a base that is no name
    ):
        before = decls(text)
        assert hoist(before) is before, text


def test_pascal() -> None:
    assert pascal("simple-user") == "SimpleUser"
    assert pascal("a_b c") == "ABC"

"""Pins of ``global_blocks.separate_globals`` at the IR level: which of a module's own
declarations a ``declare global`` block's declarations of the same name rename, the name
each takes, and which references follow it (issue #33)."""

from __future__ import annotations

from codegen import ir
from codegen.frontend.global_blocks import separate_globals

OWN = ir.Span("a.d.ts", 2, 1)  # the module's own declarations
GLOBAL = ir.Span("a.d.ts", 5, 3)  # inside ``declare global { ... }``
GLOBAL2 = ir.Span("a.d.ts", 6, 3)
OTHER = ir.Span("a.d.ts", 9, 1)


def ref(name: str) -> ir.Ref:
    return ir.Ref(name, (), OWN)


def holder(name: str, *types: str, span: ir.Span = OTHER) -> ir.Interface:
    """``interface name { p0: T0; p1: T1 ... }``."""
    props = tuple(ir.Property(f"p{i}", ref(t)) for i, t in enumerate(types))
    return ir.Interface(name, ir.Object(props), span=span)


def test_without_a_global_block_the_declarations_are_as_read() -> None:
    decls = (holder("Sig", "Sig"), holder("Uses", "Sig"))
    assert separate_globals(decls, ()) == (decls, {})
    assert separate_globals(decls, ())[0] is decls


def test_a_global_block_without_a_clash_renames_nothing() -> None:
    decls = (holder("Sig", "Other", span=GLOBAL), holder("Uses", "Sig"))
    found, renames = separate_globals(decls, [GLOBAL])
    assert found is decls and renames == {}


def test_the_module_s_own_declaration_takes_a_name_of_its_own() -> None:
    own = holder("Sig", "Sig", span=OWN)
    glob = holder("Sig", "Sig", span=GLOBAL)
    block_user = holder("Holder", "Sig", span=GLOBAL2)
    user = holder("Uses", "Sig", "Holder")
    found, renames = separate_globals((own, glob, block_user, user), [GLOBAL, GLOBAL2])
    assert renames == {"Sig": "Sig_local"}
    # the order as read; the block's declarations untouched, the rest follows the rename
    assert found == (
        holder("Sig_local", "Sig_local", span=OWN),
        glob,
        block_user,
        holder("Uses", "Sig_local", "Holder"),
    )
    assert found[1] is glob and found[2] is block_user


def test_a_name_taken_gets_the_next_number() -> None:
    decls = (
        holder("Sig", span=OWN),
        holder("Sig_local"),
        holder("Sig_local2"),
        holder("Sig", span=GLOBAL),
        holder("Uses", "Sig"),
    )
    found, renames = separate_globals(decls, [GLOBAL])
    assert renames == {"Sig": "Sig_local3"}
    assert [d.name for d in found] == ["Sig_local3", "Sig_local", "Sig_local2", "Sig", "Uses"]
    assert found[-1] == holder("Uses", "Sig_local3")
    once = separate_globals(decls[:1] + decls[2:], [GLOBAL])[1]
    assert once == {"Sig": "Sig_local"}  # ``Sig_local2`` taken, ``Sig_local`` free
    first = separate_globals(decls[:2] + decls[3:], [GLOBAL])[1]
    assert first == {"Sig": "Sig_local2"}  # the numbers start at 2


def test_several_names_each_renamed_in_name_order() -> None:
    decls = (
        holder("B", "A", "B"),
        holder("A", span=OWN),
        holder("B", span=GLOBAL),
        holder("A", span=GLOBAL),
    )
    found, renames = separate_globals(decls, [GLOBAL])
    assert list(renames.items()) == [("A", "A_local"), ("B", "B_local")]
    assert found[:2] == (holder("B_local", "A_local", "B_local"), holder("A_local", span=OWN))


def test_a_type_parameter_of_the_name_is_not_the_renamed_declaration() -> None:
    t = ir.TypeParam("Sig")
    box = ir.Interface("Box", ir.Object((ir.Property("v", ref("Sig")),)), params=(t,), span=OTHER)
    alias = ir.Alias("Pair", ir.Tuple((ref("Sig"), ref("Uses")), OTHER), params=(t,), span=OTHER)
    plain = ir.Alias("Plain", ir.Tuple((ref("Sig"), ref("Uses")), OTHER), span=OTHER)
    decls = (holder("Sig", span=OWN), holder("Sig", span=GLOBAL), box, alias, plain)
    found, _ = separate_globals(decls, [GLOBAL])
    assert found[2:4] == (box, alias)  # ``Sig`` there is the parameter
    assert found[4] == ir.Alias(
        "Plain", ir.Tuple((ref("Sig_local"), ref("Uses")), OTHER), span=OTHER
    )


def test_a_namespace_member_of_the_name_is_not_top_level() -> None:
    member = holder("Sig", "Sig", span=OTHER)  # ``namespace N { interface Sig ... }``
    decls = (member, holder("Sig", span=GLOBAL))
    assert separate_globals(decls, [GLOBAL], [("Sig", OTHER)]) == (decls, {})
    # beside a top-level one it keeps its name (its path names it), and its references
    # follow the rename as any other outside the block
    decls = (member, holder("Sig", span=OWN), holder("Sig", span=GLOBAL))
    found, renames = separate_globals(decls, [GLOBAL], [("Sig", OTHER)])
    assert renames == {"Sig": "Sig_local"}
    assert found[:2] == (holder("Sig", "Sig_local", span=OTHER), holder("Sig_local", span=OWN))
    # a namespace member elsewhere (another span) is not this one
    found, renames = separate_globals(decls, [GLOBAL], [("Sig", OWN)])
    assert renames == {"Sig": "Sig_local"} and found[0].name == "Sig_local"


def test_spans_and_docs_are_kept() -> None:
    doc = ir.Doc("the module's own")
    own = ir.Interface(
        "Sig", ir.Object((ir.Property("p", ref("Sig"), doc=doc),)), doc=doc, span=OWN
    )
    found, _ = separate_globals((own, holder("Sig", span=GLOBAL)), [GLOBAL])
    assert found[0].span == OWN and found[0].doc == doc
    assert isinstance(found[0], ir.Interface)
    assert found[0].body.properties[0].doc == doc


def test_a_constant_beside_them_is_kept() -> None:
    """A ``const`` has no type parameters (nor references): it stays as read."""
    const = ir.Const("LIMIT", 3, span=OTHER)
    decls = (holder("Sig", span=OWN), holder("Sig", span=GLOBAL), const)
    found, _ = separate_globals(decls, [GLOBAL])
    assert found[2] == const

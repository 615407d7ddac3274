"""Pins of ``codegen.frontend.namespaces``: ``NS.Name`` is looked up in the namespace NS
(every declaration of it, in any file), and is missing only where none holds ``Name``."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.frontend.namespaces import NamespaceMembers
from codegen.frontend.parse import parse_module

NS = ir.Module(
    "ns.d.ts",
    (),
    namespace_members=(
        ("manual", ()),
        ("NS", ("A", "In")),
        ("NS.In", ("B", "Deep")),
        ("NS.In.Deep", ("D",)),
    ),
)
MORE = ir.Module("more.d.ts", (), namespace_members=(("manual", ("Late",)), ("Other.In", ("C",))))
USER = ir.Module(
    "user.d.ts",
    (),
    imports=(
        ir.Import("./x", (), alias="auto"),
        ir.Import("./y", (("m", "manual"),)),
    ),
)
REEXPORT = ir.Module("re.d.ts", (), imports=(ir.Import("./z", (), alias="Mod", reexport=True),))
MOD = ir.Module("mod.d.ts", (), namespace_members=(("Mod", ()),))


def missing(
    written: str, scope: dict[str, str] | None = None, path: str = "user.d.ts"
) -> tuple[str, str] | None:
    held = NamespaceMembers([NS, MORE, USER, REEXPORT, MOD])
    return held.of(path).missing(written, scope or {})


@pytest.mark.parametrize(
    ("written", "found"),
    [
        ("manual.Agent", ("manual", "Agent")),
        ("manual.Late", None),  # another file's declaration of it holds it
        ("NS.A", None),
        ("NS.B", ("NS", "B")),  # a nested namespace's name is not NS's
        ("NS.In", None),  # a nested namespace is a member
        ("NS.In.B", None),
        ("NS.In.A", ("NS.In", "A")),
        # ``In.X`` inside a namespace: every path ending in ``.In`` counts
        ("In.B", None),
        ("In.C", None),
        ("In.D", ("In", "D")),
        ("Nowhere.A", None),  # no namespace: not this module's business
        ("auto.Agent", None),  # ``import * as auto``: a module
        ("Mod.X", None),  # ``export * as Mod`` somewhere: maybe a module
        ("xNS.A", None),  # a path that only ends in the same characters
        ("NS.In.Deep.D", None),
        ("NS.In.Deep.E", ("NS.In.Deep", "E")),
        ("In.Deep.E", ("In.Deep", "E")),
    ],
)
def test_missing(written: str, found: tuple[str, str] | None) -> None:
    assert missing(written) == found


def test_the_head_is_read_through_the_module_s_scope() -> None:
    assert missing("m.Agent", {"m": "manual"}) == ("manual", "Agent")
    assert missing("m.Late", {"m": "manual"}) is None


def test_an_import_star_alias_counts_in_its_own_module_only() -> None:
    assert missing("auto.Agent", path="user.d.ts") is None
    held = NamespaceMembers([NS, USER, ir.Module("auto", (), namespace_members=(("auto", ()),))])
    assert held.of("ns.d.ts").missing("auto.Agent", {}) == ("auto", "Agent")
    assert held.of("user.d.ts").missing("auto.Agent", {}) is None
    assert held.of("unknown.d.ts").missing("auto.Agent", {}) == ("auto", "Agent")


def test_parse_records_what_each_namespace_holds() -> None:
    module = parse_module(
        "a.d.ts",
        "export namespace manual {}\n"
        "type Outer = string;\n"
        "export declare namespace NS {\n"
        "  interface A { x: string }\n"
        "  namespace In.Deep { type B = number }\n"
        "  function f(): void;\n"
        "  const c: string[];\n"
        "  export { Outer };\n"
        "}\n"
        "declare global { interface G {} }\n",
    )
    assert module.namespace_members == (
        ("NS", ("A", "B", "In", "Outer", "c", "f")),
        ("NS.In", ("Deep",)),
        ("NS.In.Deep", ("B",)),
        ("manual", ()),
    )

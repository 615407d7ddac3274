"""Pins of ``codegen.frontend.umd``: which module files get an ``import * as X`` of the
module that declares the UMD global ``X``, under which source, and which do not."""

from __future__ import annotations

from codegen import ir
from codegen.frontend.umd import with_umd_imports

SPAN = ir.Span("s/index.d.ts", 2, 7)


def _alias(name: str, t: ir.TypeExpr, exported: bool = True) -> ir.Alias:
    return ir.Alias(name, t, exported, span=SPAN)


def _uses(path: str, *refs: str, **fields: object) -> ir.Module:
    decls = tuple(
        _alias(f"U{i}", ir.Ref(ref, (), ir.Span(path, 2, 7 + i))) for i, ref in enumerate(refs)
    )
    return ir.Module(path, decls, **fields)  # type: ignore[arg-type]


GEO = ir.Module("geo/index.d.ts", (_alias("Point", ir.Primitive("string")),), umd_global="Geo")


def test_a_module_that_writes_the_global_imports_its_module_once() -> None:
    user = _uses("s/index.d.ts", "Other.X", "Geo.Point", "Geo.Line", "Point")
    out = with_umd_imports([GEO, user], {"geo": "geo/index.d.ts"})
    assert out[0] is GEO
    assert out[1].imports == (ir.Import("geo", (), ir.Span("s/index.d.ts", 2, 8), alias="Geo"),)
    assert out[1].decls == user.decls


def test_a_file_that_no_package_maps_is_imported_by_its_relative_path() -> None:
    user = _uses("geo/sub/a.d.ts", "Geo.Point")
    deeper = _uses("geo/sub/deeper/b.d.ts", "Geo.Point")
    out = with_umd_imports([GEO, user, deeper], {})
    assert [imp.source for imp in out[1].imports] == ["../index.d.ts"]
    assert [imp.source for imp in out[2].imports] == ["../../index.d.ts"]
    beside = with_umd_imports([GEO, _uses("geo/c.d.ts", "Geo.Point")], {})
    assert [imp.source for imp in beside[1].imports] == ["./index.d.ts"]
    top = ir.Module("index.d.ts", (), umd_global="Geo")
    assert [i.source for i in with_umd_imports([top, _uses("a.d.ts", "Geo.P")], {})[1].imports] == [
        "./index.d.ts"
    ]


def test_a_path_that_cannot_name_the_module_imports_nothing() -> None:
    absolute = ir.Module("/abs/geo/index.d.ts", (), umd_global="Geo")
    user = _uses("rel/a.d.ts", "Geo.Point")
    assert with_umd_imports([absolute, user], {})[1] is user


def test_what_binds_the_name_or_is_no_module_gets_no_import() -> None:
    imported = ir.Import("./geo", (("Geo", "Geo"),))
    aliased = ir.Import("./geo", (), alias="Geo")
    reexport = ir.Import("./x", (("Geo", "Geo"),), reexport=True)
    reference = ir.Import("./x.d.ts", (), reference=True)
    cases = {
        "own declaration": _uses("a.d.ts", "Geo.P", "Geo"),
        "namespace": _uses("a.d.ts", "Geo.P", namespaces=("Geo",)),
        "value": _uses("a.d.ts", "Geo.P", values=("Geo",)),
        "named import": _uses("a.d.ts", "Geo.P", imports=(imported,)),
        "alias import": _uses("a.d.ts", "Geo.P", imports=(aliased,)),
    }
    for why, module in cases.items():
        if why == "own declaration":
            module = ir.Module(module.path, (*module.decls, _alias("Geo", ir.Primitive("string"))))
        assert with_umd_imports([GEO, module], {})[1] is module, why
    script = ir.Module(
        "a.d.ts", (_alias("U", ir.Ref("Geo.P", ()), exported=False),), imports=(reference,)
    )
    assert with_umd_imports([GEO, script], {})[1] is script  # a script: the global scope
    passed_on = _uses("a.d.ts", "Geo.P", imports=(reexport,))
    assert [i.alias for i in with_umd_imports([GEO, passed_on], {})[1].imports] == ["", "Geo"]


def test_the_first_declaring_module_wins_and_its_own_file_needs_no_import() -> None:
    second = ir.Module(
        "other/index.d.ts", (_alias("Q", ir.Ref("Geo.Point", ())),), umd_global="Geo"
    )
    out = with_umd_imports([GEO, second], {"geo": "geo/index.d.ts"})
    assert [imp.source for imp in out[1].imports] == ["geo"]
    own = ir.Module("geo/index.d.ts", (_alias("Q", ir.Ref("Geo.Point", ())),), umd_global="Geo")
    assert with_umd_imports([own], {})[0] is own


def test_typeof_and_nested_positions_count_and_without_a_global_nothing_changes() -> None:
    nested = ir.Object(
        (ir.Property("p", ir.Array(ir.Typeof("Geo.v", ir.Span("a.d.ts", 3, 4)))),), None
    )
    user = ir.Module("a.d.ts", (_alias("U", nested),))
    assert [imp.span for imp in with_umd_imports([GEO, user], {})[1].imports] == [
        ir.Span("a.d.ts", 3, 4)
    ]
    modules = [ir.Module("a.d.ts", (_alias("U", ir.Ref("Geo.P", ())),))]
    assert with_umd_imports(modules, {}) == modules

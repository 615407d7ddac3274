"""Pins for ``codegen.emit.python.pydantic.models`` read from the survivors of its mutation runs of
2026-11-29 (issue #36): the order of a models module's items (aliases, recursive aliases,
rings, groups and their builds, cycles of ``LARGE_CYCLE`` built when used) and
``emit_models``' own text before formatting."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from codegen import ir
from codegen.build.pipeline import load_schema
from codegen.emit.python.pydantic.models import LARGE_CYCLE, emit_models
from codegen.errors import Diagnostics
from tests.compiler.emit.test_models_pins import HEAD, module_text, ring
from tests.compiler.emit.test_pydantic_emit import generate_models, import_source

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


def test_union_warnings_come_in_declaration_order_whatever_the_hash_seed(
    tmp_path: Path,
) -> None:
    """The aliases' warnings come out as the aliases are declared: they were found in the
    order of a set of names, which changes from one run to the next with the hash seed."""
    import os
    import subprocess
    import sys

    source = tmp_path / "s.ts"
    source.write_text(
        "export interface A { x: string; y?: string }\n"
        "export interface B { x: string; z?: number }\n"
        "export interface C { x: string; w?: boolean }\n"
        "export type First = A | B;\nexport type Second = B | C;\n"
        "export type Third = A | C;\nexport type Fourth = A | B | C;\n"
    )
    script = (
        "import sys\nfrom pathlib import Path\n"
        "from codegen.build.pipeline import load_schema\n"
        "from codegen.emit.python.pydantic.models import emit_models\n"
        "from codegen.errors import Diagnostics\n"
        "d = Diagnostics()\nemit_models(load_schema([Path(sys.argv[1])]), d)\n"
        "print(' '.join(str(w.span.line) for w in d.warnings))\n"
    )
    lines = set()
    for seed in ("1", "2", "3", "4", "5"):
        done = subprocess.run(
            [sys.executable, "-c", script, str(source)],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[3],
        )
        lines.add(done.stdout.strip())
    assert lines == {"4 5 6 7"}


def test_an_alias_value_is_annotated_once_per_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ordering, the cycle checks and the alias item read one annotation of an alias's
    value, computed once (it was computed four times: a fifth of the emit on a large
    typing); the module is the same."""
    from codegen.emit.python.pydantic.annotations import TypeWriter

    path = tmp_path / "s.ts"
    path.write_text(
        "export interface A { x: string; y?: string }\n"
        "export interface B { x: string; z?: number }\n"
        "export type AB = A | B;\nexport type J = string | J[];\n"
        "export type K = { k: J };\nexport interface Holder { ab: AB; k: K }\n"
    )
    schema = load_schema([path])
    decls = {id(d.type): d.name for d in schema.decls.values() if isinstance(d, ir.Alias)}
    calls: list[str] = []
    annotation = TypeWriter.annotation

    def counting(self: TypeWriter, expr: object, owner: str, key: str, *rest: object) -> object:
        if key == "" and decls.get(id(expr)) == owner:
            calls.append(owner)
        return annotation(self, expr, owner, key, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(TypeWriter, "annotation", counting)
    text = emit_models(schema)["models.py"]
    assert sorted(calls) == ["AB", "J"]  # K, one anonymous object, is a class
    monkeypatch.undo()
    assert emit_models(load_schema([path]))["models.py"] == text


def test_alias_warnings_come_in_declaration_order(tmp_path: Path) -> None:
    """The aliases' union warnings come out as the aliases are declared (not in a set's
    order, which the hash seed picks: with 24 aliases no seed gives the declared order)."""
    path = tmp_path / "s.ts"
    path.write_text(
        "export interface A { x: string; y?: string }\n"
        "export interface B { x: string; z?: number }\n"
        + "".join(f"export type U{i} = A | B;\n" for i in range(24))
    )
    diags = Diagnostics()
    emit_models(load_schema([path]), diags)
    assert [w.span.line for w in diags.warnings] == list(range(3, 27))

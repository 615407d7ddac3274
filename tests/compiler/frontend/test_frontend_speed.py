"""The front end's shortcuts for speed (issue #37) give what the plain computations give.

* ``lib._names`` reads a node's types through ``ir.walk.children``: every reference still.
* ``checks.compiled_findings`` walks the expanded schema once for what three walks found:
  the names used, the degraded spots and the unreadable constraint tags, in their order.
* ``expand`` given the names used looks for indexed accesses and ``this`` only where one
  is: what it gives is what it gives without them.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend import lib as lib_module
from codegen.frontend.checks import compiled_findings, used_names
from codegen.frontend.expand import expand
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.queries import bad_constraint_tags, degraded_spots

PROTOCOLS = Path(__file__).resolve().parents[2] / "data" / "protocols"

FINDINGS = """\
/** @minimum lots */
export interface Bad {
  /** @minItems -1 */
  list: string[];
  /** @maximum 3 */
  fine: number;
  weird: symbol;
  pick: Pick<Helper, "a">;
  deep: { inner: { tag: Used<Other>; odd: symbol } };
  /** @multipleOf 0 */
  [key: string]: unknown;
}
interface Helper { a: string; b: number }
interface Other { x: 1 }
type Used<T> = { value: T };
interface Unused { y: 2 }
/** @maxLength many */
export type Alias = Bad | Helper;
export const LIMIT = 3;
"""


@pytest.mark.parametrize(
    "source",
    [
        ("t.ts", FINDINGS),
        ("lsp.d.ts", (PROTOCOLS / "lsp-types" / "main.d.ts").read_text(encoding="utf-8")),
        ("a2a.ts", (PROTOCOLS / "a2a" / "types.ts").read_text(encoding="utf-8")),
    ],
    ids=["findings", "lsp", "a2a"],
)
def test_compiled_findings_are_the_three_walks_findings_in_their_order(
    source: tuple[str, str],
) -> None:
    schema = resolve([parse_module(*source)], Diagnostics())
    decls = tuple(schema.decls.values())
    found = compiled_findings(decls)
    assert found.used == used_names(decls)
    assert found.degraded == degraded_spots(decls)
    assert found.bad_tags == bad_constraint_tags(decls)
    if source[0] == "t.ts":  # the snippet has each kind, more than one of some
        assert len(found.degraded) == 2
        assert [message.split(" needs")[0] for _, message in found.bad_tags] == [
            "@minimum",
            "@minItems",
            "@multipleOf",
            "@maxLength",
        ]
        assert {"Helper", "Other"} <= found.used


def test_resolve_reports_the_findings_in_their_order() -> None:
    diags = Diagnostics()
    resolve([parse_module("t.ts", FINDINGS)], diags)
    assert [(str(w.span), w.message, w.degraded) for w in diags.warnings] == [
        ("t.ts:16:1", "'Unused' is neither exported nor used", False),
        ("t.ts:7:10", "'symbol' type: degraded to JsonValue (any JSON value)", True),
        ("t.ts:9:43", "'symbol' type: degraded to JsonValue (any JSON value)", True),
        ("t.ts:2:1", "@minimum needs a number, got 'lots'; the tag is ignored", False),
        ("t.ts:4:3", "@minItems needs a non-negative integer, got '-1'; the tag is ignored", False),
        ("t.ts:11:3", "@multipleOf needs a number above 0, got '0'; the tag is ignored", False),
        (
            "t.ts:18:1",
            "@maxLength needs a non-negative integer, got 'many'; the tag is ignored",
            False,
        ),
    ]


def _every_ref_name(node: object) -> set[str]:
    """Every ``Ref``'s name in ``node``, through every dataclass field (the plain walk)."""
    found: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, tuple):
            pending.extend(current)
        elif dataclasses.is_dataclass(current) and not isinstance(current, type):
            if isinstance(current, ir.Ref):
                found.add(current.name)
            pending.extend(getattr(current, f.name) for f in dataclasses.fields(current))
    return found


LIB_USES = """\
export interface Box<T = RegExp, U = Array<DataView>> extends Base<[Uint8Array, ...Int8Array[]]> {
  a: Omit<Error, "stack">;
  b: Record<string, ArrayBuffer>;
  c: { [k: string]: Function | SyntaxError };
  d: [x: Float32Array, y?: Float64Array];
  e: Partial<Pick<TypeError, "message">>["message"];
  f: typeof LIMIT;
  g: "literal" | 1 | null;
}
export type Alias<V = Uint16Array> = V extends Int16Array ? RangeError : URIError;
interface Base<T> { t: T }
export const LIMIT = 1;
"""


@pytest.mark.parametrize(
    "source",
    [
        ("t.ts", LIB_USES),
        ("lsp.d.ts", (PROTOCOLS / "lsp-types" / "main.d.ts").read_text(encoding="utf-8")),
    ],
    ids=["lib-uses", "lsp"],
)
def test_the_names_with_lib_reads_are_every_reference_s(source: tuple[str, str]) -> None:
    # ``lib._names`` reads a node's types through ``children`` (and a parsed generic's
    # defaults), not every field: it must still see every reference, each declaration
    # alone and all of them at once.
    module = parse_module(*source)
    assert lib_module._names(module.decls) == _every_ref_name(module.decls)
    for decl in module.decls:
        assert lib_module._names(decl) == _every_ref_name(decl), decl.name
    if source[0] == "t.ts":
        assert {"RegExp", "DataView", "Uint8Array", "Int8Array", "Uint16Array"} <= (
            lib_module._names(module.decls)
        )


HINTED = """\
export interface Node { parent?: this; children: this[]; name: string }
export interface Leaf extends Node { value: number }
export interface Config { server: { host: string; port: number }; mode: "a" | "b" }
export type Server = Config["server"];
export type Port = Config["server"]["port"];
export interface Plain { a: string; b?: Leaf }
"""


@pytest.mark.parametrize(
    "source",
    [
        ("t.ts", HINTED),
        ("lsp.d.ts", (PROTOCOLS / "lsp-types" / "main.d.ts").read_text(encoding="utf-8")),
    ],
    ids=["this-and-indexed", "lsp"],
)
def test_expand_given_the_names_used_gives_what_it_gives_without(
    source: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The declarations resolve hands to expand, caught on their way in.
    caught: list[dict[str, ir.Decl]] = []

    def catch(decls: dict[str, ir.Decl], **_: object) -> dict[str, ir.Decl]:
        caught.append(decls)
        return expand(decls)

    monkeypatch.setattr("codegen.frontend.resolve.expand", catch)
    resolve([parse_module(*source)], Diagnostics())
    (decls,) = caught
    hinted = expand(decls, names=used_names(decls.values()))
    assert hinted == expand(decls)
    if source[0] == "t.ts":  # each shortcut's construct is there, and changes the result
        assert hinted != expand(decls, names=used_names(decls.values()) - {ir.THIS})
        assert hinted != expand(decls, names=used_names(decls.values()) - {ir.INDEXED})

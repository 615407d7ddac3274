"""The front end's shortcuts for speed (issue #37) give what the plain computations give.

* ``SourceReader.span`` finds a node's row by bisection over the line starts of the bytes
  the tree was parsed from, and shares one span per start offset: it must equal the span
  tree-sitter's own ``start_point`` gives, also where a repair blanked a line break.
* ``checks.compiled_findings`` walks the expanded schema once for what three walks found:
  the names used, the degraded spots and the unreadable constraint tags, in their order.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import tree_sitter

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend.checks import compiled_findings, used_names
from codegen.frontend.parse import _ModuleParser, parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.queries import bad_constraint_tags, degraded_spots

PROTOCOLS = Path(__file__).resolve().parents[2] / "data" / "protocols"

# Non-ASCII text before nodes on their line, CRLF line ends, a string's line
# continuation, U+2028 (no line break to tree-sitter), a lone surrogate escape and
# variance annotations across a line break (the repair blanks that break: the tree's rows
# no longer count it).
TRICKY = (
    "interface Box<in\n  out T> { \u00e9t\u00e9: T; abstract: 1 }\r\n"
    "// caf\u00e9 \u2028 type X = 1\n"
    "type S = 'a\\\n b' | '\\ud800';\n"
    "interface Q { x: import('./x').A.B<\nstring>; keyof: 2 }\n"
    "export type * from './z'\n"
    "type \u00c9 = { \u00e9: 'caf\u00e9'; n: \u00c9[] }\n"
)


def _start_point_span(reader: _ModuleParser, node: tree_sitter.Node) -> ir.Span:
    """The span as tree-sitter's ``start_point`` places the node (the plain computation)."""
    row, byte_col = node.start_point
    prefix = reader.source[node.start_byte - byte_col : node.start_byte]
    return ir.Span(reader.path, row + 1, len(prefix.decode("utf-8", "replace")) + 1)


@pytest.mark.parametrize(
    "text",
    [
        TRICKY,
        TRICKY.replace("\u00e9", "e").replace("\u00c9", "E").replace("\u2028", " "),
        (PROTOCOLS / "lsp-types" / "main.d.ts").read_text(encoding="utf-8")[:40_000],
    ],
    ids=["non-ascii", "ascii", "lsp"],
)
def test_every_node_s_span_is_the_one_tree_sitter_s_start_point_gives(text: str) -> None:
    reader = _ModuleParser("t.ts", text)
    pending = [reader.tree.root_node]
    count = 0
    while pending:
        node = pending.pop()
        pending.extend(node.children)
        assert reader.span(node) == _start_point_span(reader, node), node
        count += 1
    assert count > 100


def test_rows_after_a_blanked_line_break_are_the_tree_s() -> None:
    # The repair spaces out ``in\n  out``: tree-sitter's rows below it are one less than
    # the file's, and the spans stay what they were (the rows the tree counts).
    module = parse_module("t.ts", "interface A<in\n  out T> { a: T }\ninterface B { b: 1 }\n")
    assert [d.span for d in module.decls] == [ir.Span("t.ts", 1, 1), ir.Span("t.ts", 2, 1)]


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

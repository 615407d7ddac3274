"""``migrate`` lists a constructor call of the class of an anonymous object type (a
request's inline ``params: {...}``, and an object nested in it) that lacks a field the
new schema requires, as it does for declared classes."""

from __future__ import annotations

from codegen.revision.migrate import migrate_source
from tests.compiler.revision.test_migrate import plan_of

OLD = """
export interface EchoRequest {
  jsonrpc: "2.0"; id: number; method: "echo";
  params: { text: string; options?: { loud: boolean } };
}
export interface EchoResult { text: string }
export interface Base { a: string }
export type Tagged = Base & { tag: string };
"""

NEW = """
export interface Base { a: string; b: number }
export interface EchoRequest {
  jsonrpc: "2.0"; id: number; method: "echo";
  params: { text: string; lang: string; options?: { loud: boolean; times?: number; level: number } };
}
export interface EchoResult { text: string }
export interface Holder { inner: Base & { tag: string } }
export type Tagged = Base & { tag: string };
"""

CODE = """\
from mcp_ext import EchoRequestParams, EchoRequestParamsOptions
import mcp_ext

p = EchoRequestParams(text="hi", options=EchoRequestParamsOptions(loud=True))
q = mcp_ext.EchoRequestParams(text="hi", lang="en")
r = EchoRequestParams(**kwargs)
"""


def test_a_nested_params_call_lacking_a_new_required_field_is_listed() -> None:
    plan = plan_of(OLD, NEW)
    assert plan.required_added["EchoRequestParams"] == frozenset({"lang"})
    assert plan.required_added["EchoRequestParamsOptions"] == frozenset({"level"})
    # An inherited new requirement reaches the class of ``Base & {...}`` too.
    assert plan.required_added["Tagged"] == frozenset({"b"})
    rewritten, notes = migrate_source(CODE, plan, "app.py")
    assert rewritten == CODE
    assert [str(n) for n in notes] == [
        "app.py:4: todo: EchoRequestParamsOptions(...) lacks level=, now required",
        "app.py:4: todo: EchoRequestParams(...) lacks lang=, now required",
        "app.py:6: todo: EchoRequestParams(**...): fields passed dynamically; check lang by hand",
    ]


def test_an_inline_class_of_a_renamed_declaration_is_matched_through_the_rename() -> None:
    old = "export interface Old { p: { x: string } }\n"
    new = "/** @renamedFrom Old */\nexport interface New { p: { x: string; y: string } }\n"
    plan = plan_of(old, new)
    assert plan.names == {"Old": "New"}
    assert plan.required_added == {"OldP": frozenset({"y"})}

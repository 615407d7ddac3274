"""Pins for ``codegen.frontend.results``: which requests declare a result, and exactly what
is declared, tagged and warned for one that does not (issue #33)."""

from __future__ import annotations

import dataclasses

import pytest

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.frontend.results import declare_missing_results, declares_result

ENVELOPE = 'jsonrpc: "2.0"; id: number'


def schema(text: str) -> ir.Schema:
    return dataclasses.replace(
        resolve([parse_module("p.ts", text)], Diagnostics()), protocol="generic"
    )


def request(name: str, method: str, doc: str = "") -> str:
    return f'{doc}export interface {name} {{ {ENVELOPE}; method: "{method}" }}\n'


def test_a_request_without_a_result_gets_one_exactly() -> None:
    text = "export interface Todo { t: string }\n" + request(
        "AddRequest", "add", "/** Adds.\n * @since 2 */\n"
    )
    before = schema(text)
    diags = Diagnostics()
    after = declare_missing_results(before, diags)
    assert list(after.decls) == ["Todo", "AddRequest", "AddResult"]
    req = after.decls["AddRequest"]
    span = req.span
    assert span == ir.Span("p.ts", 4, 1)
    assert after.decls["AddResult"] == ir.Alias(
        "AddResult",
        ir.Primitive("unknown", span),
        True,
        ir.Doc("The result of `AddRequest`: the schema does not say (any JSON value)."),
        span,
    )
    old = before.decls["AddRequest"]
    assert req == dataclasses.replace(
        old,
        doc=dataclasses.replace(old.doc, tags=(*old.doc.tags, ir.DocTag("result", "AddResult"))),
    )
    assert old.doc.tags and req.doc.description == "Adds."
    assert [str(w) for w in diags.warnings] == [
        "p.ts:4:1: warning: request 'AddRequest' (method 'add') declares no result; any "
        "JSON value is its result, typed 'AddResult' (declare 'AddResult' or tag the "
        "request '@result <Type>' to type it)"
    ]
    assert after.protocol == "generic" and after.decls["Todo"] is before.decls["Todo"]


@pytest.mark.parametrize(
    "text",
    [
        request("AddRequest", "add") + "export interface AddResult { ok: boolean }\n",
        request("AddRequest", "add", "/** @result Todo */\n")
        + "export interface Todo { t: string }\n",
        request("AddRequest", "add") + "export interface EmptyResult {}\n",
        'export interface Note { jsonrpc: "2.0"; method: "note" }\n',  # a notification
        "export interface Todo { t: string }\n",
    ],
)
def test_nothing_to_declare_is_the_same_schema(text: str) -> None:
    before = schema(text)
    diags = Diagnostics()
    assert declare_missing_results(before, diags) is before
    assert not diags.warnings


def test_declares_result_by_tag_by_name_or_by_empty_result() -> None:
    s = schema(
        request("AddRequest", "add")
        + request("Ping", "ping")
        + request("TagRequest", "tag", "/** @result X */\n")
        + "export interface AddResult { ok: boolean }\nexport interface PingResult {}\n"
        + "export interface X {}\n"
    )
    decls = {n: d for n, d in s.decls.items() if isinstance(d, ir.Interface)}
    assert declares_result(s, decls["AddRequest"])
    assert declares_result(s, decls["TagRequest"])
    # ``Ping`` is not named ...Request: ``PingResult`` is not its result by name
    assert not declares_result(s, decls["Ping"])
    with_empty = dataclasses.replace(s, decls={**s.decls, "EmptyResult": s.decls["X"]})
    assert declares_result(with_empty, decls["Ping"])


def test_a_taken_name_gets_the_first_free_number() -> None:
    text = (
        "/** @kind request */\n"
        + request("Stop", "stop")
        + "export interface StopResult { a: string }\nexport interface StopResult2 { b: string }\n"
        + request("GoRequest", "go")
        + request("GoRequestRequest", "go2")
    )
    diags = Diagnostics()
    after = declare_missing_results(schema(text), diags)
    assert list(after.decls)[-3:] == ["StopResult3", "GoResult", "GoRequestResult"]
    tags = {n: after.decls[n].doc.tags[-1] for n in ("Stop", "GoRequest", "GoRequestRequest")}
    assert tags == {
        "Stop": ir.DocTag("result", "StopResult3"),
        "GoRequest": ir.DocTag("result", "GoResult"),
        "GoRequestRequest": ir.DocTag("result", "GoRequestResult"),
    }
    assert "typed 'StopResult3' (declare 'StopResult' or tag" in str(diags.warnings[0])
    assert len(diags.warnings) == 3


def test_two_requests_of_one_stem_take_two_names() -> None:
    text = "/** @kind request */\n" + request("Sync", "a") + request("SyncRequest", "b")
    after = declare_missing_results(schema(text), Diagnostics())
    assert after.decls["Sync"].doc.tags[-1] == ir.DocTag("result", "SyncResult")
    assert after.decls["SyncRequest"].doc.tags[-1] == ir.DocTag("result", "SyncResult2")
    assert {"SyncResult", "SyncResult2"} <= set(after.decls)


def test_the_messages_own_warnings_are_not_reported_here() -> None:
    # a literal method on neither a request nor a notification: messages() warns of it,
    # to whoever asks for the messages; here only the result's warning is reported
    text = request("AddRequest", "add") + request("Loose", "loose")
    diags = Diagnostics()
    declare_missing_results(schema(text), diags)
    assert [str(w).split(": warning: ")[1][:30] for w in diags.warnings] == [
        "request 'AddRequest' (method '"
    ]


def test_requests_after_one_that_needs_nothing_are_still_seen() -> None:
    text = (
        'export interface Note { jsonrpc: "2.0"; method: "note" }\n'
        + request("HasRequest", "has")
        + "export interface HasResult { ok: boolean }\n"
        + request("LastRequest", "last")
    )
    after = declare_missing_results(schema(text), Diagnostics())
    assert after.decls["LastRequest"].doc.tags == (ir.DocTag("result", "LastResult"),)
    assert "HasResult2" not in after.decls

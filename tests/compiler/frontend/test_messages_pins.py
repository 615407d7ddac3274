"""Pins of ``codegen.ir.messages`` (the one method extractor), from mutation results.

Each test compiles an inline snippet and asserts the exact messages, kinds, directions,
warnings or error text.
"""

from __future__ import annotations

import dataclasses

import pytest

from codegen import ir
from codegen.emit.python.backend import PythonBackend
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir import messages as m

MCP_MARKER = "export type EmptyResult = {};\n"


def schema(text: str) -> ir.Schema:
    return resolve([parse_module("a.ts", text)])


def found(text: str) -> tuple[dict[str, tuple[str, str, str]], list[str]]:
    """method -> (declaration, kind, direction), and the warnings as printed."""
    diagnostics = Diagnostics()
    result = m.messages(schema(text), diagnostics)
    return (
        {msg.method: (msg.decl.name, msg.kind, msg.direction) for msg in result},
        [str(w) for w in diagnostics.warnings],
    )


def error(text: str) -> str:
    with pytest.raises(SchemaError) as info:
        m.messages(schema(text), Diagnostics())
    return str(info.value)


def interface(s: ir.Schema, name: str) -> ir.Interface:
    decl = s.decls[name]
    assert isinstance(decl, ir.Interface)
    return decl


# --------------------------------------------------------------------------- unions


NESTED = """
export type ClientRequest = Inner | DReq | AReq;
export type Inner = AReq | Deeper;
export type Deeper = BReq | CReq;
export interface AReq { method: "a"; }
export interface BReq { method: "b"; }
export interface CReq { method: "c"; }
export interface DReq { method: "d"; }
"""


def test_union_members_follow_nested_aliases_in_order_once_each() -> None:
    assert m._union_members(schema(NESTED), "ClientRequest") == ["AReq", "BReq", "CReq", "DReq"]


def test_union_members_of_an_alias_to_one_reference() -> None:
    s = schema(NESTED + "export type ServerRequest = Inner;\n")
    assert m._union_members(s, "ServerRequest") == ["AReq", "BReq", "CReq"]


def test_union_members_of_a_missing_or_non_alias_name_are_none() -> None:
    s = schema(NESTED + "export interface ServerRequest { method: string; }\n")
    assert m._union_members(s, "ServerRequest") == []
    assert m._union_members(s, "ClientNotification") == []


def test_union_members_skip_non_reference_members() -> None:
    s = schema('export type ClientRequest = AReq | "x" | string;\n' + NESTED.split("\n", 2)[2])
    assert m._union_members(s, "ClientRequest") == ["AReq"]


def test_directions_collect_every_side_and_the_kind_of_the_union() -> None:
    s = schema(
        NESTED
        + """
export type ServerRequest = BReq;
export type ClientNotification = Ping;
export type ServerNotification = Ping | Pong;
export interface Ping { method: "ping"; }
export interface Pong { method: "pong"; }
"""
    )
    assert m._directions(s) == {
        "AReq": ({"client"}, "request"),
        "BReq": ({"client", "server"}, "request"),
        "CReq": ({"client"}, "request"),
        "DReq": ({"client"}, "request"),
        "Ping": ({"client", "server"}, "notification"),
        "Pong": ({"server"}, "notification"),
    }


def test_union_membership_sets_kind_and_direction() -> None:
    messages, warnings = found(
        MCP_MARKER
        + """
export type ClientRequest = Hello | Both;
export type ServerRequest = Sample | Both;
export type ClientNotification = Said;
export type ServerNotification = Told;
export interface Hello { method: "hello"; }
export interface Both { method: "both"; }
export interface Sample { method: "sample"; }
export interface Said { method: "said"; }
export interface Told { method: "told"; }
"""
    )
    assert messages == {
        "hello": ("Hello", "request", "client_to_server"),
        "both": ("Both", "request", "both"),
        "sample": ("Sample", "request", "server_to_client"),
        "said": ("Said", "notification", "client_to_server"),
        "told": ("Told", "notification", "server_to_client"),
    }
    assert warnings == []


# --------------------------------------------------------------------------- defaults


def test_an_mcp_message_in_no_union_goes_client_to_server_with_a_warning() -> None:
    messages, warnings = found(
        MCP_MARKER
        + """
export type ClientRequest = AReq;
export interface AReq { method: "a"; }
export interface LoneRequest { method: "lone"; }
"""
    )
    assert messages == {
        "a": ("AReq", "request", "client_to_server"),
        "lone": ("LoneRequest", "request", "client_to_server"),
    }
    assert warnings == [
        "a.ts:5:1: warning: 'LoneRequest' is in no direction union; assuming client_to_server"
    ]


@pytest.mark.parametrize("union", list(m.DIRECTION_UNIONS))
def test_any_direction_union_makes_the_default_warn(union: str) -> None:
    _, warnings = found(
        MCP_MARKER
        + f"export type {union} = never;\nexport interface LoneRequest {{ method: 'l'; }}\n"
    )
    assert warnings == [
        "a.ts:3:1: warning: 'LoneRequest' is in no direction union; assuming client_to_server"
    ]


def test_an_mcp_schema_without_unions_defaults_silently() -> None:
    messages, warnings = found(MCP_MARKER + 'export interface LoneRequest { method: "l"; }\n')
    assert messages == {"l": ("LoneRequest", "request", "client_to_server")}
    assert warnings == []


def test_a_generic_schema_without_unions_goes_both_ways() -> None:
    messages, warnings = found(
        'export interface GoRequest { method: "go"; }\n'
        'export interface WentNotification { method: "went"; }\n'
    )
    assert messages == {
        "go": ("GoRequest", "request", "both"),
        "went": ("WentNotification", "notification", "both"),
    }
    assert warnings == []


def test_the_protocol_setting_overrides_detection() -> None:
    s = schema('export interface GoRequest { method: "go"; }\n')
    s = dataclasses.replace(s, protocol="mcp")
    assert [x.direction for x in m.messages(s, Diagnostics())] == ["client_to_server"]


def test_a_generic_schema_listing_a_message_uses_its_union() -> None:
    messages, _ = found(
        'export type ServerRequest = GoRequest;\nexport interface GoRequest { method: "go"; }\n'
    )
    assert messages == {"go": ("GoRequest", "request", "server_to_client")}


# --------------------------------------------------------------------------- kinds


def test_a_method_without_a_kind_is_not_registered_with_a_warning() -> None:
    messages, warnings = found(
        'export type X = 1;\nexport interface Thing { method: "t"; }\n'
        'export interface GoRequest { method: "go"; }\n'
    )
    assert messages == {"go": ("GoRequest", "request", "both")}
    assert warnings == [
        "a.ts:2:1: warning: 'Thing' has a literal method 't' but is neither a request nor a "
        "notification (not in a direction union, no Request/Notification suffix); it is not "
        "registered"
    ]


@pytest.mark.parametrize(
    ("doc", "kind"),
    [
        ("@kind request", "request"),
        ("@kind notification", "notification"),
        ("@kind  notification ", "notification"),
        ("@result Thing", "request"),
    ],
)
def test_tags_set_the_kind(doc: str, kind: str) -> None:
    messages, _ = found(f'/** {doc} */\nexport interface Thing {{ method: "t"; }}\n')
    assert messages == {"t": ("Thing", kind, "both")}


def test_an_unknown_kind_tag_falls_back_to_the_name() -> None:
    messages, _ = found('/** @kind other */\nexport interface ThingNotification { method: "t"; }\n')
    assert messages == {"t": ("ThingNotification", "notification", "both")}
    messages, warnings = found('/** @kind other */\nexport interface Thing { method: "t"; }\n')
    assert messages == {}
    assert len(warnings) == 1


def test_a_kind_tag_overrides_the_union() -> None:
    messages, _ = found(
        "export type ClientRequest = Thing;\n"
        '/** @kind notification */\nexport interface Thing { method: "t"; }\n'
    )
    assert messages == {"t": ("Thing", "notification", "client_to_server")}


@pytest.mark.parametrize(
    ("name", "listed", "kind"),
    [
        ("XRequest", None, "request"),
        ("XNotification", None, "notification"),
        ("RequestX", None, None),
        ("XRequest", (set(), "notification"), "notification"),
        ("X", (set(), "request"), "request"),
    ],
)
def test_kind_from_name_or_listing(name: str, listed: object, kind: str | None) -> None:
    assert m._kind(name, listed) == kind  # type: ignore[arg-type]


# --------------------------------------------------------------------------- tags


@pytest.mark.parametrize(
    ("tag", "method"),
    [
        ('"text/hover"', "text/hover"),
        ("'text/hover'", "text/hover"),
        ("`text/hover`", "text/hover"),
        ("  text/hover  ", "text/hover"),
        ('"XrayX"', "XrayX"),
    ],
)
def test_a_method_tag_names_the_method(tag: str, method: str) -> None:
    messages, _ = found(f"/** @method {tag} */\nexport interface HoverRequest {{ }}\n")
    assert messages == {method: ("HoverRequest", "request", "both")}


@pytest.mark.parametrize(
    ("tag", "shown"), [('""', "'\"\"'"), ("a b", "'a b'"), ("a\tb", "'a\\tb'")]
)
def test_a_method_tag_needs_one_name(tag: str, shown: str) -> None:
    s = schema("export interface HoverRequest { }\n")
    decl = interface(s, "HoverRequest")
    bad = ir.Interface(
        decl.name,
        decl.body,
        span=decl.span,
        doc=ir.Doc(tags=(ir.DocTag("method", tag),)),
    )
    with pytest.raises(SchemaError) as info:
        m.tagged_name(bad, "method")
    assert str(info.value) == f"a.ts:1:1: error: @method needs one name, got {shown}"


def test_tagged_name_without_the_tag_is_none() -> None:
    decl = interface(schema("/** @other x */\nexport interface HoverRequest { }\n"), "HoverRequest")
    assert m.tagged_name(decl, "method") is None
    assert m.tagged_name(decl, "other") == "x"


def test_a_method_tag_agreeing_with_the_field() -> None:
    messages, _ = found('/** @method "go" */\nexport interface GoRequest { method: "go"; }\n')
    assert messages == {"go": ("GoRequest", "request", "both")}


def test_a_method_tag_contradicting_the_field_is_an_error() -> None:
    assert error('/** @method "went" */\nexport interface GoRequest { method: "go"; }\n') == (
        "a.ts:2:1: error: @method 'went' contradicts the method field 'go'"
    )


def test_an_empty_method_literal_is_a_method() -> None:
    messages, _ = found('export interface GoRequest { method: ""; }\n')
    assert messages == {"": ("GoRequest", "request", "both")}


def test_method_of() -> None:
    s = schema(
        "export type Alias = { method: 'x' };\n"
        "export interface Num { method: 1; }\n"
        "export interface Str { method: string; }\n"
        "export interface Base { method: 'inherited'; }\n"
        "export interface Child extends Base { }\n"
        "export interface NoMethod { other: 'x'; }\n"
    )
    assert m.method_of(s, s.decls["Alias"]) is None
    assert m.method_of(s, s.decls["Num"]) is None
    assert m.method_of(s, s.decls["Str"]) is None
    assert m.method_of(s, s.decls["Child"]) == "inherited"
    assert m.method_of(s, s.decls["NoMethod"]) is None
    assert m._literal_method(None) is None


def test_a_message_carries_its_flattened_properties() -> None:
    s = schema(
        "export interface Base { method: 'go'; id: number; }\n"
        "export interface GoRequest extends Base { params: string; }\n"
    )
    (msg,) = m.messages(s, Diagnostics())
    assert list(msg.properties) == ["method", "id", "params"]
    params = msg.properties["params"].type
    assert isinstance(params, ir.Primitive)
    assert params.name == "string"
    assert msg.decl is s.decls["GoRequest"]


@pytest.mark.parametrize(
    ("tag", "direction"),
    [
        ("clientToServer", "client_to_server"),
        ("client_to_server", "client_to_server"),
        ("Server-To-Client", "server_to_client"),
        (" BOTH ", "both"),
    ],
)
def test_a_direction_tag_overrides_unions(tag: str, direction: str) -> None:
    messages, warnings = found(
        MCP_MARKER
        + "export type ServerRequest = GoRequest;\n"
        + f'/** @direction {tag} */\nexport interface GoRequest {{ method: "go"; }}\n'
    )
    assert messages == {"go": ("GoRequest", "request", direction)}
    assert warnings == []


def test_a_bad_direction_tag_is_an_error() -> None:
    assert error('/** @direction sideways */\nexport interface GoRequest { method: "go"; }\n') == (
        "a.ts:2:1: error: @direction must be clientToServer, serverToClient or both, got 'sideways'"
    )


# --------------------------------------------------------------------------- the whole


def test_a_method_declared_twice_is_an_error() -> None:
    assert error(
        'export interface GoRequest { method: "go"; }\n'
        'export interface AgainRequest { method: "go"; }\n'
    ) == ("a.ts:2:1: error: method 'go' is declared twice ('GoRequest' at a.ts:1:1)")


def test_messages_are_in_declaration_order() -> None:
    s = schema(
        'export interface BRequest { method: "b"; }\n'
        "export type Skip = string;\n"
        'export interface ARequest { method: "a"; }\n'
    )
    assert [x.method for x in m.messages(s, Diagnostics())] == ["b", "a"]


def test_the_backends_messages_replay_their_warnings_to_every_caller() -> None:
    backend = PythonBackend(schema('export interface Thing { method: "t"; }\n'))
    first, second = Diagnostics(), Diagnostics()
    one = backend.messages(first)
    two = backend.messages(second)
    assert one == two == ()
    assert [w.message for w in first.warnings] == [w.message for w in second.warnings]
    assert len(second.warnings) == 1
    # another schema (even an equal one) has its own backend
    other = PythonBackend(schema('export interface GoRequest { method: "go"; }\n'))
    assert [x.method for x in other.messages(Diagnostics())] == ["go"]


def test_the_backends_messages_and_registry_are_computed_once() -> None:
    text = 'export interface GoRequest { method: "go"; }\nexport interface GoResult {}\n'
    backend = PythonBackend(schema(text))
    first = backend.messages(Diagnostics())
    assert backend.messages(Diagnostics()) is first
    diags = Diagnostics()
    entries = backend.registry(diags)
    assert backend.registry(Diagnostics()) is entries
    assert [e.method for e in entries] == ["go"]

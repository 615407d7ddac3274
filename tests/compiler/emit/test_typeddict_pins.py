"""Pins of the TypedDict target's emitters (issue #37), from their mutation survivors:
the exact text each emits for a snippet, and what the package does with it."""

from __future__ import annotations

import dataclasses
import keyword
from pathlib import Path

import pytest

import codegen
from codegen import ir
from codegen.build.pipeline import build
from codegen.build.targets import TARGETS
from codegen.emit.python.backend import backend_of
from codegen.emit.python.typeddict import DEVIATIONS, emit_typeddict
from codegen.emit.python.typeddict.module import TypeWriter, class_syntax
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve

HEADER = "import typing as _t\n\nfrom . import _runtime as _rt\n"


def schema_of(text: str) -> ir.Schema:
    return resolve([parse_module("s.ts", text)])


def emitted(source: str | ir.Schema) -> dict[str, str]:
    schema = schema_of(source) if isinstance(source, str) else source
    return emit_typeddict(schema, Diagnostics())


def models(source: str | ir.Schema) -> str:
    """``models.py`` after its docstring and imports."""
    text = emitted(source)["models.py"]
    head, found, body = text.partition(HEADER)
    assert found and head.startswith('"""TypedDicts. Deviations from schema.json:')
    return body


# Every kind of member the annotations spell, the two syntaxes, constants and aliases.
KINDS = r"""export const MAX = 3;
export const NAME = "n\"x";
export const HALF = 0.5;
/** Plain. */
export interface Plain {
  /** The text. */
  text: string;
  flag?: boolean;
  nothing: null;
  any: unknown;
  obj: object;
  never_: never;
  half: 0.5;
  one: 1;
  list: number[];
  pair: [string, boolean];
  empty: [];
  rest: [string, ...number[]];
  opt: [string, number?];
  map: Record<string, boolean>;
  bag: {};
  index: { [k: string]: string };
  mixed: "a" | 1 | 0.5 | "a" | true | undefined | string | string;
  wide: string | unknown;
  inline: { x: number };
}
export interface Soft { match: string; }
export interface Mangled { __x: string; }
export interface Dunder { __x__: string; }
export interface Key { class: string; }
export interface Nothing {}
export type Later = Early | null;
export type Early = string;
/** Self. */
export type Tree = { kids: Tree[] } | string;
export type Lits = "a" | "b";
"""

KINDS_MODELS = '''


MAX: _t.Final = 3
NAME: _t.Final = 'n"x'
HALF: _t.Final = 0.5


class PlainInline(_t.TypedDict):
    x: "int | float"


class Plain(_t.TypedDict):
    """Plain."""
    text: "str"
    """The text."""
    flag: _t.NotRequired["bool"]
    nothing: "None"
    any: "_t.Any"
    obj: "dict[str, _t.Any]"
    half: "float"
    one: "_t.Literal[1]"
    list: "list[int | float]"
    pair: "tuple[str, bool]"
    empty: "tuple[()]"
    rest: "list[str | int | float]"
    opt: "list[str | int | float]"
    map: "dict[str, bool]"
    bag: "dict[str, _t.Any]"
    index: "dict[str, str]"
    mixed: '_t.Literal["a", 1, True] | float | str'
    wide: "_t.Any"
    inline: "PlainInline"


Soft = _t.TypedDict(
    "Soft",
    {
        "match": "str",
    },
)


Mangled = _t.TypedDict(
    "Mangled",
    {
        "__x": "str",
    },
)


class Dunder(_t.TypedDict):
    __x__: "str"


Key = _t.TypedDict(
    "Key",
    {
        "class": "str",
    },
)


class Nothing(_t.TypedDict):
    pass


class Tree1(_t.TypedDict):
    kids: "list[Tree]"


if _t.TYPE_CHECKING:
    Early: _t.TypeAlias = str
    Later: _t.TypeAlias = Early | None
    Tree: _t.TypeAlias = "Tree1 | str"
    """Self."""
    Lits: _t.TypeAlias = _t.Literal["a", "b"]
else:
    Early = _rt.Alias("Early")
    Later = _rt.Alias("Later")
    Tree = _rt.Alias("Tree")
    Lits = _rt.Alias("Lits")


__all__ = [
    "Dunder",
    "Early",
    "HALF",
    "Key",
    "Later",
    "Lits",
    "MAX",
    "Mangled",
    "NAME",
    "Nothing",
    "Plain",
    "PlainInline",
    "Soft",
    "Tree",
    "Tree1",
]
'''


def test_each_kind_of_type_is_spelt_exactly() -> None:
    assert models(KINDS) == KINDS_MODELS


# Anonymous classes inside arrays, tuples, unions and rests: each owner's own class, and an
# inherited member keeps the class of the interface that declares it.
INLINE = """export interface A { x: { n: number }[]; t: [{ m: string }]; u: { k: boolean } | null; r: [string, ...{ q: null }[]]; }
export interface B { x: { n: number }[]; t: [{ m: string }]; u: { k: boolean } | null; r: [string, ...{ q: null }[]]; }
export interface C extends A { extra?: string; }
export type Al = { z: number }[];
export type Rec = { [key: string]: { v: number } };
"""

INLINE_MODELS = """


class AX(_t.TypedDict):
    n: "int | float"


class AT(_t.TypedDict):
    m: "str"


class AU(_t.TypedDict):
    k: "bool"


class AR(_t.TypedDict):
    q: "None"


class A(_t.TypedDict):
    x: "list[AX]"
    t: "tuple[AT]"
    u: "AU | None"
    r: "list[str | AR]"


class BX(_t.TypedDict):
    n: "int | float"


class BT(_t.TypedDict):
    m: "str"


class BU(_t.TypedDict):
    k: "bool"


class BR(_t.TypedDict):
    q: "None"


class B(_t.TypedDict):
    x: "list[BX]"
    t: "tuple[BT]"
    u: "BU | None"
    r: "list[str | BR]"


class C(_t.TypedDict):
    x: "list[AX]"
    t: "tuple[AT]"
    u: "AU | None"
    r: "list[str | AR]"
    extra: _t.NotRequired["str"]


class Al1(_t.TypedDict):
    z: "int | float"


class Rec1(_t.TypedDict):
    v: "int | float"


if _t.TYPE_CHECKING:
    Al: _t.TypeAlias = list[Al1]
    Rec: _t.TypeAlias = dict[str, Rec1]
else:
    Al = _rt.Alias("Al")
    Rec = _rt.Alias("Rec")


__all__ = [
    "A",
    "AR",
    "AT",
    "AU",
    "AX",
    "Al",
    "Al1",
    "B",
    "BR",
    "BT",
    "BU",
    "BX",
    "C",
    "Rec",
    "Rec1",
]
"""


def test_anonymous_classes_are_their_owners() -> None:
    assert models(INLINE) == INLINE_MODELS


def test_numbers_are_ints_where_the_schema_says_integer() -> None:
    text = "export type integer = number;\nexport interface N { n: number; i: integer; f: 2.0 }\n"
    schema = schema_of(text)
    fields = 'class N(_t.TypedDict):\n    n: "{}"\n    i: "int"\n    f: "_t.Literal[2]"\n'
    assert fields.format("int | float") in models(schema)
    assert "    integer: _t.TypeAlias = int | float\n" in models(schema)
    integers = dataclasses.replace(schema, default_number_type="integer")
    assert fields.format("int") in models(integers)
    assert "    integer: _t.TypeAlias = int\n" in models(integers)


@pytest.mark.parametrize(
    ("key", "ok"),
    [
        ("name", True),
        ("_x", True),
        ("__x__", True),  # a dunder is not mangled
        ("__", True),
        ("__x", False),  # mangled in a class body
        ("___x", False),
        ("match", False),  # a soft keyword
        ("_", False),
        ("class", False),
        ("a-b", False),
        ("1a", False),
        ("", False),
    ],
)
def test_which_keys_the_class_syntax_can_write(key: str, ok: bool) -> None:
    assert class_syntax(key) is ok


def test_the_class_syntax_does_not_follow_the_running_pythons_soft_keywords(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Python 3.12 adds ``type`` to the soft keywords: compiled there, MCP's TypedDicts with
    # a ``type`` key must come out as on 3.11 (class syntax), or the output would depend
    # on the compiler's interpreter.
    monkeypatch.setattr(keyword, "softkwlist", [*keyword.softkwlist, "type"])
    monkeypatch.setattr(keyword, "issoftkeyword", frozenset(keyword.softkwlist).__contains__)
    assert class_syntax("type") is True
    assert (class_syntax("match"), class_syntax("case"), class_syntax("_")) == (False,) * 3
    assert 'class A(_t.TypedDict):\n    type: "str"\n' in models(
        "export interface A { type: string }"
    )


SPAN = ir.Span("s.ts", 3, 7)


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        (ir.Ref("Nope", span=SPAN), "s.ts:3:7: error: unknown type 'Nope'"),
        (
            ir.Ref("LIMIT", span=SPAN),
            "s.ts:3:7: error: 'LIMIT' is a const, not a type; use 'typeof LIMIT'",
        ),
        (ir.Typeof("LIMIT", SPAN), "s.ts:3:7: error: 'typeof LIMIT' was not resolved to a literal"),
        (
            ir.Object(properties=(ir.Property("z", ir.Primitive("string")),), span=SPAN),
            "s.ts:3:7: error: an anonymous object type here has no class name; declare it as "
            "an interface",
        ),
    ],
)
def test_what_resolve_left_unresolved_is_a_located_error(expr: ir.TypeExpr, message: str) -> None:
    backend = backend_of(schema_of("export const LIMIT = 3;\nexport interface A { a: string }\n"))
    with pytest.raises(SchemaError) as caught:
        TypeWriter(backend).annotation(expr, "A", "a")
    assert str(caught.value) == message


VALIDATION = '''"""``validate(value, Type)``: ``value`` checked against the package's ``schema.json``
as the definition of ``Type`` (a TypedDict or alias of ``models``, or its name)."""

from __future__ import annotations

from pathlib import Path

from . import _runtime as _rt
from . import models as _models
from ._runtime import SchemaUnsupported, ValidationError

# Python name -> schema.json definition
DEFINITIONS: dict[str, str] = {
    "I": "I",
    "NSI": "NS.I",
}

validate = _rt.Validator(Path(__file__).parent, _models, DEFINITIONS)

__all__ = ["DEFINITIONS", "SchemaUnsupported", "ValidationError", "validate"]
'''


def test_validate_maps_each_declared_name_to_its_definition() -> None:
    text = (
        "export namespace NS { export interface I { a: string } }\nexport interface I { b: NS.I }\n"
    )
    assert emitted(text)["validation.py"] == VALIDATION
    # anonymous classes have no definition of their own; aliases do
    rows = emitted(INLINE)["validation.py"].split("DEFINITIONS: dict[str, str] = {\n")[1]
    assert rows.startswith(
        '    "A": "A",\n    "Al": "Al",\n    "B": "B",\n    "C": "C",\n    "Rec": "Rec",\n}'
    )


# Requests with params, optional params, open params and none; notifications with params
# and without; messages only the server sends (in neither module): the server's and the
# client's exact text.
METHODS = """export const JSONRPC_VERSION = "2.0";
export type RequestId = string | number;
export interface Request { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCRequest extends Request { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; }
export interface Notification { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCNotification extends Notification { jsonrpc: typeof JSONRPC_VERSION; }
export interface Result { [key: string]: unknown; }
export type EmptyResult = Result;
export interface PingRequest extends JSONRPCRequest { method: "ping"; }
export interface AddRequest extends JSONRPCRequest { method: "add"; params: { a: number; b: number }; }
export interface AddResult extends Result { sum: number; }
export interface TickNotification extends JSONRPCNotification { method: "tick"; }
export interface EchoRequest extends JSONRPCRequest { method: "echo"; params?: { text?: string; [key: string]: unknown }; }
export interface EchoResult extends Result { text: string; }
export interface FreeRequest extends JSONRPCRequest { method: "free"; params: { [key: string]: unknown }; }
export interface LogNotification extends JSONRPCNotification { method: "log"; params: { level: string }; }
export interface BareRequest { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; method: "bare"; }
/** @direction serverToClient */
export interface SampleRequest extends JSONRPCRequest { method: "sample"; }
export interface SampleResult extends Result { s: string; }
/** @direction serverToClient */
export interface ChangedNotification extends JSONRPCNotification { method: "changed"; }
"""

SERVER = '''"""The server side: a typed handler base class and a transport-agnostic ``dispatch``.

Subclass ``ServerHandler`` and override one async method per request you serve; the
defaults answer -32601, and notifications default to doing nothing. ``dispatch(handler,
raw, ctx)`` checks one message against ``schema.json``, calls the handler and returns the
JSON-RPC response as a dict, or None for a notification: -32700/-32600 for a malformed
message, -32601 for an unknown or unserved method, -32602 where the schema refuses the
message, whatever ``RPCError`` a handler raises, -32603 for a handler crash or a result
the schema refuses (logged, not sent).
"""

from __future__ import annotations

import typing as _t

from . import _runtime as _rt
from ._runtime import RPCError
from .validation import validate
from .models import AddRequestParams, AddResult, EchoRequestParams, EchoResult, EmptyResult, LogNotificationParams

__all__ = ["RPCError", "ServerHandler", "dispatch"]

ContextT = _t.TypeVar("ContextT")


def _not_served(method: str) -> RPCError:
    return RPCError(_rt.METHOD_NOT_FOUND, "Method not found", {"method": method})


class ServerHandler(_t.Generic[ContextT]):
    """One async method per message the client sends; override the ones you serve."""

    async def add(self, params: AddRequestParams, ctx: ContextT) -> AddResult:
        """``add``."""
        raise _not_served("add")

    async def bare(self, params: None, ctx: ContextT) -> EmptyResult:
        """``bare``."""
        raise _not_served("bare")

    async def echo(self, params: EchoRequestParams | None, ctx: ContextT) -> EchoResult:
        """``echo``."""
        raise _not_served("echo")

    async def free(self, params: dict[str, _t.Any], ctx: ContextT) -> EmptyResult:
        """``free``."""
        raise _not_served("free")

    async def log(self, params: LogNotificationParams, ctx: ContextT) -> None:
        """``log``."""
        return None

    async def ping(self, params: dict[str, _t.Any] | None, ctx: ContextT) -> EmptyResult:
        """``ping``."""
        raise _not_served("ping")

    async def tick(self, params: dict[str, _t.Any] | None, ctx: ContextT) -> None:
        """``tick``."""
        return None


_METHODS: dict[str, tuple[str, str, str, str | None]] = {
    "add": ("request", "add", "AddRequest", "AddResult"),
    "bare": ("request", "bare", "BareRequest", "EmptyResult"),
    "echo": ("request", "echo", "EchoRequest", "EchoResult"),
    "free": ("request", "free", "FreeRequest", "EmptyResult"),
    "log": ("notification", "log", "LogNotification", None),
    "ping": ("request", "ping", "PingRequest", "EmptyResult"),
    "tick": ("notification", "tick", "TickNotification", None),
}


async def dispatch(
    handler: ServerHandler[ContextT], raw: bytes | str | dict[str, _t.Any], ctx: ContextT
) -> dict[str, _t.Any] | None:
    """Answer one incoming message; None when no response is due (a notification)."""
    return await _rt.serve(_METHODS, validate, handler, raw, ctx)
'''

CLIENT = '''"""The client side: one typed async method per request, over a minimal ``Transport``.

A ``Transport`` sends one request (its params as plain JSON, or None) and returns the
JSON-RPC ``result`` member as plain JSON; when the peer answers with an error it raises
``RPCError``. Each method returns the result once ``validate`` has checked it against
``schema.json``; a result the schema refuses raises ``InvalidResult``.
"""

from __future__ import annotations

import typing as _t

from .validation import validate
from .models import AddRequestParams, AddResult, EchoRequestParams, EchoResult, EmptyResult

__all__ = ["Client", "InvalidResult", "Transport"]


class Transport(_t.Protocol):
    async def request(self, method: str, params: dict[str, _t.Any] | None) -> _t.Any:
        """Send a request; return the response's ``result``; raise ``RPCError`` on error."""
        ...


class InvalidResult(ValueError):
    """The peer's result does not match the schema; ``reason`` says where."""

    def __init__(self, method: str, reason: str) -> None:
        super().__init__(f"invalid result for {method}: {reason}")
        self.method = method
        self.reason = reason


def _wire(params: object) -> dict[str, _t.Any] | None:
    return _t.cast("dict[str, _t.Any] | None", params)


def _result(method: str, result: object, definition: str) -> object:
    errors = validate.errors(result, definition)
    if errors:
        raise InvalidResult(method, str(errors[0]))
    return result


class Client:
    """Typed requests over ``transport``."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

    async def add(self, params: AddRequestParams) -> AddResult:
        """``add``."""
        result = await self.transport.request("add", _wire(params))
        return _t.cast("AddResult", _result("add", result, "AddResult"))

    async def bare(self) -> EmptyResult:
        """``bare``."""
        result = await self.transport.request("bare", None)
        return _t.cast("EmptyResult", _result("bare", result, "EmptyResult"))

    async def echo(self, params: EchoRequestParams | None = None) -> EchoResult:
        """``echo``."""
        result = await self.transport.request("echo", _wire(params))
        return _t.cast("EchoResult", _result("echo", result, "EchoResult"))

    async def free(self, params: dict[str, _t.Any]) -> EmptyResult:
        """``free``."""
        result = await self.transport.request("free", _wire(params))
        return _t.cast("EmptyResult", _result("free", result, "EmptyResult"))

    async def ping(self, params: dict[str, _t.Any] | None = None) -> EmptyResult:
        """``ping``."""
        result = await self.transport.request("ping", _wire(params))
        return _t.cast("EmptyResult", _result("ping", result, "EmptyResult"))
'''


def test_the_server_and_client_modules_exactly() -> None:
    files = emitted(METHODS)
    assert files["server.py"] == SERVER
    assert files["client.py"] == CLIENT


def test_no_server_or_client_without_methods() -> None:
    assert sorted(emitted("export interface A { a: string }\n")) == [
        "_runtime.py",
        "models.py",
        "validation.py",
    ]


def test_the_package_ships_its_runtime_verbatim() -> None:
    files = emitted(METHODS)
    assert sorted(files) == ["_runtime.py", "client.py", "models.py", "server.py", "validation.py"]
    runtime = Path(codegen.__file__).parent / "runtime" / "_typeddict.py"
    assert files["_runtime.py"] == runtime.read_text("utf-8")
    doc = files["models.py"].split('"""')[1]
    assert doc.startswith("TypedDicts. Deviations from schema.json:\n\n* The types check nothing")
    assert doc.count("\n* ") == len(DEVIATIONS)


# Edges: absent-only unions (``never``), ``any``, aliases of ``undefined``/``never``/``any``,
# a string and a boolean constant.
EDGES = """export const VERSION = "2.0";
export const ON = true;
export interface U { c: 1 | 1.0; e: [undefined?]; f: "x" | undefined; g: any; h?: never[] }
export type Nothing = undefined;
export type Impossible = never;
export type Anything = any;
"""

EDGES_MODELS = """


VERSION: _t.Final = "2.0"
ON: _t.Final = True


class U(_t.TypedDict):
    c: "_t.Literal[1]"
    e: "list[_t.Never]"
    f: '_t.Literal["x"]'
    g: "_t.Any"
    h: _t.NotRequired["list[_t.Never]"]


if _t.TYPE_CHECKING:
    Nothing: _t.TypeAlias = None
    Impossible: _t.TypeAlias = _t.Never
    Anything: _t.TypeAlias = _t.Any
else:
    Nothing = _rt.Alias("Nothing")
    Impossible = _rt.Alias("Impossible")
    Anything = _rt.Alias("Anything")


__all__ = [
    "Anything",
    "Impossible",
    "Nothing",
    "ON",
    "U",
    "VERSION",
]
"""


def test_the_edges_are_spelt_exactly() -> None:
    assert models(EDGES) == EDGES_MODELS


# Members copied by Pick/Omit/intersections name the anonymous class the pydantic target's
# models name (the same naming authority, the same owner of each copied property).
COPIES = """export interface A { x: { n: number }; y: { m: string }; z?: string }
export interface D extends Omit<A, "y"> { w: { k: boolean } }
export interface P extends Pick<A, "x"> {}
export type I = A & { v: { q: null } };
export interface R extends Required<A> {}
export type Q = Partial<A>;
export interface O extends A { x: { n: number; o: string } }
export interface G<T> { g: T; h: { t: T } }
export interface GI extends G<string> {}
export type GA = G<number>;
"""


def _member_classes(text: str, classes: tuple[str, ...]) -> dict[str, str]:
    found = {}
    for name in classes:
        body = text.split(f"\nclass {name}(", 1)[1].split("\n\n", 1)[0]
        for line in body.splitlines()[1:]:
            key, _, annotation = line.strip().partition(": ")
            found[f"{name}.{key}"] = annotation.strip('"')
    return found


def test_copied_members_name_the_classes_the_pydantic_models_name() -> None:
    schema = schema_of(COPIES)
    pydantic = build(schema, command="t", emitters=TARGETS["pydantic"], package_doc="d")
    ours = _member_classes(emitted(schema)["models.py"], ("A", "D"))
    theirs = _member_classes(pydantic["models.py"], ("A", "D"))
    # A's own member keeps A's class though ``Pick<A, "x">`` holds the same member
    assert ours["A.x"] == theirs["A.x"] == "AX"
    assert ours["D.x"] == theirs["D.x"] == "AX"
    assert ours["D.w"] == theirs["D.w"] == "DW"


# Namespaced declarations, a generic, and anonymous classes in mappings, index signatures and
# aliases of the same shape: each its own owner's.
OWNERS = """export namespace NS {
  /** A namespaced alias. */
  export type T = string | number;
  /** A namespaced interface. */
  export interface I { a: string }
}
/** Top alias. */
export type U = NS.T | null;
export interface G<T> { g: T }
export interface GS extends G<string> {}
export interface M1 { m: Record<string, { v: number }>; n: { [k: string]: { w: string } } }
export interface M2 { m: Record<string, { v: number }>; n: { [k: string]: { w: string } } }
export type Al = { z: number }[];
export type Bl = { z: number }[];
"""

OWNERS_MODELS = '''


class I(_t.TypedDict):
    """A namespaced interface."""
    a: "str"


class G_string(_t.TypedDict):
    g: "str"


class GS(_t.TypedDict):
    g: "str"


class M1M(_t.TypedDict):
    v: "int | float"


class M1N(_t.TypedDict):
    w: "str"


class M1(_t.TypedDict):
    m: "dict[str, M1M]"
    n: "dict[str, M1N]"


class M2M(_t.TypedDict):
    v: "int | float"


class M2N(_t.TypedDict):
    w: "str"


class M2(_t.TypedDict):
    m: "dict[str, M2M]"
    n: "dict[str, M2N]"


class Al1(_t.TypedDict):
    z: "int | float"


class Bl1(_t.TypedDict):
    z: "int | float"


if _t.TYPE_CHECKING:
    T: _t.TypeAlias = str | int | float
    """A namespaced alias."""
    U: _t.TypeAlias = T | None
    """Top alias."""
    Al: _t.TypeAlias = list[Al1]
    Bl: _t.TypeAlias = list[Bl1]
else:
    T = _rt.Alias("T")
    U = _rt.Alias("U")
    Al = _rt.Alias("Al")
    Bl = _rt.Alias("Bl")


__all__ = [
    "Al",
    "Al1",
    "Bl",
    "Bl1",
    "GS",
    "G_string",
    "I",
    "M1",
    "M1M",
    "M1N",
    "M2",
    "M2M",
    "M2N",
    "T",
    "U",
]
'''

OWNERS_DEFINITIONS = """    "Al": "Al",
    "Bl": "Bl",
    "GS": "GS",
    "G_string": "G_string",
    "I": "I",
    "M1": "M1",
    "M2": "M2",
    "T": "T",
    "U": "U",
"""


def test_each_anonymous_class_is_its_owners_in_mappings_and_aliases() -> None:
    files = emitted(OWNERS)
    assert models(OWNERS) == OWNERS_MODELS
    # the generic itself has no definition: its instance does
    assert (
        files["validation.py"]
        .split("DEFINITIONS: dict[str, str] = {\n")[1]
        .startswith(OWNERS_DEFINITIONS + "}\n")
    )


NO_ALIASES_MODELS = """


class NSI(_t.TypedDict):
    a: "str"


class I(_t.TypedDict):
    b: "NSI"


__all__ = [
    "I",
    "NSI",
]
"""


def test_a_schema_without_aliases_has_no_alias_block() -> None:
    text = (
        "export namespace NS { export interface I { a: string } }\nexport interface I { b: NS.I }\n"
    )
    assert models(text) == NO_ALIASES_MODELS


# Anonymous classes that are dicts (an intersection, an Omit of an index signature): aliases
# with no declaration of their own, so no docstring.
DICTS = """export interface Base { [k: string]: number }
export interface H { a: Base & { [k: string]: number }; b: Omit<Base, "x"> }
"""

DICTS_MODELS = """


class H(_t.TypedDict):
    a: "HA"
    b: "HB"


if _t.TYPE_CHECKING:
    Base: _t.TypeAlias = dict[str, int | float]
    HA: _t.TypeAlias = dict[str, int | float]
    HB: _t.TypeAlias = dict[str, int | float]
else:
    Base = _rt.Alias("Base")
    HA = _rt.Alias("HA")
    HB = _rt.Alias("HB")


__all__ = [
    "Base",
    "H",
    "HA",
    "HB",
]
"""


def test_anonymous_dict_classes_are_aliases() -> None:
    assert models(DICTS) == DICTS_MODELS


# Names Python keeps for itself: renamed, their docstrings and definitions kept.
RENAMED = """/** Named None. */
export interface None { a: string }
/** Named True. */
export type True = string | None;
export interface Uses { n: None; t: True }
"""

RENAMED_MODELS = '''


class None_(_t.TypedDict):
    """Named None."""
    a: "str"


class Uses(_t.TypedDict):
    n: "None_"
    t: "True_"


if _t.TYPE_CHECKING:
    True_: _t.TypeAlias = str | None_
    """Named True."""
else:
    True_ = _rt.Alias("True_")


__all__ = [
    "None_",
    "True_",
    "Uses",
]
'''


def test_renamed_declarations_keep_their_docs_and_definitions() -> None:
    files = emitted(RENAMED)
    assert models(RENAMED) == RENAMED_MODELS
    rows = files["validation.py"].split("DEFINITIONS: dict[str, str] = {\n")[1]
    assert rows.startswith("""    "None_": "None",
    "True_": "True",
    "Uses": "Uses",
}\n""")


TICK_ONLY = """export const JSONRPC_VERSION = "2.0";
export interface Notification { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCNotification extends Notification { jsonrpc: typeof JSONRPC_VERSION; }
export interface TickNotification extends JSONRPCNotification { method: "tick"; }
"""


def test_a_server_of_notifications_only_imports_no_models_and_has_no_client() -> None:
    files = emitted(TICK_ONLY)
    assert "client.py" not in files
    server = files["server.py"]
    assert "from .validation import validate\n\n__all__" in server
    assert "from .models" not in server
    assert (
        "    async def tick(self, params: dict[str, _t.Any] | None, ctx: ContextT) -> None:\n"
        in server
    )
    assert '    "tick": ("notification", "tick", "TickNotification", None),\n}' in server

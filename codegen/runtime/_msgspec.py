"""The static runtime of a msgspec package (copied into it as ``_msgspec.py``).

msgspec decodes most of a schema natively: Structs, literals, constrained strings and
numbers, lists, dicts and unions of distinct JSON kinds. What it cannot express is a
*lowered* type, a subclass of ``Lowered`` named in the annotations at run time (type
checkers see the real type instead):

* ``Dispatch``: a union msgspec refuses (several object members, or several array
  members). A JSON object picks its member by the keys each member requires and the
  literal values it fixes; several members left: each in the schema's order, until one
  decodes the value (the schema's ``anyOf``: a member only refuses what its own type
  refuses). Any other value goes to the union of the other members.
* ``Recursive``: a type alias that refers to itself (``JSONValue``), decoded through its
  definition, each reference again through this hook.

Every decoder of the package passes ``dec_hook`` (``decoder``, ``decode``); msgspec calls
it with the value already decoded as plain JSON (dict, list, str, int, float, bool, None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, TypeVar, cast, overload

import msgspec

T = TypeVar("T")

__all__ = [
    "Dispatch",
    "Lowered",
    "Member",
    "Method",
    "ParseFailure",
    "Parsed",
    "ParsedNotification",
    "ParsedRequest",
    "ParsedResponse",
    "RPCError",
    "Recursive",
    "dec_hook",
    "decode",
    "decode_message",
    "decoder",
    "typed",
]


class _LoweredType(type):
    # msgspec checks that ``dec_hook`` returns an instance of the type it asked for; the
    # value of a lowered type is one of its members' (``isinstance`` holds for any value).
    def __instancecheck__(cls, instance: object) -> bool:
        return True


class Lowered(metaclass=_LoweredType):
    """A type msgspec decodes through ``dec_hook``: never instantiated."""

    @classmethod
    def lower(cls, value: object) -> object:  # pragma: no cover - each kind overrides it
        raise NotImplementedError


class Member:
    """One object member of a ``Dispatch`` union: the keys it requires and, per literal
    key, the values it admits. Its checks are prepared once, when it is made: a union is
    decided on every value the package decodes."""

    __slots__ = (
        "_hook",
        "_literals",
        "_nested",
        "_resolved",
        "literals",
        "nested",
        "required",
        "type",
    )

    def __init__(
        self,
        type: Callable[[], Any] | None,  # None: the rules of a member's member
        required: frozenset[str] = frozenset(),
        literals: Mapping[str, frozenset[object]] | None = None,
        nested: Mapping[str, Member] | None = None,
    ) -> None:
        self.type = type
        self.required = required
        self.literals: Mapping[str, frozenset[object]] = literals or {}
        self.nested: Mapping[str, Member] = nested or {}
        # Per literal key: the string values (a set lookup for the usual case) and the
        # rest, compared kind by kind (``_is_in``).
        self._literals = tuple(
            (key, frozenset(a for a in allowed if type_of(a) is str), _not_strings(allowed))
            for key, allowed in self.literals.items()
        )
        self._nested = tuple(self.nested.items())
        self._resolved: Any = _UNRESOLVED

    _hook: bool  # whether its type holds a lowered type: set with ``_resolved``

    def admits(self, value: Mapping[str, object]) -> bool:
        if not self.required <= value.keys():
            return False
        for key, strings, others in self._literals:
            if key in value:
                held = value[key]
                if held not in strings if type_of(held) is str else not _is_in(held, others):
                    return False
        for key, inner in self._nested:
            held = value.get(key)
            if not isinstance(held, dict) or not inner.admits(cast("dict[str, object]", held)):
                return False
        return True

    def target(self) -> Any:
        """The member's type, resolved on first use (the package's names all exist by
        then) and kept: the thunk only defers a forward reference."""
        found = self._resolved
        if found is _UNRESOLVED:
            assert self.type is not None, "a member's member has no type of its own"
            found = self._resolved = self.type()
            self._hook = _needs_hook(found)
        return found

    def convert(self, value: object) -> Any:
        """``value`` (plain JSON) as the member's type, as strictly as ``convert``."""
        target = self._resolved
        if target is _UNRESOLVED:
            target = self.target()
        if self._hook:
            return convert(value, target)
        # msgspec.convert is strict by default; without keywords the call costs less
        # than half (measured), and a type with no lowered type needs no hook.
        return msgspec.convert(value, target)


type_of = type
_UNRESOLVED: Any = object()


def _not_strings(allowed: frozenset[object]) -> frozenset[object]:
    return frozenset(a for a in allowed if type_of(a) is not str)


def _needs_hook(type_: Any) -> bool:
    """Whether ``type_`` holds a type msgspec decodes only through ``dec_hook``."""
    import msgspec.inspect  # only once per union member: not at the package's import

    return _holds(msgspec.inspect.type_info(type_), msgspec.inspect.CustomType, set())


def _holds(node: object, custom: type, seen: set[int]) -> bool:
    # msgspec.inspect's nodes are Structs (a recursive type's nodes form a cycle).
    if isinstance(node, custom):
        return True
    if isinstance(node, tuple):
        return any(_holds(item, custom, seen) for item in cast("tuple[object, ...]", node))
    if not isinstance(node, msgspec.Struct) or id(node) in seen:
        return False
    seen.add(id(node))
    return any(_holds(getattr(node, name), custom, seen) for name in node.__struct_fields__)


def _is_in(value: object, allowed: frozenset[object]) -> bool:
    # JSON's true is not 1, but 1 is 1.0: compare JSON kinds, then values.
    return any(_kind(value) == _kind(a) and value == a for a in allowed)


class Dispatch(Lowered):
    """A union msgspec cannot express; subclasses set ``objects`` (the members that take
    a JSON object, in the schema's order) and ``others`` (JSON kind -> the type of the
    members that take it)."""

    objects: ClassVar[tuple[Member, ...]] = ()
    others: ClassVar[Mapping[str, Callable[[], Any]]] = {}
    # Several array members: (a fixed tuple's length or None for any, the literal values
    # each position admits, or one entry for every item of a list, None for any, type).
    arrays: ClassVar[
        tuple[tuple[int | None, tuple[frozenset[object] | None, ...], Callable[[], Any]], ...]
    ] = ()

    @classmethod
    def lower(cls, value: object) -> object:
        if type_of(value) is dict:  # _kind(value) == "object", on the hot path
            members = cast("dict[str, object]", value)  # pyright --strict: dict[Unknown, ...]
            refused: msgspec.ValidationError | None = None
            for member in cls.objects:
                if member.type is not None and member.admits(members):
                    try:
                        return member.convert(members)
                    except msgspec.ValidationError as exc:
                        # Keys and literals left a later member too: it may take what
                        # this one refuses (``result: CallToolResult | InputRequiredResult``).
                        if refused is None:
                            refused = exc
            if refused is not None:
                raise refused  # the first member's reason: the schema's order
            if not cls.objects:
                raise ValueError(f"Expected {_expected(cls)}, got object")
            raise ValueError("Object matches no member of the union (required keys, literals)")
        kind = _kind(value)
        if kind == "array" and cls.arrays:
            items: list[object] = value  # type: ignore[assignment]
            for length, values, type_ in cls.arrays:
                if length is None and _items_in(items, values[0] if values else None):
                    return convert(value, type_())
                if length == len(items) and all(
                    allowed is None or _is_in(item, allowed)
                    for item, allowed in zip(items, values, strict=True)
                ):
                    return convert(value, type_())
            size = len(items)
            raise ValueError(f"Array of length {size} matches no member of the union")
        found = cls.others.get(kind)
        if found is None:
            raise ValueError(f"Expected {_expected(cls)}, got {kind}")
        return convert(value, found())


def _items_in(items: list[object], allowed: frozenset[object] | None) -> bool:
    return allowed is None or all(_is_in(item, allowed) for item in items)


def _expected(cls: type[Dispatch]) -> str:
    kinds = [*(["object"] if cls.objects else []), *(["array"] if cls.arrays else []), *cls.others]
    return " | ".join(kinds)


class Recursive(Lowered):
    """A self-referring alias; subclasses set ``definition``."""

    # each subclass sets ``staticmethod(lambda: T)``: a bare callable would bind as a method
    definition: ClassVar[staticmethod[[], Any]]

    @classmethod
    def lower(cls, value: object) -> object:
        return convert(value, cls.definition())


_KINDS: dict[type, str] = {
    dict: "object",
    list: "array",
    str: "string",
    bool: "boolean",
    type(None): "null",
}


def _kind(value: object) -> str:
    return _KINDS.get(type(value), "number")


_LOWER: dict[object, Callable[[object], object]] = {}


def dec_hook(type_: object, value: object) -> object:
    """msgspec's hook for the package's lowered types."""
    lower = _LOWER.get(type_)
    if lower is None:
        if not (isinstance(type_, type) and issubclass(type_, Lowered)):
            raise NotImplementedError(f"{type_!r} is no type of this package")
        lower = _LOWER[type_] = type_.lower
    try:
        return lower(value)
    except msgspec.ValidationError as exc:
        # msgspec reports a hook's ValueError with the location of the lowered value
        # appended; the location inside it is kept apart, for ``_located`` to join.
        raise _Refused(*_located(exc)) from None


_AT = " - at `$"  # how msgspec appends a location: ``... - at `$.a[0]```


class _Refused(ValueError):
    """A lowered value refused: why, and where inside the value (``.a[0]``, or ``""``)."""

    def __init__(self, reason: str, where: str) -> None:
        super().__init__(_message(reason, where))
        self.reason, self.where = reason, where


def _message(reason: str, where: str) -> str:
    return f"{reason}{_AT}{where}`" if where else reason


def _located(exc: msgspec.ValidationError) -> tuple[str, str]:
    """Why ``exc`` refused a value and where, inside the value, as msgspec writes it
    (``.params.a``; ``""`` at the top), with the location of a refusal inside a lowered
    type joined to the location of the lowered type itself."""
    text = str(exc)
    cause = exc.__cause__
    if isinstance(cause, _Refused):
        # msgspec's text is the cause's, then where the lowered value stands, if not at
        # the top: ``<cause> - at `$.result```.
        outer = text[len(str(cause)) + len(_AT) : -1]
        return cause.reason, outer + cause.where
    reason, at, where = text.rpartition(_AT)
    return (reason, where[:-1]) if at else (text, "")


def _relocated(exc: msgspec.ValidationError) -> msgspec.ValidationError:
    """``exc`` with one location, the whole path: ``Expected `int`, got `str` - at
    `$.params.a``` where msgspec says ``... - at `$.a` - at `$.params``` (its own
    messages, outside lowered types, are written back as they were)."""
    return msgspec.ValidationError(_message(*_located(exc)))


def convert(value: object, type_: Any) -> Any:
    """``value`` (plain JSON) as ``type_``, as strictly as the decoders read JSON."""
    return msgspec.convert(value, type_, strict=True, dec_hook=dec_hook)


_UNTAGGED: dict[str, type] = {}
_NEVER = Annotated[list[Any], msgspec.Meta(min_length=1, max_length=0)]


def untagged(tag_field: str) -> type:
    """A Struct tagged on ``tag_field`` that no value decodes to: beside a lone tagged
    Struct, it makes msgspec require the tag (alone, a Struct's tag may be absent)."""
    found = _UNTAGGED.get(tag_field)
    if found is None:
        found = _UNTAGGED[tag_field] = msgspec.defstruct(
            "Untagged", [("never", _NEVER)], tag_field=tag_field, tag="\x00untagged"
        )
    return found


_DECODERS: dict[object, msgspec.json.Decoder[Any]] = {}
_TOO_DEEP = "JSON nested too deeply"


def _tag_required(type_: Any) -> Any:
    """``type_``, a tagged Struct made to require its tag (``untagged``)."""
    tag_field = getattr(getattr(type_, "__struct_config__", None), "tag_field", None)
    return type_ if tag_field is None else type_ | untagged(tag_field)


def decoder(type_: type[T]) -> msgspec.json.Decoder[T]:
    """A strict JSON decoder of ``type_`` (cached) that knows the package's lowered types;
    a tagged Struct's tag is required."""
    found = _DECODERS.get(type_)
    if found is None:
        target = _tag_required(type_)
        found = _DECODERS[type_] = msgspec.json.Decoder(target, strict=True, dec_hook=dec_hook)
    return found


@overload
def typed(value: object, type_: type[T]) -> T: ...
@overload
def typed(value: object, type_: object) -> Any: ...
def typed(value: object, type_: object) -> Any:
    """``value`` (plain JSON, as a transport decoded it) as ``type_`` (a class, or an
    alias of a union: then typed ``Any``), as strictly as ``decode`` reads JSON text;
    ``msgspec.ValidationError`` (saying where, as ``decode``) when it is not one."""
    try:
        return convert(value, _tag_required(type_))
    except msgspec.ValidationError as exc:
        raise _relocated(exc) from None


class RPCError(Exception):
    """A JSON-RPC error: its code, message and optional data (a handler raises it; a
    client's transport raises it for an error response)."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code, self.message, self.data = code, message, data

    def to_error(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error

    @classmethod
    def from_error(cls, error: Mapping[str, Any]) -> RPCError:
        code = error.get("code")
        message = error.get("message")
        return cls(
            code if isinstance(code, int) and not isinstance(code, bool) else INTERNAL_ERROR,
            message if isinstance(message, str) else "Invalid error response",
            error.get("data"),
        )


@overload
def decode(data: bytes | str, type_: type[T]) -> T: ...
@overload
def decode(data: bytes | str, type_: object) -> Any: ...
def decode(data: bytes | str, type_: object) -> Any:
    """``data`` (JSON text) decoded as ``type_`` (a class, or an alias of a union: then
    typed ``Any``); ``msgspec.ValidationError`` or ``msgspec.DecodeError`` when it is not
    one. The error says where, through lowered types too (``- at `$.params.a```), where
    a ``decoder``'s says it in two parts (``- at `$.a` - at `$.params```)."""
    try:
        return decoder(type_).decode(data)  # type: ignore[arg-type]
    except RecursionError:  # msgspec parses nesting to Python's recursion limit
        raise msgspec.DecodeError(_TOO_DEEP) from None
    except msgspec.ValidationError as exc:
        raise _relocated(exc) from None


# --------------------------------------------------------------------------- JSON-RPC

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
INTERNAL_ERROR = -32603
RequestId = str | int


class Method(msgspec.Struct, frozen=True):
    """One method of the schema: its kind, its message type and (a request's) result type."""

    kind: str  # "request" or "notification"
    message: Callable[[], Any]
    result: Callable[[], Any] | None = None


class ParsedRequest(msgspec.Struct, frozen=True):
    id: RequestId
    method: str
    message: Any


class ParsedNotification(msgspec.Struct, frozen=True):
    method: str
    message: Any


class ParsedResponse(msgspec.Struct, frozen=True):
    id: RequestId | None
    result: Any = None
    error: dict[str, Any] | None = None


class ParseFailure(msgspec.Struct, frozen=True):
    """Why a message was rejected, as a JSON-RPC ``error`` member; ``respond`` is False
    when no response may be sent (a notification or a response was rejected)."""

    error: dict[str, Any]
    id: RequestId | None = None
    respond: bool = True

    @property
    def code(self) -> int:
        return int(self.error["code"])

    def response(self) -> dict[str, Any] | None:
        if not self.respond:
            return None
        return {"jsonrpc": "2.0", "id": self.id, "error": self.error}


Parsed = ParsedRequest | ParsedNotification | ParsedResponse | ParseFailure


class _Envelope(msgspec.Struct):
    # What the dispatch reads; everything else is decoded once, by the chosen type.
    jsonrpc: Any = msgspec.UNSET
    id: Any = msgspec.UNSET
    method: Any = msgspec.UNSET
    result: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    error: Any = msgspec.UNSET


_ENVELOPE = msgspec.json.Decoder(_Envelope)


def _error(code: int, message: str, data: Any = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return error


def _invalid(reason: str, id: RequestId | None = None, respond: bool = True) -> ParseFailure:
    return ParseFailure(_error(INVALID_REQUEST, "Invalid Request", {"reason": reason}), id, respond)


def _is_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def decode_message(
    raw: bytes | str, methods: Mapping[str, Method], *, method: str | None = None
) -> Parsed:
    """One JSON-RPC message from JSON text, dispatched as the pydantic package's
    ``parse_message``: by ``method`` and ``id`` (a request or a notification, then its
    method's message type), or by ``result``/``error`` (a response; ``method`` types its
    result). One decision, then one strict decode. Never raises."""
    try:
        return _dispatch(raw, methods, method)
    except RecursionError:  # the envelope or a result nested deeper than msgspec parses
        return ParseFailure(_error(PARSE_ERROR, "Parse error", {"reason": _TOO_DEEP}))
    except msgspec.DecodeError as exc:  # bad JSON, or a message ``decode`` found too deep
        return ParseFailure(_error(PARSE_ERROR, "Parse error", {"reason": str(exc)[:200]}))


def _dispatch(raw: bytes | str, methods: Mapping[str, Method], method: str | None) -> Parsed:
    try:
        envelope = _ENVELOPE.decode(raw)
    except msgspec.ValidationError:
        text = raw.lstrip()[:1]
        if text in (b"[", "["):
            return _invalid("batches are not supported")
        return _invalid("a message must be a JSON object")
    id = envelope.id  # UNSET when absent: like null, no request id (`_is_id`)
    known_id = id if _is_id(id) else None
    has_id = id is not msgspec.UNSET
    if envelope.jsonrpc != "2.0":
        return _invalid('"jsonrpc" must be "2.0"', known_id)
    if envelope.method is not msgspec.UNSET:
        name = envelope.method
        if has_id and not _is_id(id):
            return _invalid('"id" must be a string or an integer')
        if not isinstance(name, str):
            return _invalid('"method" must be a string', known_id, has_id)
        return _call(raw, name, known_id, has_id, methods)
    if envelope.result is not msgspec.UNSET or envelope.error is not msgspec.UNSET:
        return _response(envelope, known_id, method, methods)
    return _invalid("neither a request, a notification nor a response", known_id)


def _call(
    raw: bytes | str,
    name: str,
    id: RequestId | None,
    is_request: bool,
    methods: Mapping[str, Method],
) -> Parsed:
    spec = methods.get(name)
    if spec is None or spec.kind != ("request" if is_request else "notification"):
        return ParseFailure(
            _error(METHOD_NOT_FOUND, "Method not found", {"method": name}), id, is_request
        )
    try:
        message = decode(raw, spec.message())
    except msgspec.ValidationError as exc:
        return ParseFailure(_error(INVALID_PARAMS, "Invalid params", str(exc)), id, is_request)
    if id is not None:
        return ParsedRequest(id, name, message)
    return ParsedNotification(name, message)


def _response(
    envelope: _Envelope, id: RequestId | None, method: str | None, methods: Mapping[str, Method]
) -> Parsed:
    if envelope.id not in (msgspec.UNSET, None) and id is None:
        return _invalid('"id" must be a string or an integer', respond=False)
    if envelope.error is not msgspec.UNSET:
        if envelope.result is not msgspec.UNSET:
            return _invalid("a response has a result or an error, not both", id, False)
        error = envelope.error
        fields = cast("dict[str, Any]", error) if isinstance(error, dict) else {}
        code = fields.get("code")
        if not (
            _is_id(code) and not isinstance(code, str) and isinstance(fields.get("message"), str)
        ):
            return _invalid('"error" needs an integer "code" and a string "message"', id, False)
        return ParsedResponse(id, error=fields)
    if id is None:
        return _invalid('a result response needs an "id"', respond=False)
    raw = envelope.result
    assert isinstance(raw, msgspec.Raw)
    if not bytes(raw).startswith(b"{"):  # a Raw value starts at its first character
        return _invalid('"result" must be an object', id, False)
    if method is None:
        return ParsedResponse(id, result=msgspec.json.decode(raw))
    spec = methods.get(method)
    if spec is None or spec.kind != "request" or spec.result is None:
        return ParseFailure(
            _error(METHOD_NOT_FOUND, "Method not found", {"method": method}), id, False
        )
    try:
        return ParsedResponse(id, result=decode(raw, spec.result()))
    except msgspec.ValidationError as exc:
        return ParseFailure(_error(INVALID_PARAMS, "Invalid result", str(exc)), id, False)

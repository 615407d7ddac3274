"""The static runtime of the TypedDict target: ``validate(value, Type)`` against the
package's ``schema.json``.

Hand-written (``codegen/runtime/_typeddict.py``) and copied verbatim into every TypedDict
package as ``_runtime.py``. Standard library only: a TypedDict package has no runtime
dependency. Each definition of ``schema.json`` is compiled once, when first asked for,
into a tree of small checks (one closure per keyword), which then run on every value.

The keywords are those the compiler's JSON Schema emitter writes (draft 2020-12):
``type``, ``enum``, ``const``, ``properties``, ``required``, ``additionalProperties``,
``patternProperties``, ``minProperties``/``maxProperties``, ``items``, ``prefixItems``,
``minItems``/``maxItems``, ``uniqueItems``, ``pattern``, ``minLength``/``maxLength``,
``minimum``/``maximum``, ``exclusiveMinimum``/``exclusiveMaximum``, ``multipleOf``,
``anyOf``, ``allOf``, ``oneOf``, ``not`` and local ``$ref``. Annotations (``description``,
``format``, ``default``...) check nothing, as in draft 2020-12. Any other keyword is
refused when its definition is compiled (``SchemaUnsupported``), never skipped silently.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast, overload

__all__ = [
    "Alias",
    "Codec",
    "RPCError",
    "SchemaUnsupported",
    "ValidationError",
    "Validator",
    "serve",
]

T = TypeVar("T")
Loc = tuple[str | int, ...]
# A compiled check: the first error's (location, message), or None when the value holds.
Check = Callable[[Any, Loc], tuple[Loc, str] | None]

_ANNOTATIONS = frozenset(
    {"$schema", "$id", "$comment", "$defs", "definitions", "title", "description",
     "default", "examples", "deprecated", "readOnly", "writeOnly", "format",
     "contentMediaType", "contentEncoding", "markdownDescription"}
)  # fmt: skip


class ValidationError(ValueError):
    """A value ``schema.json`` refuses; ``loc`` is where (keys and indexes)."""

    def __init__(self, definition: str, loc: Loc, message: str) -> None:
        where = "".join(f"[{part!r}]" for part in loc) or "value"
        super().__init__(f"{definition}: {where}: {message}")
        self.definition = definition
        self.loc = loc
        self.message = message


class SchemaUnsupported(TypeError):
    """``schema.json`` uses a keyword this runtime cannot check."""


class Alias:
    """What a type alias of the package is at run time: a named marker ``validate`` reads
    (its meaning is the annotation type checkers see)."""

    __slots__ = ("__name__",)

    def __init__(self, name: str) -> None:
        self.__name__ = name

    def __repr__(self) -> str:
        return f"<alias {self.__name__}>"


def _show(value: Any) -> str:
    text = json.dumps(value, default=repr)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_number(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and (isinstance(value, int) or math.isfinite(value))
    )


_TYPES: dict[str, Callable[[Any], bool]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "number": _is_number,
    "integer": lambda v: _is_number(v) and float(v).is_integer(),
    "array": lambda v: isinstance(v, list | tuple),
    "object": lambda v: isinstance(v, dict),
}


def _key(value: Any) -> Any:
    """A hashable key equal for equal JSON values (``1 == 1.0``, ``True != 1``)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return (type(value).__name__, value)
    if isinstance(value, int | float):
        return ("number", value)
    if isinstance(value, list | tuple):
        return ("array", tuple(_key(v) for v in cast("Sequence[Any]", value)))
    if isinstance(value, dict):
        members = cast("Mapping[Any, Any]", value)  # not dict: redundant to mypy
        return ("object", frozenset((k, _key(v)) for k, v in members.items()))
    return ("other", id(value))


class _Compiler:
    def __init__(self, document: Mapping[str, Any]) -> None:
        self.defs: Mapping[str, Any] = document.get("$defs", document.get("definitions", {}))
        self.compiled: dict[str, Check] = {}

    def definition(self, name: str) -> Check:
        found = self.compiled.get(name)
        if found is None:
            # Kept only once compiled (a ``$ref`` is looked up when checked, so none recurs
            # here): a definition refused with SchemaUnsupported is refused again if asked.
            found = self.compiled[name] = self.compile(self.defs[name], name)
        return found

    def compile(self, schema: Any, where: str) -> Check:
        if schema is True:
            return lambda v, loc: None
        if schema is False:
            return lambda v, loc: (loc, "no value is allowed here")
        if not isinstance(schema, Mapping):
            raise SchemaUnsupported(f"{where}: a schema is an object or a boolean")
        schema = cast("Mapping[str, Any]", schema)
        checks: list[Check] = []
        for keyword in sorted(schema):
            if keyword in _ANNOTATIONS:
                continue
            make = _KEYWORDS.get(keyword)
            if make is None:
                raise SchemaUnsupported(f"{where}: the keyword {keyword!r} is not checked")
            checks.append(make(self, schema, schema[keyword], where))
        if len(checks) == 1:
            return checks[0]

        def all_of(value: Any, loc: Loc) -> tuple[Loc, str] | None:
            for check in checks:
                error = check(value, loc)
                if error is not None:
                    return error
            return None

        return all_of

    def ref(self, target: str, where: str) -> Check:
        prefix = next((p for p in ("#/$defs/", "#/definitions/") if target.startswith(p)), None)
        if prefix is None:
            raise SchemaUnsupported(f"{where}: only local $refs are followed, not {target!r}")
        name = target[len(prefix) :].replace("~1", "/").replace("~0", "~")
        if name not in self.defs:
            raise SchemaUnsupported(f"{where}: $ref to an unknown definition {name!r}")
        return lambda v, loc: self.definition(name)(v, loc)


Maker = Callable[[_Compiler, Mapping[str, Any], Any, str], Check]


def _type(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    names = [arg] if isinstance(arg, str) else list(arg)
    tests = [_TYPES[n] for n in names]
    want = " or ".join(names)
    return lambda v, loc: (
        None if any(t(v) for t in tests) else (loc, f"expected {want}, got {_show(v)}")
    )


def _enum(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    keys = {_key(o) for o in arg}
    return lambda v, loc: None if _key(v) in keys else (loc, f"{_show(v)} is not one of {arg}")


def _const(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    key = _key(arg)
    return lambda v, loc: None if _key(v) == key else (loc, f"{_show(v)} is not {_show(arg)}")


def _object_check(c: _Compiler, s: Mapping[str, Any], where: str) -> Check:
    props = {k: c.compile(v, f"{where}.{k}") for k, v in s.get("properties", {}).items()}
    patterns = [
        (re.compile(p), c.compile(v, f"{where}[{p}]"))
        for p, v in s.get("patternProperties", {}).items()
    ]
    extra_schema = s.get("additionalProperties", True)
    extra = None if extra_schema is True else c.compile(extra_schema, f"{where}[*]")

    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        if not isinstance(value, dict):
            return None
        members = cast("Mapping[Any, Any]", value)  # not dict: redundant to mypy
        for key, member in members.items():
            here: Loc = (*loc, key)
            matched = False
            if key in props:
                matched = True
                error = props[key](member, here)
                if error is not None:
                    return error
            for pattern, inner in patterns:
                if isinstance(key, str) and pattern.search(key):
                    matched = True
                    error = inner(member, here)
                    if error is not None:
                        return error
            if not matched and extra is not None:
                error = extra(member, here)
                if error is not None:
                    return (here, "this member is not allowed") if error[0] == here else error
        return None

    return check


def _required(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    names = list(arg)

    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        if isinstance(value, dict):
            for name in names:
                if name not in value:
                    return loc, f"the required member {name!r} is missing"
        return None

    return check


def _counted(kind: type | tuple[type, ...], what: str, at_least: bool) -> Maker:
    def make(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
        bound = int(arg)
        word = "at least" if at_least else "at most"

        def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
            if isinstance(value, kind) and not isinstance(value, bool):
                size = len(cast("Sequence[Any]", value))
                if (size < bound) if at_least else (size > bound):
                    return loc, f"expected {word} {bound} {what}, got {size}"
            return None

        return check

    return make


def _items(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    prefix = [c.compile(p, f"{where}[{i}]") for i, p in enumerate(s.get("prefixItems", []))]
    rest = c.compile(arg, f"{where}[*]") if arg is not None else None

    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        if not isinstance(value, list | tuple):
            return None
        for index, item in enumerate(cast("Sequence[Any]", value)):
            inner = prefix[index] if index < len(prefix) else rest
            if inner is not None:
                error = inner(item, (*loc, index))
                if error is not None:
                    return error
        return None

    return check


def _unique(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        if arg and isinstance(value, list | tuple):
            keys = [_key(v) for v in cast("Sequence[Any]", value)]
            if len(set(keys)) != len(keys):
                return loc, "the items are not unique"
        return None

    return check


def _pattern(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    compiled = re.compile(arg)
    return lambda v, loc: (
        (loc, f"{_show(v)} does not match {arg!r}")
        if isinstance(v, str) and not compiled.search(v)
        else None
    )


def _bound(op: Callable[[float, float], bool], word: str) -> Maker:
    def make(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
        return lambda v, loc: (
            (loc, f"{_show(v)} is not {word} {arg}") if _is_number(v) and not op(v, arg) else None
        )

    return make


def _multiple_of(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        if not _is_number(value):
            return None
        if isinstance(value, int) and isinstance(arg, int):
            ok = value % arg == 0
        else:
            quotient = value / arg
            ok = math.isfinite(quotient) and float(quotient).is_integer()
        return None if ok else (loc, f"{_show(value)} is not a multiple of {arg}")

    return check


def _any_of(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    members = [c.compile(m, f"{where}.anyOf[{i}]") for i, m in enumerate(arg)]

    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        errors = [m(value, loc) for m in members]
        if all(e is not None for e in errors):
            return loc, f"{_show(value)} matches none of {len(members)} alternatives"
        return None

    return check


def _one_of(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    members = [c.compile(m, f"{where}.oneOf[{i}]") for i, m in enumerate(arg)]

    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        matched = sum(m(value, loc) is None for m in members)
        return None if matched == 1 else (loc, f"{_show(value)} matches {matched} of oneOf")

    return check


def _all_of(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    members = [c.compile(m, f"{where}.allOf[{i}]") for i, m in enumerate(arg)]

    def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
        for member in members:
            error = member(value, loc)
            if error is not None:
                return error
        return None

    return check


def _not(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    inner = c.compile(arg, f"{where}.not")
    return lambda v, loc: (loc, f"{_show(v)} is not allowed") if inner(v, loc) is None else None


def _ref(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
    return c.ref(str(arg), where)


def _length(at_least: bool) -> Maker:
    def make(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
        bound = int(arg)
        word = "at least" if at_least else "at most"

        def check(value: Any, loc: Loc) -> tuple[Loc, str] | None:
            if isinstance(value, str):
                size = len(value)  # code points, as JSON Schema counts
                if (size < bound) if at_least else (size > bound):
                    return loc, f"expected {word} {bound} characters, got {size}"
            return None

        return check

    return make


_KEYWORDS: dict[str, Maker] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "required": _required,
    "minProperties": _counted(dict, "members", True),
    "maxProperties": _counted(dict, "members", False),
    "items": _items,
    "minItems": _counted((list, tuple), "items", True),
    "maxItems": _counted((list, tuple), "items", False),
    "uniqueItems": _unique,
    "pattern": _pattern,
    "minLength": _length(True),
    "maxLength": _length(False),
    "minimum": _bound(lambda v, b: v >= b, "at least"),
    "maximum": _bound(lambda v, b: v <= b, "at most"),
    "exclusiveMinimum": _bound(lambda v, b: v > b, "above"),
    "exclusiveMaximum": _bound(lambda v, b: v < b, "below"),
    "multipleOf": _multiple_of,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "allOf": _all_of,
    "not": _not,
    "$ref": _ref,
}


class _Sibling:
    """``additionalProperties``, ``patternProperties`` and ``prefixItems`` without the
    keyword that reads them (``properties``, ``items``) still check."""

    @staticmethod
    def objects(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
        first = next(
            k for k in ("properties", "additionalProperties", "patternProperties") if k in s
        )
        if s[first] is arg:
            return _object_check(c, s, where)  # the first of them present checks them all
        return lambda v, loc: None

    @staticmethod
    def prefix(c: _Compiler, s: Mapping[str, Any], arg: Any, where: str) -> Check:
        if "items" in s:
            return lambda v, loc: None
        return _items(c, s, None, where)


class Validator:
    """``validate(value, Type)``: ``value`` as ``Type``, or ``ValidationError`` saying
    where ``schema.json`` refuses it. ``Type`` is a TypedDict or alias of the package
    (or its name); a type with no definition in ``schema.json`` (an anonymous class) is a
    ``TypeError``."""

    def __init__(self, folder: Path, module: object, definitions: Mapping[str, str]) -> None:
        self._folder = folder
        self._module = module
        self._definitions = definitions  # Python name -> $defs key
        self._compiler: _Compiler | None = None
        self._by_id: dict[int, list[str]] | None = None

    def definition(self, type_: object) -> str:
        """The ``schema.json`` definition ``type_`` stands for."""
        if isinstance(type_, str):
            names = [type_] if type_ in self._definitions else []
        else:
            if self._by_id is None:  # the module's types, once: looked up by identity
                self._by_id = {}
                for n in self._definitions:
                    self._by_id.setdefault(id(getattr(self._module, n, None)), []).append(n)
            names = self._by_id.get(id(type_), [])
        if len(names) != 1:
            shown = getattr(type_, "__name__", repr(type_))
            why = "several definitions" if names else "no definition"
            raise TypeError(f"{shown} has {why} in schema.json; pass the name instead")
        return self._definitions[names[0]]

    def errors(self, value: object, type_: object) -> list[ValidationError]:
        """The first place ``schema.json`` refuses ``value`` (none when it accepts it)."""
        name = self.definition(type_)
        if self._compiler is None:
            text = (self._folder / "schema.json").read_text("utf-8")
            self._compiler = _Compiler(json.loads(text))
        if name not in self._compiler.defs:
            raise TypeError(f"schema.json has no definition {name!r}")
        try:
            found = self._compiler.definition(name)(value, ())
        except RecursionError:  # a value nested deeper than Python's stack (or cyclic)
            found = ((), "the value is nested too deeply to check")
        return [] if found is None else [ValidationError(name, *found)]

    @overload
    def __call__(self, value: object, type_: type[T]) -> T: ...
    @overload
    def __call__(self, value: object, type_: object) -> Any: ...
    def __call__(self, value: object, type_: object) -> Any:
        errors = self.errors(value, type_)
        if errors:
            raise errors[0]
        return value


_KEYWORDS.update(
    {
        "properties": _Sibling.objects,
        "additionalProperties": _Sibling.objects,
        "patternProperties": _Sibling.objects,
        "prefixItems": _Sibling.prefix,
    }
)


# --------------------------------------------------------------------------- server

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
INTERNAL_ERROR = -32603

_logger = logging.getLogger(__name__.rpartition(".")[0] + ".server")


class RPCError(Exception):
    """A JSON-RPC error a handler answers with (``code``, ``message``, ``data``)."""

    def __init__(self, code: int, message: str, data: object = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.data = code, message, data

    def to_error(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        return error if self.data is None else {**error, "data": self.data}


def _answer(id_: object, error: RPCError) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "error": error.to_error()}


def _not_json(constant: str) -> Any:
    """``NaN``, ``Infinity``, ``-Infinity``: ``json.loads`` takes them; JSON has none."""
    raise ValueError(f"{constant} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400: no JSON number is infinite
        raise ValueError(f"{text} is out of the range of a float")
    return value


# method -> (kind, handler attribute, message definition, result definition or None)
Table = Mapping[str, tuple[str, str, str, str | None]]


class Codec(Protocol):
    """How a package whose types are not plain dicts hands a handler its params and reads
    its result back (the dataclasses target's): both on values ``schema.json`` holds."""

    def params(self, message: dict[str, Any], definition: str) -> object: ...
    def encode(self, result: object) -> object: ...


async def serve(
    table: Table,
    validator: Validator,
    handler: object,
    raw: object,
    ctx: object,
    codec: Codec | None = None,
) -> dict[str, Any] | None:
    """One incoming message (JSON text or bytes, or a decoded object) answered as the
    generated ``server.dispatch`` documents; never raises. Without ``codec`` the handler
    is given the params as they came and returns plain JSON."""
    if isinstance(raw, str | bytes):
        try:
            raw = json.loads(raw, parse_constant=_not_json, parse_float=_finite)
            # no lone surrogates (``json.loads`` takes them from \u escapes): UnicodeError
            json.dumps(raw, ensure_ascii=False).encode("utf-8")
        except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
            return _answer(None, RPCError(PARSE_ERROR, "Parse error", {"reason": str(exc)[:200]}))
    if not isinstance(raw, dict) or not isinstance(cast("dict[str, Any]", raw).get("method"), str):
        if isinstance(raw, dict) and "method" not in raw and "id" in raw:
            _logger.warning("dispatch() received a response; ignored")
            return None
        return _answer(None, RPCError(INVALID_REQUEST, "Invalid Request"))
    message = cast("dict[str, Any]", raw)
    method: str = message["method"]
    is_request = "id" in message
    id_ = message.get("id")
    if is_request and (not isinstance(id_, str | int) or isinstance(id_, bool)):
        return _answer(None, RPCError(INVALID_REQUEST, "Invalid Request", {"reason": "bad id"}))
    entry = table.get(method)
    if entry is None or (entry[0] == "request") != is_request:
        if not is_request:  # an unknown notification is ignored, as JSON-RPC says
            _logger.info("notification %s not served; ignored", method)
            return None
        return _answer(id_, RPCError(METHOD_NOT_FOUND, "Method not found", {"method": method}))
    _, name, definition, result_definition = entry
    errors = validator.errors(message, definition)
    if errors:
        found = errors[0]
        if not is_request:
            _logger.warning("notification %s refused: %s", method, found)
            return None
        data = {"loc": list(found.loc), "message": found.message}
        return _answer(id_, RPCError(INVALID_PARAMS, "Invalid params", data))
    try:
        params = message.get("params") if codec is None else codec.params(message, definition)
        result = await getattr(handler, name)(params, ctx)
        if codec is not None and is_request:
            result = codec.encode(result)
    except RPCError as exc:
        return _answer(id_, exc) if is_request else None
    except Exception:
        _logger.exception("handler for %s failed", method)
        return _answer(id_, RPCError(INTERNAL_ERROR, "Internal error")) if is_request else None
    if not is_request:
        return None
    if result_definition is not None:
        refused = validator.errors(result, result_definition)
        if refused:
            _logger.error("handler for %s returned what the schema refuses: %s", method, refused[0])
            return _answer(id_, RPCError(INTERNAL_ERROR, "Internal error"))
    return {"jsonrpc": "2.0", "id": id_, "result": result}

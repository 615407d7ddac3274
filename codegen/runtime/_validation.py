"""The static runtime of the generated ``validators.py``: message parsing, invariants, and
the JSON Schema subset behind ``@conformsTo``.

Hand-written (``codegen/runtime/_validation.py``) and copied verbatim into every generated
package as ``_validation.py``; the generated ``validators.py`` holds only what the schema
decides (the rule table, the declared models, one checker per ``@conformsTo``) and imports
the rest from here. It needs the standard library, pydantic and the package's own
``methods`` module, nothing else.

``parse_message(raw, check=...)`` turns bytes, text or a decoded object into a typed
``ParsedRequest``/``ParsedNotification``/``ParsedResponse``, or a ``ParseFailure`` that
carries a ready JSON-RPC error (-32700 bad JSON, -32600 not a JSON-RPC message,
-32601 unknown method, -32602 bad params with their locations). It never raises.

``Invariants(rules, ...).check(model)`` runs the invariants the schema declares with JSDoc
tags (``@unique``, ``@same``, ``@onlyWhen``, ``@format date``, ``@featureTags``,
``@conformsTo``) on a model and everything inside it, returning ``Finding``s with severity
error or warning. Locations are wire names (``("params", "contents", 1, "uri")``).

``conforms(value, schema)`` is the JSON Schema subset used for ``@conformsTo``:
``type`` (a name or a list), ``properties``, ``required``, ``items`` (one schema),
``enum``, ``const`` and ``additionalProperties`` (``false`` or a schema). Other keywords
that constrain values (``$ref``, ``anyOf``, ``pattern``, ``minimum``...) are not checked;
each one met yields a warning finding, so nothing is skipped silently.
"""

from __future__ import annotations

import datetime
import json
import logging
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, cast

from pydantic import BaseModel, TypeAdapter, ValidationError

from ._wire import decode_wire_json
from .methods import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    METHODS,
    PARSE_ERROR,
    MethodSpec,
)

__all__ = [
    "Checker",
    "Finding",
    "Invariants",
    "ParseFailure",
    "Parsed",
    "ParsedNotification",
    "ParsedRequest",
    "ParsedResponse",
    "Rule",
    "check_feature_tag",
    "conforms",
    "parse_message",
    "result_adapter",
    "validation_data",
]

# Named as the generated validators module, whose messages these were before the split.
logger = logging.getLogger(__name__.rpartition(".")[0] + ".validators")

Severity = Literal["error", "warning"]
RequestId = str | int
Loc = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken invariant. ``rule`` names the tag (``unique``, ``only_when``, ...)."""

    severity: Severity
    loc: Loc
    message: str
    rule: str

    def to_error_data(self) -> dict[str, Any]:
        """The ``{"loc", "msg", "type"}`` shape used in -32602 error data."""
        return {"loc": list(self.loc), "msg": self.message, "type": f"invariant.{self.rule}"}


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True, slots=True)
class Rule:
    """One invariant of one declaration: ``kind`` on ``prop`` of the object at ``path``."""

    path: tuple[str, ...]
    prop: str
    kind: str
    severity: Severity
    field: str = ""
    value: Any = None
    default: Any = None


Conformance = Mapping[str, Mapping[str, Any]]
Checker = Callable[..., list[Finding]]


class Invariants:
    """The invariants of one schema: its rule table and which models may hold a checked value.

    ``declared`` names every declaration with a model; ``relevant`` those whose instances may
    hold a checked value. Other declared models are skipped without looking inside.
    """

    __slots__ = ("_declared", "_relevant", "_rules")

    def __init__(
        self,
        rules: Mapping[str, tuple[Rule, ...]],
        *,
        relevant: frozenset[str],
        declared: frozenset[str],
    ) -> None:
        self._rules = rules
        self._relevant = relevant
        self._declared = declared

    def check(
        self,
        model: object,
        *,
        conformance: Conformance | None = None,
        loc: Loc = (),
    ) -> list[Finding]:
        """Every invariant finding in ``model`` and the models inside it.

        ``conformance`` maps a ``@conformsTo`` name (e.g. ``"outputSchema"``) to the JSON
        Schema to check against; without it those checks are skipped.
        """
        out: list[Finding] = []
        try:
            self._walk(model, loc, conformance or {}, out)
        except RecursionError:
            out.append(Finding("error", loc, "value nested too deeply to check", "depth"))
        return out

    def _walk(self, obj: object, loc: Loc, conformance: Conformance, out: list[Finding]) -> None:
        if isinstance(obj, BaseModel):
            name = type(obj).__name__
            if name in self._declared and name not in self._relevant:
                return
            for rule in self._rules.get(name, ()):
                for holder, where in _owners(obj, rule.path, loc):
                    _apply(rule, holder, where, conformance, out)
            for key, value in _members(obj):
                self._walk(value, (*loc, key), conformance, out)
        elif isinstance(obj, list | tuple):
            for index, item in enumerate(cast("Sequence[Any]", obj)):
                self._walk(item, (*loc, index), conformance, out)
        elif isinstance(obj, Mapping):
            for label, value in cast("Mapping[object, Any]", obj).items():
                self._walk(value, (*loc, str(label)), conformance, out)


# --------------------------------------------------------------------------- value access

_ABSENT: Final = object()
_WIRE_NAMES: dict[type[BaseModel], dict[str, str]] = {}


def _wire_names(cls: type[BaseModel]) -> dict[str, str]:
    """wire name -> attribute, for one model class."""
    names = _WIRE_NAMES.get(cls)
    if names is None:
        names = {(info.alias or name): name for name, info in cls.model_fields.items()}
        _WIRE_NAMES[cls] = names
    return names


def _get(obj: object, key: str) -> Any:
    """The member ``key`` (a wire name) of a model or mapping, or ``_ABSENT``."""
    if isinstance(obj, BaseModel):
        attr = _wire_names(type(obj)).get(key)
        if attr is not None:
            return getattr(obj, attr) if attr in obj.model_fields_set else _ABSENT
        extra = obj.model_extra
        return extra.get(key, _ABSENT) if extra else _ABSENT
    if isinstance(obj, Mapping):
        return cast("Mapping[str, Any]", obj).get(key, _ABSENT)
    return _ABSENT


def _members(obj: BaseModel) -> Iterator[tuple[str, Any]]:
    names = _wire_names(type(obj))
    for wire, attr in names.items():
        if attr in obj.model_fields_set:
            yield wire, getattr(obj, attr)
    if obj.model_extra:
        yield from obj.model_extra.items()


def _plain(value: Any) -> Any:
    """A model as JSON data; other values unchanged."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return value


def _key(value: Any) -> str:
    """A comparable key for any JSON-like value (1 and true stay distinct)."""
    return json.dumps(_plain(value), sort_keys=True, default=_plain)


def _owners(obj: object, path: tuple[str, ...], loc: Loc) -> Iterator[tuple[object, Loc]]:
    """The objects at ``path`` below ``obj``, fanning out through lists."""
    if isinstance(obj, list | tuple):
        for index, item in enumerate(cast("Sequence[Any]", obj)):
            yield from _owners(item, path, (*loc, index))
        return
    if not path:
        yield obj, loc
        return
    child = _get(obj, path[0])
    if child is not _ABSENT and child is not None:
        yield from _owners(child, path[1:], (*loc, path[0]))


# --------------------------------------------------------------------------- checks


_DATE: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2})", re.ASCII)
# Values: a token, optionally with media-type parameters (``text/markdown;charset=utf-8``),
# or ``*`` ("any value", after ``=`` only): negotiation.features reads the same grammar.
_TAG: Final = re.compile(
    r"(!)?([A-Za-z0-9_-]+)"
    r"(?:(!?=)([A-Za-z0-9_.+/:-]+(?:;[A-Za-z0-9_.+-]+=[A-Za-z0-9_.+/:-]+)*|\*))?",
    re.ASCII,
)
MAX_TAG_LENGTH: Final = 256


def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return False
    match = _DATE.fullmatch(value)
    if match is None:
        return False
    try:
        datetime.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return False
    return True


def check_feature_tag(tag: object) -> str | None:
    """Why ``tag`` is not a well-formed feature tag, or None when it is.

    Forms: ``name``, ``!name``, ``key=value``, ``key!=value``; names are ASCII letters,
    digits, ``_`` and ``-`` (``x-*`` is vendor-specific and needs a name after ``x-``);
    values add ``.+/:`` and ``;param=value`` parameters, or are ``*`` (any value).
    """
    if not isinstance(tag, str):
        return f"not a string ({type(tag).__name__})"
    if not tag:
        return "empty tag"
    if len(tag) > MAX_TAG_LENGTH:
        return f"longer than {MAX_TAG_LENGTH} characters"
    match = _TAG.fullmatch(tag)
    if match is None:
        if any(char.isspace() or not char.isprintable() for char in tag):
            return "contains whitespace or control characters"
        return "not of the form name, !name, key=value or key!=value"
    bang, name, operator, value = match.groups()
    if bang is not None and operator is not None:
        return "negation applies to a bare name; write key!=value instead"
    if operator == "!=" and value == "*":
        return f"'{name}!=*' excludes every value; write '!{name}'"
    if name == "x-":
        return "vendor tag 'x-' needs a name after the prefix"
    return None


def _show(value: Any) -> str:
    text = _key(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _apply(
    rule: Rule,
    holder: object,
    loc: Loc,
    conformance: Conformance,
    out: list[Finding],
) -> None:
    value = _get(holder, rule.prop)
    if value is _ABSENT:
        return
    here = (*loc, rule.prop)

    def find(message: str, where: Loc = here, severity: Severity = rule.severity) -> None:
        out.append(Finding(severity, where, message, rule.kind))

    if rule.kind in ("unique", "same") and isinstance(value, list | tuple):
        first: dict[str, int] = {}
        for index, item in enumerate(cast("Sequence[Any]", value)):
            member = _get(item, rule.field)
            if member is _ABSENT and rule.kind == "unique":
                continue
            key = "<absent>" if member is _ABSENT else _key(member)
            if rule.kind == "unique" and key in first:
                find(
                    f"duplicate {rule.field} {_show(member)} (also at index {first[key]})",
                    (*here, index, rule.field),
                )
            elif rule.kind == "same" and first and key not in first:
                shown = "absent" if member is _ABSENT else _show(member)
                find(
                    f"{rule.field} {shown} differs from the first item's; all items "
                    f"must share one {rule.field}",
                    (*here, index, rule.field),
                )
            first.setdefault(key, index)
    elif rule.kind == "only_when":
        sibling = _get(holder, rule.field)
        actual = rule.default if sibling is _ABSENT or sibling is None else sibling
        if actual != rule.value:
            find(f"only allowed when {rule.field} is {_show(rule.value)}, not {_show(actual)}")
    elif rule.kind == "date":
        if not _is_date(value):
            find(f"{_show(value)} is not an ISO 8601 calendar date (YYYY-MM-DD)")
    elif rule.kind == "feature_tags" and isinstance(value, list | tuple):
        for index, tag in enumerate(cast("Sequence[Any]", value)):
            reason = check_feature_tag(tag)
            if reason is not None:
                find(f"malformed feature tag {_show(tag)}: {reason}; ignored", (*here, index))
    elif rule.kind == "conforms_to":
        schema = conformance.get(rule.field)
        if schema is not None:
            out.extend(conforms(_plain(value), schema, here))


# --------------------------------------------------------------------------- JSON Schema subset

_JSON_TYPES: Final[Mapping[str, tuple[type, ...]]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "number": (int, float),
    "integer": (int,),
    "boolean": (bool,),
    "null": (type(None),),
}
_CHECKED: Final = frozenset(
    {"type", "properties", "required", "items", "enum", "const", "additionalProperties"}
)
# Keywords that only annotate; everything else unknown earns a warning.
_ANNOTATIONS: Final = frozenset(
    {"$schema", "$id", "$comment", "title", "description", "default", "examples",
     "deprecated", "readOnly", "writeOnly", "format", "$defs", "definitions"}
)  # fmt: skip


def _is_type(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return name == "boolean"
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _JSON_TYPES.get(name, ()))


def _same_json(a: Any, b: Any) -> bool:
    return _key(a) == _key(b)


def conforms(value: Any, schema: object, loc: Loc = ()) -> list[Finding]:
    """Findings for ``value`` against ``schema`` (the documented subset; never raises)."""
    out: list[Finding] = []
    try:
        _conforms(value, schema, loc, out)
    except RecursionError:
        out.append(Finding("error", loc, "value or schema nested too deeply", "conforms_to"))
    return out


def _type_names(types: object) -> list[str] | None:
    """The type names a schema's ``type`` gives (one name or a list), None if malformed."""
    names: object = [types] if isinstance(types, str) else types
    if isinstance(names, list) and all(isinstance(n, str) for n in cast("list[object]", names)):
        return cast("list[str]", names)
    return None


def _conforms(value: Any, schema: object, loc: Loc, out: list[Finding]) -> None:
    def find(message: str, where: Loc = loc, severity: Severity = "error") -> None:
        out.append(Finding(severity, where, message, "conforms_to"))

    if schema is True:
        return
    if schema is False:
        find("no value is allowed here (schema false)")
        return
    if not isinstance(schema, Mapping):
        find(f"schema is not an object or boolean: {_show(schema)}", severity="warning")
        return
    schema = cast("Mapping[str, Any]", schema)  # a JSON object: its keys are strings
    for keyword in sorted(k for k in schema if k not in _CHECKED and k not in _ANNOTATIONS):
        find(f"JSON Schema keyword {keyword!r} is not checked", severity="warning")
    types: object = schema.get("type")
    if types is not None:
        names = _type_names(types)
        if names is None:
            find(f"malformed 'type' in schema: {_show(types)}", severity="warning")
        elif not any(_is_type(value, name) for name in names):
            find(f"expected {' or '.join(names)}, got {_show(value)}")
            return
    if "enum" in schema:
        options: object = schema["enum"]
        if isinstance(options, list) and not any(
            _same_json(value, o) for o in cast("list[object]", options)
        ):
            find(f"{_show(value)} is not one of {_show(options)}")
    if "const" in schema and not _same_json(value, schema["const"]):
        find(f"{_show(value)} is not {_show(schema['const'])}")
    if isinstance(value, dict):
        value = cast("dict[str, Any]", value)
        declared: object = schema.get("properties")
        properties: Mapping[str, Any] = (
            cast("Mapping[str, Any]", declared) if isinstance(declared, Mapping) else {}
        )
        required: object = schema.get("required")
        for name in cast("list[object]", required) if isinstance(required, list) else ():
            if isinstance(name, str) and name not in value:
                find(f"required property {name!r} is missing")
        extra: object = schema.get("additionalProperties", True)
        for name, member in value.items():
            if name in properties:
                _conforms(member, properties[name], (*loc, name), out)
            elif extra is False:
                find(f"property {name!r} is not allowed", (*loc, name))
            elif isinstance(extra, Mapping):
                _conforms(member, cast("Mapping[str, Any]", extra), (*loc, name), out)
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(cast("Sequence[Any]", value)):
            _conforms(item, schema["items"], (*loc, index), out)


# --------------------------------------------------------------------------- messages


@dataclass(frozen=True, slots=True)
class ParsedRequest:
    id: RequestId
    spec: MethodSpec
    message: BaseModel  # the typed request model
    params: Any  # the typed params (None when absent)
    warnings: tuple[Finding, ...] = ()

    @property
    def method(self) -> str:
        return self.spec.method


@dataclass(frozen=True, slots=True)
class ParsedNotification:
    spec: MethodSpec
    message: BaseModel
    params: Any
    warnings: tuple[Finding, ...] = ()

    @property
    def method(self) -> str:
        return self.spec.method


@dataclass(frozen=True, slots=True)
class ParsedResponse:
    """A response: ``result`` (typed when the originating method was given) or ``error``."""

    id: RequestId | None
    result: Any = None
    error: Mapping[str, Any] | None = None
    warnings: tuple[Finding, ...] = ()


@dataclass(frozen=True, slots=True)
class ParseFailure:
    """Why a message was rejected, as a ready JSON-RPC ``error`` member.

    ``respond`` is False when no response may be sent (the message was a notification
    or a response); ``response()`` then returns None.
    """

    error: dict[str, Any]
    id: RequestId | None = None
    respond: bool = True
    findings: tuple[Finding, ...] = field(default=())

    @property
    def code(self) -> int:
        return int(self.error["code"])

    def response(self) -> dict[str, Any] | None:
        if not self.respond:
            return None
        return {"jsonrpc": "2.0", "id": self.id, "error": self.error}


Parsed = ParsedRequest | ParsedNotification | ParsedResponse | ParseFailure

_ADAPTERS: dict[int, TypeAdapter[Any]] = {}


def result_adapter(spec: MethodSpec) -> TypeAdapter[Any]:
    """A (cached) validator and serialiser for the result type of ``spec``."""
    adapter = _ADAPTERS.get(id(spec))
    if adapter is None:
        adapter = _ADAPTERS[id(spec)] = TypeAdapter(spec.result)
    return adapter


def _error(code: int, message: str, data: Any = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return error


def validation_data(exc: ValidationError, prefix: Loc = ()) -> list[dict[str, Any]]:
    """Pydantic errors as ``{"loc", "msg", "type"}`` with wire-name locations."""
    return [
        {"loc": [*prefix, *error["loc"]], "msg": error["msg"], "type": error["type"]}
        for error in exc.errors(include_url=False, include_context=False, include_input=False)
    ]


def _is_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _decode(raw: object) -> Any:
    if isinstance(raw, memoryview):
        raw = raw.tobytes()
    if isinstance(raw, str | bytes | bytearray):
        return decode_wire_json(raw)
    return raw


def parse_message(raw: object, *, check: Checker, method: str | None = None) -> Parsed:
    """Type one JSON-RPC message, ``check`` finding its invariants; ``method`` types a
    response's result. Never raises.

    This is the wire: bytes or text must be RFC 8259 JSON (``decode_wire_json``: no
    ``NaN``/``Infinity``, no lone surrogates, finite numbers), else -32700; then the
    message must match the schema exactly (wire names only, no coercion), else -32602.
    An already decoded object is taken as the JSON value it stands for.
    """
    try:
        data = _decode(raw)
    except (ValueError, RecursionError) as exc:
        reason = str(exc) if isinstance(exc, ValueError) else type(exc).__name__
        return ParseFailure(_error(PARSE_ERROR, "Parse error", {"reason": reason[:200]}))
    try:
        return _parse(data, method, check)
    except Exception:  # a bug here must not take the caller down
        logger.exception("unexpected failure while parsing a message")
        return ParseFailure(_error(INTERNAL_ERROR, "Internal error"))


def _invalid(reason: str, id: RequestId | None = None, respond: bool = True) -> ParseFailure:
    return ParseFailure(_error(INVALID_REQUEST, "Invalid Request", {"reason": reason}), id, respond)


def _parse(data: Any, method: str | None, check: Checker) -> Parsed:
    if isinstance(data, list):
        return _invalid("batches are not supported")
    if not isinstance(data, dict):
        return _invalid("a message must be a JSON object")
    data = cast("dict[str, Any]", data)  # decoded JSON: its keys are strings
    id = data.get("id")
    known_id = id if _is_id(id) else None
    if data.get("jsonrpc") != "2.0":
        return _invalid('"jsonrpc" must be "2.0"', known_id)
    if "method" in data:
        name = data["method"]
        if "id" in data and not _is_id(id):
            return _invalid('"id" must be a string or an integer')
        if not isinstance(name, str):
            return _invalid('"method" must be a string', known_id, "id" in data)
        return _parse_call(data, name, known_id, "id" in data, check)
    if "result" in data or "error" in data:
        return _parse_response(data, known_id, method, check)
    return _invalid("neither a request, a notification nor a response", known_id)


def _parse_call(
    data: dict[str, Any], name: str, id: RequestId | None, is_request: bool, check: Checker
) -> Parsed:
    kind = "request" if is_request else "notification"
    spec = METHODS.get(name)
    if spec is None or spec.kind != kind:
        return ParseFailure(
            _error(METHOD_NOT_FOUND, "Method not found", {"method": name}), id, is_request
        )
    try:
        message = spec.message.model_validate(data)
    except ValidationError as exc:
        return ParseFailure(
            _error(INVALID_PARAMS, "Invalid params", validation_data(exc)), id, is_request
        )
    findings = check(message)
    errors = tuple(f for f in findings if f.severity == "error")
    warnings = tuple(f for f in findings if f.severity == "warning")
    if errors:
        detail = [f.to_error_data() for f in errors]
        return ParseFailure(
            _error(INVALID_PARAMS, "Invalid params", detail),
            id,
            is_request,
            findings=tuple(findings),
        )
    params = getattr(message, "params", None)
    if id is not None:
        return ParsedRequest(id, spec, message, params, warnings)
    return ParsedNotification(spec, message, params, warnings)


def _parse_response(
    data: dict[str, Any], id: RequestId | None, method: str | None, check: Checker
) -> Parsed:
    if data.get("id") is not None and id is None:
        return _invalid('"id" must be a string or an integer', respond=False)
    if "error" in data:
        error: Any = data["error"]
        if "result" in data:
            return _invalid("a response has a result or an error, not both", id, False)
        fields = cast("dict[str, Any]", error) if isinstance(error, dict) else {}
        code = fields.get("code")
        if not (
            isinstance(code, int)
            and not isinstance(code, bool)
            and isinstance(fields.get("message"), str)
        ):
            return _invalid('"error" needs an integer "code" and a string "message"', id, False)
        return ParsedResponse(id, error=fields)
    if id is None:
        return _invalid('a result response needs an "id"', respond=False)
    result = data["result"]
    if not isinstance(result, dict):
        return _invalid('"result" must be an object', id, False)
    if method is None:
        return ParsedResponse(id, result=result)
    spec = METHODS.get(method)
    if spec is None or spec.kind != "request":
        return ParseFailure(
            _error(METHOD_NOT_FOUND, "Method not found", {"method": method}), id, False
        )
    try:
        typed = result_adapter(spec).validate_python(result)
    except ValidationError as exc:
        return ParseFailure(
            _error(INVALID_PARAMS, "Invalid result", validation_data(exc, ("result",))), id, False
        )
    findings = check(typed, loc=("result",))
    errors = tuple(f for f in findings if f.severity == "error")
    if errors:
        detail = [f.to_error_data() for f in errors]
        return ParseFailure(
            _error(INVALID_PARAMS, "Invalid result", detail), id, False, tuple(findings)
        )
    return ParsedResponse(id, result=typed, warnings=tuple(findings))

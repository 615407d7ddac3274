"""``node``: the IR's ``@dataclass(frozen=True, slots=True)``, with less to compile at import.

``dataclasses`` writes six methods per class as Python source and compiles each one
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): for
the IR's two dozen classes that was most of importing ``codegen.ir``, some 20 ms of every
compile (#37). A ``node`` class is still a dataclass (``fields``, ``replace``,
``__match_args__``, the ``__dataclass_params__`` of a frozen one, so a frozen dataclass may
extend it); only its ``__init__`` is compiled (parse and resolve build some 100k nodes, so it
sets each field through its slot descriptor), and the other methods are closures over the
class's field names, with the results and errors of ``dataclasses``' own (checked against
them by tests/compiler/ir/test_ir_node_class.py). Other frozen records of the compiler that
only hold their fields may use it too (``ordering.Item``, made thousands of times).
"""

from __future__ import annotations

import dataclasses
import reprlib
import types
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_C = TypeVar("_C", bound=type)


@dataclass(frozen=True, slots=True)
class _Frozen:
    """A class with the IR's dataclass options, for its ``__dataclass_params__``."""


_FROZEN_PARAMS = vars(_Frozen)["__dataclass_params__"]
# The class's docstring until ``node`` writes it: ``dataclasses`` would otherwise compute
# one with ``inspect.signature`` (slow), before the class has the ``__init__`` it describes.
_NO_DOC = "\0"


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def node(cls: _C) -> _C:
    """``@dataclass(frozen=True, slots=True)`` for a class whose ``__init__`` only sets its
    fields: no ``__post_init__``, no default factory, no keyword-only or ``init=False``
    field (a class that needs one is a plain frozen dataclass)."""
    own_doc = cls.__doc__
    if not own_doc:
        cls.__doc__ = _NO_DOC
    made: Any = dataclass(slots=True, init=False, repr=False, eq=False)(cls)
    every = fields(made)
    if hasattr(made, "__post_init__") or not all(
        f.init
        and not f.kw_only
        and f.default_factory is dataclasses.MISSING
        and isinstance(made.__dict__.get(f.name), types.MemberDescriptorType)
        for f in every
    ):
        raise TypeError(f"{cls.__name__}: a node class only sets its fields (see ir.node_class)")
    if not own_doc:  # what ``dataclasses`` writes: the class's signature
        made.__doc__ = made.__name__ + "(" + ", ".join(map(_parameter, every)) + ")"
    made.__dataclass_params__ = _FROZEN_PARAMS
    _set(made, "__init__", _init(made, every))
    _set(made, "__repr__", _repr([f.name for f in every if f.repr]))
    compared = tuple(f.name for f in every if f.compare)
    key = _key(compared)
    _set(made, "__eq__", _eq(key))
    _set(made, "__hash__", _hash(key, compared, every))
    # As ``dataclasses`` writes them, for the class before its slots were added (so a
    # name that is no field fails in ``super()``, as there). Its ``type(self) is cls``
    # is left out: no instance has that class.
    names = frozenset(f.name for f in every)
    _set(made, "__setattr__", _setattr(cls, names))
    _set(made, "__delattr__", _delattr(cls, names))
    made.__getstate__, made.__setstate__ = _getstate, _setstate
    return made  # type: ignore[no-any-return]


def _set(cls: type, name: str, function: Callable[..., Any]) -> None:
    function.__name__ = name
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    function.__module__ = cls.__module__
    setattr(cls, name, function)


def _parameter(f: dataclasses.Field[Any]) -> str:
    """One parameter as ``inspect.signature`` writes it (annotations are strings here)."""
    if not isinstance(f.type, str):  # the IR's annotations are strings (``__future__``)
        raise TypeError(f"{f.name}: a node class's annotations are strings")
    text = f"{f.name}: {f.type!r}"
    return text if f.default is dataclasses.MISSING else f"{text} = {f.default!r}"


def _init(cls: type, every: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """``__init__`` with ``dataclasses``' parameters and defaults, which sets each field
    through its slot descriptor (``dataclasses``' calls ``object.__setattr__`` by name)."""
    scope: dict[str, Any] = {}
    params = ["self"]
    body = []
    for i, f in enumerate(every):
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"d{i}"] = f.default
            params.append(f"{f.name}=d{i}")
        scope[f"s{i}"] = cls.__dict__[f.name].__set__
        body.append(f"    s{i}(self, {f.name})")
    source = "\n".join([f"def __init__({', '.join(params)}):", *(body or ["    pass"])])
    exec(source, scope)  # field names are the class's identifiers, no input
    return scope["__init__"]  # type: ignore[no-any-return]


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these fields' values (what ``dataclasses`` compares and hashes)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return lambda obj: ()


def _repr(names: list[str]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({inner})"

    return __repr__


def _eq(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(
    key: Callable[[Any], tuple[Any, ...]],
    compared: tuple[str, ...],
    every: tuple[dataclasses.Field[Any], ...],
) -> Callable[[Any], int]:
    hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
    if hashed != compared:
        key = _key(hashed)

    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _setattr(cls: Any, names: frozenset[str]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr(cls: Any, names: frozenset[str]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


# Pickling and ``copy`` of a frozen class with slots, as ``dataclasses`` gives it.
def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)  # the class's own refuses

"""Property keys as TypeScript reads them: a key written as a number (``200: T``) is the
JSON key "200", and ``keyof`` gives the number ``200``; a key written as a string
(``"200": T``) is "200" both ways."""

from __future__ import annotations

from . import Literal, LiteralValue, Property, Span


def number_name(value: int | float) -> str:
    """A numeric property key as the string JavaScript makes of it (``1.50`` is "1.5",
    ``0x10`` is "16")."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        value = int(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**21 else number_name(float(value))
    text = repr(value)
    mantissa, e, exponent = text.partition("e")
    if not e:
        return text
    return f"{mantissa}e{'+' if not exponent.startswith('-') else ''}{int(exponent)}"


def key_name(key: LiteralValue) -> str:
    """The JSON key a literal key type names (``T[200]`` reads the property "200")."""
    return key if isinstance(key, str) else number_name(key)


def is_number_key(key: LiteralValue) -> bool:
    """A key type that is a number literal (``Record<200, T>``): its property keeps the
    number for ``keyof``."""
    return isinstance(key, int | float) and not isinstance(key, bool)


def key_literal(prop: Property, span: Span) -> Literal:
    """What ``keyof`` gives for ``prop``: its name, as a number where it was written as one."""
    if not prop.numeric_name:
        return Literal(prop.name, span)
    value = float(prop.name)
    return Literal(int(value) if value.is_integer() and abs(value) < 1e21 else value, span)

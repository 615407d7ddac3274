"""``@moved <legacy> <target.path>``: a field that moved, compiled into a compatibility shim.

A declaration tagged ``@moved annotations resource.annotations`` says that its former field
``annotations`` now lives at ``resource.annotations``. The pydantic emitter turns each tag
into a before-validator that moves a legacy value into place (on a copy of the input) and
a read-only property with the legacy name that returns the target. This module checks the
tag against the schema and plans both; a bad tag is a ``SchemaError`` at the declaration.

The checks: the legacy name is no longer a property of the (flattened) class, its Python
name is free, and each segment of the target path is a property of the type reached so far
(through a union: of every member). Every segment but the last must be an object type.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from .... import ir
from ....errors import SchemaError
from ..layout import Layouts
from ..name_rules import attribute_name
from ..naming import Names
from .annotations import TypeWriter

TAG = "moved"


@dataclass(frozen=True, slots=True)
class Step:
    """One segment of a target path: its wire key, its attribute, and whether it may be
    absent (``None`` when read)."""

    key: str
    attr: str
    optional: bool


@dataclass(frozen=True, slots=True)
class Move:
    """A planned shim: ``legacy`` (wire key and Python attribute) now lives at ``steps``."""

    legacy: str
    attr: str
    steps: tuple[Step, ...]
    returns: str

    @property
    def target(self) -> str:
        return ".".join(step.key for step in self.steps)


def plan_moves(
    spec_name: str, doc: ir.Doc, span: ir.Span, names: Names, layouts: Layouts, writer: TypeWriter
) -> list[Move]:
    """The shims a class's ``@moved`` tags ask for, checked against the schema."""
    texts = doc.all(TAG)
    if not texts:
        return []
    layout = layouts.layout(spec_name)
    taken = {names.attribute(k) for k in layout.fields}
    moves: list[Move] = []
    for text in texts:
        parts = text.split()
        if len(parts) != 2 or not all(parts[1].split(".")):
            raise SchemaError(
                span, f"@{TAG} expects '<legacy field> <target.path>', got '{text.strip()}'"
            )
        legacy, target = parts
        if legacy in layout.fields:
            raise SchemaError(
                span,
                f"@{TAG}: '{legacy}' is still a property of '{spec_name}'; only a field that "
                "was removed can be moved",
            )
        attr = attribute_name(legacy)
        if attr in taken or not attr.isidentifier():
            raise SchemaError(
                span, f"@{TAG}: the legacy name '{legacy}' has no free Python name ('{attr}')"
            )
        taken.add(attr)
        steps, returns = _walk(spec_name, target.split("."), span, names, layouts, writer)
        moves.append(Move(legacy, attr, steps, returns))
    return moves


def _walk(
    spec_name: str,
    keys: list[str],
    span: ir.Span,
    names: Names,
    layouts: Layouts,
    writer: TypeWriter,
) -> tuple[tuple[Step, ...], str]:
    """Follow ``keys`` from ``spec_name``: the steps, and the Python type read at the end."""
    classes = [spec_name]
    steps: list[Step] = []
    for depth, key in enumerate(keys):
        where = ".".join(keys[:depth]) or spec_name
        props: list[tuple[str, ir.Property]] = []
        for cls in classes:
            layout = layouts.layout(cls)
            prop = layout.fields.get(key)
            if prop is None:
                raise SchemaError(
                    span, f"@{TAG}: target '{'.'.join(keys)}': '{cls}' ({where}) has no '{key}'"
                )
            props.append((layouts.origin(prop, layout.owners[key]), prop))
        attr = names.attribute(key)
        optional = any(p.optional or _nullable(p.type, layouts) for _, p in props)
        steps.append(Step(key, attr, optional))
        if depth == len(keys) - 1:
            texts: list[str] = []
            for origin, prop in props:
                text = writer.annotation(prop.type, origin, key, prop.doc).text
                if text not in texts:
                    texts.append(text)
            if any(step.optional for step in steps) and "None" not in texts:
                texts.append("None")
            return tuple(steps), " | ".join(texts)
        classes = []
        for origin, prop in props:
            for member in _classes_of(prop.type, origin, key, layouts):
                if member is None:
                    raise SchemaError(
                        span,
                        f"@{TAG}: target '{'.'.join(keys)}': '{key}' is not an object type "
                        "(or a union of them), so the path cannot go through it",
                    )
                if member not in classes:
                    classes.append(member)
    raise AssertionError("unreachable: a target path has at least one segment")


def _classes_of(expr: ir.TypeExpr, owner: str, key: str, layouts: Layouts) -> list[str | None]:
    """The classes a property type stands for (``None`` for a member that is no class);
    a ``null`` member is skipped (it makes the step optional instead)."""
    expr = layouts.deref(expr)
    if isinstance(expr, ir.Union):
        found: list[str | None] = []
        for member in expr.members:
            if not _is_null(member):
                found.extend(_classes_of(member, owner, key, layouts))
        return found
    return [layouts.class_of(expr, owner, key)]


def _nullable(expr: ir.TypeExpr, layouts: Layouts) -> bool:
    expr = layouts.deref(expr)
    return isinstance(expr, ir.Union) and any(_is_null(m) for m in expr.members)


def _is_null(expr: ir.TypeExpr) -> bool:
    return isinstance(expr, ir.Primitive) and expr.name in ("null", "undefined")


def property_body(move: Move) -> list[str]:
    """The lines of the legacy property: the target read step by step, ``None`` when a
    step that may be absent is."""
    lines: list[str] = []
    current = "self"
    for index, step in enumerate(move.steps[:-1]):
        if step.optional:
            lines += [f"step_{index} = {current}.{step.attr}", f"if step_{index} is None:"]
            lines.append("    return None")
            current = f"step_{index}"
        else:
            current = f"{current}.{step.attr}"
    return [*lines, f"return {current}.{move.steps[-1].attr}"]


def property_doc(move: Move) -> str:
    text = (
        f"Deprecated: the legacy ``{move.legacy}``, which now lives at ``{move.target}``; "
        "read that instead. Read-only; given on input, it is moved there."
    )
    return textwrap.fill(text, width=84, break_long_words=False, break_on_hyphens=False)

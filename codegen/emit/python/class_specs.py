"""The classes a generated models module defines, for ``codegen.emit.python.naming``:
``ClassSpec``, one per declaration that is a class and per anonymous object type that
needs one (named after its owner and position: the naming authority's rules), in source
order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import assert_never

from ... import ir
from ...errors import Unsupported
from ...ir.queries import shape
from .name_rules import ModuleNames, pascal_case, settle


@dataclass(frozen=True, slots=True)
class ClassSpec:
    """One class the models module defines: a declaration or a named anonymous object.

    ``extends`` holds ``Ref``/``Omit`` entries, ``body`` the own properties (intersection
    members merged in order). ``inline_of`` is ``(owner class, wire key)`` for an anonymous
    object (key ``""``: the owner's index signature, or the type alias itself), None for a
    declaration.
    """

    name: str
    extends: tuple[ir.TypeExpr, ...]
    body: ir.Object
    doc: ir.Doc
    span: ir.Span
    order: tuple[int, ...]
    inline_of: tuple[str, str] | None = None
    structure: object = None  # an anonymous object's structure (``shape``)


# The kinds that never need a class of their own, by exact class (``needs_class``).
_NEVER_A_CLASS = frozenset(
    {ir.Primitive, ir.Literal, ir.Ref, ir.Typeof, ir.Array, ir.Tuple, ir.Union, ir.Mapping}
)


def needs_class(expr: ir.TypeExpr) -> bool:
    """Whether a type written inline needs a generated class of its own."""
    # By exact class first: asked for every type of a large typing, and a ``match`` tries
    # its cases in turn (#37); the ``match`` answers alike (and for any other class).
    if type(expr) in _NEVER_A_CLASS:
        return False
    if type(expr) is ir.Object:
        return bool(expr.properties)
    match expr:
        case ir.Object(properties=props):
            return bool(props)
        case ir.Intersection() | ir.Omit():
            return True
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Ref()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Union()
            | ir.Mapping()
        ):
            return False
        case _:
            assert_never(expr)


def spec_parts(
    expr: ir.TypeExpr,
) -> tuple[tuple[ir.TypeExpr, ...], ir.Object]:
    """Split a class-like type into its bases and its merged own body."""
    match expr:
        case ir.Object():
            return (), expr
        case ir.Omit() | ir.Ref():
            return (expr,), ir.Object(span=expr.span)
        case ir.Intersection(members=members):
            bases: list[ir.TypeExpr] = []
            props: list[ir.Property] = []
            index: ir.IndexSignature | None = None
            for member in members:
                if isinstance(member, ir.Ref | ir.Omit):
                    bases.append(member)
                elif isinstance(member, ir.Object):
                    props.extend(member.properties)
                    if index is not None and member.index is not None:
                        # Keeping either would change the meaning (a value must match both).
                        raise Unsupported(
                            member.index.span,
                            "an intersection with two index signatures is not supported; "
                            "write one index signature whose value type allows both",
                        )
                    index = index or member.index
                else:
                    raise Unsupported(
                        member.span,
                        f"cannot intersect a {member.kind} type; only interfaces, "
                        "Omit<...> and object literals can be combined with '&'",
                    )
            return tuple(bases), ir.Object(tuple(props), index, expr.span)
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Union()
            | ir.Mapping()
        ):
            raise Unsupported(expr.span, f"a {expr.kind} type cannot become a class")
        case _:
            assert_never(expr)


def inline_class_types(expr: ir.TypeExpr) -> Iterator[ir.TypeExpr]:
    """The anonymous class-needing types inside one property type (not descending into
    them: their own properties are named against the class they become)."""
    if needs_class(expr):
        yield expr
        return
    match expr:
        case ir.Union(members=members) | ir.Tuple(members=members):
            for member in members:
                yield from inline_class_types(member)
        case ir.Array(items=items):
            yield from inline_class_types(items)
        case ir.Mapping(value=value):
            yield from inline_class_types(value)
        case ir.Object(index=index) if index is not None:
            yield from inline_class_types(index.value)
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Ref()
            | ir.Typeof()
            | ir.Intersection()
            | ir.Omit()
            | ir.Object()
        ):
            pass
        case _:
            assert_never(expr)


# The kinds that hold no type inside them, so no anonymous class (``inline_class_types``
# yields nothing): the walk skips them without a call (#37).
_NO_INLINE = frozenset({ir.Primitive, ir.Literal, ir.Ref, ir.Typeof})


def _inline_into(expr: ir.TypeExpr, found: list[ir.TypeExpr]) -> None:
    """``inline_class_types(expr)`` appended to ``found``: the kinds most property types
    are (leaves, arrays, unions) without a generator per node (#37), the others by it."""
    if type(expr) in _NO_INLINE:
        return
    if type(expr) is ir.Array:
        _inline_into(expr.items, found)
    elif type(expr) is ir.Union:
        for member in expr.members:
            _inline_into(member, found)
    else:
        found.extend(inline_class_types(expr))


def _alias_is_class(decl: ir.Alias) -> bool:
    return needs_class(decl.type)


def _distinct(
    found: Sequence[ir.TypeExpr], memo: dict[int, tuple[object, object]]
) -> list[ir.TypeExpr]:
    """One per structure, in order of first appearance."""
    if len(found) < 2:  # most positions: one type, no structure to compare
        return list(found)
    by_shape: dict[object, ir.TypeExpr] = {}
    for t in found:
        by_shape.setdefault(shape(t, memo), t)
    return list(by_shape.values())


def _suffixes(parts: list[ir.TypeExpr]) -> list[str]:
    """Each anonymous type's name suffix: the value of the first literal string field that
    tells them all apart (``Terminal``), else its position (``1``, ``2``), as
    ``codegen.frontend.expand`` names the members of a distributed union."""
    props = [{p.name: p for p in spec_parts(part)[1].properties} for part in parts]
    for key in props[0]:
        found: list[str] = []
        for members in props:
            prop = members.get(key)
            value = prop.type if prop is not None else None
            if not (isinstance(value, ir.Literal) and isinstance(value.value, str)):
                break
            found.append(pascal_case(value.value))
        if len(found) == len(parts) and all(found) and len(set(found)) == len(found):
            return found
    return [str(i) for i in range(1, len(parts) + 1)]


def _position_names(owner: str, key: str, found: list[ir.TypeExpr]) -> list[str]:
    """What the anonymous types at one position want to be called (see the module rules)."""
    if not found:  # most positions: no name to make
        return []
    # Settled whole: a key that opens with a combining mark (``"\u0301x"``) joins the
    # owner's last letter under NFKC, which no trailing ``_`` in ``free`` undoes.
    stem = settle(owner + pascal_case(key))
    if len(found) == 1 and key:
        return [stem]
    return [stem + suffix for suffix in _suffixes(found)]


def class_specs(
    schema: ir.Schema,
    module: ModuleNames | None = None,
    memo: dict[int, tuple[object, object]] | None = None,
) -> list[ClassSpec]:
    """Every class to generate, declarations and anonymous objects, in source order
    (an anonymous object just before the class that owns it). ``module`` holds the names
    taken; anonymous classes take free ones (plus ``_`` where theirs is taken). ``memo``:
    the structures (``shape``) found, kept for the caller to ask again."""
    names = module if module is not None else ModuleNames(set(), frozenset())
    specs: list[ClassSpec] = []
    memo = {} if memo is None else memo  # one structure per node

    def position(
        owner: ClassSpec,
        key: str,
        types: Sequence[ir.TypeExpr],
        doc: ir.Doc,
        nested: list[ClassSpec],
    ) -> None:
        found = _distinct(types, memo)
        for inline, wanted in zip(found, _position_names(owner.name, key, found), strict=True):
            bases, body = spec_parts(inline)
            nested.append(
                ClassSpec(
                    name=names.free(wanted, inline.span),
                    extends=bases,
                    body=body,
                    doc=doc,
                    span=inline.span,
                    order=(*owner.order, len(nested)),
                    inline_of=(owner.name, key),
                    structure=shape(inline, memo),
                )
            )

    def add(spec: ClassSpec, alias: ir.TypeExpr | None = None) -> None:
        nested: list[ClassSpec] = []
        for prop in spec.body.properties:
            if type(prop.type) in _NO_INLINE:
                continue  # most properties: nothing anonymous inside, no name to make
            found: list[ir.TypeExpr] = []
            _inline_into(prop.type, found)
            if found:  # an empty position names nothing
                position(spec, prop.name, found, prop.doc, nested)
        if spec.body.index is not None:
            position(spec, "", list(inline_class_types(spec.body.index.value)), ir.Doc(), nested)
        if alias is not None:
            position(spec, "", list(inline_class_types(alias)), ir.Doc(), nested)
        for inner in nested:
            add(inner)
        if alias is None:
            specs.append(spec)

    for position_, decl in enumerate(schema.decls.values()):
        if isinstance(decl, ir.Interface):
            add(ClassSpec(decl.name, decl.extends, decl.body, decl.doc, decl.span, (position_,)))
        elif isinstance(decl, ir.Alias) and _alias_is_class(decl):
            bases, body = spec_parts(decl.type)
            add(ClassSpec(decl.name, bases, body, decl.doc, decl.span, (position_,)))
        elif isinstance(decl, ir.Alias):
            # A type alias is no class, but the anonymous objects in it are.
            holder = ClassSpec(decl.name, (), ir.Object(), decl.doc, decl.span, (position_,))
            add(holder, decl.type)
    return specs

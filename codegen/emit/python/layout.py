"""Python class layout: which TS ``extends`` become Python bases, and which are flattened.

TS lets an interface narrow an inherited property (``method: string`` ->
``method: "tools/call"``) and drop one (``Omit<Base, "error">``). Python inheritance can do
the first only when the new type is a subtype mypy accepts, and never the second. So a base
is inherited only when every property the class redeclares is a subtype of the inherited
one, nothing of it is omitted, and it agrees with the other bases on shared fields;
otherwise the base is *flattened*: its own fields are copied into the class and its own
bases are tried instead. The judgement is conservative: when unsure, flatten.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from ... import ir
from ...errors import SchemaError, Unsupported
from .class_specs import ClassSpec, needs_class
from .naming import Names


@dataclass
class ClassLayout:
    """One class as Python sees it.

    ``declared`` are the properties written in the class body (copied from flattened bases
    first, then its own); ``fields`` are all properties it has, inherited ones included,
    by wire key; ``owners`` tells which class declares each of them.
    """

    spec: ClassSpec
    bases: list[str] = field(default_factory=list)
    declared: list[ir.Property] = field(default_factory=list)
    fields: dict[str, ir.Property] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    extra: ir.TypeExpr | None = None
    declares_extra: bool = False
    extra_numeric: str | None = None  # ``[n: number]: V``: the pattern the extra keys match
    ancestors: set[str] = field(default_factory=set)

    @property
    def name(self) -> str:
        return self.spec.name


def _shape(expr: ir.TypeExpr) -> object:
    """A span-free structural key, so equal types written in two places compare equal."""
    match expr:
        case ir.Primitive(name=name):
            return ("p", name)
        case ir.Literal(value=value):
            return ("l", type(value).__name__, value)
        case ir.Ref(name=name, args=args):
            return ("r", name, tuple(_shape(a) for a in args))
        case ir.Array(items=items):
            return ("a", _shape(items))
        case ir.Tuple(items=items, min_items=min_items, rest=rest) if rest is not None:
            return ("t", tuple(_shape(i) for i in items), min_items, _shape(rest))
        case ir.Tuple(items=items):
            return ("t", tuple(_shape(i) for i in items))
        case ir.Union(members=members):
            return ("u", tuple(_shape(m) for m in members))
        case ir.Intersection(members=members):
            return ("i", tuple(_shape(m) for m in members))
        case ir.Omit(base=base, keys=keys):
            return ("o", _shape(base), keys)
        case ir.Mapping(value=value):
            return ("m", _shape(value))
        case ir.Object(properties=props, index=index):
            return (
                "obj",
                tuple((p.name, p.optional, _shape(p.type)) for p in props),
                None if index is None else _shape(index.value),
            )
        case ir.Typeof(name=name):
            return ("typeof", name)
        case _:
            assert_never(expr)


def same_type(a: ir.TypeExpr, b: ir.TypeExpr) -> bool:
    return _shape(a) == _shape(b)


class Layouts:
    """Computes (and memoises) the layout of every class of a schema."""

    def __init__(self, schema: ir.Schema, names: Names) -> None:
        self.schema = schema
        self.names = names
        self.specs = {spec.name: spec for spec in names.classes}
        self.mros: dict[str, list[str] | None] = {}  # each laid-out class's MRO
        self.done: dict[str, ClassLayout] = {}
        self.busy: set[str] = set()

    def all(self) -> dict[str, ClassLayout]:
        for spec in self.names.classes:
            self.layout(spec.name)
        return self.done

    # ------------------------------------------------------------------ lookups

    def deref(self, expr: ir.TypeExpr, depth: int = 0) -> ir.TypeExpr:
        """Follow aliases that are not classes, to see the type they stand for."""
        while isinstance(expr, ir.Ref) and depth < 32:
            decl = self.schema.decls.get(expr.name)
            if not isinstance(decl, ir.Alias) or expr.name in self.specs:
                return expr
            expr = decl.type
            depth += 1
        return expr

    def class_of(self, expr: ir.TypeExpr, owner: str, key: str) -> str | None:
        """The class a field type stands for, if it is exactly one class."""
        expr = self.deref(expr)
        if isinstance(expr, ir.Ref) and expr.name in self.specs:
            return expr.name
        if needs_class(expr):
            return self.names.inline_class(owner, key, expr)
        return None

    # ------------------------------------------------------------------ subtyping

    def is_subclass(self, child: str, parent: str) -> bool:
        if child != parent and child in self.busy:
            # A field of the class being laid out names the class itself (estree's
            # ``body: BlockStatement | Expression`` of ``ArrowFunctionExpression``): its
            # bases are not known yet, so conservatively no (the field is then copied).
            return False
        return child == parent or parent in self.layout(child).ancestors

    def is_subtype(
        self, a: ir.TypeExpr, b: ir.TypeExpr, a_owner: str, b_owner: str, key: str
    ) -> bool:
        """Conservatively: would mypy accept a field of type ``a`` overriding ``b``?

        ``a_owner``/``b_owner`` are the classes that wrote each type, which name any
        anonymous class in it.
        """
        a, b = self.deref(a), self.deref(b)
        if a_owner == b_owner and same_type(a, b):
            return True
        if isinstance(b, ir.Primitive) and b.name in ("unknown", "any"):
            return True
        if isinstance(a, ir.Union):
            return all(self.is_subtype(m, b, a_owner, b_owner, key) for m in a.members)
        if isinstance(b, ir.Union):
            return any(self.is_subtype(a, m, a_owner, b_owner, key) for m in b.members)
        if isinstance(a, ir.Literal) and isinstance(b, ir.Primitive):
            expected = {bool: "boolean", str: "string", int: "number", float: "number"}
            return expected[type(a.value)] == b.name
        child, parent = self.class_of(a, a_owner, key), self.class_of(b, b_owner, key)
        if child is not None and parent is not None:
            return self.is_subclass(child, parent)
        if child is None and parent is None and not _holds_class(a) and same_type(a, b):
            return True
        # Lists and dicts are invariant for mypy: anything else must be the same type.
        return False

    def origin(self, prop: ir.Property, default: str) -> str:
        """The class whose body wrote ``prop`` (it names the anonymous classes inside)."""
        return self.names.origin(prop, default)

    def _compatible(self, mine: ir.Property, inherited: ir.Property, owner: str) -> bool:
        if mine.optional and not inherited.optional:
            return False
        return self.is_subtype(
            mine.type, inherited.type, owner, self.origin(inherited, owner), mine.name
        )

    # ------------------------------------------------------------------ layout

    def layout(self, name: str) -> ClassLayout:
        if name in self.done:
            return self.done[name]
        spec = self.specs[name]
        if name in self.busy:
            raise SchemaError(spec.span, f"'{name}' extends itself")
        if not spec.extends:  # most classes: nothing inherited, nothing flattened (#37)
            return self._plain(spec)
        self.busy.add(name)
        result = ClassLayout(spec)
        own = {prop.name: prop for prop in spec.body.properties}
        copied: dict[str, ir.Property] = {}
        if spec.body.index is not None:
            result.extra, result.declares_extra = spec.body.index.value, True
            result.extra_numeric = spec.body.index.key_pattern

        pending: list[tuple[ir.TypeExpr, frozenset[str]]] = [(e, frozenset()) for e in spec.extends]
        while pending:
            entry, omitted = pending.pop(0)
            base_name, omitted, extra = self._base(entry, omitted)
            if extra is not None and result.extra is None:
                result.extra, result.declares_extra = extra, True
            if base_name is None:
                continue
            base = self.layout(base_name)
            if result.extra is None and base.extra is not None:
                result.extra, result.extra_numeric = base.extra, base.extra_numeric
            if self._can_inherit(result, base, own, omitted):
                result.bases.append(base.name)
                result.ancestors |= base.ancestors | {base.name}
                for key, prop in base.fields.items():
                    result.fields.setdefault(key, prop)
                    result.owners.setdefault(key, base.owners[key])
                continue
            # Flatten: copy what the base declares itself, then try the base's bases.
            for prop in base.declared:
                if prop.name not in omitted and prop.name not in own:
                    copied.setdefault(prop.name, prop)
            pending[0:0] = [(ir.Ref(b, span=entry.span), omitted) for b in base.bases]

        # ``extends BaseNode, BaseExpression`` where ``BaseExpression extends BaseNode``
        # (estree): Python's MRO refuses a base listed before its own subclass; the
        # subclass brings it anyway.
        if len(result.bases) > 1:  # (most classes have one base or none)
            result.bases = [
                b
                for i, b in enumerate(result.bases)
                if not any(b in self.layout(later).ancestors for later in result.bases[i + 1 :])
            ]
        result.declared = [p for k, p in copied.items() if k not in own] + list(own.values())
        if result.fields:
            for prop in result.declared:
                result.fields[prop.name] = prop
                result.owners[prop.name] = name
        else:  # nothing inherited: its fields are what it declares, in that order
            result.fields = {prop.name: prop for prop in result.declared}
            result.owners = dict.fromkeys(result.fields, name)
        if result.extra is not None and not result.declares_extra:
            # Extras are typed by the class that declares the index signature.
            result.declares_extra = not any(self.layout(b).extra is not None for b in result.bases)
        self.busy.discard(name)
        self.done[name] = result
        return result

    def _plain(self, spec: ClassSpec) -> ClassLayout:
        """The layout of a class that extends nothing: what ``layout`` makes of it, at once."""
        fields = {prop.name: prop for prop in spec.body.properties}
        index = spec.body.index
        result = ClassLayout(
            spec,
            [],
            list(fields.values()),
            fields,
            dict.fromkeys(fields, spec.name),
            None if index is None else index.value,
            index is not None,
            None if index is None else index.key_pattern,
            set(),
        )
        self.done[spec.name] = result
        return result

    def _base(
        self, entry: ir.TypeExpr, omitted: frozenset[str]
    ) -> tuple[str | None, frozenset[str], ir.TypeExpr | None]:
        """An ``extends`` entry as (base class, omitted keys, index value it contributes)."""
        if isinstance(entry, ir.Omit):
            return self._base(entry.base, omitted | frozenset(entry.keys))
        target = self.deref(entry)
        if isinstance(target, ir.Ref) and target.name in self.specs:
            return target.name, omitted, None
        if isinstance(target, ir.Mapping):
            return None, omitted, target.value
        if isinstance(target, ir.Object) and not target.properties:
            value = target.index.value if target.index else ir.Primitive("unknown")
            return None, omitted, value
        raise Unsupported(entry.span, "an interface can only extend interfaces and object types")

    def _can_inherit(
        self,
        result: ClassLayout,
        base: ClassLayout,
        own: dict[str, ir.Property],
        omitted: frozenset[str],
    ) -> bool:
        if omitted & base.fields.keys():
            return False
        if self._linearised([*result.bases, base.name]) is None:
            # ``A & B`` beside a base that lists them as ``B, A`` (``extends ISpecExtensions,
            # IShareableNode`` and ``IShareableNode & ISpecExtensions``): no Python MRO
            # exists, so this base's fields are copied instead.
            return False
        for key, inherited in base.fields.items():
            if key in own and not self._compatible(own[key], inherited, result.name):
                return False
            # Two bases sharing a field must agree on it, or mypy rejects the class.
            if key in result.fields and result.owners[key] != base.owners[key]:
                theirs = result.fields[key].type
                if _holds_class(theirs) or not same_type(theirs, inherited.type):
                    return False
                if result.fields[key].optional != inherited.optional:
                    return False
        return True

    def _linearised(self, bases: list[str]) -> list[str] | None:
        """The C3 linearisation (Python's MRO) of a class with ``bases`` (a base listed
        before its own subclass dropped, as ``layout`` does), None when there is none."""
        kept = [
            b
            for i, b in enumerate(bases)
            if not any(b in self.layout(later).ancestors for later in bases[i + 1 :])
        ]
        sequences = [self._mro(b) for b in kept]
        if any(seq is None for seq in sequences):
            return None
        return _c3([*(seq for seq in sequences if seq is not None), kept])

    def _mro(self, name: str) -> list[str] | None:
        found = self.mros.get(name)
        if found is None and name not in self.mros:
            tail = self._linearised(self.layout(name).bases)
            found = self.mros[name] = None if tail is None else [name, *tail]
        return found


def _c3(sequences: list[list[str]]) -> list[str] | None:
    """C3's merge: the order that keeps every sequence's order, None when there is none."""
    pending = [list(seq) for seq in sequences if seq]
    out: list[str] = []
    while pending:
        head = next(
            (seq[0] for seq in pending if not any(seq[0] in other[1:] for other in pending)),
            None,
        )
        if head is None:
            return None
        out.append(head)
        pending = [[c for c in seq if c != head] for seq in pending]
        pending = [seq for seq in pending if seq]
    return out


def _holds_class(expr: ir.TypeExpr) -> bool:
    """Whether an anonymous class is written somewhere inside ``expr``."""
    match expr:
        case ir.Object(properties=props, index=index):
            return bool(props) or (index is not None and _holds_class(index.value))
        case ir.Intersection() | ir.Omit():
            return True
        case ir.Union(members=items) | ir.Tuple(members=items):
            return any(_holds_class(i) for i in items)
        case ir.Array(items=item) | ir.Mapping(value=item):
            return _holds_class(item)
        case ir.Primitive() | ir.Literal() | ir.Ref() | ir.Typeof():
            return False
        case _:
            assert_never(expr)

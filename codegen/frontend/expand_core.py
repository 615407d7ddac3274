"""The expansion's state and what every part of it asks: lookups and synthesized declarations.

``ExpanderCore`` holds the source declarations, what is declared so far and every
expansion under way; it reads a type through its aliases (``deref``), an object type's
properties and index signature (through bases, ``Omit`` and ``&``), declares a
synthesized type under a name kept for one structure (``add``) and spends from the work
budget. The kinds of computation stand above it, each in its module (``expand_utilities``
<- ``expand_indexed`` <- ``expand_intersections`` <- ``expand_computed`` <-
``expand_generics`` <- ``expand``); ``type`` and ``decl`` are ``expand._Expander``'s.
"""

from __future__ import annotations

import abc
import dataclasses
from typing import assert_never

from .. import ir
from ..errors import SchemaError
from ..ir.queries import rewrite, shape, type_fields
from .budget import Budget
from .expand_names import digest

# What declaring one generic instance spends from the work budget, beside its body's
# expansion: naming it, comparing its structure, emitting one more declaration.
INSTANCE_COST = 100


class ExpanderCore(abc.ABC):
    def __init__(self, decls: dict[str, ir.Decl]) -> None:
        self.source = decls
        self.out: dict[str, ir.Decl] = {}
        self.instances: dict[str, ir.Decl] = {}
        # synthesized name -> the structure it names (``structure``: computed when asked)
        self.shapes: dict[str, object] = {}
        self.context: list[str] = []  # where the type being expanded stands: Decl, Prop...
        self.following: set[str] = set()  # aliases being followed for a distribution
        # generic alias instances being expanded -> their name, whether used within
        self.inlining: dict[tuple[str, object], tuple[str, bool]] = {}
        self.budget = Budget()
        self.constructs: list[tuple[str, ir.Span]] = []  # expansions under way, outermost first
        self.nesting = 0  # generic instances being expanded inside one another
        self.instantiated: dict[tuple[str, object], str] = {}  # generic + arguments -> name
        self.made_of: dict[str, tuple[str, tuple[ir.TypeExpr, ...]]] = {}  # the reverse
        self.reserved: dict[tuple[str, object], list[bool]] = {}  # being expanded
        self.expanded: dict[str, ir.Decl] = {}  # source declarations, once expanded
        self.busy: set[str] = set()  # source declarations being expanded
        self.raw_reads = 0  # reads of a declaration as written (being expanded)
        self.back_refs = 0  # references to an instance or alias still being expanded
        self.inlined: _Inlined = {}  # generic alias + arguments -> its value
        self.dereferencing: set[str] = set()  # aliases whose value is being expanded
        self.distributing: set[str] = set()  # aliases whose members ``T[K]`` is reading
        self.indexing: set[tuple[object, object]] = set()  # ``T["k"]`` being expanded
        self.members = 0  # object members (properties, index signatures) being expanded
        self.accessing: dict[tuple[str, tuple[str, ...]], Access] = {}  # ``C["a"]["b"]``
        self.accessed: dict[tuple[str, tuple[str, ...]], ir.TypeExpr] = {}  # ... once done
        self.shape_memo: dict[int, tuple[object, object]] = {}  # ``shape``'s, shared
        self.pascals: dict[str, str] = {}  # property name -> its part of a synthesized name

    @abc.abstractmethod
    def type(self, t: ir.TypeExpr, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        """``t`` expanded where ``env`` binds the type parameters (``expand._Expander``)."""

    @abc.abstractmethod
    def decl(self, decl: ir.Decl, env: dict[str, ir.TypeExpr]) -> ir.Decl:
        """``decl`` expanded where ``env`` binds the type parameters (``expand._Expander``)."""

    # ---------------------------------------------------------------- declarations

    def expanded_source(self, name: str, decl: ir.Decl) -> ir.Decl:
        """A source declaration expanded, once. One whose expansion is under way (its own
        body asks for its properties: ``interface Reply { parent: Event & {...} }`` with
        ``Reply`` in ``Event``) is read as written, as TypeScript reads it lazily."""
        done = self.expanded.get(name)
        if done is not None:
            return done
        if name in self.busy:
            self.raw_reads += 1
            return decl
        self.busy.add(name)
        try:
            done = self.decl(decl, {})
        finally:
            self.busy.discard(name)
        self.expanded[name] = done
        return done

    def spend(self, amount: int, span: ir.Span) -> None:
        """Count work against the budget, blamed on the outermost expansion under way."""
        budget = self.budget
        if budget.spent + amount <= budget.limit:  # the common case, kept cheap
            budget.spent += amount
            return
        if self.constructs:
            construct, span = self.constructs[0]
        else:
            construct = f"'{self.context[0]}'" if self.context else "this type"
        self.budget.spend(amount, span, construct)

    def free_name(self, name: str) -> str:
        """``name``, or ``name_2``, ``name_3``...: the first that nothing is declared as."""
        found, n = name, 1
        while found in self.source or found in self.shapes:
            n += 1
            found = f"{name}_{n}"
        return found

    def forget(self, out: set[str], instances: set[str], instantiated: _Instantiated) -> None:
        """Drop the instances made since ``out``, ``instances`` and ``instantiated`` were
        taken (a pattern's, made for a verdict only)."""
        for name in set(self.instances) - instances:
            del self.instances[name]
            self.shapes.pop(name, None)
            self.made_of.pop(name, None)
        for name in set(self.out) - out:
            del self.out[name]
        self.instantiated = instantiated

    def generic(self, name: str) -> ir.Interface | ir.Alias | None:
        decl = self.source.get(name)
        if isinstance(decl, ir.Interface | ir.Alias) and decl.params:
            return decl
        return None

    def instance(self, name: str) -> tuple[str, tuple[ir.TypeExpr, ...]] | None:
        return self.made_of.get(name)

    def add(self, name: str, decl: ir.Decl, span: ir.Span, *, generic: bool = False) -> str:
        """Declare a synthesized type; returns its name. The name is kept for one structure
        only: another structure that wants it gets the name plus its structure's digest."""
        unnamed = ir.replace(decl, name="")
        structure: object = None  # computed where a name is compared or digested (#37)
        template = self.source.get(name)
        if template is not None and template.kind != "const" and template.params:
            pass  # a generic's defaults instance takes the generic's name: it is not emitted
        elif name in self.source:  # ``Box<string>`` beside a declared ``Box_string``
            structure = shape(unnamed, self.shape_memo)
            name = f"{name}_{digest(structure)}"
        elif name in self.shapes:
            structure = shape(unnamed, self.shape_memo)
            if self.structure(name) != structure:
                name = f"{name}_{digest(structure)}"
        if name in self.shapes:
            if structure is None:
                structure = shape(unnamed, self.shape_memo)
            if self.structure(name) != structure:  # a digest collision: never share a name
                raise SchemaError(span, f"two different types want the synthesized name '{name}'")
            return name
        if generic:
            # No count of instances: TypeScript has none, and a large typing has thousands
            # (one ``Operation<Url, Method>`` per endpoint). Each is work, spent from the
            # budget (as its body's expansion was), which ends a blow-up where it starts.
            self.spend(INSTANCE_COST, span)
        # Most names are new: their structure is computed only if another type wants them.
        self.shapes[name] = _Unshaped(unnamed) if structure is None else structure
        self.instances[name] = self.out[name] = ir.replace(decl, name=name)
        return name

    def structure(self, name: str) -> object:
        """The structure (``queries.shape``) that the synthesized name ``name`` names."""
        found = self.shapes[name]
        if isinstance(found, _Unshaped):
            found = self.shapes[name] = shape(found.decl, self.shape_memo)
        return found

    def declare(self, name: str, decl: ir.Decl, span: ir.Span) -> str:
        """``add`` (of a generic instance) for a declaration whose own references call it
        ``name``: under another name (taken by a declaration or another structure), they
        follow it."""
        final = self.add(name, decl, span, generic=True)
        self.follow(name, final)
        return final

    def follow(self, name: str, final: str) -> None:
        """The declaration ``final`` with its references to ``name`` made to ``final``."""
        if final == name:
            return

        def renamed(node: object) -> object:
            if isinstance(node, ir.Ref) and node.name == name and not node.args:
                return ir.replace(node, name=final)
            return node

        self.instances[final] = self.out[final] = rewrite(self.out[final], renamed)

    # ---------------------------------------------------------------- lookups

    def lookup(self, name: str) -> ir.Decl | None:
        return self.out.get(name) or self.instances.get(name) or self.source.get(name)

    def written_as_interface(self, name: str) -> bool:
        made = self.made_of.get(name)
        return isinstance(self.source.get(made[0] if made else name), ir.Interface)

    def deref(self, t: ir.TypeExpr) -> ir.TypeExpr:
        """What an alias reference stands for, expanded. An alias whose expansion needs
        its own value (``type A = keyof A``, ``type B = B["k"]``) is an error, as in
        TypeScript."""
        seen: set[str] = set()
        entered: list[str] = []
        try:
            while isinstance(t, ir.Ref) and t.name not in seen:
                seen.add(t.name)
                decl = self.lookup(t.name)
                if not isinstance(decl, ir.Alias) or decl.params:
                    break
                if t.name in self.dereferencing:
                    raise SchemaError(t.span, f"type alias '{t.name}' circularly references itself")
                self.dereferencing.add(t.name)
                entered.append(t.name)
                if decl is not self.source.get(t.name):
                    t = decl.type  # an instance or a declaration already expanded
                elif t.name not in self.busy:
                    done = self.expanded_source(t.name, decl)  # expanded once, kept
                    assert isinstance(done, ir.Alias)
                    t = done.type
                else:
                    t = self.type(decl.type, {})  # read while its expansion is under way
        finally:
            self.dereferencing.difference_update(entered)
        return t

    def properties(
        self, t: ir.TypeExpr, seen: frozenset[str] = frozenset()
    ) -> tuple[ir.Property, ...]:
        t = self.deref(t)
        match t:
            case ir.Ref() if t.name not in seen:
                found = self.lookup(t.name)
                if isinstance(found, ir.Interface):
                    decl: ir.Decl = found
                    if found.params == () and found is self.source.get(t.name):
                        decl = self.expanded_source(t.name, found)
                    assert isinstance(decl, ir.Interface)
                    merged: dict[str, ir.Property] = {}
                    for base in decl.extends:
                        merged.update(
                            (p.name, p)
                            for p in self.properties(self.type(base, {}), seen | {t.name})
                        )
                    merged.update((p.name, p) for p in decl.body.properties)
                    return tuple(merged.values())
            case ir.Object():
                return t.properties
            case ir.Omit():
                return tuple(p for p in self.properties(t.base, seen) if p.name not in t.keys)
            case ir.Intersection():
                merged = {}
                for member in t.members:
                    merged.update((p.name, p) for p in self.properties(member, seen))
                return tuple(merged.values())
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
                return ()
            case _:
                assert_never(t)
        return ()  # a reference seen already, or to no interface

    def has_method(self, t: ir.TypeExpr, name: str, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``t`` declares a method ``name``: an object type, an interface with its
        bases, an alias or an intersection of them, read as written (a method has no data
        member, so the expanded types lost it; its name does not depend on type
        arguments)."""
        match t:
            case ir.Object():
                return name in t.methods
            case ir.Ref() if t.name not in seen:
                found = self.source.get(t.name) or self.lookup(t.name)
                inner = seen | {t.name}
                if isinstance(found, ir.Alias):
                    return self.has_method(found.type, name, inner)
                if not isinstance(found, ir.Interface):
                    return False
                if name in found.body.methods:
                    return True
                return any(self.has_method(b, name, inner) for b in found.extends)
            case ir.Omit():
                return name not in t.keys and self.has_method(t.base, name, seen)
            case ir.Intersection():
                return any(self.has_method(m, name, seen) for m in t.members)
        return False

    def index(self, t: ir.TypeExpr) -> ir.IndexSignature | None:
        t = self.deref(t)
        if isinstance(t, ir.Object):
            return t.index
        if isinstance(t, ir.Ref):
            decl = self.lookup(t.name)
            if isinstance(decl, ir.Interface):
                if t.name not in self.out:
                    self.raw_reads += 1  # read as written: the caller expands what it takes
                return decl.body.index
        return None


@dataclasses.dataclass(frozen=True)
class _Unshaped:
    """A synthesized declaration (unnamed) whose structure no one has asked for yet."""

    decl: ir.Decl


_Inlined = dict[tuple[str, object], ir.TypeExpr]  # inlined alias instances
_Instantiated = dict[tuple[str, object], str]  # generic + arguments' shape -> instance name


@dataclasses.dataclass
class Access:
    """An indexed access path being expanded: the name it is declared under if it turns
    out recursive, and how many object members were being expanded when it started."""

    name: str
    members: int
    recursive: bool = False


def names_in(node: object) -> set[str]:
    """The names ``node`` refers to (iterative: bounded by its size). Every field but a
    span or a doc is entered, through the class's field table read once (#37); a name,
    flag or unset field holds no type and is not pushed."""
    found: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        kind = type(current)
        if kind is tuple:
            pending.extend(current)  # type: ignore[arg-type]
        elif kind is ir.Ref:
            found.add(current.name)  # type: ignore[attr-defined]
            pending.extend(current.args)  # type: ignore[attr-defined]
        else:
            for name in type_fields(kind):
                value = getattr(current, name)
                if type(value) not in _SCALARS:
                    pending.append(value)
    return found


_SCALARS = frozenset((str, bool, int, float, type(None)))


def anonymous_class(t: ir.TypeExpr) -> bool:
    """An anonymous type that the Python back end must make a class of."""
    return isinstance(t, ir.Intersection | ir.Omit) or (
        isinstance(t, ir.Object) and bool(t.properties)
    )


def flat_union(members: tuple[ir.TypeExpr, ...]) -> tuple[ir.TypeExpr, ...]:
    """Nested unions flattened; ``never`` dropped beside other members (``never | X`` is
    ``X`` in TypeScript), and a second ``null`` or ``undefined`` (``D | undefined`` with
    ``D = void``: one ``undefined``, which a property reads as absent)."""
    flat: list[ir.TypeExpr] = []
    for member in members:
        flat.extend(member.members if isinstance(member, ir.Union) else (member,))
    kept: list[ir.TypeExpr] = []
    units: set[str] = set()
    for m in flat:
        if isinstance(m, ir.Primitive) and m.name in ("never", "null", "undefined"):
            if m.name == "never" or m.name in units:
                continue
            units.add(m.name)
        kept.append(m)
    return tuple(kept) if kept else tuple(flat[:1])


def present(props: tuple[ir.Property, ...]) -> tuple[ir.Property, ...]:
    """The properties a JSON object can hold: one typed ``never`` or ``undefined`` is a key
    left out (as ``object`` drops it from a written object type)."""
    return tuple(
        p
        for p in props
        if not (isinstance(p.type, ir.Primitive) and p.type.name in ("never", "undefined"))
    )

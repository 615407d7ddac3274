"""Each reference of one declaration, checked and rewritten for its module's scope.

``Rewriter`` (one per module, from ``resolve``): imported names to the declared ones,
``NS.Name`` and ``Enum.Member`` read, ``Record``/``Array``/``Omit`` and the lib's globals
rewritten into their IR nodes, ``typeof`` folded, computed property keys read; an unknown
name is a located error, a name from an unmapped package degrades.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeVar, assert_never

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir import (
    BUILTIN_GENERICS,
    CONDITIONAL,
    FUNCTION,
    INDEXED,
    INFER,
    KEYOF,
    MAPPED,
    SPREAD,
    TEMPLATE,
    THIS,
)
from ..ir.keys import key_name
from ..paths import DECLARATION_SUFFIXES, LIB_PATH
from .infer import infer_names
from .lib_globals import lib_type
from .namespaces import NamespaceScope
from .totality import degraded_for, degrading

_N = TypeVar("_N")
_A_KIND = {"interface": "an interface", "alias": "a type alias"}  # what typeof rejects


class Rewriter:
    """Turns parsed type expressions into resolved ones for one module's scope."""

    def __init__(
        self,
        decls: dict[str, ir.Decl],
        scope: dict[str, str],
        enum_members: dict[str, ir.LiteralValue] | None = None,
        unmapped: dict[str, str] | None = None,
        qualified: dict[str, str] | None = None,
        values: Collection[str] = (),
        namespaces: NamespaceScope | None = None,
    ) -> None:
        self.decls = decls
        self.scope = scope
        self.unmapped = unmapped or {}  # local name -> what an unmapped package import was
        self.values = frozenset(values)  # the typings' values left out (``unique symbol``s...)
        self.enum_members = enum_members or {}
        self.params: frozenset[str] = frozenset()  # the generic parameters in scope
        # ``Chat.ChannelChat`` beside ``ChatFullInfo.ChannelChat``: parse named each
        # namespace member apart (``ChatChannelChat``); another file writes the dotted path.
        self.qualified = qualified or {}
        self.namespaces = namespaces

    def decl(self, decl: ir.Decl) -> ir.Decl:
        """``decl`` resolved; its own type parameters are the only ones in scope (one
        rewriter serves every declaration of a module)."""
        self.params = frozenset()
        if decl.kind != "const" and decl.params:
            self.params = frozenset(p.name for p in decl.params)
            params = tuple(
                ir.replace(p, default=p.default and self.type(p.default)) for p in decl.params
            )
            decl = ir.replace(decl, params=params)
        match decl:
            case ir.Interface():
                bases = tuple(degrading(self.type, base) for base in decl.extends)
                body = decl.body
                empty = _array_body(body)
                if empty and body.index is not None and len(bases) == 1:
                    # ``[index: number]: V`` says again what ``Array<V>``'s own index says
                    # (V, or a narrower type, as TypeScript requires): the items are V
                    items = degrading(self.type, body.index.value)
                    if isinstance(bases[0], ir.Array):
                        bases = (ir.replace(bases[0], items=items),)
                    elif self.names_array_interface(bases[0]):
                        bases = (ir.Array(items, bases[0].span),)
                if len(bases) == 1 and (
                    (isinstance(bases[0], ir.Array) and empty)
                    or (empty and self.names_array_interface(bases[0]))
                ):
                    # ``interface A extends Array<T> {}``: TypeScript's way to name T[] (JSON
                    # has no other kind of array); so is ``interface B extends A {}``
                    # keeps its type parameters: ``interface L<T> extends Array<T> {}`` is ``T[]``
                    return ir.Alias(
                        decl.name, bases[0], decl.exported, decl.doc, decl.span, params=decl.params
                    )
                arrays = [b for b in bases if isinstance(b, ir.Array)]
                if arrays and body.index is None:
                    # ``interface Ranges extends Array<Range> { type: string }``: no JSON array
                    # has named members; typescript-json-schema writes an object of its
                    # ``length``, numbered items and members, and so do we.
                    length = ir.Property(
                        "length", ir.Primitive("number", body.span), span=body.span
                    )
                    index = ir.IndexSignature(arrays[0].items, "n", span=body.span, numeric=True)
                    body = ir.replace(body, properties=(length, *body.properties), index=index)
                    bases = tuple(b for b in bases if not isinstance(b, ir.Array))
                return ir.replace(decl, body=self.object(body), extends=bases)
            case ir.Alias():
                return ir.replace(decl, type=degrading(self.type, decl.type))
            case ir.Const():
                return decl

    def names_array_interface(self, t: ir.TypeExpr) -> bool:
        """Whether ``t`` names an ``interface A extends Array<T> {}`` (an alias of ``T[]``)."""
        if not isinstance(t, ir.Ref) or t.args:
            return False
        found = self.decls.get(t.name)
        if not isinstance(found, ir.Interface) or not _array_body(found.body):
            return False
        return len(found.extends) == 1 and (
            isinstance(found.extends[0], ir.Array)
            or (
                isinstance(found.extends[0], ir.Ref)
                and found.extends[0].name in ("Array", "ReadonlyArray")
                and found.extends[0].name not in self.decls
            )
        )

    def object(self, obj: ir.Object) -> ir.Object:
        # What nothing changes is kept as it is, not copied (most properties of a large
        # typing: a written name and a type without a reference to rename) (#37).
        index = obj.index
        if index is not None:
            value = degrading(self.type, index.value)
            if value is not index.value:
                index = ir.replace(index, value=value)
        props: list[ir.Property] = []
        for prop in obj.properties:
            if prop.computed is None:  # a written name, as most are: kept as it is (#37)
                key, numeric = prop.name, prop.numeric_name
            else:
                found = self.computed_key(prop)
                numeric = prop.numeric_name or isinstance(found, int | float)  # ``[E.Num]``: 1
                read = key_name(found) if isinstance(found, int | float) else found
                if isinstance(read, ir.Primitive):
                    # A key no one here can read: every key may hold any value, loudly.
                    if index is not None and index.key_pattern is None:
                        index = ir.replace(index, value=ir.Union((index.value, read), read.span))
                    else:
                        index = ir.IndexSignature(read, span=prop.span)
                    continue
                if read is None:
                    continue  # a ``unique symbol`` key: no JSON object has it
                key = read
                if key != prop.name and any(p.name == key for p in obj.properties):
                    raise SchemaError(
                        prop.span, f"duplicate property '{key}' (as [{prop.computed}])"
                    )
            try:
                value = self.type(prop.type)  # ``degrading``, inlined: per member (#37)
            except Unsupported as err:
                value = degraded_for(err)
            if value is prop.type and prop.computed is None:
                props.append(prop)  # its name, key and type as written
            else:
                props.append(
                    ir.replace(prop, name=key, type=value, computed=None, numeric_name=numeric)
                )
        if index is obj.index and _same(props, obj.properties):
            return obj
        return ir.replace(obj, properties=tuple(props), index=index)

    def enum_member(self, name: str) -> ir.LiteralValue | None:
        """The value of ``Enum.Member``, also written through its namespaces
        (``ns.Enum.Member``: namespaces are flattened)."""
        parts = name.split(".")
        for start in range(len(parts) - 1):
            value = self.enum_members.get(".".join(parts[start:]))
            if value is not None:
                return value
        return None

    def computed_key(self, prop: ir.Property) -> str | int | float | ir.Primitive | None:
        """The name ``[KEY]`` gives a property, as TypeScript reads it: the value of an enum
        member or of a const; None for a ``unique symbol`` (the only other kind of key
        TypeScript accepts there), a degraded ``unknown`` for a key that only a package
        that is not mapped could tell."""
        text = prop.computed
        assert text is not None
        unmapped = self.unmapped.get(text.split(".", 1)[0])
        if unmapped is not None:
            what = f"the property key [{text}] ({unmapped}): any key, any value"
            return ir.degraded(what, prop.span)
        name = self.scope.get(text, text)
        member = self.enum_member(name)
        if member is not None:
            value: ir.LiteralValue = member
        else:
            decl = self.decls.get(name) or self.decls.get(name.rsplit(".", 1)[-1])
            if isinstance(decl, ir.Const):
                value = decl.value
            elif {name, name.rsplit(".", 1)[-1]} & self.values or text.split(".")[0] in self.scope:
                return None
            else:
                raise SchemaError(prop.span, f"cannot find name '{text}' (property key [{text}])")
        if isinstance(value, bool):
            raise SchemaError(prop.span, f"a property key must be a string or a number: [{text}]")
        return value

    def type(self, t: ir.TypeExpr) -> ir.TypeExpr:
        match t:
            case ir.Primitive() | ir.Literal():  # the most common: tried first
                return t
            case ir.Ref():
                return self.ref(t)
            case ir.Typeof():
                return self.typeof(t)
            case ir.Array():
                items = self.type(t.items)
                return t if items is t.items else ir.replace(t, items=items)
            case ir.Tuple():
                members = [self.type(i) for i in t.items]
                rest = None if t.rest is None else self.type(t.rest)
                if rest is t.rest and _same(members, t.items):
                    return t
                return ir.replace(t, items=tuple(members), rest=rest)
            case ir.Union() | ir.Intersection():
                members = [self.type(m) for m in t.members]
                return t if _same(members, t.members) else ir.replace(t, members=tuple(members))
            case ir.Omit():
                base = self.type(t.base)
                return t if base is t.base else ir.replace(t, base=base)
            case ir.Mapping():
                value = self.type(t.value)
                return t if value is t.value else ir.replace(t, value=value)
            case ir.Object():
                return self.object(t)
            case _:
                assert_never(t)

    def ref(self, t: ir.Ref) -> ir.TypeExpr:
        if t.name in self.params and not t.args:  # a parameter shadows what the file imports
            return t
        unmapped = self.unmapped.get(t.name.split(".", 1)[0])
        if unmapped is not None:
            return ir.degraded(unmapped, t.span)
        if "." in t.name and self.namespaces is not None and t.name not in self.qualified:
            missing = self.namespaces.missing(t.name, self.scope)
            if missing is not None and self.enum_member(t.name) is None:
                return self.not_held(t, *missing)
            head = t.name.split(".", 1)[0]
            if (
                self.namespaces.unknown_head(t.name, self.scope)
                and self.enum_member(t.name) is None
            ):
                if head not in self.decls:
                    return self.lib(t)  # no file declares the head: a lib global, or unknown
                if not self.is_enum(head) and lib_type(t) is None:
                    return self.no_namespace(t, self.decls[head])
        name = self.scope.get(t.name, t.name)
        if name == "Date" and name not in self.decls and not t.args:
            return ir.Primitive("string", t.span, format="date-time")  # JSON has no dates
        if name == "bigint" and not t.args:  # a keyword: no declaration can take its name
            return ir.Primitive("number", t.span)  # typescript-json-schema's reading
        if "." in name:  # ``Enum.Member`` is a literal; ``Namespace.Type`` is ``Type``
            member = self.enum_member(name)
            if member is not None:
                return ir.Literal(member, t.span)
            name = self.qualified.get(name) or name.rsplit(".", 1)[1]
            if name not in self.decls:
                return self.lib(t)
            t = ir.replace(t, name=name)
        target = self.decls.get(name)
        if name == CONDITIONAL:
            return self.conditional(t)
        if name == INFER:  # its name is declared here, not used: only the constraint is read
            return ir.replace(t, args=(t.args[0], *map(self.type, t.args[1:])))
        if name == MAPPED:  # its key is a type parameter of the value
            key = t.args[0]
            assert isinstance(key, ir.Literal)
            outer, self.params = self.params, self.params | {str(key.value)}
            try:
                return ir.replace(t, args=tuple(self.type(a) for a in t.args))
            finally:
                self.params = outer
        if name in (KEYOF, INDEXED, SPREAD, TEMPLATE, FUNCTION, THIS) or (
            isinstance(target, ir.Interface | ir.Alias) and target.params
        ):
            return ir.replace(t, name=name, args=tuple(self.type(a) for a in t.args))
        if target is None and name in BUILTIN_GENERICS:  # a declaration shadows a builtin
            return self.builtin(t)
        if target is None:
            return self.lib(t)
        if t.args and target.span.file == LIB_PATH:  # ``Uint8Array<ArrayBuffer>`` (TS 5.7)
            return ir.Ref(name, (), t.span)
        if t.args:
            raise SchemaError(t.span, f"'{t.name}' is not generic but has type arguments")
        if isinstance(target, ir.Const):
            raise SchemaError(
                t.span, f"'{t.name}' is a const, not a type (write 'typeof {t.name}')"
            )
        return ir.Ref(name, (), t.span)

    def not_held(self, t: ir.Ref, namespace: str, name: str) -> ir.TypeExpr:
        """``NS.Name`` where namespace NS holds no ``Name``: TypeScript's error, and in
        typings (which typescript-json-schema reads with ``skipLibCheck``, and which
        ``// @ts-ignore`` such a line in) its error type, ``any``, loudly; never the
        ``Name`` of another scope."""
        what = f"namespace '{namespace}' has no exported member '{name}'"
        if not t.span.file.endswith(DECLARATION_SUFFIXES):
            raise SchemaError(t.span, what)
        return ir.Primitive("any", t.span, degraded=f"'{t.name}': {what} (any, as TypeScript)")

    def is_enum(self, name: str) -> bool:
        return any(key.startswith(f"{name}.") for key in self.enum_members)

    def no_namespace(self, t: ir.Ref, head: ir.Decl) -> ir.TypeExpr:
        """``Foo.Bar`` where ``Foo`` is an interface, alias or const and no namespace:
        TypeScript's error (TS2702, TS2503), never the file's own ``Bar``; in typings
        (unchecked, as ``not_held`` says) its error type ``any``, loudly."""
        name = t.name.split(".", 1)[0]
        if isinstance(head, ir.Const):
            what = f"cannot find namespace '{name}'"
        else:
            what = f"'{name}' only refers to a type, but is being used as a namespace here"
        if not t.span.file.endswith(DECLARATION_SUFFIXES):
            raise SchemaError(t.span, what)
        return ir.Primitive("any", t.span, degraded=f"'{t.name}': {what} (any, as TypeScript)")

    def lib(self, t: ir.Ref) -> ir.TypeExpr:
        """A name no schema file declares: a lib global's meaning, else unknown (as tsc).

        In typings (``.d.ts``), a name no file of the program declares is a global of a
        package the program lacks (``GeoJSON.GeoJSON`` of @types/geojson's ``export as
        namespace GeoJSON``, a devDependency): TypeScript reads it as an error type and, as
        typings go unchecked (``skipLibCheck``), says nothing; it degrades loudly here. In
        a ``.ts`` file, which TypeScript checks, it stays the error TypeScript reports."""
        found = lib_type(t)
        if found is None:
            kind = "generic type" if t.args else "type"
            if t.span.file.endswith(DECLARATION_SUFFIXES):
                head = t.name.split(".")[0]
                what = (
                    f"'{t.name}', which no file of the program declares (a global of a package"
                    f" the typings do not import: map the package that declares '{head}' with"
                    " --import-map, or reference its file)"
                )
                return ir.degraded(what, t.span)
            raise SchemaError(t.span, f"unknown {kind} '{t.name}'")
        return self.type(found)

    def conditional(self, t: ir.Ref) -> ir.TypeExpr:
        """``C extends E ? X : Y``: the names ``E`` declares with ``infer`` are in scope in
        ``E`` and ``X``, as type parameters are."""
        check, extends, yes, no = t.args
        outer = self.params
        try:
            checked = self.type(check)
            self.params = outer | frozenset(infer_names(extends))
            pattern, picked = self.type(extends), self.type(yes)
            self.params = outer
            other = self.type(no)
        finally:
            self.params = outer
        return ir.replace(t, args=(checked, pattern, picked, other))

    def builtin(self, t: ir.Ref) -> ir.TypeExpr:
        """``Array``/``ReadonlyArray``/``Omit`` become IR nodes; the utilities
        (``Record``, ``Partial``...) stay refs for ``codegen.frontend.expand``."""
        arity = BUILTIN_GENERICS[t.name]
        if len(t.args) != arity:
            plural = "s" if arity > 1 else ""
            raise SchemaError(
                t.span, f"'{t.name}' takes {arity} type argument{plural}, got {len(t.args)}"
            )
        if t.name == "Omit":
            if _computed_keys(t.args[1]):  # ``Omit<T, keyof R>``: expand computes the keys
                return ir.replace(t, args=tuple(self.type(a) for a in t.args))
            return ir.Omit(self.type(t.args[0]), _omit_keys(t.args[1]), t.span)
        args = tuple(self.type(a) for a in t.args)
        if t.name in ("Array", "ReadonlyArray", "ArrayLike"):  # ArrayLike: as the oracle
            return ir.Array(args[0], t.span)
        return ir.replace(t, args=args)

    def typeof(self, t: ir.Typeof) -> ir.TypeExpr:
        name = self.scope.get(t.name, t.name)
        if name in self.enum_members:  # ``typeof Kind.Full``: a namespace's literal constant
            return ir.Literal(self.enum_members[name], t.span)
        if "." in name and name not in self.decls:  # ``typeof ns.C``: ``C``, as ``ns.T``
            name = name.rsplit(".", 1)[1]
        decl = self.decls.get(name)
        unmapped = self.unmapped.get(t.name.split(".", 1)[0])
        if decl is None and unmapped is not None:
            return ir.degraded(unmapped, t.span)
        if decl is None and ("." in t.name or name in self.values):
            # A value the typings declare and no type describes as data: a function, an
            # object with methods, a namespace's object (``typeof google.maps.geometry``).
            what = f"'typeof {t.name}' (a value of the typings: a function, a namespace or an"
            return ir.degraded(f"{what} object with methods, not JSON data)", t.span)
        if decl is None and t.span.file.endswith(DECLARATION_SUFFIXES):
            # A value no file of the program declares (``typeof fetch``, a lib or runtime
            # global function): unchecked typings read it as the error type; loudly here.
            what = f"'typeof {t.name}', a value no file of the program declares (a lib global"
            return ir.degraded(f"{what} function or object, not JSON data)", t.span)
        if decl is None:
            raise SchemaError(t.span, f"unknown const '{t.name}' in 'typeof {t.name}'")
        typings = decl.span.file.endswith(DECLARATION_SUFFIXES)
        if isinstance(decl, ir.Interface) and (decl.klass or typings):
            # A class's constructor (or, in typings, the ``declare var X: { prototype: X }``
            # that the lib pairs with ``interface X``, left out as a value): its
            # ``prototype`` (statics are left out with the methods), as
            # typescript-json-schema writes it.
            # A generic class's prototype is of ``any`` arguments, as TypeScript types it.
            args = tuple(ir.Primitive("any", t.span) for _ in decl.params)
            prototype = ir.Property("prototype", ir.Ref(name, args, t.span), span=t.span)
            return ir.Object((prototype,), None, t.span)
        if isinstance(decl, ir.Alias) and decl.enum:
            # ``typeof Enum``: typescript-json-schema writes the enum's values
            return ir.Ref(name, (), t.span)
        if not isinstance(decl, ir.Const):
            raise SchemaError(
                t.span, f"'typeof {t.name}' needs a const, but '{t.name}' is {_A_KIND[decl.kind]}"
            )
        return ir.Literal(decl.value, t.span)


def _array_body(body: ir.Object) -> bool:
    """The body of an interface that extends an array and names it: empty, or only a
    numeric index signature (``interface Items extends Array<V> { [i: number]: V }``)."""
    if body.properties:
        return False
    return body.index is None or (body.index.numeric and body.index.pattern is None)


def _computed_keys(t: ir.TypeExpr) -> bool:
    """Omit keys that only expand can compute: ``keyof R``, ``T["k"]``, a conditional, an
    alias of literals or a type parameter (``Omit<T, Keys>``)."""
    members = t.members if isinstance(t, ir.Union) else (t,)
    return any(isinstance(m, ir.Ref) for m in members)


def _omit_keys(t: ir.TypeExpr) -> tuple[str, ...]:
    members = t.members if isinstance(t, ir.Union) else (t,)
    keys = []
    for member in members:
        if not (isinstance(member, ir.Literal) and not isinstance(member.value, bool)):
            raise Unsupported(
                member.span, "Omit keys must be a string or number literal or a union of them"
            )
        keys.append(key_name(member.value))  # ``Omit<R, 200>`` drops the key "200"
    return tuple(keys)


def _same(new: list[_N], old: tuple[_N, ...]) -> bool:
    """Whether ``new`` holds ``old``'s very items: a rewrite that changed none of them."""
    return len(new) == len(old) and all(a is b for a, b in zip(new, old, strict=True))

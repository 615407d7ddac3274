"""The structural differ: compare two resolved schemas, what was added, removed or changed, and what breaks.

Two audiences can break independently:

* the wire: a peer speaking the old revision meets a message of the new one (a field
  removed, optional becoming required, a type narrowed, a literal value or a method
  removed, an error code changed);
* Python: code written against the generated classes of the old revision (a class or
  attribute renamed or removed, a required field added to a constructor).

Named types are compared by name (or through a detected rename): a change inside a named
type is reported once, on that type, not again on every field that mentions it; likewise a
change to an inherited field is reported on the base that declares it.

Renames are found from an explicit ``@renamedFrom OldName`` JSDoc tag (on a declaration
or a property), or inferred when exactly one removed and one added thing have the same
structure. Everything here is pure: two ``ir.Schema`` values in, a ``SchemaDiff`` out.
"""

from __future__ import annotations

from .. import ir
from ..errors import Diagnostics
from ..ir.printer import render
from ..ir.queries import deref
from .changes import Change, FieldMove, FieldRename, SchemaDiff
from .compat import (
    ANY_OBJECT,
    Compatibility,
    LiteralKey,
    ObjectView,
    is_object_primitive,
    is_top,
    literal_key,
    literal_set,
    object_view,
    union_members,
)
from .declarations import (
    RENAME_TAG,
    ancestors,
    as_type,
    decl_type,
    decl_view,
    declaring,
    describe,
    find_renames,
    has_prop,
    is_error_code,
    methods,
    named_members,
    own_index,
    pair_unique,
    show,
)

# --------------------------------------------------------------------------- the diff


class _Differ:
    def __init__(self, old: ir.Schema, new: ir.Schema, diagnostics: Diagnostics) -> None:
        self.old = old
        self.new = new
        self.diags = diagnostics
        self.changes: list[Change] = []
        self.field_renames: list[FieldRename] = []
        self.field_moves: list[FieldMove] = []
        self.removed_fields: list[tuple[str, str]] = []
        self.compat = Compatibility()
        self.old_methods, self.new_methods = methods(old), methods(new)
        self.old_messages = frozenset(self.old_methods.values())
        self.new_messages = frozenset(self.new_methods.values())

    def add(
        self,
        code: str,
        subject: str,
        message: str,
        *,
        wire: bool = False,
        python: bool = False,
        additive: bool = False,
        old: ir.Span | None = None,
        new: ir.Span | None = None,
    ) -> None:
        self.changes.append(Change(code, subject, message, wire, python, additive, old, new))

    # -- top level

    def run(self) -> SchemaDiff:
        removed = [n for n in self.old.decls if n not in self.new.decls]
        added = [n for n in self.new.decls if n not in self.old.decls]
        renames = find_renames(self.old, self.new, removed, added, self.diags)
        self.compat = Compatibility((r.old, r.new) for r in renames)
        renamed_from = {r.new: r for r in renames}
        renamed_old = {r.old for r in renames}

        for name in removed:
            if name not in renamed_old:
                self.declaration_removed(self.old.decls[name])
        for name, new_decl in self.new.decls.items():
            rename = renamed_from.get(name)
            if rename is not None:
                old_decl = self.old.decls[rename.old]
                how = "by @renamedFrom" if rename.hinted else "same structure"
                self.add(
                    "renamed",
                    rename.old,
                    f"renamed to {name} ({how}); the Python name changes",
                    python=True,
                    old=old_decl.span,
                    new=new_decl.span,
                )
                self.compare(old_decl, new_decl)
            elif name in self.old.decls:
                self.compare(self.old.decls[name], new_decl)
            elif isinstance(new_decl, ir.Const) and is_error_code(new_decl.value):
                # Every old value still validates, but an old peer meets a code it cannot
                # interpret: not additive, a change to handle.
                self.add(
                    "error-code-added",
                    name,
                    f"error code {new_decl.value} added; peers of the old revision do not know it",
                    new=new_decl.span,
                )
            else:
                kind = "constant" if isinstance(new_decl, ir.Const) else "type"
                self.add("added", name, f"{kind} added", additive=True, new=new_decl.span)
        self.compare_methods()
        return SchemaDiff(
            tuple(self.changes),
            tuple(renames),
            tuple(self.field_renames),
            tuple(self.field_moves),
            tuple(n for n in removed if n not in renamed_old),
            tuple(self.removed_fields),
        )

    def declaration_removed(self, decl: ir.Decl) -> None:
        if isinstance(decl, ir.Const):
            if is_error_code(decl.value):
                self.add(
                    "error-code-removed",
                    decl.name,
                    f"error code {decl.value} removed",
                    wire=True,
                    python=True,
                    old=decl.span,
                )
            else:
                self.add("removed", decl.name, "constant removed", python=True, old=decl.span)
        else:
            self.add("removed", decl.name, "type removed", python=True, old=decl.span)

    def compare_methods(self) -> None:
        old, new = self.old_methods, self.new_methods
        for method, owner in old.items():
            if method not in new:
                span = self.old.decls[owner].span
                self.add(
                    "method-removed",
                    f"method {method}",
                    f"removed (was {owner})",
                    wire=True,
                    old=span,
                )
        for method, owner in new.items():
            if method not in old:
                span = self.new.decls[owner].span
                self.add(
                    "method-added", f"method {method}", f"added ({owner})", additive=True, new=span
                )

    # -- one declaration present on both sides

    def compare(self, old: ir.Decl, new: ir.Decl) -> None:
        subject = new.name
        if isinstance(old, ir.Const) and isinstance(new, ir.Const):
            if literal_key(old.value) != literal_key(new.value):
                error = is_error_code(old.value) or is_error_code(new.value)
                self.add(
                    "error-code-changed" if error else "const-changed",
                    subject,
                    f"value changed from {show(old.value)} to {show(new.value)}",
                    wire=True,
                    old=old.span,
                    new=new.span,
                )
        elif isinstance(old, ir.Const) or isinstance(new, ir.Const):
            self.add(
                "kind-changed",
                subject,
                f"changed from {old.kind} to {new.kind}",
                wire=True,
                python=True,
                old=old.span,
                new=new.span,
            )
        else:
            old_view, new_view = decl_view(self.old, old), decl_view(self.new, new)
            if old_view is not None and new_view is not None:
                self.compare_fields(old, new)
            elif (
                isinstance(old, ir.Alias)
                and isinstance(new, ir.Alias)
                and not (old_view or new_view)
            ):
                self.compare_types(subject, old.type, new.type, old.span, new.span)
            else:
                # An object type became a union (or the reverse): the class is gone in Python.
                old_t, new_t = decl_type(old), decl_type(new)
                fits = self.compat.fits(old_t, self.old, new_t, self.new)
                self.add(
                    "kind-changed",
                    subject,
                    f"changed from {describe(old, old_t)} to {describe(new, new_t)}",
                    wire=not fits,
                    python=True,
                    old=old.span,
                    new=new.span,
                )
        if new.doc.has("deprecated") and not old.doc.has("deprecated"):
            self.add("deprecated", subject, "deprecated", old=old.span, new=new.span)

    def compare_types(
        self,
        subject: str,
        old_t: ir.TypeExpr,
        new_t: ir.TypeExpr,
        old_span: ir.Span,
        new_span: ir.Span,
    ) -> None:
        if (
            isinstance(old_t, ir.Ref)
            and isinstance(new_t, ir.Ref)
            and self.compat.same_name(old_t.name, new_t.name)
        ):
            return  # a named type: its own changes are reported on it
        old_lits, new_lits = literal_set(self.old, old_t), literal_set(self.new, new_t)
        if old_lits is not None and new_lits is not None:
            self.compare_literals(subject, old_lits, new_lits, old_span, new_span)
            return
        views = self.inline_views(old_t, new_t)
        if views is not None:
            # An object written inline has no name to report on: compare it field by field.
            (old_props, old_index), (new_props, new_index) = views
            self.compare_props(
                subject,
                {p.name: p for p in old_props},
                {p.name: p for p in new_props},
                None,
            )
            self.compare_index(subject, old_index, new_index)
            return
        wider = self.compat.fits(old_t, self.old, new_t, self.new)
        narrower = self.compat.fits(new_t, self.new, old_t, self.old)
        members = self.member_changes(old_t, new_t)
        text = members or f"from {render(old_t)} to {render(new_t)}"
        if wider and narrower:
            if members:  # every member is still accepted, but the named list changed
                self.add("members-changed", subject, members, old=old_span, new=new_span)
        elif wider:
            self.add(
                "type-widened",
                subject,
                f"type widened: {text}",
                additive=True,
                old=old_span,
                new=new_span,
            )
        elif narrower:
            self.add(
                "type-narrowed",
                subject,
                f"type narrowed: {text}",
                wire=True,
                old=old_span,
                new=new_span,
            )
        else:
            self.add(
                "type-changed",
                subject,
                f"type changed: {text}",
                wire=True,
                old=old_span,
                new=new_span,
            )

    def compare_literals(
        self,
        subject: str,
        old_lits: frozenset[LiteralKey],
        new_lits: frozenset[LiteralKey],
        old_span: ir.Span,
        new_span: ir.Span,
    ) -> None:
        if old_lits == new_lits:
            return
        if len(old_lits) == 1 and len(new_lits) == 1:
            (_, a), (_, b) = next(iter(old_lits)), next(iter(new_lits))
            error = is_error_code(a) or is_error_code(b)
            self.add(
                "error-code-changed" if error else "literal-changed",
                subject,
                f"literal changed from {show(a)} to {show(b)}",
                wire=True,
                old=old_span,
                new=new_span,
            )
            return
        for _, value in sorted(old_lits - new_lits, key=str):
            self.add(
                "literal-removed",
                subject,
                f"literal {show(value)} removed",
                wire=True,
                old=old_span,
                new=new_span,
            )
        for _, value in sorted(new_lits - old_lits, key=str):
            self.add(
                "literal-added",
                subject,
                f"literal {show(value)} added",
                additive=True,
                old=old_span,
                new=new_span,
            )

    def inline_views(
        self, old_t: ir.TypeExpr, new_t: ir.TypeExpr
    ) -> tuple[ObjectView, ObjectView] | None:
        """Both sides' properties when both are objects and at least one is written inline."""
        old_d, new_d = deref(self.old, old_t), deref(self.new, new_t)
        if isinstance(old_d, ir.Ref) and isinstance(new_d, ir.Ref):
            return None
        old_v = ANY_OBJECT if is_object_primitive(old_d) else object_view(self.old, old_d)
        new_v = ANY_OBJECT if is_object_primitive(new_d) else object_view(self.new, new_d)
        if old_v is None or new_v is None:
            return None
        return old_v, new_v

    def member_changes(self, old_t: ir.TypeExpr, new_t: ir.TypeExpr) -> str:
        """ "members added: X; removed: Y" for two unions of named types, else ""."""
        old_m, new_m = named_members(self.old, old_t), named_members(self.new, new_t)
        if not all(isinstance(m, ir.Ref) for m in (*old_m, *new_m)):
            return ""
        old_names = [m.name for m in old_m if isinstance(m, ir.Ref)]
        new_names = [m.name for m in new_m if isinstance(m, ir.Ref)]
        added = [n for n in new_names if not any(self.compat.same_name(o, n) for o in old_names)]
        gone = [o for o in old_names if not any(self.compat.same_name(o, n) for n in new_names)]
        parts = [
            f"{what}: {', '.join(names)}"
            for what, names in (("members added", added), ("members removed", gone))
            if names
        ]
        return "; ".join(parts)

    def compare_fields(self, old: ir.Decl, new: ir.Decl) -> None:
        old_view, new_view = decl_view(self.old, old), decl_view(self.new, new)
        assert old_view is not None and new_view is not None
        old_props = {p.name: p for p in old_view[0]}
        new_props = {p.name: p for p in new_view[0]}
        self.compare_props(new.name, old_props, new_props, (old, new))
        self.compare_index(f"{new.name}", own_index(old), own_index(new))

    def compare_props(
        self,
        owner: str,
        old_props: dict[str, ir.Property],
        new_props: dict[str, ir.Property],
        decls: tuple[ir.Decl, ir.Decl] | None,
    ) -> None:
        """Field-level changes of one object type; ``decls`` is None for an inline object."""
        gone = [n for n in old_props if n not in new_props]
        fresh = [n for n in new_props if n not in old_props]
        renamed: list[FieldRename] = []
        if decls is not None:
            renamed = self.field_renames_of(*decls, old_props, new_props, gone, fresh)
        renamed_old = {r.old: r for r in renamed}
        renamed_new = {r.new for r in renamed}
        is_method = (
            decls is not None
            and decls[0].name in self.old_messages
            and decls[1].name in self.new_messages
        )

        for name in gone:
            if name in renamed_old:
                rename = renamed_old[name]
                self.add(
                    "field-renamed",
                    f"{owner}.{name}",
                    f"renamed to {rename.new}; the Python attribute changes",
                    wire=True,
                    python=True,
                    old=old_props[name].span,
                    new=new_props[rename.new].span,
                )
                self.compare_field(owner, old_props[name], new_props[rename.new], rename.new)
            elif decls is None or not self.inherited_removal(*decls, name):
                self.field_removed(owner, new_props, old_props[name], record=decls is not None)
        for name in fresh:
            if name in renamed_new or (decls and self.inherited_addition(*decls, name)):
                continue
            prop = new_props[name]
            if prop.optional:
                self.add(
                    "field-added",
                    f"{owner}.{name}",
                    "optional field added",
                    additive=True,
                    new=prop.span,
                )
            else:
                self.add(
                    "required-field-added",
                    f"{owner}.{name}",
                    "required field added",
                    wire=True,
                    python=True,
                    new=prop.span,
                )
        for name, old_prop in old_props.items():
            if name not in new_props or (is_method and name == "method"):
                continue
            if decls is not None and self.inherited_unchanged(*decls, name):
                continue
            self.compare_field(owner, old_prop, new_props[name], name)

    def inherited_unchanged(self, old: ir.Decl, new: ir.Decl, name: str) -> bool:
        """Both sides inherit ``name`` from one base: any change is reported on that base."""
        origin_old = declaring(self.old, as_type(old), old.name, name)
        origin_new = declaring(self.new, as_type(new), new.name, name)
        return origin_old == origin_new and origin_new not in (old.name, new.name)

    def field_renames_of(
        self,
        old: ir.Decl,
        new: ir.Decl,
        old_props: dict[str, ir.Property],
        new_props: dict[str, ir.Property],
        gone: list[str],
        fresh: list[str],
    ) -> list[FieldRename]:
        found: list[FieldRename] = []
        left = set(gone)
        for name in fresh:
            hint = new_props[name].doc.get(RENAME_TAG)
            if hint is None:
                continue
            old_name = hint.split()[0] if hint.split() else ""
            if old_name in left:
                found.append(FieldRename(new.name, old_name, name, hinted=True))
                left.discard(old_name)
            else:
                self.diags.warn(
                    f"@{RENAME_TAG} {old_name or '(no name)'}: '{old.name}' had no property of "
                    "that name that is now gone; tag ignored",
                    new_props[name].span,
                )
        taken = {r.new for r in found}

        # Only a type's own properties can be inferred renames: inherited ones move with bases.
        def key(schema: ir.Schema, decl: ir.Decl, prop: ir.Property) -> str | None:
            if declaring(schema, as_type(decl), decl.name, prop.name) != decl.name:
                return None
            return f"{'?' if prop.optional else ''}{render(prop.type)}"

        found += [
            FieldRename(new.name, a, b, hinted=False)
            for a, b in pair_unique(
                [(n, key(self.old, old, old_props[n])) for n in gone if n in left],
                [(n, key(self.new, new, new_props[n])) for n in fresh if n not in taken],
            )
        ]
        self.field_renames += found
        return found

    def inherited_removal(self, old: ir.Decl, new: ir.Decl, name: str) -> bool:
        """The base that declared ``name`` is still a base and lost it: reported there."""
        origin = declaring(self.old, as_type(old), old.name, name)
        return (
            origin is not None
            and origin != old.name
            and origin in ancestors(self.new, new.name)
            and not has_prop(self.new, origin, name)
        )

    def inherited_addition(self, old: ir.Decl, new: ir.Decl, name: str) -> bool:
        origin = declaring(self.new, as_type(new), new.name, name)
        return (
            origin is not None
            and origin != new.name
            and origin in ancestors(self.old, old.name)
            and not has_prop(self.old, origin, name)
        )

    def field_removed(
        self, owner: str, new_props: dict[str, ir.Property], prop: ir.Property, *, record: bool
    ) -> None:
        """``record``: the owner is a declaration, so the Python class keeps its name."""
        into = self.moved_into(new_props, prop.name)
        if record:
            self.removed_fields.append((owner, prop.name))
        if into is None:
            message = "field removed"
        else:
            if record:
                self.field_moves.append(FieldMove(owner, prop.name, into))
            message = f"field removed; it now lives in {into}.{prop.name}"
        self.add(
            "field-removed",
            f"{owner}.{prop.name}",
            message,
            wire=True,
            python=True,
            old=prop.span,
        )

    def moved_into(self, new_props: dict[str, ir.Property], name: str) -> str | None:
        """A sibling property whose object type(s) all gained ``name`` holds it now."""
        for holder in new_props.values():
            members = union_members(self.new, holder.type)
            views = [object_view(self.new, m) for m in members]
            if views and all(v is not None and any(p.name == name for p in v[0]) for v in views):
                return holder.name
        return None

    def compare_field(self, owner: str, old: ir.Property, new: ir.Property, name: str) -> None:
        subject = f"{owner}.{name}"
        if old.optional and not new.optional:
            self.add(
                "field-required",
                subject,
                "optional field became required",
                wire=True,
                old=old.span,
                new=new.span,
            )
        elif new.optional and not old.optional:
            self.add(
                "field-optional",
                subject,
                "required field became optional",
                old=old.span,
                new=new.span,
            )
        self.compare_types(subject, old.type, new.type, old.span, new.span)
        if new.doc.has("deprecated") and not old.doc.has("deprecated"):
            self.add("deprecated", subject, "deprecated", old=old.span, new=new.span)

    def compare_index(
        self, owner: str, old_index: ir.IndexSignature | None, new_index: ir.IndexSignature | None
    ) -> None:
        subject = f"{owner}[string]"
        # Object types are open anyway; an index of ``unknown`` adds nothing to that.
        if old_index is not None and is_top(self.old, old_index.value):
            old_index = None
        if new_index is not None and is_top(self.new, new_index.value):
            new_index = None
        if old_index is not None and new_index is None:
            self.add(
                "index-removed",
                subject,
                # Object types stay open on the wire (and in the models), so extra
                # properties still pass; only their declared value type is gone.
                "no longer declares arbitrary extra properties",
                old=old_index.span,
            )
        elif old_index is None and new_index is not None:
            self.add(
                "index-added",
                subject,
                "now accepts arbitrary extra properties",
                additive=True,
                new=new_index.span,
            )
        elif old_index is not None and new_index is not None:
            self.compare_types(
                subject, old_index.value, new_index.value, old_index.span, new_index.span
            )


def structural_diff(old: ir.Schema, new: ir.Schema, diagnostics: Diagnostics) -> SchemaDiff:
    """Every difference the structure shows; wire claims are not yet proved."""
    return _Differ(old, new, diagnostics).run()

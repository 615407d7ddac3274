"""``codegen migrate``: rewrite user code for a schema change, with a libcst codemod.

The plan comes from ``codegen.revision``: renamed classes and constants, renamed attributes,
and fields moved into a sibling object (``EmbeddedResource(annotations=...)`` becoming
``EmbeddedResource(resource=TextResourceContents(..., annotations=...))``). Names are
tracked through imports by libcst's qualified names, so ``from mcp_ext import X as Y`` and
``import mcp_ext.models as m; m.X`` are both understood.

Every place is reported with ``file:line``: what was rewritten (``fixed``), and what
cannot be done mechanically and is never guessed (``todo``): a removed class or field, a
field removed inside a nested object (``Tool(inputSchema={"properties": ...})``), a newly
required field missing from a constructor call (of a declared class, or of the class of an
anonymous object type such as ``EchoRequestParams`` for ``params: {...}``), and dynamic uses (``X(**kwargs)``,
``getattr(obj, "field")``, a nested value computed at run time), or ``obj.attr`` on an
object whose type the code does not show. ``migrate_source`` is pure; only the command
touches files.

Code written against the official SDK (``from mcp.types import Tool``) is migrated with
``--module mcp.types``: the SDK's models mirror the schema's type names and keep its
camelCase field names, so attributes are then matched by their wire names.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider

from .. import ir
from ..emit.python.class_specs import ClassSpec
from ..emit.python.name_rules import attribute_name as python_attribute
from ..emit.python.name_rules import upper_snake
from ..emit.python.naming import assign_names
from . import SchemaDiff
from .compat import object_view
from .declarations import decl_view

DEFAULT_PACKAGE = "mcp_ext"


@dataclass(frozen=True, slots=True)
class Note:
    """A place the codemod rewrote (``fixed``) or left alone for a human (``todo``)."""

    path: str
    line: int
    reason: str
    kind: str = "todo"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Plan:
    """Every Python-level rename the diff implies, keyed by OLD Python names."""

    package: str
    names: dict[str, str] = field(default_factory=dict)
    removed: frozenset[str] = frozenset()
    attributes: dict[tuple[str, str], str] = field(default_factory=dict)
    removed_attributes: frozenset[tuple[str, str]] = frozenset()
    moves: dict[tuple[str, str], str] = field(default_factory=dict)
    # Which old classes have an attribute of each name: ``obj.x`` is only rewritten when
    # exactly one class could own ``x``.
    attribute_owners: dict[str, frozenset[str]] = field(default_factory=dict)
    # old class -> attributes the new revision requires that the old one did not
    required_added: dict[str, frozenset[str]] = field(default_factory=dict)
    # (old class, attribute) -> paths of fields removed inside the object it holds, each
    # with whether the wire now rejects them (else an index signature still admits them)
    nested_removed: dict[tuple[str, str], tuple[tuple[tuple[str, ...], bool], ...]] = field(
        default_factory=dict
    )
    # attribute -> its wire name (constructors take both)
    wire_names: dict[str, str] = field(default_factory=dict)
    wire_attributes: bool = False  # attributes are named as on the wire (the official SDK)


def _python_name(decl: ir.Decl) -> str:
    return upper_snake(decl.name) if isinstance(decl, ir.Const) else decl.name


def _same(name: str) -> str:
    return name


def build_plan(
    diff: SchemaDiff,
    old: ir.Schema,
    package: str = DEFAULT_PACKAGE,
    new: ir.Schema | None = None,
    *,
    wire_attributes: bool = False,
) -> Plan:
    """The codemod's instructions, from a diff and the old schema it was taken from.

    ``new`` (the new schema) adds the checks of newly required fields; ``wire_attributes``
    names attributes by their wire names (the official SDK's models do).
    """
    attribute_name = _same if wire_attributes else python_attribute
    old_of = {r.new: r.old for r in diff.renames}
    names: dict[str, str] = {}
    for rename in diff.renames:
        decl = old.decls[rename.old]
        is_const = isinstance(decl, ir.Const)
        names[_python_name(decl)] = upper_snake(rename.new) if is_const else rename.new
    removed = frozenset(_python_name(old.decls[n]) for n in diff.removed if n in old.decls)
    attributes = {
        (old_of.get(r.owner, r.owner), attribute_name(r.old)): attribute_name(r.new)
        for r in diff.field_renames
    }
    moves = {
        (old_of.get(m.owner, m.owner), attribute_name(m.name)): attribute_name(m.into)
        for m in diff.field_moves
    }
    removed_attributes = frozenset(
        (old_of.get(owner, owner), attribute_name(name)) for owner, name in diff.removed_fields
    ) - set(moves)
    owners: dict[str, set[str]] = defaultdict(set)
    wire_names: dict[str, str] = {}
    for decl in old.decls.values():
        view = decl_view(old, decl)
        for prop in view[0] if view else ():
            owners[attribute_name(prop.name)].add(decl.name)
            wire_names[attribute_name(prop.name)] = prop.name
    nested: dict[tuple[str, str], list[tuple[tuple[str, ...], bool]]] = defaultdict(list)
    for change in diff.changes:
        owner, _, rest = change.subject.partition(".")
        parts = rest.split(".")
        if change.code == "field-removed" and len(parts) >= 2:
            key = (old_of.get(owner, owner), attribute_name(parts[0]))
            nested[key].append((tuple(parts[1:]), change.wire))
    return Plan(
        package,
        names,
        removed,
        attributes,
        removed_attributes,
        moves,
        {attr: frozenset(classes) for attr, classes in owners.items()},
        _required_added(old, new, old_of, attribute_name) if new is not None else {},
        {key: tuple(paths) for key, paths in nested.items()},
        wire_names,
        wire_attributes,
    )


def _required_added(
    old: ir.Schema, new: ir.Schema, old_of: dict[str, str], attribute_name: Callable[[str], str]
) -> dict[str, frozenset[str]]:
    """Old class -> the attributes its constructor now needs (inherited ones included)."""
    found: dict[str, frozenset[str]] = {}
    for decl in new.decls.values():
        old_decl = old.decls.get(old_of.get(decl.name, decl.name))
        new_view = decl_view(new, decl)
        old_view = decl_view(old, old_decl) if old_decl is not None else None
        if new_view is None or old_view is None or old_decl is None:
            continue
        before = {p.name for p in old_view[0] if not p.optional}
        added = {attribute_name(p.name) for p in new_view[0] if not p.optional} - {
            attribute_name(n) for n in before
        }
        if added:
            found[old_decl.name] = frozenset(added)
    found.update(_inline_required_added(old, new, old_of, attribute_name))
    return found


def _inline_required_added(
    old: ir.Schema, new: ir.Schema, old_of: dict[str, str], attribute_name: Callable[[str], str]
) -> dict[str, frozenset[str]]:
    """The same for the classes of anonymous object types (``EchoRequestParams`` for
    ``EchoRequest``'s ``params: {...}``, ``EchoRequestParamsOptions`` inside it). An
    inline class is matched by where it stands: the declaration that holds it (through
    renames) and the wire keys down to it."""
    before = _inline_classes(old)
    found: dict[str, frozenset[str]] = {}
    for (root, *keys), new_spec in _inline_classes(new).items():
        old_spec = before.get((old_of.get(root, root), *keys))
        if old_spec is None:
            continue
        required = {attribute_name(n) for n in _required(old, old_spec)}
        added = {attribute_name(n) for n in _required(new, new_spec)} - required
        if added:
            found[old_spec.name] = frozenset(added)
    return found


def _inline_classes(schema: ir.Schema) -> dict[tuple[str, ...], ClassSpec]:
    """(holding declaration, wire key, ...) -> the inline class standing there."""
    specs = assign_names(schema).classes
    by_name = {spec.name: spec for spec in specs}

    def path(spec: ClassSpec) -> tuple[str, ...]:
        if spec.inline_of is None or spec.inline_of[0] not in by_name:
            return (spec.name,)
        owner, key = spec.inline_of
        return (*path(by_name[owner]), key)

    return {path(spec): spec for spec in specs if spec.inline_of is not None}


def _required(schema: ir.Schema, spec: ClassSpec) -> set[str]:
    """The wire names an inline class requires, inherited ones (``Base & {...}``) included."""
    body: ir.TypeExpr = ir.Intersection((*spec.extends, spec.body)) if spec.extends else spec.body
    view = object_view(schema, body)
    return {p.name for p in view[0] if not p.optional} if view is not None else set()


def _module_name(node: cst.BaseExpression | None) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_module_name(node.value)}.{node.attr.value}"
    return ""


class _Migrator(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self, plan: Plan, path: str) -> None:
        super().__init__()
        self.plan = plan
        self.path = path
        self.notes: list[Note] = []
        self.local_renames: dict[str, str] = {}  # names imported unaliased, then renamed
        self.used_classes: set[str] = set()  # old generated names this file imports
        self.python_of = {wire: attr for attr, wire in plan.wire_names.items()}

    # -- helpers

    def note(self, node: cst.CSTNode, reason: str, kind: str = "todo") -> None:
        line = self.get_metadata(PositionProvider, node).start.line
        found = Note(self.path, line, reason, kind)
        if found not in self.notes:  # ``x.a if x.a else ...`` is one place to fix
            self.notes.append(found)

    def fixed(self, node: cst.CSTNode, what: str) -> None:
        self.note(node, what, "fixed")

    def in_package(self, module: str) -> bool:
        return module == self.plan.package or module.startswith(self.plan.package + ".")

    def generated_name(self, node: cst.CSTNode) -> str | None:
        """The generated class or constant an expression names, if any."""
        for qualified in self.get_metadata(QualifiedNameProvider, node, set()):
            module, _, name = qualified.name.rpartition(".")
            if self.in_package(module):
                return name
        return None

    # -- imports

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False  # handled as a whole in leave_ImportFrom

    def leave_ImportFrom(
        self, original_node: cst.ImportFrom, updated_node: cst.ImportFrom
    ) -> cst.ImportFrom:
        module = "." * len(updated_node.relative) + _module_name(updated_node.module)
        if not self.in_package(module) or isinstance(updated_node.names, cst.ImportStar):
            return updated_node
        aliases = []
        for alias in updated_node.names:
            name = _module_name(alias.name)
            self.used_classes.add(name)
            if name in self.plan.removed:
                self.note(original_node, f"{name} was removed from the schema; no replacement")
            new = self.plan.names.get(name)
            if new is not None:
                if alias.asname is None:
                    self.local_renames[name] = new
                self.fixed(original_node, f"import {name} renamed to {new}")
                alias = alias.with_changes(name=cst.Name(new))
            aliases.append(alias)
        return updated_node.with_changes(names=aliases)

    # -- names

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        new = self.local_renames.get(updated_node.value)
        if new is not None and self.generated_name(original_node) == updated_node.value:
            self.fixed(original_node, f"{updated_node.value} renamed to {new}")
            return updated_node.with_changes(value=new)
        return updated_node

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        attr = updated_node.attr.value
        generated = self.generated_name(original_node)
        if generated is not None:  # ``module.Class``
            self.used_classes.add(generated)
            if generated in self.plan.removed:
                self.note(original_node, f"{generated} was removed from the schema")
            new = self.plan.names.get(generated)
            if new is not None:
                self.fixed(original_node, f"{generated} renamed to {new}")
                return updated_node.with_changes(attr=cst.Name(new))
            return updated_node
        self.nested_attribute(original_node, attr)
        return self.instance_attribute(original_node, updated_node, attr)

    def nested_attribute(self, node: cst.Attribute, attr: str) -> None:
        """``x.<holder>.<attr>`` where the object in ``holder`` lost ``attr``."""
        if not isinstance(node.value, cst.Attribute):
            return
        holder = node.value.attr.value
        named = _same if self.plan.wire_attributes else python_attribute
        for (cls, name), paths in self.plan.nested_removed.items():
            leaves = {named(p[0]) for p, _ in paths if len(p) == 1}
            if name == holder and attr in leaves and cls in self.used_classes:
                self.note(node, f"{cls}.{holder}.{attr} was removed from the schema")

    def instance_attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute, attr: str
    ) -> cst.BaseExpression:
        """``obj.attr``: rewrite only when one class of this file could own ``attr``."""
        plan = self.plan
        affected = {
            cls
            for (cls, name) in (*plan.attributes, *plan.moves, *plan.removed_attributes)
            if name == attr and cls in self.used_classes
        }
        if not affected:
            return updated_node
        owners = plan.attribute_owners.get(attr, frozenset())
        (cls,) = affected if len(affected) == 1 else (None,)
        if cls is None or owners != {cls}:
            classes = ", ".join(sorted(affected))
            self.note(
                original_node,
                f".{attr} may belong to {classes} (changed in the new schema); "
                "not rewritten: the object's type is not visible here",
            )
            return updated_node
        if (cls, attr) in plan.attributes:
            new = plan.attributes[(cls, attr)]
            self.fixed(original_node, f"{cls}.{attr} renamed to {new}")
            return updated_node.with_changes(attr=cst.Name(new))
        if (cls, attr) in plan.moves:
            holder = cst.Attribute(updated_node.value, cst.Name(plan.moves[(cls, attr)]))
            self.fixed(original_node, f"{cls}.{attr} now read through .{plan.moves[(cls, attr)]}")
            return updated_node.with_changes(value=holder)
        self.note(original_node, f"{cls}.{attr} was removed from the schema")
        return updated_node

    # -- constructor calls

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        self.getattr_call(original_node)
        cls = self.generated_name(original_node.func)
        if cls is None:
            return updated_node
        self.check_call(original_node, cls)
        args: list[cst.Arg] = []
        moving: list[tuple[cst.Arg, str]] = []
        for arg in updated_node.args:
            kw = self.attribute_of(cls, arg.keyword.value) if arg.keyword is not None else None
            if kw is None:
                args.append(arg)
            elif (cls, kw) in self.plan.attributes:
                new = self.plan.attributes[(cls, kw)]
                self.fixed(original_node, f"{cls}({kw}=...) renamed to {new}=")
                args.append(arg.with_changes(keyword=cst.Name(new)))
            elif (cls, kw) in self.plan.moves:
                moving.append((arg, self.plan.moves[(cls, kw)]))
            else:
                if (cls, kw) in self.plan.removed_attributes:
                    self.note(original_node, f"{cls}({kw}=...): the field was removed")
                args.append(arg)
        for arg, holder in moving:
            args = self.move_argument(original_node, cls, args, arg, holder)
        if args and updated_node.args and args[-1] is not updated_node.args[-1]:
            # The old last argument moved away: its comma carries the closing layout.
            args[-1] = args[-1].with_changes(comma=updated_node.args[-1].comma)
        return updated_node.with_changes(args=_fix_commas(args))

    def attribute_of(self, cls: str, keyword: str) -> str:
        """A constructor keyword as an attribute name (the keyword may be the wire name)."""
        if keyword in self.plan.wire_names:
            return keyword
        return self.python_of.get(keyword, keyword)

    def plan_keys(self) -> set[tuple[str, str]]:
        plan = self.plan
        return {*plan.attributes, *plan.moves, *plan.removed_attributes, *plan.nested_removed}

    def check_call(self, node: cst.Call, cls: str) -> None:
        """What a constructor call of ``cls`` must change by hand."""
        keywords = {self.attribute_of(cls, a.keyword.value) for a in node.args if a.keyword}
        spread = any(a.star == "**" for a in node.args)
        required = sorted(self.plan.required_added.get(cls, frozenset()) - keywords)
        if required and not spread:
            fields = ", ".join(f"{name}=" for name in required)
            self.note(node, f"{cls}(...) lacks {fields}, now required")
        changed = sorted(
            {name for (owner, name) in self.plan_keys() if owner == cls}
            | set(self.plan.required_added.get(cls, ()))
        )
        if spread and changed:
            self.note(
                node,
                f"{cls}(**...): fields passed dynamically; check {', '.join(changed)} by hand",
            )
        for arg in node.args:
            if arg.keyword is None:
                continue
            kw = self.attribute_of(cls, arg.keyword.value)
            for path, wire in self.plan.nested_removed.get((cls, kw), ()):
                self.nested_value(arg.value, cls, kw, path, wire)

    def nested_value(
        self, value: cst.BaseExpression, cls: str, kw: str, path: tuple[str, ...], wire: bool
    ) -> None:
        """Look for a removed nested field in a literal; a computed value cannot be read.

        ``wire``: the new schema rejects the field. If it does not (an index signature still
        admits it), a literal use is only worth a ``note``, and a computed one nothing.
        """
        where = f"{cls}.{kw}.{'.'.join(path)}"
        for step in path:
            if not isinstance(value, cst.Dict):
                if wire and not isinstance(value, cst.SimpleString | cst.Integer | cst.Name):
                    self.note(
                        value,
                        f"{cls}({kw}=...) is computed here; {where} was removed: check the value",
                    )
                return
            found = None
            for element in value.elements:
                key = element.key if isinstance(element, cst.DictElement) else None
                if isinstance(key, cst.SimpleString) and key.evaluated_value == step:
                    found = element
            if found is None or not isinstance(found, cst.DictElement):
                return
            if step == path[-1]:
                if wire:
                    self.note(found, f"{where} was removed from the schema")
                else:
                    reason = f"{where} is no longer declared; the wire still admits it"
                    self.note(found, reason, "note")
                return
            value = found.value

    def getattr_call(self, node: cst.Call) -> None:
        """``getattr(obj, "field")`` with a literal name: a dynamic use of a removed field."""
        if not (isinstance(node.func, cst.Name) and node.func.value == "getattr"):
            return
        if len(node.args) < 2 or not isinstance(node.args[1].value, cst.SimpleString):
            return
        name = node.args[1].value.evaluated_value
        owners = sorted(
            cls
            for (cls, attr) in (*self.plan.removed_attributes, *self.plan.attributes)
            if attr == name and cls in self.used_classes
        )
        if owners:
            self.note(node, f"getattr(..., '{name!s}'): {'/'.join(owners)}.{name!s} changed")

    def move_argument(
        self, node: cst.Call, cls: str, args: list[cst.Arg], arg: cst.Arg, holder: str
    ) -> list[cst.Arg]:
        """Put ``kw=value`` into the constructor call passed as ``holder=``, if there is one."""
        assert arg.keyword is not None
        kw = arg.keyword.value
        for i, other in enumerate(args):
            if other.keyword is None or other.keyword.value != holder:
                continue
            inner = other.value
            if isinstance(inner, cst.Call) and not any(
                a.keyword is not None and a.keyword.value == kw for a in inner.args
            ):
                moved = cst.Arg(keyword=cst.Name(kw), value=arg.value, equal=_TIGHT_EQUAL)
                inner = inner.with_changes(args=_fix_commas([*inner.args, moved]))
                self.fixed(node, f"{cls}({kw}=...) moved into {holder}=")
                return [*args[:i], other.with_changes(value=inner), *args[i + 1 :]]
            break
        self.note(
            node,
            f"{cls}({kw}=...): the field moved into {holder}.{kw}, but {holder}= is not a "
            "constructor call here; move it by hand",
        )
        return [*args, arg]


_TIGHT_EQUAL = cst.AssignEqual(
    whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
)


def _fix_commas(args: Sequence[cst.Arg]) -> list[cst.Arg]:
    """Every argument but the last keeps a comma; the last keeps whatever it had."""
    fixed = []
    for i, arg in enumerate(args):
        last = i == len(args) - 1
        if not last and arg.comma is cst.MaybeSentinel.DEFAULT:
            arg = arg.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        elif (
            last
            and isinstance(arg.comma, cst.Comma)
            and i > 0
            and (args[i - 1].comma is cst.MaybeSentinel.DEFAULT)
        ):
            arg = arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        fixed.append(arg)
    return fixed


def migrate_source(code: str, plan: Plan, path: str = "<string>") -> tuple[str, list[Note]]:
    """Rewrite one module's source; returns the new source and the places left alone."""
    wrapper = MetadataWrapper(cst.parse_module(code))
    migrator = _Migrator(plan, path)
    result = wrapper.visit(migrator)
    return result.code, sorted(migrator.notes, key=lambda n: n.line)

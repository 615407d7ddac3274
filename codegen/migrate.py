"""``codegen migrate``: rewrite user code for a schema change, with a libcst codemod.

The plan comes from ``codegen.diff``: renamed classes and constants, renamed attributes,
and fields moved into a sibling object (``EmbeddedResource(annotations=...)`` becoming
``EmbeddedResource(resource=TextResourceContents(..., annotations=...))``). Names are
tracked through imports by libcst's qualified names, so ``from mcp_ext import X as Y`` and
``import mcp_ext.models as m; m.X`` are both understood.

What cannot be done mechanically is never guessed: each such place is reported as
``file:line: reason`` (a removed class, a removed field, ``obj.attr`` on an object whose
type the code does not show). ``migrate_source`` is pure; only the command touches files.
"""

from __future__ import annotations

import difflib
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import click
import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider

from codegen import ir
from codegen.cli import EXIT_BAD_SCHEMA, run_or_exit
from codegen.diff import SchemaDiff, decl_view
from codegen.diff_report import diff_paths, load_side
from codegen.errors import Diagnostics
from codegen.naming import attribute_name, upper_snake

EXIT_NEEDS_HANDS = 1
DEFAULT_PACKAGE = "mcp_ext"


@dataclass(frozen=True, slots=True)
class Note:
    """A place the codemod left alone, for a human to fix."""

    path: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}"


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


def _python_name(decl: ir.Decl) -> str:
    return upper_snake(decl.name) if isinstance(decl, ir.Const) else decl.name


def build_plan(diff: SchemaDiff, old: ir.Schema, package: str = DEFAULT_PACKAGE) -> Plan:
    """The codemod's instructions, from a diff and the old schema it was taken from."""
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
    for decl in old.decls.values():
        view = decl_view(old, decl)
        for prop in view[0] if view else ():
            owners[attribute_name(prop.name)].add(decl.name)
    return Plan(
        package,
        names,
        removed,
        attributes,
        removed_attributes,
        moves,
        {attr: frozenset(classes) for attr, classes in owners.items()},
    )


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

    # -- helpers

    def note(self, node: cst.CSTNode, reason: str) -> None:
        line = self.get_metadata(PositionProvider, node).start.line
        found = Note(self.path, line, reason)
        if found not in self.notes:  # ``x.a if x.a else ...`` is one place to fix
            self.notes.append(found)

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
                alias = alias.with_changes(name=cst.Name(new))
            aliases.append(alias)
        return updated_node.with_changes(names=aliases)

    # -- names

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        new = self.local_renames.get(updated_node.value)
        if new is not None and self.generated_name(original_node) == updated_node.value:
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
                return updated_node.with_changes(attr=cst.Name(new))
            return updated_node
        return self.instance_attribute(original_node, updated_node, attr)

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
            return updated_node.with_changes(attr=cst.Name(plan.attributes[(cls, attr)]))
        if (cls, attr) in plan.moves:
            holder = cst.Attribute(updated_node.value, cst.Name(plan.moves[(cls, attr)]))
            return updated_node.with_changes(value=holder)
        self.note(original_node, f"{cls}.{attr} was removed from the schema")
        return updated_node

    # -- constructor calls

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        cls = self.generated_name(original_node.func)
        if cls is None:
            return updated_node
        args: list[cst.Arg] = []
        moving: list[tuple[cst.Arg, str]] = []
        for arg in updated_node.args:
            kw = arg.keyword.value if arg.keyword is not None else None
            if kw is None:
                args.append(arg)
            elif (cls, kw) in self.plan.attributes:
                args.append(arg.with_changes(keyword=cst.Name(self.plan.attributes[(cls, kw)])))
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


# --------------------------------------------------------------------------- command


def python_files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


@click.command("migrate")
@click.option(
    "--from",
    "old",
    required=True,
    type=click.Path(path_type=Path),
    help="The old schema (folder or .ts file).",
)
@click.option(
    "--to",
    "new",
    required=True,
    type=click.Path(path_type=Path),
    help="The new schema (folder or .ts file).",
)
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path, exists=True))
@click.option(
    "--package",
    default=DEFAULT_PACKAGE,
    show_default=True,
    help="The generated package user code imports.",
)
@click.option("--dry-run", is_flag=True, help="Print a unified diff; write nothing.")
def migrate_command(
    old: Path, new: Path, paths: tuple[Path, ...], package: str, dry_run: bool
) -> None:
    """Rewrite Python code for renamed or moved generated names (OLD -> NEW schema).

    Prints each place it could not fix as ``file:line: reason`` and then exits 1.
    """
    diags = Diagnostics()

    def plan() -> Plan:
        return build_plan(diff_paths(old, new, diags), load_side(old, Diagnostics()), package)

    the_plan = run_or_exit(plan)
    for warning in diags.warnings:
        click.echo(str(warning), err=True)
    notes: list[Note] = []
    for path in python_files(paths):
        source = path.read_text("utf-8")
        try:
            rewritten, found = migrate_source(source, the_plan, str(path))
        except cst.ParserSyntaxError as err:
            click.echo(f"{path}:{err.raw_line}:{err.raw_column}: error: {err.message}", err=True)
            sys.exit(EXIT_BAD_SCHEMA)
        notes += found
        if rewritten == source:
            continue
        if dry_run:
            click.echo(
                "".join(
                    difflib.unified_diff(
                        source.splitlines(keepends=True),
                        rewritten.splitlines(keepends=True),
                        f"a/{path}",
                        f"b/{path}",
                    )
                ),
                nl=False,
            )
        else:
            path.write_text(rewritten, "utf-8")
            click.echo(f"rewrote {path}")
    for note in notes:
        click.echo(str(note))
    if notes:
        sys.exit(EXIT_NEEDS_HANDS)

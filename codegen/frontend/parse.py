"""Parse one TypeScript schema file into an ``ir.Module`` with tree-sitter.

Only the subset the official MCP ``schema.ts`` revisions use is accepted; everything else
is a ``SchemaError`` that names the construct at its ``file:line:col``, so a schema never
compiles into something that silently means less than it says.

This module reads the statements (imports, exports, namespaces) and dispatches each
declaration; it stands on ``parse_declarations`` <- ``parse_types`` (the type-expression
reader) <- ``parse_objects`` <- ``parse_source``, and ``scoping.qualify_namespaces``
names the types of one name in several namespaces apart.
"""

from __future__ import annotations

import dataclasses
import functools

import tree_sitter
import tree_sitter_typescript

from .. import ir
from ..errors import Unsupported
from ..ir import INDEXED
from ..ir.queries import SPAN_AND_DOC, rewrite
from ..paths import DECLARATION_SUFFIXES
from .directives import triple_slash_reference
from .global_blocks import separate_globals
from .identifiers import invalid_identifier
from .jsdoc import is_jsdoc, parse_jsdoc
from .keyword_names import parse_repaired
from .parse_declarations import DeclarationReader
from .parse_source import UNSUPPORTED as _UNSUPPORTED
from .parse_source import named_children as _children
from .scoping import qualify_namespaces
from .totality import degrading

# Type declarations that degrade as a whole, under their name, when they hold what the
# dialect cannot express (``codegen.frontend.totality``).
_NAMED_TYPES = frozenset(
    (
        "interface_declaration",
        "type_alias_declaration",
        "enum_declaration",
        "class_declaration",
        "abstract_class_declaration",
    )
)

# In typings (``.d.ts``, ``declare``) these carry behaviour, not data: they are skipped.
_AMBIENT_VALUES = frozenset(
    (
        "function_signature",
        "function_declaration",
        "generator_function_declaration",
        "variable_declaration",
        "expression_statement",
        "import_alias",
    )
)
# ``export { A as B }``'s entries: the local name, the exported name, the node.
_Exported = tuple[str, str, tree_sitter.Node]


@functools.cache
def _parser() -> tree_sitter.Parser:
    # Building the language and parser costs more than parsing a schema; do it once.
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_typescript()))


def parse_module(path: str, text: str) -> ir.Module:
    """Parse ``text`` (the contents of ``path``); raise ``SchemaError`` on anything unsupported."""
    return _ModuleParser(path, text).module()


class _ModuleParser(DeclarationReader):
    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self.tree = parse_repaired(_parser(), self.source)  # same offsets as self.source
        self.exported_namespaces: list[str] = []  # ``export namespace N`` at top level
        self.defaults: set[str] = set()  # ``export default X``
        self.export_names: dict[str, str] = {}  # ``export { A as B }``: B -> A
        self.assigned = ""  # ``export = X``
        self.umd_global = ""  # ``export as namespace X``
        self.nested_imports: list[ir.Import] = []  # imports inside typings' module blocks
        # A type's namespace path, when it has one (none: the top scope's, ``()``)
        self.paths: dict[tuple[str, ir.Span], tuple[str, ...]] = {}
        # A namespace's dotted path -> every name it holds (types, values, namespaces)
        self.ns_members: dict[str, set[str]] = {}
        self.global_spans: set[ir.Span] = set()  # the declarations of ``declare global``

    def check_syntax(self) -> None:
        root = self.tree.root_node
        if not root.has_error:
            return
        bad = _first_error(root)
        if bad is None and _first_error(root, tolerated=False) is not None:
            return  # only ``global`` blocks in modules, which the grammar lacks
        if bad is None:  # has_error without a node to point at: blame the file start
            self.fail(root, "syntax error")
        if bad.is_missing:
            what = bad.type.replace("_", " ") if bad.is_named else repr(bad.type)
            self.fail(bad, f"syntax error: missing {what}")
        snippet = self.text(bad).strip().split("\n", 1)[0][:30]
        if bad.child_count > 1 and bad.end_byte >= len(self.source.rstrip()):
            # Recovery swallowed everything up to the end: the construct was never finished.
            self.fail(bad, f"syntax error: unexpected end of file in {snippet!r}")
        self.fail(bad, f"syntax error: unexpected {snippet!r}" if snippet else "syntax error")

    # ------------------------------------------------------------------ statements

    def module(self) -> ir.Module:
        self.check_syntax()
        invalid = invalid_identifier(self.tree.root_node, self.source)
        if invalid is not None:
            node, char = invalid
            self.fail(node, f"invalid character U+{ord(char):04X} in the name {self.text(node)!r}")
        # A ``.d.ts`` file is ambient throughout: values and methods in it are skipped.
        ambient = self.path.endswith(DECLARATION_SUFFIXES)
        decls, imports, exported_later = self.statements(self.tree.root_node, ambient=ambient)
        exported_later, passed_on = _imported_exports(exported_later, imports)
        marked = self.mark_exported(decls, exported_later, top=True)
        if self.tuple_consts:
            constants = {name for name, _, _ in self.enum_members}
            typeof = functools.partial(_typeof_tuple, self.tuple_consts, constants)
            marked = rewrite(marked, typeof, keep=SPAN_AND_DOC)
        typed = self.typeof_values(marked)
        if typed:
            marked = rewrite(marked, functools.partial(_typeof_value, typed), keep=SPAN_AND_DOC)
        namespaced = {key for key, path in self.paths.items() if path}
        marked, shadowed = separate_globals(marked, self.global_spans, namespaced)
        for old, new in shadowed.items():  # an importer writes the old name
            if any(d.name == new and d.exported for d in marked):
                self.export_names.setdefault(old, new)
        imported = (
            *imports,
            *_unbound(self.nested_imports, imports, decls),
            *passed_on,
            *self.type_imports.values(),
        )
        # A name the file imports is the file's own scope: a namespace's type of that name
        # is another type (``import { Frame }`` beside ``namespace Options { Frame }``).
        roots = frozenset(local for imp in imported if not imp.reexport for local, _ in imp.names)
        marked, members = qualify_namespaces(marked, self.paths, self.enum_members, roots)
        namespaces = tuple(dict.fromkeys(self.exported_namespaces))
        default = min(self.defaults) if len(self.defaults) == 1 else ""
        values = tuple(sorted(self.skipped - {d.name for d in marked}))
        typed_values = tuple(sorted(self.skipped & {d.name for d in marked}))
        return ir.Module(
            self.path,
            marked,
            imported,
            members,
            self.assigned,
            default=default,
            values=values,
            typed_values=typed_values,
            namespaces=namespaces,
            export_names=tuple(self.export_names.items()),
            umd_global=self.umd_global,
            namespace_members=tuple(
                (path, tuple(sorted(names))) for path, names in sorted(self.ns_members.items())
            ),
        )

    def statements(
        self, block: tree_sitter.Node, *, ambient: bool, namespace: bool = False
    ) -> tuple[list[ir.Decl], list[ir.Import], list[_Exported]]:
        """The declarations of a file or a namespace body (a namespace's are flattened)."""
        decls: list[ir.Decl] = []
        imports: list[ir.Import] = []
        exported_later: list[_Exported] = []
        # ``interface X`` merged with ``namespace X``: TypeScript joins both JSDoc texts.
        namespace_docs: list[tuple[str, int, str]] = []
        doc = ir.EMPTY_DOC
        top = block == self.tree.root_node  # triple-slash directives head a file
        recorded = 0  # decls[:recorded] have their namespace path in self.paths
        for node in _children(block):
            if node.type == "comment":
                comment = self.text(node)
                if is_jsdoc(comment):
                    doc = parse_jsdoc(comment)
                elif top:
                    reference = triple_slash_reference(comment)
                    if reference is not None:
                        imports.append(self.reference(node, reference))
                continue
            top = False
            if _global_keyword(node):
                continue  # the block after it is read as ``declare global``'s
            if node.type == "statement_block" and node.prev_sibling is not None:
                if _global_keyword(node.prev_sibling):
                    decls.extend(self.global_block(node))
                    continue
            span = self.span(node)
            merged = self.namespace_name(node)
            if merged is not None:
                namespace_docs.append((merged, len(decls), doc.description))
                if not self.ns_path and node.type == "export_statement":
                    self.exported_namespaces.append(merged.split(".")[0])
            if node.type == "export_statement":
                declaration = node.child_by_field_name("declaration")
                if declaration is not None:
                    declared = self.declaration(
                        declaration, doc, span, exported=True, ambient=ambient
                    )
                    # ``export default interface``: a third child (``export`` and the
                    # declaration are the only two of most statements, #37)
                    children = node.children
                    if (
                        len(children) > 2
                        and any(c.type == "default" for c in children)
                        and not namespace
                    ):
                        self.defaults.update(d.name for d in declared[:1])
                    decls.extend(declared)
                elif node.child_by_field_name("source") is not None:
                    imports.append(self.reexport(node))
                else:
                    exported_later.extend(self.export_clause(node, ambient=ambient))
            elif node.type == "import_statement":
                imports.append(self.import_statement(node))
            elif node.type != "empty_statement":
                decls.extend(self.declaration(node, doc, span, exported=namespace, ambient=ambient))
            # Each declaration once (nested namespaces recorded theirs first): not all of
            # them again per statement, which was quadratic in a flat file's statements.
            # The top scope's path is the empty one, what every reader of ``paths`` takes
            # for a declaration it does not hold: nothing to record there (#37).
            if self.ns_path:
                for decl in decls[recorded:]:
                    self.paths.setdefault((decl.name, decl.span), tuple(self.ns_path))
            recorded = len(decls)
            doc = ir.EMPTY_DOC
        scope = tuple(self.ns_path)
        # Only a type of this very scope merges with the namespace, not a flattened inner one.
        here = (
            [self.paths.get((d.name, d.span), ()) == scope for d in decls] if namespace_docs else []
        )
        return _merge_namespace_docs(decls, namespace_docs, here), imports, exported_later

    def namespace_name(self, node: tree_sitter.Node) -> str | None:
        """The name of a ``namespace N``/``declare namespace N`` statement, else None."""
        while node.type in ("export_statement", "ambient_declaration", "expression_statement"):
            inner = node.child_by_field_name("declaration") or next(
                (c for c in _children(node) if c.type != "comment"), None
            )
            if inner is None:
                return None
            node = inner
        if node.type in ("internal_module", "module"):
            name = node.child_by_field_name("name")
            return self.text(name) if name is not None else None
        return None

    def mark_exported(
        self,
        decls: list[ir.Decl],
        names: list[_Exported],
        *,
        top: bool = False,
        outer: bool = False,
    ) -> tuple[ir.Decl, ...]:
        """Apply ``export { A, B as C }`` to the local declarations it names. At the top
        level (``top``), ``C`` is recorded as the name importers may write for ``B``. In a
        namespace (``outer``), a name it does not declare is one of the enclosing scope,
        which the namespace passes on as its member (``Messages.Tool`` is ``Tool``)."""
        index = {decl.name: i for i, decl in enumerate(decls)}
        for name, exported, node in names:
            if top and exported != name:
                self.export_names[exported] = name
            if name not in index:
                if name in self.skipped or name in self.defaults or outer:
                    continue  # an ambient value left out, or a namespace exported by default
                self.fail(node, f"export of unknown local declaration '{name}'")
            i = index[name]
            decls[i] = dataclasses.replace(decls[i], exported=True)
        return tuple(decls)

    def export_clause(self, node: tree_sitter.Node, *, ambient: bool = False) -> list[_Exported]:
        clause = next((c for c in _children(node) if c.type == "export_clause"), None)
        if clause is None:
            value = node.child_by_field_name("value")
            if any(child.type == "default" for child in node.children):
                if value is not None and value.type == "identifier":
                    # ``export default X;``: X is exported (a namespace X has nothing to mark)
                    self.defaults.add(self.text(value))
                    return [(self.text(value), self.text(value), value)]
                self.unsupported(node, "default export of an expression (export a declaration)")
            if [c.type for c in node.children[:3]] == ["export", "as", "namespace"]:
                # ``export as namespace X;``: the module is the UMD global ``X`` too
                umd = next((c for c in node.named_children if c.type == "identifier"), None)
                if umd is not None and not self.ns_path:
                    self.umd_global = self.text(umd)
                return []
            if ambient and any(child.type == "=" for child in node.children):
                # ``export = X`` in typings: what ``import x = require(...)`` of it names
                assigned = next((c for c in node.named_children if c.type != "comment"), None)
                if assigned is not None and assigned.type == "identifier" and not self.ns_path:
                    self.assigned = self.text(assigned)
                return []
            self.unsupported(node, "export statement")
        names = []
        for spec in _children(clause):
            if spec.type == "comment":
                continue
            # ``export { A_2 as A }``: the type keeps its declared name, as
            # typescript-json-schema names it; importers may write ``A``.
            name = self.text(self.field(spec, "name"))
            alias = spec.child_by_field_name("alias")
            names.append((name, name if alias is None else self.text(alias), spec))
        return names

    def reexport(self, node: tree_sitter.Node) -> ir.Import:
        """``export * from "./x"`` and ``export { A, B } from "./x"``."""
        source = self.string_value(self.field(node, "source"))
        clause = next((c for c in _children(node) if c.type == "export_clause"), None)
        if clause is None:
            spaced = next((c for c in _children(node) if c.type == "namespace_export"), None)
            if spaced is not None:  # ``export * as ns from "./x"``: ``ns.T`` is x's ``T``
                name = next(c for c in spaced.named_children if c.type != "comment")
                if name.type != "identifier":
                    self.unsupported(name, "'export * as' under a string name")
                return ir.Import(source, (), self.span(node), reexport=True, alias=self.text(name))
            return ir.Import(source, (), self.span(node), reexport=True, star=True)
        names: list[tuple[str, str]] = []
        for spec in _children(clause):
            if spec.type == "comment":
                continue
            there = self.text(self.field(spec, "name"))
            alias = spec.child_by_field_name("alias")
            # ``export { a as b } from "./x"``: ``b`` here is ``a`` there
            names.append((there if alias is None else self.text(alias), there))
        return ir.Import(source, tuple(names), self.span(node), reexport=True)

    def reference(self, node: tree_sitter.Node, path: str) -> ir.Import:
        """``/// <reference path="x.d.ts" />``: the file, relative to this one, joins the
        program (its declarations are global where it is a script, as TypeScript's)."""
        if not path or path.startswith("/") or "\\" in path or ":" in path:
            self.unsupported(node, "reference path that is not a relative file path")
        source = path if path.startswith(".") else "./" + path
        return ir.Import(source, (), self.span(node), reference=True)

    def import_statement(self, node: tree_sitter.Node) -> ir.Import:
        require = next((c for c in _children(node) if c.type == "import_require_clause"), None)
        if require is not None:  # ``import x = require("./x")``
            local = self.text(next(c for c in require.named_children if c.type == "identifier"))
            source = self.string_value(self.field(require, "source"))
            return ir.Import(source, (), self.span(node), alias=local)
        source = self.string_value(self.field(node, "source"))
        clause = next((c for c in _children(node) if c.type == "import_clause"), None)
        if clause is None:  # ``import "./x"``: x joins the program, and brings no name here
            return ir.Import(source, (), self.span(node))
        names: list[tuple[str, str]] = []
        parts = [part for part in _children(clause) if part.type != "comment"]
        if [part.type for part in parts] == ["namespace_import"]:  # ``import * as x``
            local = self.text(next(c for c in parts[0].named_children if c.type == "identifier"))
            return ir.Import(source, (), self.span(node), alias=local)
        for part in parts:
            if part.type == "identifier":  # ``import D from "./x"``: x's default export
                names.append((self.text(part), "default"))
                continue
            if part.type == "namespace_import":
                self.unsupported(part, "default import beside a namespace import")
            if part.type != "named_imports":
                self.unsupported(part, "default import (import named types)")
            for spec in _children(part):
                if spec.type == "comment":
                    continue
                if spec.type != "import_specifier":
                    self.unsupported(spec, f"import {spec.type.replace('_', ' ')}")
                exported = self.text(self.field(spec, "name"))
                alias = spec.child_by_field_name("alias")
                names.append((self.text(alias) if alias is not None else exported, exported))
        return ir.Import(source, tuple(names), self.span(node))

    def declaration(
        self,
        node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        *,
        exported: bool,
        ambient: bool = False,
    ) -> list[ir.Decl]:
        """The declarations ``node`` makes; a named type declaration holding what the
        dialect cannot express (a member of an interface, an enum member...) is that
        construct, degraded, under its own name (the rest of the file compiles)."""
        try:
            return self._declaration(node, doc, span, exported=exported, ambient=ambient)
        except Unsupported as err:
            name = node.child_by_field_name("name")
            if node.type not in _NAMED_TYPES or name is None:
                raise
            degraded = ir.degraded(err.message, err.span)
            return [ir.Alias(self.text(name), degraded, exported, doc, span)]

    def _declaration(
        self,
        node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        *,
        exported: bool,
        ambient: bool = False,
    ) -> list[ir.Decl]:
        if node.type == "interface_declaration":
            return [self.interface(node, doc, span, exported)]
        if node.type == "type_alias_declaration":
            name = self.text(self.field(node, "name"))
            params = self.type_parameters(node)
            value = degrading(lambda: self.type(self.field(node, "value")))
            return [ir.Alias(name, value, exported, doc, span, params=params)]
        if node.type == "lexical_declaration":
            return self.consts(node, doc, span, exported, ambient=ambient)
        if node.type == "ambient_declaration":
            inner = next((c for c in _children(node) if c.type != "comment"), None)
            if inner is None:
                self.unsupported(node, "'declare' without a declaration")
            if inner.type == "statement_block":  # ``declare global { ... }``
                return self.global_block(inner)
            return self.declaration(inner, doc, span, exported=exported, ambient=True)
        if node.type in ("internal_module", "module"):
            label = node.child_by_field_name("name")
            words = (
                self.text(label).split(".") if label is not None and label.type != "string" else []
            )
            for k, word in enumerate(words):  # ``namespace A.B``: A holds B
                outer = [*self.ns_path, *words[:k]]
                if outer:
                    self.ns_members.setdefault(".".join(outer), set()).add(word)
                self.ns_members.setdefault(".".join([*outer, word]), set())
            self.ns_path.extend(words)
            try:
                return self.namespace_body(self.field(node, "body"), ambient=ambient)
            finally:
                del self.ns_path[len(self.ns_path) - len(words) :]
        if node.type == "enum_declaration":
            return [self.enum(node, doc, span, exported)]
        if node.type in ("class_declaration", "abstract_class_declaration"):
            return self.class_declaration(node, doc, span, exported, ambient=ambient)
        if node.type == "expression_statement" and node.named_child_count == 1:
            # A bare ``namespace N { ... }`` parses as an expression: a namespace still,
            # in typings too (where other expressions are skipped).
            inner = node.named_children[0]
            if inner.type == "internal_module":  # ``module N`` is a statement, never this
                return self.declaration(inner, doc, span, exported=exported, ambient=ambient)
            if inner.type in _UNSUPPORTED and not ambient:
                self.unsupported(inner)
        if ambient and node.type in _AMBIENT_VALUES:
            self.skip(node)
            return []
        if node.type == "variable_declaration":
            self.unsupported(node, "'var' declaration (use 'const')")
        if node.type in _UNSUPPORTED:
            self.unsupported(node)
        self.unsupported(node, f"{node.type.replace('_', ' ')}")

    def global_block(self, body: tree_sitter.Node) -> list[ir.Decl]:
        """``declare global { ... }``: a namespace body whose declarations are globals."""
        decls = self.namespace_body(body)
        # a namespace's members (``NodeJS.EventEmitter``) are named by their path later
        self.global_spans.update(d.span for d in decls if not self.paths.get((d.name, d.span)))
        return decls

    def namespace_body(self, body: tree_sitter.Node, *, ambient: bool = True) -> list[ir.Decl]:
        """``namespace N { ... }`` / ``declare module N { ... }``: members join the file's
        namespace under their own names (``N.A`` is written ``A`` in the output)."""
        self.namespaces += 1
        values = set(self.skipped)
        try:
            decls, imports, exported_later = self.statements(body, ambient=ambient, namespace=True)
        finally:
            self.namespaces -= 1
        if imports and not ambient:
            self.unsupported(body, "import inside a namespace")
        # Typings' ``declare module "stream" { import { A } from "events"; ... }``: the
        # module's names are flattened into the file's, and so are the names it imports
        # (a name the file binds already keeps that first binding).
        self.nested_imports.extend(imports)
        if self.ns_path:  # not ``declare global``; a nested namespace's names count too
            held = self.ns_members.setdefault(".".join(self.ns_path), set())
            held.update(decl.name for decl in decls)
            held.update(name for name, _, _ in exported_later)
            held.update(self.skipped - values)
        return list(self.mark_exported(decls, exported_later, outer=True))


def _imported_exports(
    names: list[_Exported], imports: list[ir.Import]
) -> tuple[list[_Exported], list[ir.Import]]:
    """``export { a }`` of a name the file imports: no local declaration to mark, but a
    re-export of what the import names (a whole module imported as ``x`` passes on nothing
    that a type could name)."""
    bound: dict[str, tuple[ir.Import, str]] = {}
    for imp in imports:
        if imp.alias:
            bound[imp.alias] = (imp, "")
        for local, name in imp.names if not imp.reexport else ():
            bound[local] = (imp, name)
    local_names: list[_Exported] = []
    passed_on: list[ir.Import] = []
    for name, exported, node in names:
        if name not in bound:
            local_names.append((name, exported, node))
            continue
        imp, real = bound[name]
        if real:  # ``import { a as b }; export { b as c }``: ``c`` is ``a`` there
            passed_on.append(ir.Import(imp.source, ((exported, real),), imp.span, reexport=True))
    return local_names, passed_on


def _typeof_tuple(consts: dict[str, ir.TypeExpr], members: set[str], node: object) -> object:
    """``typeof K`` of an ``as const`` array is the array's tuple type; of a declared
    constant, its declared type; ``typeof K.a.b`` is that type's ``["a"]["b"]``, as in
    TypeScript (zod's ``typeof ZodIssueCode.invalid_type``), unless a namespace ``K``
    holds the constant ``a.b`` (``members``)."""
    if not isinstance(node, ir.Typeof):
        return node
    if node.name in consts:
        return dataclasses.replace(consts[node.name], span=node.span)
    head, *keys = node.name.split(".")
    if not keys or head not in consts or node.name in members:
        return node
    found = dataclasses.replace(consts[head], span=node.span)
    for key in keys:
        found = ir.Ref(INDEXED, (found, ir.Literal(key, node.span)), node.span)
    return found


def _typeof_value(types: dict[str, ir.TypeExpr], node: object) -> object:
    """``typeof X`` of a value declared ``declare const X: T`` is ``T``."""
    if isinstance(node, ir.Typeof) and node.name in types:
        return types[node.name]
    return node


def _merge_namespace_docs(
    decls: list[ir.Decl], namespace_docs: list[tuple[str, int, str]], here: list[bool]
) -> list[ir.Decl]:
    """Join a namespace's description into the same-named type's of the same scope, in
    source order."""
    for name, position, text in namespace_docs:
        for i, decl in enumerate(decls):
            if decl.name != name or isinstance(decl, ir.Const) or not here[i]:
                continue
            if isinstance(decl, ir.Alias):
                decl = dataclasses.replace(decl, with_namespace=True)
            parts = [decl.doc.description, text] if i < position else [text, decl.doc.description]
            if parts[0] == parts[1]:  # the same comment on both: TypeScript shows it once
                parts = parts[:1]
            description = "\n".join(p for p in parts if p)
            decls[i] = dataclasses.replace(
                decl, doc=dataclasses.replace(decl.doc, description=description)
            )
    return decls


def _first_error(root: tree_sitter.Node, *, tolerated: bool = True) -> tree_sitter.Node | None:
    """The first ERROR or MISSING node in document order (iterative: trees can be deep),
    but for a module's ``global`` keyword (unless not ``tolerated``)."""
    pending = [root]
    while pending:
        node = pending.pop()
        if tolerated and _global_keyword(node):
            continue
        if node.is_error or node.is_missing:
            return node
        pending.extend(reversed([c for c in node.children if c.has_error or c.is_missing]))
    return None


def _unbound(
    nested: list[ir.Import], imports: list[ir.Import], decls: list[ir.Decl]
) -> list[ir.Import]:
    """The imports of typings' module blocks, each name once, and none the file binds itself
    (its own imports and declarations come first)."""
    bound = {d.name for d in decls} | {
        name for imp in imports for name in (*(local for local, _ in imp.names), imp.alias) if name
    }
    kept: list[ir.Import] = []
    for imp in nested:
        if imp.reexport or imp.reference:  # the block's own exports, not the file's
            continue
        names = tuple((local, name) for local, name in imp.names if local not in bound)
        alias = imp.alias if imp.alias and imp.alias not in bound else ""
        if names or alias or not (imp.names or imp.alias):
            kept.append(dataclasses.replace(imp, names=names, alias=alias))
        bound.update(local for local, _ in names)
        bound.update((alias,) if alias else ())
    return kept


def _global_keyword(node: tree_sitter.Node) -> bool:
    """``global { ... }`` inside ``declare module "m" { ... }`` (TypeScript's global
    augmentation from a module, as @types/node writes it): tree-sitter's grammar knows only
    ``declare global``, and reads ``global`` there as an error node before the block."""
    # Asked of every statement: its kind first, and its next sibling (which tree-sitter
    # finds by walking its parent's children) only for a candidate (#37).
    kind = node.type
    if kind != "expression_statement" and not node.is_error:
        return False
    words = node.children
    if kind == "expression_statement" and len(words) == 2 and words[1].is_missing:
        words = words[:1]  # or a statement ``global`` that lacks its ``;``
    elif kind == "expression_statement" and len(words) == 1:
        pass  # ``global`` + line break + ``{``: tsc reads no statement end there either
    elif not node.is_error:
        return False
    if not (len(words) == 1 and words[0].type == "identifier" and words[0].text == b"global"):
        return False
    after = node.next_sibling
    return (
        after is not None
        and after.type == "statement_block"
        and node.parent is not None
        and node.parent.type == "statement_block"
    )

"""Parse one TypeScript schema file into an ``ir.Module`` with tree-sitter.

Only the subset the official MCP ``schema.ts`` revisions use is accepted; everything else
is a ``SchemaError`` that names the construct at its ``file:line:col``, so a schema never
compiles into something that silently means less than it says.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import sys
from collections.abc import Callable
from typing import NoReturn

import tree_sitter
import tree_sitter_typescript

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir import CONDITIONAL, FUNCTION, INDEXED, INFER, KEYOF, MAPPED, SPREAD, TEMPLATE, THIS
from ..ir.queries import rewrite
from ..paths import DECLARATION_SUFFIXES
from .directives import triple_slash_reference
from .enum_values import constant_value
from .identifiers import invalid_identifier
from .jsdoc import is_jsdoc, parse_jsdoc
from .keyword_names import parse_repaired
from .template import template_type
from .totality import degrading

MAX_TYPE_DEPTH = 64

_PRIMITIVES: frozenset[str] = frozenset(
    ("string", "number", "boolean", "null", "unknown", "any", "undefined", "never", "object")
)

# Constructs outside the subset: tree-sitter node type -> what the error calls it.
_UNSUPPORTED: dict[str, str] = {
    "class_declaration": "class with methods (use an interface)",
    "abstract_class_declaration": "class declaration (use an interface)",
    "function_declaration": "function declaration",
    "generator_function_declaration": "function declaration",
    "function_signature": "function declaration",
    "mapped_type_clause": "mapped type",
    "infer_type": "infer type outside a conditional type's condition",
    "type_predicate": "type predicate",
    "asserts": "asserts type",
    "this_type": "'this' type",
    "existential_type": "existential type",
    "rest_type": "rest tuple member",
    "object_type_with_type_parameters": "generic object type",
    "satisfies_expression": "'satisfies' expression",
}

# Types TypeScript accepts that the dialect cannot express: each is ``JsonValue`` where a
# compiled declaration reaches it (``ir.degraded``), with a warning; ``--strict`` refuses.
_DEGRADED = frozenset(("infer_type", "type_predicate", "asserts", "this_type"))

# Flow's syntax, which tree-sitter reads and TypeScript rejects (``?string``, ``*``).
_FLOW = frozenset(("flow_maybe_type", "existential_type"))
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
# ``declare const X: <this>``: the declared types that can make a constant.
_CONSTANT_TYPES = frozenset(("literal_type", "tuple_type", "readonly_type"))
# ``import("./x").A.B`` read as a dotted name (see ``keyword_names.import_type_calls``).
_IMPORT_TYPE = re.compile(
    r"import[ \t]*\([ \t]*(?P<source>\"[^\"\n]*\"|'[^'\n]*')[ \t]*\)\s*\.\s*(?P<member>[\w$.\s]+)"
)
# ``export { A as B }``'s entries: the local name, the exported name, the node.
_Exported = tuple[str, str, tree_sitter.Node]
_MAX_DOUBLE = sys.float_info.max
_METHODS = frozenset(
    ("method_signature", "call_signature", "construct_signature", "abstract_method_signature")
)


@functools.cache
def _parser() -> tree_sitter.Parser:
    # Building the language and parser costs more than parsing a schema; do it once.
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_typescript()))


def parse_module(path: str, text: str) -> ir.Module:
    """Parse ``text`` (the contents of ``path``); raise ``SchemaError`` on anything unsupported."""
    return _ModuleParser(path, text).module()


def _children(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    return [child for child in node.children if child.is_named]


class _ModuleParser:
    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.source = text.encode("utf-8", "surrogatepass")
        self.tree = parse_repaired(_parser(), self.source)  # same offsets as self.source
        self.depth = 0
        self.condition = False  # parsing a conditional type's ``extends`` clause
        self.this: ir.Ref | None = None  # the interface or class whose members are parsed
        self.namespaces = 0  # how deep in ``namespace``/``module`` bodies
        self.exported_namespaces: list[str] = []  # ``export namespace N`` at top level
        # ``Enum.Member``, its value, and the namespace path of its enum.
        self.enum_members: list[tuple[str, ir.LiteralValue, tuple[str, ...]]] = []
        self.skipped: set[str] = set()  # ambient values left out (functions, classes)
        self.left_out: list[str] = []  # of those, the classes (types TypeScript can name)
        # ``as const`` arrays and values' declared types, for ``typeof`` in this file
        self.tuple_consts: dict[str, ir.TypeExpr] = {}
        # ``declare const X: T`` (a value of typings): T, parsed only if ``typeof X`` reads it
        self.value_types: dict[str, tree_sitter.Node] = {}
        self.defaults: set[str] = set()  # ``export default X``
        self.export_names: dict[str, str] = {}  # ``export { A as B }``: B -> A
        self.assigned = ""  # ``export = X``
        self.umd_global = ""  # ``export as namespace X``
        self.nested_imports: list[ir.Import] = []  # imports inside typings' module blocks
        # ``import("./x").T`` as a type: one import per module and name, under a local name
        # no declaration can have
        self.type_imports: dict[tuple[str, str], ir.Import] = {}
        self.ns_path: list[str] = []  # the namespaces being read, outermost first
        self.paths: dict[tuple[str, ir.Span], tuple[str, ...]] = {}  # a type's namespace path
        # A namespace's dotted path -> every name it holds (types, values, namespaces)
        self.ns_members: dict[str, set[str]] = {}

    # ------------------------------------------------------------------ plumbing

    def span(self, node: tree_sitter.Node) -> ir.Span:
        row, byte_col = node.start_point
        line_start = node.start_byte - byte_col
        # tree-sitter counts bytes; editors and humans count characters.
        prefix = self.source[line_start : node.start_byte].decode("utf-8", "replace")
        return ir.Span(self.path, row + 1, len(prefix) + 1)

    def fail(self, node: tree_sitter.Node, message: str) -> NoReturn:
        raise SchemaError(self.span(node), message)

    def unsupported(self, node: tree_sitter.Node, what: str | None = None) -> NoReturn:
        """A construct the dialect cannot express: it degrades the type position or the
        declaration that holds it (``codegen.frontend.totality``); a statement refuses."""
        what = what or _UNSUPPORTED.get(node.type, node.type)
        raise Unsupported(self.span(node), f"unsupported construct: {what}")

    def degrade(self, node: tree_sitter.Node, what: str | None = None) -> ir.Primitive:
        """A type the dialect cannot express: ``JsonValue``, which resolve reports where a
        compiled declaration reaches it (a generic's unused template never does)."""
        return ir.degraded(what or _UNSUPPORTED.get(node.type, node.type), self.span(node))

    def text(self, node: tree_sitter.Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def field(self, node: tree_sitter.Node, name: str) -> tree_sitter.Node:
        child = node.child_by_field_name(name)
        if child is None:  # tree-sitter reports these as MISSING; kept as a safety net
            self.fail(node, f"syntax error: {node.type.replace('_', ' ')} lacks its {name}")
        return child

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
            marked = rewrite(
                marked, functools.partial(_typeof_tuple, self.tuple_consts), keep=("span", "doc")
            )
        typed = self.typeof_values(marked)
        if typed:
            marked = rewrite(marked, functools.partial(_typeof_value, typed), keep=("span", "doc"))
        imported = (
            *imports,
            *_unbound(self.nested_imports, imports, decls),
            *passed_on,
            *self.type_imports.values(),
        )
        # A name the file imports is the file's own scope: a namespace's type of that name
        # is another type (``import { Frame }`` beside ``namespace Options { Frame }``).
        roots = frozenset(local for imp in imported if not imp.reexport for local, _ in imp.names)
        marked, members = _qualify(marked, self.paths, self.enum_members, roots)
        namespaces = tuple(dict.fromkeys(self.exported_namespaces))
        left_out = tuple(dict.fromkeys(self.left_out))
        default = min(self.defaults) if len(self.defaults) == 1 else ""
        values = tuple(sorted(self.skipped - {d.name for d in marked}))
        return ir.Module(
            self.path,
            marked,
            imported,
            members,
            self.assigned,
            default=default,
            values=values,
            left_out=left_out,
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
                    decls.extend(self.namespace_body(node))
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
                    if any(c.type == "default" for c in node.children) and not namespace:
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
            for decl in decls:  # nested namespaces recorded theirs first
                self.paths.setdefault((decl.name, decl.span), tuple(self.ns_path))
            doc = ir.EMPTY_DOC
        scope = tuple(self.ns_path)
        # Only a type of this very scope merges with the namespace, not a flattened inner one.
        here = [self.paths.get((d.name, d.span)) == scope for d in decls]
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
            return [self.interface(node, doc, span, exported, ambient=ambient)]
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
                return self.namespace_body(inner)
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
            if inner.type in ("internal_module", "module"):
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

    def skip(self, node: tree_sitter.Node) -> None:
        """Leave out an ambient value (it has no JSON meaning); remember its names (a
        ``var`` names each of its declarators)."""
        name = node.child_by_field_name("name")
        if name is not None:
            self.skipped.add(self.text(name))
        for child in _children(node):
            declared = child.child_by_field_name("name")
            if child.type == "variable_declarator" and declared is not None:
                self.skipped.add(self.text(declared))

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

    def enum(self, node: tree_sitter.Node, doc: ir.Doc, span: ir.Span, exported: bool) -> ir.Alias:
        """``enum E { A = "a", B }``: the union of its member values (as typescript-json-schema)."""
        name = self.text(self.field(node, "name"))
        members: list[ir.TypeExpr] = []
        next_number: int | float | None = 0
        known: dict[str, ir.LiteralValue] = {}  # this enum's members so far

        def previous(ref: tree_sitter.Node) -> ir.LiteralValue | None:
            """``A``, ``E.A`` or ``E["A"]``: a member declared above."""
            if ref.type == "identifier":
                return known.get(self.text(ref))
            head = ref.child_by_field_name("object")
            key = ref.child_by_field_name("property") or ref.child_by_field_name("index")
            if head is None or key is None or self.text(head) != name:
                return None
            return known.get(self.string_value(key) if key.type == "string" else self.text(key))

        for member in _children(self.field(node, "body")):
            if member.type == "comment":
                continue
            if member.type == "enum_assignment":
                key_node = self.field(member, "name")
                value_node = self.field(member, "value")
                value = self.literal_value(value_node)
                if value is None:  # ``1 << 2``, ``A | B``: TypeScript computes it
                    value = constant_value(value_node, self.text, self.literal_value, previous)
                if value is None or isinstance(value, bool):
                    self.unsupported(value_node, "computed enum member (give it a literal value)")
            else:
                key_node = member
                if next_number is None:
                    self.fail(member, "enum member after a string member needs a value")
                value = next_number
            key = self.string_value(key_node) if key_node.type == "string" else self.text(key_node)
            next_number = value + 1 if isinstance(value, int | float) else None
            self.enum_members.append((f"{name}.{key}", value, tuple(self.ns_path)))
            if value not in known.values():  # ``AB = 3`` beside ``C = A | B``: one value
                members.append(ir.Literal(value, self.span(member)))
            known[key] = value
        if not members:  # no value has the type, which Python cannot name (the oracle: {})
            empty = ir.degraded(f"enum '{name}' without members (no value has its type)", span)
            return ir.Alias(name, empty, exported, doc, span)
        body = members[0] if len(members) == 1 else ir.Union(tuple(members), span)
        return ir.Alias(name, body, exported, doc, span, enum=True)

    def class_declaration(
        self, node: tree_sitter.Node, doc: ir.Doc, span: ir.Span, exported: bool, *, ambient: bool
    ) -> list[ir.Decl]:
        """A class of only typed fields is an interface. In typings, a declared class is the
        interface of its instances' data members, as typescript-json-schema writes it:
        methods, constructors, index signatures and static members are left out."""
        name_node = self.field(node, "name")
        outer, self.this = self.this, _this(self.text(name_node), self.type_parameters(node), span)
        try:
            return self.class_members(node, name_node, doc, span, exported, ambient=ambient)
        finally:
            self.this = outer

    def class_members(
        self,
        node: tree_sitter.Node,
        name_node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        exported: bool,
        *,
        ambient: bool,
    ) -> list[ir.Decl]:
        properties: list[ir.Property] = []
        index: ir.IndexSignature | None = None
        member_doc = ir.EMPTY_DOC
        for member in _children(self.field(node, "body")):
            if member.type == "comment":
                if is_jsdoc(self.text(member)):
                    member_doc = parse_jsdoc(self.text(member))
                continue
            if ambient and member.type == "index_signature" and index is None:
                index = self.index_signature(member, member_doc)
                member_doc = ir.EMPTY_DOC
                continue
            if ambient and (
                member.type != "public_field_definition"
                or any(c.type == "static" for c in member.children)
            ):
                member_doc = ir.EMPTY_DOC
                continue  # behaviour, or no instance's: not data
            if ambient and _non_public(member, self.text):
                member_doc = ir.EMPTY_DOC
                continue  # ``private x;`` as ``private x: T;``: left out
            if ambient and member.child_by_field_name("type") is None:  # ``x;``: any
                name = self.field(member, "name")
                if name.type == "property_identifier":
                    optional = any(c.type == "?" for c in member.children)
                    any_ = ir.Primitive("any", self.span(member))
                    properties.append(
                        ir.Property(self.text(name), any_, optional, False, member_doc, any_.span)
                    )
                member_doc = ir.EMPTY_DOC
                continue
            if (
                member.type != "public_field_definition"
                or member.child_by_field_name("type") is None
            ) and not ambient:
                self.unsupported(member, "class with methods or untyped fields (use an interface)")
            if _non_public(member, self.text):
                member_doc = ir.EMPTY_DOC
                continue
            properties.append(self.property(member, member_doc))
            member_doc = ir.EMPTY_DOC
        bases: list[ir.TypeExpr] = []
        for heritage in _children(node):
            if heritage.type == "class_heritage":
                for clause in _children(heritage):
                    if clause.type == "extends_clause":
                        bases.append(self.class_base(clause))
                    else:  # ``implements``: types
                        bases.extend(self.type(t) for t in _children(clause) if t.type != "comment")
        body = ir.Object(tuple(properties), index, self.span(node))
        params = self.type_parameters(node)
        return [
            ir.Interface(
                self.text(name_node),
                body,
                tuple(bases),
                exported,
                doc,
                span,
                params=params,
                klass=True,
            )
        ]

    def class_base(self, clause: tree_sitter.Node) -> ir.TypeExpr:
        """``extends E`` / ``extends N.E<T>`` of a class: an expression naming a class,
        read as the type of that name (another class's fields)."""
        value = self.field(clause, "value")
        if value.type not in ("identifier", "member_expression"):
            self.unsupported(value, "class extending an expression (extend a named class)")
        arguments = clause.child_by_field_name("type_arguments")
        args = (
            tuple(self.type(a) for a in _children(arguments) if a.type != "comment")
            if arguments is not None
            else ()
        )
        return ir.Ref(self.text(value).replace(" ", ""), args, self.span(value))

    def type_parameters(self, node: tree_sitter.Node) -> tuple[ir.TypeParam, ...]:
        params = node.child_by_field_name("type_parameters")
        if params is None:
            return ()
        result: list[ir.TypeParam] = []
        for param in _children(params):
            if param.type != "type_parameter":
                continue
            default = param.child_by_field_name("value")
            default_type = self.type(default.named_children[-1]) if default is not None else None
            result.append(ir.TypeParam(self.text(self.field(param, "name")), default_type))
        return tuple(result)

    def interface(
        self,
        node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        exported: bool,
        *,
        ambient: bool = False,
    ) -> ir.Interface:
        name = self.text(self.field(node, "name"))
        params = self.type_parameters(node)
        bases: list[ir.TypeExpr] = []
        for clause in _children(node):
            if clause.type == "extends_type_clause":
                bases.extend(self.type(base) for base in clause.children_by_field_name("type"))
        outer, self.this = self.this, _this(name, params, span)
        try:
            body = self.object(self.field(node, "body"))
        finally:
            self.this = outer
        return ir.Interface(name, body, tuple(bases), exported, doc, span, params=params)

    def consts(
        self,
        node: tree_sitter.Node,
        doc: ir.Doc,
        span: ir.Span,
        exported: bool,
        *,
        ambient: bool = False,
    ) -> list[ir.Decl]:
        kind = self.field(node, "kind")
        if self.namespaces and ambient:
            # ``namespace N { const x = ... }``: values of typings, no types; a literal one
            # is what ``typeof N.x`` names (as an enum member is ``E.x``)
            self.namespace_constants(node)
            self.skip(node)  # a computed key ``[x]`` may name one (a ``unique symbol``)
            return []
        if kind.type != "const" and not ambient:
            self.unsupported(node, f"'{kind.type}' declaration (use 'const')")
        consts: list[ir.Decl] = []
        for declarator in _children(node):
            if declarator.type == "comment":
                continue
            name_node = self.field(declarator, "name")
            if name_node.type != "identifier":
                self.unsupported(name_node, "destructuring const declaration")
            name = self.text(name_node)
            value = declarator.child_by_field_name("value")
            if ambient and (value is None or self.literal_value(value) is None):
                # ``declare const X: "a"`` is a constant; ``declare const EOL: string[]`` a value.
                declared = declarator.child_by_field_name("type")
                # Only a literal or a tuple can make a constant; any other type (an object
                # with methods, a function) is a value's, never read: it is not parsed.
                inner = declared.named_children[-1] if declared is not None else None
                constant = inner is not None and inner.type in _CONSTANT_TYPES
                declared_type = self.type(declared) if declared is not None and constant else None
                if kind.type == "const" and isinstance(declared_type, ir.Literal):
                    consts.append(ir.Const(name, declared_type.value, exported, doc, span))
                elif kind.type == "const" and isinstance(declared_type, ir.Tuple):
                    self.tuple_consts[name] = declared_type  # ``declare const K: readonly [...]``
                    self.skipped.add(name)
                else:
                    if kind.type == "const" and declared is not None:
                        self.value_types[name] = declared
                    self.skipped.add(name)
                    if declared is not None and inner is not None and inner.type == "object_type":
                        # ``declare const Codes: { readonly A: "a" }``: ``typeof Codes``
                        self.tuple_consts[name] = degrading(self.type, declared)
                continue
            if value is None:
                self.fail(declarator, f"const '{name}' has no value")
            items = self.const_tuple(value)
            if items is not None:
                # ``const K = ["a", "b"] as const``: a value, whose type ``typeof K`` reads.
                self.tuple_consts[name] = items
                self.skipped.add(name)
                continue
            literal = self.const_value(value)
            annotation = declarator.child_by_field_name("type")
            if annotation is not None:
                self.check_annotation(name, self.type(annotation), literal, annotation)
            declarator_span = span if len(consts) == 0 else self.span(declarator)
            consts.append(ir.Const(name, literal, exported, doc, declarator_span))
        return consts

    def typeof_values(self, decls: tuple[ir.Decl, ...]) -> dict[str, ir.TypeExpr]:
        """The declared type of each value that ``typeof`` reads (``declare const X: T``),
        as TypeScript types ``typeof X``, with the ``typeof`` of other values inside it
        replaced too; a value whose type reads itself degrades there. A value's type that
        nothing reads is never parsed."""
        parsed: dict[str, ir.TypeExpr] = {}
        wanted = [n for n in _typeof_names(decls) if n in self.value_types]
        while wanted:
            name = wanted.pop()
            if name not in parsed:
                parsed[name] = self.type(self.value_types[name])
                wanted += [n for n in _typeof_names((parsed[name],)) if n in self.value_types]
        done: dict[str, ir.TypeExpr] = {}

        def complete(name: str, stack: frozenset[str]) -> ir.TypeExpr:
            if name not in done:

                def change(node: object) -> object:
                    if not isinstance(node, ir.Typeof) or node.name not in parsed:
                        return node
                    if node.name in stack | {name}:
                        return ir.degraded(f"'typeof {node.name}' inside its own type", node.span)
                    return complete(node.name, stack | {name})

                done[name] = rewrite(parsed[name], change, keep=("span", "doc"))
            return done[name]

        return {name: complete(name, frozenset()) for name in parsed}

    def namespace_constants(self, node: tree_sitter.Node) -> None:
        """``declare namespace Kind { const Full = "full"; const Off: "off" }``: each
        literal constant, as a member ``Kind.Full`` of the namespace."""
        for declarator in _children(node):
            name_node = declarator.child_by_field_name("name")
            if declarator.type == "comment" or name_node is None:
                continue
            if name_node.type != "identifier":
                continue
            value = declarator.child_by_field_name("value")
            literal = None if value is None else self.literal_value(value)
            declared = declarator.child_by_field_name("type")
            inner = declared.named_children[-1] if declared is not None else None
            if literal is None and inner is not None and inner.type == "literal_type":
                found = self.type(inner)
                literal = found.value if isinstance(found, ir.Literal) else None
            if literal is not None and self.ns_path:  # not ``declare global { ... }``
                key = f"{self.ns_path[-1]}.{self.text(name_node)}"
                self.enum_members.append((key, literal, tuple(self.ns_path[:-1])))

    def check_annotation(
        self, name: str, declared: ir.TypeExpr, value: ir.LiteralValue, node: tree_sitter.Node
    ) -> None:
        """``const X: number = "a"`` is a contradiction; other annotations are left to tsc."""
        actual = _literal_kind(value)
        if isinstance(declared, ir.Primitive) and declared.name in ("string", "number", "boolean"):
            if declared.name != actual:
                self.fail(
                    node, f"const '{name}' is declared {declared.name} but its value is {actual}"
                )
        elif isinstance(declared, ir.Literal) and declared.value != value:
            self.fail(
                node, f"const '{name}' is declared {declared.value!r} but its value is {value!r}"
            )

    def const_tuple(self, node: tree_sitter.Node) -> ir.Tuple | None:
        """``[literals] as const`` (possibly ``satisfies ...``): the tuple type of its value."""
        if node.type == "satisfies_expression":
            node = node.named_children[0]
        if node.type != "as_expression" or node.named_child_count != 1:
            return None
        if not any(c.type == "const" for c in node.children):
            return None
        array = node.named_children[0]
        if array.type != "array":
            return None
        items = []
        for item in _children(array):
            if item.type == "comment":
                continue
            value = self.literal_value(item)
            if value is None:
                self.unsupported(item, "a non-literal item in an 'as const' array")
            items.append(ir.Literal(value, self.span(item)))
        return ir.Tuple(tuple(items), span=self.span(array))

    def const_value(self, node: tree_sitter.Node) -> ir.LiteralValue:
        if node.type == "as_expression":
            target = node.named_children[-1] if node.named_child_count > 1 else None
            if target is not None or not any(c.type == "const" for c in node.children):
                self.unsupported(node, "'as' cast (only 'as const' is allowed)")
            node = node.named_children[0]
        value = self.literal_value(node)
        if value is None:
            self.unsupported(
                node, "non-literal const initialiser (use a string, number or boolean literal)"
            )
        return value

    # ------------------------------------------------------------------ literals

    def literal_value(self, node: tree_sitter.Node) -> ir.LiteralValue | None:
        """The value of a string/number/boolean literal node, else None."""
        match node.type:
            case "string":
                return self.string_value(node)
            case "number":
                return self.number_value(node, negative=False)
            case "true":
                return True
            case "false":
                return False
            case "unary_expression":
                operator = self.field(node, "operator")
                argument = self.field(node, "argument")
                if operator.type == "-" and argument.type == "number":
                    return self.number_value(argument, negative=True)
        return None

    def number_value(self, node: tree_sitter.Node, *, negative: bool) -> int | float:
        raw = self.text(node)
        if raw.endswith("n"):
            self.unsupported(node, "bigint literal")
        try:
            value: int | float = int(raw.replace("_", ""), 0)
        except ValueError:
            try:
                value = float(raw.replace("_", ""))
            except ValueError:
                self.fail(node, f"invalid number literal {raw!r}")
        # A TypeScript number is a double: an integer past its range is no number either
        # (math.isfinite of such an int raises instead of answering).
        if not (math.isfinite(value) if isinstance(value, float) else abs(value) <= _MAX_DOUBLE):
            self.fail(node, f"number literal {raw!r} is too large to represent")
        return -value if negative else value

    def string_value(self, node: tree_sitter.Node) -> str:
        if node.type != "string":
            self.fail(node, f"expected a string literal, found {node.type.replace('_', ' ')}")
        parts = []
        for child in _children(node):
            if child.type == "escape_sequence":
                parts.append(self.escape(child))
            elif child.type != "comment":
                parts.append(self.text(child))
        value = "".join(parts)
        try:
            # JS strings are UTF-16: join escaped surrogate pairs, reject lone halves.
            value = value.encode("utf-16", "surrogatepass").decode("utf-16")
            value.encode("utf-8")
        except UnicodeError:
            self.fail(node, "string literal contains a lone surrogate escape")
        return value

    def escape(self, node: tree_sitter.Node) -> str:
        raw = self.text(node)
        simple = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
        body = raw[1:]
        if body in simple:
            return simple[body]
        if body.startswith("u{") and body.endswith("}"):
            code = body[2:-1]
        elif body[:1] in ("u", "x"):
            code = body[1:]
        else:
            return body.lstrip("\r\n")  # \" \\ \' and line continuations
        try:
            return chr(int(code, 16))
        except (ValueError, OverflowError):
            self.fail(node, f"invalid escape sequence {raw!r}")

    # ------------------------------------------------------------------ types

    def type(self, node: tree_sitter.Node) -> ir.TypeExpr:
        # Bounded nesting keeps every later (recursive) pass inside Python's stack.
        if self.depth >= MAX_TYPE_DEPTH:
            self.fail(node, f"type nested more than {MAX_TYPE_DEPTH} levels deep")
        self.depth += 1
        try:
            return self.type_at_depth(node)
        finally:
            self.depth -= 1

    def type_at_depth(self, node: tree_sitter.Node) -> ir.TypeExpr:
        span = self.span(node)
        match node.type:
            case "type_annotation":
                return self.type(node.named_children[-1])
            case "parenthesized_type":
                return self.type(_inside(node))
            case "function_type" if self.condition:
                return self.function_pattern(node, span)
            case "function_type" | "constructor_type":
                # No JSON value is a function; typescript-json-schema writes an object.
                return ir.Primitive("object", span)
            case "infer_type" if self.condition:
                declared = next(c for c in node.named_children if c.type == "type_identifier")
                rest = [c for c in node.named_children[1:] if c.type != "comment"]
                constraint = tuple(self.type(c) for c in rest[:1])
                return ir.Ref(INFER, (ir.Ref(self.text(declared), (), span), *constraint), span)
            case "predefined_type":
                name = self.text(node)
                if name == "void":  # no value: absent, as ``undefined``
                    return ir.Primitive("undefined", span)
                if name not in _PRIMITIVES:
                    return self.degrade(node, f"'{name}' type")
                return ir.Primitive(name, span)  # type: ignore[arg-type]  # checked above
            case "literal_type":
                return self.literal_type(node, span)
            case "type_identifier":
                return ir.Ref(self.text(node), (), span)
            case "member_expression":  # ``import("./x").T``
                return self.import_type(node, span)
            case "nested_type_identifier":  # ``Enum.Member`` or ``Namespace.Type``
                return self.named(self.text(node), (), span)
            case "readonly_type":
                return self.type(node.named_children[-1])
            case "index_type_query":
                return ir.Ref(KEYOF, (self.type(node.named_children[-1]),), span)
            case "lookup_type":
                target, key = (c for c in _children(node) if c.type != "comment")
                return ir.Ref(INDEXED, (self.type(target), self.type(key)), span)
            case "template_literal_type":
                return self.template(node, span)
            case "conditional_type":
                return self.conditional(node, span)
            case "generic_type":
                return self.generic(node, span)
            case "type_query":
                target = node.named_children[0]
                if target.type not in ("identifier", "member_expression"):
                    return self.degrade(target, "'typeof' of anything but a const or class name")
                return ir.Typeof(self.text(target).replace(" ", ""), span)
            case "array_type":
                return ir.Array(self.type(node.named_children[0]), span)
            case "tuple_type":
                return self.tuple_type(node, span)
            case "union_type":
                return ir.Union(tuple(self.flat_members(node, "union_type")), span)
            case "intersection_type":
                return ir.Intersection(tuple(self.flat_members(node, "intersection_type")), span)
            case "object_type":
                members = [c for c in _children(node) if c.type != "comment"]
                if len(members) == 1 and any(
                    c.type == "mapped_type_clause" for c in members[0].children
                ):
                    return self.mapped(members[0], span)
                return self.object(node)
        if node.type == "this_type" and self.this is not None:
            return ir.Ref(THIS, (self.this,), span)
        if node.type in _DEGRADED:
            return self.degrade(node)
        if node.type in _FLOW:  # not TypeScript: tsc reports a syntax error too
            self.fail(node, f"unsupported construct: {_UNSUPPORTED.get(node.type, node.type)}")
        self.unsupported(node)

    def import_type(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``import("./x").T``: the type ``T`` that ``./x`` exports, imported as if by
        ``import { T } from "./x"`` under a local name of its own."""
        call, name = node.child_by_field_name("object"), node.child_by_field_name("property")
        function = None if call is None else call.child_by_field_name("function")
        if call is None or name is None or function is None or function.type != "import":
            self.unsupported(node, "member expression as a type")
        args = [c for c in _children(self.field(call, "arguments")) if c.type != "comment"]
        if len(args) != 1:
            # tsc refuses it too (a second argument holds import attributes)
            self.fail(call, "unsupported construct: import type without one module name")
        return self.imported(self.string_value(args[0]), self.text(name), (), span)

    def imported(
        self, source: str, exported: str, args: tuple[ir.TypeExpr, ...], span: ir.Span
    ) -> ir.Ref:
        """The type ``source`` exports as ``exported`` (``A`` or ``A.B``), imported under a
        local name no declaration can have."""
        head, dot, rest = exported.partition(".")
        found = self.type_imports.get((source, head))
        if found is None:
            local = f"#import{len(self.type_imports) + 1}"
            found = ir.Import(source, ((local, head),), span)
            self.type_imports[(source, head)] = found
        return ir.Ref(found.names[0][0] + dot + rest, args, span)

    def named(self, text: str, args: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.Ref:
        """A (dotted) type name; ``import("./x").T`` where the grammar needed the repair
        that reads it as a name (``keyword_names.import_type_calls``: with type arguments,
        or a namespace's member)."""
        match = _IMPORT_TYPE.fullmatch(text)
        if match is None:
            return ir.Ref(text.replace(" ", ""), args, span)
        source = match["source"][1:-1]
        return self.imported(source, re.sub(r"\s+", "", match["member"]), args, span)

    def tuple_type(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``[A, B?, ...C[]]``; a spread tuple (``...[B, C]``) is spliced in, as in
        TypeScript, and ``[...A[]]`` is the array ``A[]``."""
        items: list[ir.TypeExpr] = []
        required: int | None = None  # the index of the first optional member
        rest: ir.TypeExpr | None = None
        rest_at: tree_sitter.Node | None = None
        trailing = False  # a member after the rest member
        for member in (c for c in _children(node) if c.type != "comment"):
            if rest is not None:
                if not _is_spread(rest):  # after ``...A`` of a type parameter, any member
                    self.after_rest(member)  # (zod's ``[...A, ...R[]]``: A may be fixed)
                trailing = True
                continue
            written = rest_at = member
            member, is_rest = self.unlabelled(member)
            if is_rest:
                spread = self.type(member)
                if isinstance(spread, ir.Tuple):
                    for i, item in enumerate(spread.items):
                        optional = spread.min_items is not None and i >= spread.min_items
                        required = self.tuple_member(member, len(items), optional, required)
                        items.append(item)
                    rest = spread.rest
                    continue
                rest = _spread_item(spread)
                if (
                    rest is None
                    and isinstance(spread, ir.Ref)
                    and (not spread.name.startswith("#") or spread.name == INFER)
                ):
                    # a named type or a type parameter: expand splices what it stands for
                    rest = ir.Ref(SPREAD, (spread,), self.span(written))
                if rest is None:
                    rest = self.degrade(
                        written, "rest tuple member not written as an array or a tuple"
                    )
                continue
            optional = member.type in ("optional_type", "optional_parameter")
            required = self.tuple_member(member, len(items), optional, required)
            items.append(self.type(member.named_children[-1] if optional else member))
        if trailing:
            # ``[A, ...B[], C]`` (a leading or middle rest, valid TypeScript): JSON Schema
            # has no way to require a last item, nor the models, so every item from the rest
            # member on is any JSON value, loudly.
            assert rest_at is not None
            what = "a tuple member after a rest member ([A, ...B[], C]): the items from the rest member on"
            rest = self.degrade(rest_at, what)
        if not items and rest is not None and not _is_spread(rest):
            return ir.Array(rest, span)
        return ir.Tuple(tuple(items), span, min_items=required, rest=rest)

    def after_rest(self, member: tree_sitter.Node) -> None:
        """A tuple member after the rest member: refused where TypeScript refuses it (a
        second rest member, an optional member)."""
        inner, is_rest = self.unlabelled(member)
        optional = inner.type in ("optional_type", "optional_parameter")
        if is_rest:
            spread = self.type(inner)
            if isinstance(spread, ir.Tuple):
                optional = spread.min_items is not None
                is_rest = spread.rest is not None
            else:
                is_rest = _spread_item(spread) is not None
            if is_rest:
                self.fail(member, "a rest member cannot follow another rest member")
        if optional:
            self.fail(member, "an optional tuple member cannot follow a rest member")

    def tuple_member(
        self, member: tree_sitter.Node, index: int, optional: bool, required: int | None
    ) -> int | None:
        """The index of the first optional member, once ``member`` (at ``index``) is in."""
        if optional:
            return index if required is None else required
        if required is not None:
            self.fail(member, "a required tuple member cannot follow an optional one")
        return None

    def unlabelled(self, member: tree_sitter.Node) -> tuple[tree_sitter.Node, bool]:
        """A labelled tuple member (``[name: string, age?: number]``): the label is
        documentation only. Also whether it is a rest member (``...T[]``, ``...rest: T[]``),
        with the type it spreads."""
        if member.type == "rest_type":
            return member.named_children[-1], True
        if member.type != "required_parameter":
            return member, False
        rest = self.field(member, "name").type == "rest_pattern"
        return member.named_children[-1], rest

    def conditional(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``C extends E ? X : Y``, evaluated by expand once C's arguments are known; ``E``
        may hold ``infer X`` and function types (``codegen.frontend.infer``)."""
        check, extends = self.field(node, "left"), self.field(node, "right")
        found = _find(check, ("constructor_type",)) or _find(extends, ("constructor_type",))
        if found is not None:  # a constructor is an ``object`` to us: no verdict
            return self.degrade(found, "constructor type in a conditional type's condition")
        outer, self.condition = self.condition, False
        try:
            checked = self.type(check)
            self.condition = True
            pattern = self.type(extends)
            self.condition = False
            yes = self.type(self.field(node, "consequence"))
            no = self.type(self.field(node, "alternative"))
        finally:
            self.condition = outer
        return ir.Ref(CONDITIONAL, (checked, pattern, yes, no), span)

    def function_pattern(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``(a: A, b?: B) => R`` in a condition: ``Ref(FUNCTION, (R, A, B))``."""
        params = self.field(node, "parameters")
        returned = node.child_by_field_name("return_type")
        if returned is None or any(c.type == "type_predicate" for c in node.children):
            self.unsupported(node, "function type without a return type in a condition")
        void = returned.type == "predefined_type" and self.text(returned) == "void"
        types: list[ir.TypeExpr] = [
            ir.Primitive("any", self.span(returned)) if void else self.type(returned)
        ]
        for param in (c for c in _children(params) if c.type != "comment"):
            annotation = param.child_by_field_name("type")
            if annotation is None:
                types.append(ir.Primitive("any", self.span(param)))
            else:
                types.append(self.type(annotation))
        return ir.Ref(FUNCTION, tuple(types), span)

    def mapped(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """``{ [K in Keys]?: V }`` as the utilities it spells: ``Record<Keys, V>`` when V
        does not read K, ``T`` for ``{ [K in keyof T]: T[K] }``; ``?`` makes it
        ``Partial<...>``, ``-?`` ``Required<...>``. A value that reads its key travels as
        ``Ref(MAPPED)`` for expand, which computes it once the keys are known; remapped
        keys (``as``) degrade."""
        clause = next(c for c in node.children if c.type == "mapped_type_clause")
        if clause.child_by_field_name("alias") is not None or any(
            c.type == "as" for c in clause.children
        ):
            return self.degrade(clause, "mapped type with 'as' (remapped keys)")
        key = self.text(self.field(clause, "name"))
        keys = self.field(clause, "type")
        annotation = next(
            (c for c in node.named_children if c.type.endswith("type_annotation")), None
        )
        if annotation is None:
            self.fail(node, "mapped type without a value type")
        modifier = {
            "opting_type_annotation": "Partial",  # ``?:``
            "adding_type_annotation": "Partial",  # ``+?:``, the same
            "omitting_type_annotation": "Required",  # ``-?:``
        }
        wrapper = modifier.get(annotation.type)
        value = annotation.named_children[-1]
        # Parsed first: ``self.type`` bounds the nesting that ``_reads`` then walks.
        value_type, key_type = self.type(value), self.type(keys)
        lookup = value.named_children if value.type == "lookup_type" else []
        if (
            keys.type == "index_type_query"
            and len(lookup) == 2
            and self.text(lookup[1]) == key
            and self.text(lookup[0]) == self.text(keys.named_children[-1])
        ):
            mapped = self.type(lookup[0])  # ``{ [K in keyof T]: T[K] }`` is T, modifiers kept
        elif not _reads(value, key, self.text):
            mapped = ir.Ref("Record", (key_type, value_type), span)
        else:
            tokens = [c.type for c in node.children if not c.is_named]
            readonly = ""
            if "readonly" in tokens:
                readonly = "-" if "-" in tokens[: tokens.index("readonly")] else "+"
            optional = {"Partial": "+", "Required": "-"}.get(wrapper or "", "")
            args = (ir.Literal(key, span), key_type, value_type)
            return ir.Ref(MAPPED, (*args, ir.Literal(optional), ir.Literal(readonly)), span)
        return ir.Ref(wrapper, (mapped,), span) if wrapper else mapped

    def flat_members(self, node: tree_sitter.Node, kind: str) -> list[ir.TypeExpr]:
        """``A | B | C`` parses as ``(A | B) | C``; members in source order, nesting flattened.

        Iterative: a long union is a deep left-leaning tree."""
        members: list[ir.TypeExpr] = []
        symbols: list[tree_sitter.Node] = []
        pending = [node]
        while pending:
            current = pending.pop()
            inner = current
            while inner.type == "parenthesized_type" and inner.named_child_count:
                inner = _inside(inner)
            if inner.type == kind:
                pending.extend(reversed([c for c in _children(inner) if c.type != "comment"]))
            elif kind == "union_type" and self.names_symbol(inner):
                # ``string | symbol`` holds the JSON values of ``string``: no JSON value is a
                # symbol, so the member adds none (a union of symbols only still degrades).
                symbols.append(current)
            else:
                members.append(self.type(current))
        if not members and symbols:
            members.append(self.type(symbols[0]))
        return members

    def names_symbol(self, node: tree_sitter.Node) -> bool:
        """``symbol`` or ``unique symbol``, written out (not through an alias)."""
        return node.type == "predefined_type" and " ".join(self.text(node).split()) in (
            "symbol",
            "unique symbol",
        )

    def literal_type(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        inner = node.named_children[0]
        if inner.type in ("null", "undefined"):
            return ir.Primitive(inner.type, span)  # type: ignore[arg-type]  # both are names
        value = self.literal_value(inner)
        if value is None:  # ``+1``: no literal type in TypeScript either
            self.fail(inner, f"unsupported construct: literal type {self.text(inner)!r}")
        return ir.Literal(value, span)

    def generic(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        name_node = self.field(node, "name")
        if name_node.type not in ("type_identifier", "nested_type_identifier"):
            self.unsupported(name_node)
        name = self.text(name_node)
        args_node = self.field(node, "type_arguments")
        args = tuple(
            # ``Base<void>``: no value but ``undefined``, as in TypeScript
            ir.Primitive("undefined", self.span(arg))
            if self.text(arg) == "void"
            else self.type(arg)
            for arg in _children(args_node)
            if arg.type != "comment"
        )
        # Arity is resolve's to check: a schema may declare its own generic of a
        # builtin's name (``interface Omit<T>``), which only resolve can see.
        if name_node.type == "nested_type_identifier":
            return self.named(name, args, span)
        return ir.Ref(name, args, span)

    def template(self, node: tree_sitter.Node, span: ir.Span) -> ir.TypeExpr:
        """A template literal type: its literal expansions when every hole is a literal
        union, else a ``string`` with typescript-json-schema's ``pattern``."""
        parts: list[str | ir.TypeExpr] = []
        for child in _children(node):
            if child.type == "string_fragment":
                parts.append(self.text(child))
            elif child.type == "escape_sequence":
                parts.append(self.escape(child))
            elif child.type == "template_type":
                parts.append(self.type(child.named_children[0]))
        if any(not isinstance(p, str) and _names_a_type(p) for p in parts):
            # ``${Locale}``: what the name stands for is expand's to find (an enum, a union
            # of literals: the expansions), as text, hole, text, ... around each hole.
            args: list[ir.TypeExpr] = [ir.Literal("", span)]
            for part in parts:
                if isinstance(part, str):
                    text = args.pop()
                    assert isinstance(text, ir.Literal)
                    args.append(ir.Literal(f"{text.value}{part}", span))
                else:
                    args += [part, ir.Literal("", span)]
            return ir.Ref(TEMPLATE, tuple(args), span)
        return template_type(parts, span)

    # ------------------------------------------------------------------ objects

    def object(self, node: tree_sitter.Node) -> ir.Object:
        properties: list[ir.Property] = []
        methods: list[str] = []
        index: ir.IndexSignature | None = None
        seen: dict[str, ir.Span] = {}
        doc = ir.EMPTY_DOC
        for member in _children(node):
            if member.type == "comment":
                comment = self.text(member)
                if is_jsdoc(comment):
                    doc = parse_jsdoc(comment)
                continue
            if member.type == "property_signature" and _symbol_key(member):
                pass  # ``[Symbol.iterator]: T``: a symbol key, which no JSON object has
            elif member.type == "property_signature":
                prop = self.property(member, doc)
                if prop.name in seen:
                    self.fail(
                        member,
                        f"duplicate property '{prop.name}' (first declared at {seen[prop.name]})",
                    )
                seen[prop.name] = prop.span
                properties.append(prop)
            elif member.type == "index_signature":
                found = self.index_signature(member, doc)
                if index is not None and found is not None:
                    self.fail(member, "more than one index signature in one object type")
                index = index or found
            elif member.type == "method_signature" and member.children[0].type == "get":
                # ``get size(): number``: a property to TypeScript's type system (and the oracle)
                prop = self.getter(member, doc)
                if prop.name not in seen:
                    seen[prop.name] = prop.span
                    properties.append(prop)
            elif member.type == "method_signature" and member.children[0].type == "set":
                pass  # its getter, if any, is the property; a setter alone is no data
            elif member.type in _METHODS:
                # methods: behaviour, not data (typescript-json-schema drops them); their
                # names stay for ``T["method"]``, a function type
                name = member.child_by_field_name("name")
                if name is not None and name.type in ("property_identifier", "string"):
                    text = self.string_value(name) if name.type == "string" else self.text(name)
                    methods.append(text)
            else:  # ``{ export type X = 1 }``: a statement, a syntax error to tsc too
                self.fail(member, f"unsupported construct: {member.type.replace('_', ' ')}")
            doc = ir.EMPTY_DOC
        return ir.Object(tuple(properties), index, self.span(node), methods=tuple(methods))

    def property(self, node: tree_sitter.Node, doc: ir.Doc) -> ir.Property:
        name_node = self.field(node, "name")
        computed = None
        if name_node.type == "string":
            name = self.string_value(name_node)
        elif name_node.type == "property_identifier":
            name = self.text(name_node)
        elif name_node.type == "computed_property_name":
            name, computed = self.computed_name(name_node)
        elif name_node.type == "number":  # ``200: {...}``: the key "200"
            name = number_name(self.number_value(name_node, negative=False))
        else:
            self.unsupported(name_node, f"{name_node.type.replace('_', ' ')} as a property name")
        annotation = node.child_by_field_name("type")
        if annotation is None:
            self.fail(node, f"property '{name}' has no type annotation")
        tokens = {child.type for child in node.children if not child.is_named}
        return ir.Property(
            name=name,
            type=degrading(lambda: self.type(annotation)),
            optional="?" in tokens,
            readonly="readonly" in tokens,
            doc=doc,
            span=self.span(node),
            computed=computed,
        )

    def computed_name(self, node: tree_sitter.Node) -> tuple[str, str | None]:
        """``['cloud.provider']``, ``[`x`]``, ``[1]``: a literal key is the property's name,
        as TypeScript reads it. ``[KEY]``, ``[E.Member]``, ``[ns.KEY]``: a name, which only
        resolve can read (a const's or an enum member's value, or a ``unique symbol``): the
        name ``[E.Member]`` and the expression. TypeScript allows no other expression."""
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) == 1 and inner[0].type == "string":
            return self.string_value(inner[0]), None
        if len(inner) == 1 and inner[0].type == "template_string":
            if not any(c.type == "template_substitution" for c in inner[0].children):
                return self.text(inner[0])[1:-1], None
        if len(inner) == 1 and inner[0].type == "number":
            value = self.literal_value(inner[0])
            if isinstance(value, int | float) and not isinstance(value, bool):
                return number_name(value), None
        if len(inner) == 1 and _entity_name(inner[0]):
            text = self.text(inner[0])
            return f"[{text}]", text
        self.unsupported(node, "computed property name (use a plain or quoted name)")

    def getter(self, node: tree_sitter.Node, doc: ir.Doc) -> ir.Property:
        name_node = self.field(node, "name")
        if name_node.type not in ("property_identifier", "string"):
            self.unsupported(name_node, f"{name_node.type.replace('_', ' ')} as a getter name")
        name = self.string_value(name_node) if name_node.type == "string" else self.text(name_node)
        returns = node.child_by_field_name("return_type")
        if returns is None:
            self.fail(node, f"getter '{name}' has no return type")
        return ir.Property(
            name=name,
            type=degrading(lambda: self.type(returns)),
            readonly=True,
            doc=doc,
            span=self.span(node),
        )

    def index_signature(self, node: tree_sitter.Node, doc: ir.Doc) -> ir.IndexSignature | None:
        """``[k: string]: V``, also keyed by a number, a template (``[k: `_${string}`]``), an
        alias of string or a union of these; None for symbol keys only (no JSON key)."""
        if any(child.type == "mapped_type_clause" for child in node.children):
            # ``{ [K in X]: V; b: 1 }``: "a mapped type may not declare properties" (tsc)
            self.fail(node, "unsupported construct: mapped type")
        keys = self.index_key(self.field(node, "index_type"))
        annotation = self.field(node, "type")
        if annotation.type != "type_annotation":
            self.unsupported(annotation, "optional index signature")
        if keys is None:
            return None
        numeric, pattern = keys
        key_name = self.text(self.field(node, "name"))
        return ir.IndexSignature(
            degrading(lambda: self.type(annotation)),
            key_name,
            doc,
            self.span(node),
            numeric=numeric,
            pattern=pattern,
        )

    def index_key(self, key_type: tree_sitter.Node) -> tuple[bool, str | None] | None:
        """The keys an index signature's key type admits, as (numeric, pattern): (False,
        None) for every string; None for ``symbol`` (no JSON key). A union admits what any
        member does (TypeScript 4.4)."""
        if key_type.type == "parenthesized_type":
            return self.index_key(_inside(key_type))
        if key_type.type == "union_type":
            parts = [self.index_key(c) for c in _children(key_type) if c.type != "comment"]
            found = list(dict.fromkeys(p for p in parts if p is not None))
            if (False, None) in found:
                return False, None
            if len(found) < 2:
                return found[0] if found else None
            patterns = ["^[0-9]+$" if numeric else str(pattern) for numeric, pattern in found]
            return False, "|".join(f"(?:{p})" for p in patterns)
        if key_type.type == "template_literal_type":  # ``[k: `_${string}`]``: keys matching
            key = self.type(key_type)
            if not isinstance(key, ir.Primitive) or key.pattern is None:
                self.unsupported(key_type, "index signature key of literal values only")
            return False, key.pattern
        text = self.text(key_type)
        if text == "symbol":
            return None
        if text == "number":
            return True, None
        # ``[uri: DocumentUri]``: an alias of string names the key; TypeScript requires that.
        if text == "string" or key_type.type == "type_identifier":
            return False, None
        self.unsupported(
            key_type, "index signature key other than 'string', 'number' or a template"
        )


def _inside(node: tree_sitter.Node) -> tree_sitter.Node:
    """What parentheses hold: ``(// note\n A | B)`` holds the union, not the comment."""
    return next((c for c in node.named_children if c.type != "comment"), node.named_children[0])


def _find(node: tree_sitter.Node, kinds: tuple[str, ...]) -> tree_sitter.Node | None:
    """The first node of one of ``kinds`` in ``node``'s subtree (iterative: bounded later)."""
    pending = [node]
    while pending:
        current = pending.pop()
        if current.type in kinds:
            return current
        pending.extend(reversed(current.named_children))
    return None


def _reads(node: tree_sitter.Node, name: str, text: Callable[[tree_sitter.Node], str]) -> bool:
    """Whether a type node refers to the type name ``name`` anywhere inside it."""
    if node.type == "type_identifier" and text(node) == name:
        return True
    return any(_reads(child, name, text) for child in node.named_children)


def _non_public(member: tree_sitter.Node, text: Callable[[tree_sitter.Node], str]) -> bool:
    """A ``private``/``protected`` class member (left out, see docs/jsonschema-deviations.md)."""
    return any(
        c.type == "accessibility_modifier" and text(c) != "public" for c in _children(member)
    )


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


def _qualify(
    decls: tuple[ir.Decl, ...],
    paths: dict[tuple[str, ir.Span], tuple[str, ...]],
    members: list[tuple[str, ir.LiteralValue, tuple[str, ...]]],
    roots: frozenset[str] = frozenset(),
) -> tuple[tuple[ir.Decl, ...], tuple[tuple[str, ir.LiteralValue], ...]]:
    """Types of one name declared in different namespaces are different types: each gets
    its namespace path in its name (``Debugger.CallFrame`` is ``DebuggerCallFrame``, past
    the namespaces they share) and keeps the dotted path as its JSON Schema key; a
    reference finds the nearest one, as TypeScript's scopes do. ``roots`` are the names the
    file imports: declared at its top level, so a namespace's type of one of those names
    is qualified the same way (the import keeps its name)."""
    where = {(d.name, d.span): paths.get((d.name, d.span), ()) for d in decls}
    scopes: dict[str, set[tuple[str, ...]]] = {}
    for decl in decls:
        if not isinstance(decl, ir.Const):
            scopes.setdefault(decl.name, set()).add(where[(decl.name, decl.span)])
    for name in roots & scopes.keys():
        scopes[name].add(())
    renamed: dict[tuple[tuple[str, ...], str], str] = {}
    for name, found in scopes.items():
        if len(found) < 2:
            continue
        ordered = sorted(found)
        shared = 0
        while all(len(p) > shared for p in ordered) and len({p[shared] for p in ordered}) == 1:
            shared += 1
        for path in ordered:
            renamed[(path, name)] = "".join(path[shared:]) + name
    if not renamed:
        return decls, tuple((key, value) for key, value, _ in members)
    declared = set(renamed) | {(where[(d.name, d.span)], d.name) for d in decls}

    def target(path: tuple[str, ...], written: str) -> str:
        *qualifiers, last = written.split(".")
        for depth in range(len(path), -1, -1):
            scope = (*path[:depth], *qualifiers)
            if (scope, last) in renamed:
                return renamed[(scope, last)]
            if (scope, last) in declared:  # one of its name: ``Choice.Delta`` is ``Delta``
                return last
            if qualifiers and (scope[:-1], scope[-1]) in renamed:  # ``Enum.Member``
                return f"{renamed[(scope[:-1], scope[-1])]}.{last}"
        return written

    out: list[ir.Decl] = []
    for decl in decls:
        path = where[(decl.name, decl.span)]
        new = rewrite(decl, functools.partial(_retarget, target, path), keep=("span", "doc"))
        if (path, decl.name) in renamed and not isinstance(new, ir.Const):
            new = dataclasses.replace(
                new, name=renamed[(path, decl.name)], qualname=".".join((*path, decl.name))
            )
        out.append(new)
    # Each member is qualified from its own enum's namespace: two enums of one name in
    # two namespaces keep their members apart.
    qualified_members = tuple((target(path, key), value) for key, value, path in members)
    return tuple(out), qualified_members


def _retarget(
    target: Callable[[tuple[str, ...], str], str], path: tuple[str, ...], node: object
) -> object:
    if isinstance(node, ir.Ref):
        return dataclasses.replace(node, name=target(path, node.name))
    return node


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


def _is_spread(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Ref) and t.name == SPREAD


def _spread_item(spread: ir.TypeExpr) -> ir.TypeExpr | None:
    """The item type of an array that a rest tuple member spreads, if it is one."""
    match spread:
        case ir.Array(items=item):
            return item
        case ir.Ref(name="Array" | "ReadonlyArray", args=(item,)):
            return item
    return None


def _typeof_tuple(consts: dict[str, ir.TypeExpr], node: object) -> object:
    """``typeof K`` of an ``as const`` array is the array's tuple type; of a declared
    constant, its declared type."""
    if isinstance(node, ir.Typeof) and node.name in consts:
        return dataclasses.replace(consts[node.name], span=node.span)
    return node


def _typeof_names(nodes: tuple[object, ...]) -> list[str]:
    """The names that ``typeof`` reads in ``nodes``."""
    found: list[str] = []

    def collect(node: object) -> object:
        if isinstance(node, ir.Typeof):
            found.append(node.name)
        return node

    rewrite(nodes, collect, keep=("span", "doc"))
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


def _entity_name(node: tree_sitter.Node) -> bool:
    """``KEY``, ``E.Member``, ``ns.E.Member``: a name, possibly qualified."""
    while node.type == "member_expression":
        prop = node.child_by_field_name("property")
        target = node.child_by_field_name("object")
        if prop is None or prop.type != "property_identifier" or target is None:
            return False
        node = target
    return node.type == "identifier"


def _this(name: str, params: tuple[ir.TypeParam, ...], span: ir.Span) -> ir.Ref:
    """The declaration ``name`` as its own members read it (``this``)."""
    return ir.Ref(name, tuple(ir.Ref(p.name, (), span) for p in params), span)


def _symbol_key(member: tree_sitter.Node) -> bool:
    """A member keyed by a well-known symbol (``[Symbol.iterator]``)."""
    name = member.child_by_field_name("name")
    if name is None or name.type != "computed_property_name":
        return False
    inner = [c for c in name.named_children if c.type != "comment"]
    target = inner[0].child_by_field_name("object") if len(inner) == 1 else None
    return (
        inner[0].type == "member_expression"
        and target is not None
        and target.type == "identifier"
        and target.text == b"Symbol"
    )


def _names_a_type(t: ir.TypeExpr) -> bool:
    """``t`` is, or holds, a reference that only resolve and expand can read."""
    match t:
        case ir.Ref():
            return True
        case ir.Union():
            return any(_names_a_type(m) for m in t.members)
    return False


def _literal_kind(value: ir.LiteralValue) -> str:
    if isinstance(value, bool):
        return "boolean"
    return "string" if isinstance(value, str) else "number"


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
        if imp.reexport or imp.reference:  # ``export * from`` a block re-exports the block's
            kept.append(imp)
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
    words = node.children
    after = node.next_sibling
    if node.type == "expression_statement" and len(words) == 2 and words[1].is_missing:
        words = words[:1]  # or a statement ``global`` that lacks its ``;``
    elif not node.is_error:
        return False
    return (
        len(words) == 1
        and words[0].type == "identifier"
        and words[0].text == b"global"
        and after is not None
        and after.type == "statement_block"
        and node.parent is not None
        and node.parent.type == "statement_block"
    )

"""Contextual keywords as names, where tree-sitter-typescript cannot parse them.

TypeScript lets every contextual keyword (``abstract``, ``declare``, ``keyof``, ``infer``,
``unique``, ``readonly``, ``accessor``, ...) name a member, a parameter or a tuple member.
tree-sitter-typescript 0.23.2, the newest release, gives ``ERROR`` for some of them:
``abstract`` as a member name (``{ abstract: boolean }``, ``abstract?(): void``),
``abstract``/``keyof``/``infer``/``unique`` as a parameter of a function type
(``(keyof: string) => void``), ``readonly`` and those four as a tuple label, and
``accessor`` in a class body.

A contextual keyword as a mapped type's key (``{ [type in Kind]?: X }``) parses without
an error, as a property under the computed name ``type in Kind``, which TypeScript never
allows in a type (a computed name there must be a literal or a unique symbol): that
keyword is rewritten the same way, so the member is the mapped type it is.

An import type with type arguments or a namespace member (``import("./x").Box<T>``,
``import("./x").N.T``) is a syntax error to the grammar: the ``import("./x")`` is then
rewritten into an identifier of the same length, so the type parses as a dotted name,
which the parser reads (from the original text) as the import type it is.

Variance annotations on type parameters (``interface Box<in out T>``, TypeScript 4.7) are
syntax errors to the grammar too: they say nothing about data, so they are blanked.

The repair works around the grammar without changing it. When a parse has errors, each
contextual keyword that stands in a name position is rewritten into an ordinary
identifier of the same length (``abstract`` -> ``_bstract``) and the text is parsed again,
as long as that helps. A name position is one where no keyword can stand: after ``{``,
``;``, ``,``, ``(``, ``[``, ``...``, ``readonly``, a comment or a line break, and before
``:``, ``?:``, ``?(`` or ``(``/``<`` (a method). Only a keyword whose tokens an error
touches is rewritten, so a file that parses is parsed exactly as before.

Nothing moves: the repaired text has the same bytes at the same offsets except inside
those keywords, so every span is exact, and the parser reads every name from the
original text (``SourceReader.text``), so the name is still ``abstract``, on the wire too.
"""

from __future__ import annotations

import re

import tree_sitter

# The contextual keywords of TypeScript: legal as names, special elsewhere.
CONTEXTUAL_KEYWORDS: frozenset[str] = frozenset(
    (
        "abstract",
        "accessor",
        "as",
        "asserts",
        "async",
        "declare",
        "from",
        "get",
        "global",
        "infer",
        "is",
        "keyof",
        "module",
        "namespace",
        "of",
        "override",
        "readonly",
        "require",
        "satisfies",
        "set",
        "type",
        "unique",
    )
)

# What may come just before a name (besides a comment or a line break) and just after it.
_BEFORE = frozenset(("{", ";", ",", "(", "[", "...", "readonly"))
_AFTER = frozenset((":", "(", "<"))
# ``async (x) => ...`` is an arrow function: ``async`` before ``(`` is no method name there.
_NOT_METHODS = frozenset(("async",))
# A repair that needs more rounds than this is not one: the file has another error.
MAX_ROUNDS = 8


def parse_repaired(parser: tree_sitter.Parser, source: bytes) -> tree_sitter.Tree:
    """The tree of ``source``, or of ``source`` with contextual keywords in name positions
    that the grammar rejects rewritten to plain identifiers of the same length. The tree's
    offsets are ``source``'s; read its text from ``source``, never from the tree."""
    tree = parser.parse(source)
    keys = mapped_keyword_keys(tree.root_node, source)
    if keys:
        tree = parser.parse(_renamed(source, keys))
        source = _renamed(source, keys)  # the repairs below build on these
    if not tree.root_node.has_error:
        return tree
    calls = import_type_calls(source)
    if calls:
        candidate = parser.parse(_blanked(source, calls))
        if _better(candidate.root_node, tree.root_node):
            tree, source = candidate, _blanked(source, calls)
            if not tree.root_node.has_error:
                return tree
    variances = variance_annotations(tree.root_node, source)
    if variances:
        candidate = parser.parse(_spaced(source, variances))
        if _better(candidate.root_node, tree.root_node):
            tree, source = candidate, _spaced(source, variances)
            if not tree.root_node.has_error:
                return tree
    repaired = bytearray(source)
    starred = type_only_stars(tree.root_node, source)
    if starred:  # ``export type * from "./x"``: ``export * from "./x"`` to a schema
        for start in starred:
            repaired[start : start + 4] = b"    "
        candidate = parser.parse(bytes(repaired))
        if not _better(candidate.root_node, tree.root_node):
            repaired = bytearray(source)
        else:
            tree = candidate
            if not tree.root_node.has_error:
                return tree
    done: set[int] = set()
    for _ in range(MAX_ROUNDS):
        found = [start for start in keyword_names(tree.root_node, source) if start not in done]
        if not found:
            break
        for start in found:
            repaired[start : start + 1] = b"_"  # ``abstract`` -> ``_bstract``: same length
        done.update(found)
        candidate = parser.parse(bytes(repaired))
        if not _better(candidate.root_node, tree.root_node):
            break  # no better: keep what the grammar said, so its error is the one reported
        tree = candidate
        if not tree.root_node.has_error:
            break
    return tree


def _renamed(source: bytes, starts: list[int]) -> bytes:
    """``source`` with the keyword at each of ``starts`` made an identifier (same length)."""
    repaired = bytearray(source)
    for start in starts:
        repaired[start : start + 1] = b"_"
    return bytes(repaired)


# ``import("./x").`` as a type (not ``typeof import(...)``, a value).
_IMPORT_CALL = re.compile(
    rb"(?<![\w$.])import[ \t]*\([ \t]*(\"[^\"\n]*\"|'[^'\n]*')[ \t]*\)(?=\s*\.)"
)
_TYPEOF_BEFORE = re.compile(rb"typeof\s*$")


def import_type_calls(source: bytes) -> list[tuple[int, int]]:
    """The byte ranges of the ``import("./x")`` of the import types in ``source``."""
    return [
        match.span()
        for match in _IMPORT_CALL.finditer(source)
        if not _TYPEOF_BEFORE.search(source[max(0, match.start() - 40) : match.start()])
    ]


def _blanked(source: bytes, spans: list[tuple[int, int]]) -> bytes:
    """``source`` with each span an identifier of its length (``import("./x")`` is read
    as a name, ``_____________``)."""
    repaired = bytearray(source)
    for start, end in spans:
        repaired[start:end] = b"_" * (end - start)
    return bytes(repaired)


# ``<in T``, ``, out T``, ``<const in T``: the modifiers of a type parameter.
_VARIANCE = re.compile(rb"(?<=[<,])\s*((?:(?:in|out|const)\s+)+)(?=[A-Za-z_$])")


def variance_annotations(root: tree_sitter.Node, source: bytes) -> list[tuple[int, int]]:
    """The byte ranges of ``in``/``out`` (and ``const`` beside them) before the type
    parameters of a list the grammar could not read."""
    found: list[tuple[int, int]] = []
    pending = [root]
    while pending:
        node = pending.pop()
        if node.type == "type_parameters" and node.has_error:
            text = source[node.start_byte : node.end_byte]
            for match in _VARIANCE.finditer(text):
                if re.search(rb"\b(?:in|out)\b", match[1]):
                    found.append((node.start_byte + match.start(1), node.start_byte + match.end(1)))
        else:
            pending.extend(c for c in node.children if c.has_error)
    return found


def _spaced(source: bytes, spans: list[tuple[int, int]]) -> bytes:
    repaired = bytearray(source)
    for start, end in spans:
        repaired[start:end] = b" " * (end - start)
    return bytes(repaired)


# What the source must hold for ``mapped_keyword_keys`` to find anything: ``[`` then a
# contextual keyword or a comment, whitespace between (any non-ASCII byte counts, for
# Unicode spaces). A superset (``[type]`` matches too) that a linear scan finds.
_MAPPED_KEYWORD_TEXT = re.compile(
    rb"\[[\s\x80-\xff]*(?:/[/*]|(?:"
    + b"|".join(sorted(word.encode() for word in CONTEXTUAL_KEYWORDS))
    + rb")\b)"
)


def mapped_keyword_keys(root: tree_sitter.Node, source: bytes) -> list[int]:
    """Start offsets of the contextual keywords that key a mapped type the grammar read as
    a member with the computed name ``keyword in T`` (a type member, not an object
    literal's key, where ``[type in o]`` is a value)."""
    if _MAPPED_KEYWORD_TEXT.search(source) is None:
        return []  # the walk below visits every node of the tree (#37)
    found: list[int] = []
    pending = [root]
    while pending:
        node = pending.pop()
        pending.extend(node.children)
        if node.type != "computed_property_name" or node.parent is None:
            continue
        if node.parent.type != "property_signature":
            continue
        inner = next((c for c in node.named_children if c.type != "comment"), None)
        if inner is None or inner.type != "binary_expression":
            continue
        left, operator = inner.child_by_field_name("left"), inner.child_by_field_name("operator")
        if left is None or operator is None or _text(operator, source) != "in":
            continue
        if left.type == "identifier" and _text(left, source) in CONTEXTUAL_KEYWORDS:
            found.append(left.start_byte)
    return sorted(found)


def type_only_stars(root: tree_sitter.Node, source: bytes) -> list[int]:
    """Start offsets of the ``type`` of ``export type * from`` (TypeScript 5.0), which the
    grammar gives as an ``ERROR``: a top-level export whose error is just that word,
    before ``*``."""
    found = []
    for statement in root.children:
        if statement.type != "export_statement":
            continue
        kids = statement.children
        for i, kid in enumerate(kids[:-1]):
            text = source[kid.start_byte : kid.end_byte]
            if kid.type == "ERROR" and text.strip() in (b"type", b"type *"):
                following = source[kid.end_byte : kids[i + 1].end_byte].lstrip()
                if text.strip() == b"type *" or following.startswith(b"*"):
                    found.append(kid.start_byte + text.index(b"type"))
    return found


def keyword_names(root: tree_sitter.Node, source: bytes) -> list[int]:
    """Start offsets of the contextual keywords in name positions that an error touches."""
    # A MISSING token (``accessor ?:`` gets a zero-width name) is the grammar's guess.
    leaves = [leaf for leaf in _leaves(root) if leaf.type != "comment" and not leaf.is_missing]
    errors = _errors(root)
    found: list[int] = []
    for i, leaf in enumerate(leaves):
        word = _text(leaf, source)
        # The token is the keyword itself (``unique`` is lexed as ``unique symbol``'s first
        # part) or an identifier, never a string's text.
        if word not in CONTEXTUAL_KEYWORDS or not (
            leaf.type.split(" ")[0] == word or leaf.type.endswith("identifier")
        ):
            continue
        after = _after(leaves, i, source)
        if after is None or (after in ("(", "<") and word in _NOT_METHODS):
            continue
        if not _name_position_before(leaves, i, source):
            continue
        end = leaves[min(i + 2, len(leaves) - 1)].end_byte
        if any(start <= end and stop >= leaf.start_byte for start, stop in errors):
            found.append(leaf.start_byte)
    return found


def _after(leaves: list[tree_sitter.Node], i: int, source: bytes) -> str | None:
    """What follows the keyword at ``i``, if it makes the keyword a name: ``:``, ``(``,
    ``<``, or ``?`` followed by one of those."""
    if i + 1 >= len(leaves):
        return None
    nxt = _text(leaves[i + 1], source)
    if nxt == "?:":
        return ":"
    if nxt == "?" and i + 2 < len(leaves):
        nxt = _text(leaves[i + 2], source)
    return nxt if nxt in _AFTER else None


def _name_position_before(leaves: list[tree_sitter.Node], i: int, source: bytes) -> bool:
    if i == 0:
        return True
    before = leaves[i - 1]
    if _text(before, source) in _BEFORE:
        return True
    # A member ended by a line break (no ``;``), or a comment (JSDoc) just before.
    between = source[before.end_byte : leaves[i].start_byte]
    return b"\n" in between or b"*/" in between or b"//" in between


def _text(node: tree_sitter.Node, source: bytes) -> str:
    return source[node.start_byte : node.end_byte].decode(errors="replace")


def _leaves(root: tree_sitter.Node) -> list[tree_sitter.Node]:
    """Every token in document order (iterative: trees can be deep)."""
    out: list[tree_sitter.Node] = []
    pending = [root]
    while pending:
        node = pending.pop()
        if node.child_count == 0:
            out.append(node)
        else:
            pending.extend(reversed(node.children))
    return out


def _errors(root: tree_sitter.Node) -> list[tuple[int, int]]:
    """The byte ranges of every ERROR and MISSING node."""
    out: list[tuple[int, int]] = []
    pending = [root]
    while pending:
        node = pending.pop()
        if node.is_error or node.is_missing:
            out.append((node.start_byte, node.end_byte))
        pending.extend(c for c in node.children if c.has_error)  # true of ERROR and MISSING
    return out


def _better(new: tree_sitter.Node, old: tree_sitter.Node) -> bool:
    """Fewer errors, or the first one later in the file."""
    if not new.has_error:
        return True
    new_errors, old_errors = _errors(new), _errors(old)
    if len(new_errors) != len(old_errors):
        return len(new_errors) < len(old_errors)
    return min(new_errors)[0] > min(old_errors)[0]

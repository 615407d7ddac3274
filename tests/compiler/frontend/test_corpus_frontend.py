"""The front end accepts all five official MCP schema revisions and reads them correctly."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.queries import flat_properties
from tests.conftest import REVISIONS, require_corpus

pytestmark = pytest.mark.corpus

# Hand-counted with grep over each schema.ts: interfaces, type aliases, consts.
COUNTS = {
    "2024-11-05": (66, 13, 7),
    "2025-03-26": (68, 15, 7),
    "2025-06-18": (76, 15, 7),
    "2025-11-25": (120, 25, 8),
    "2026-07-28": (128, 27, 10),
}


def load(revision: str) -> ir.Schema:
    path = require_corpus(revision) / "schema.ts"
    diagnostics = Diagnostics()
    schema = resolve([parse_module(f"{revision}/schema.ts", path.read_text("utf-8"))], diagnostics)
    assert diagnostics.warnings == []
    return schema


@pytest.mark.parametrize("revision", REVISIONS)
def test_revision_resolves_with_expected_counts(revision: str) -> None:
    schema = load(revision)
    kinds = [decl.kind for decl in schema.decls.values()]
    counts = (kinds.count("interface"), kinds.count("alias"), kinds.count("const"))
    assert counts == COUNTS[revision]
    latest = schema.decls["LATEST_PROTOCOL_VERSION"]
    assert isinstance(latest, ir.Const) and latest.value == revision


@pytest.mark.parametrize("revision", REVISIONS)
def test_every_official_definition_is_declared(revision: str) -> None:
    schema = load(revision)
    official = json.loads((require_corpus(revision) / "schema.json").read_text("utf-8"))
    definitions = official.get("$defs") or official["definitions"]
    assert set(definitions) <= set(schema.decls)


@pytest.mark.parametrize("revision", REVISIONS)
def test_jsonrpc_request_shape(revision: str) -> None:
    schema = load(revision)
    request = schema.interface("JSONRPCRequest")
    assert request is not None
    assert [base.name for base in request.extends if isinstance(base, ir.Ref)] == ["Request"]
    props = {p.name: p for p in flat_properties(schema, request)}
    assert list(props) == ["method", "params", "jsonrpc", "id"]
    assert props["jsonrpc"].type.kind == "literal"
    assert isinstance(props["jsonrpc"].type, ir.Literal) and props["jsonrpc"].type.value == "2.0"
    assert props["params"].optional and not props["method"].optional


@pytest.mark.parametrize("revision", REVISIONS)
def test_error_codes_are_negative_ints(revision: str) -> None:
    schema = load(revision)
    parse_error = schema.decls["PARSE_ERROR"]
    assert isinstance(parse_error, ir.Const) and parse_error.value == -32700


def test_2026_header_mismatch_extends_omit() -> None:
    schema = load("2026-07-28")
    error = schema.interface("HeaderMismatchError")
    assert error is not None
    (base,) = error.extends
    assert isinstance(base, ir.Omit) and base.keys == ("error",)
    assert base.base == ir.Ref("JSONRPCErrorResponse", (), base.base.span)
    assert [p.name for p in flat_properties(schema, error)] == ["jsonrpc", "id", "error"]
    (own,) = error.body.properties
    assert isinstance(own.type, ir.Intersection)
    # The intersection narrows Error.code in place: [code, message, data].
    code, message, data = flat_properties(schema, own.type)
    assert (code.name, message.name, data.name) == ("code", "message", "data")
    assert code.type == ir.Literal(-32020, code.type.span)  # typeof HEADER_MISMATCH


def test_2026_docs_and_deprecations() -> None:
    schema = load("2026-07-28")
    caps = schema.interface("ClientCapabilities")
    assert caps is not None
    roots = next(p for p in caps.body.properties if p.name == "roots")
    deprecated = roots.doc.get("deprecated")
    assert deprecated is not None and deprecated.startswith("Deprecated as of protocol version")
    assert roots.doc.description == "Present if the client supports listing roots."
    assert roots.type == ir.Object(span=roots.type.span)
    meta = schema.interface("RequestMetaObject")
    assert meta is not None
    assert "io.modelcontextprotocol/logLevel" in {p.name for p in meta.body.properties}
    json_value = schema.decls["JSONValue"]
    assert json_value.doc.get("category") == "Common Types"


def test_2026_parses_and_resolves_in_linear_work() -> None:
    """No blow-up in the front end, counted rather than timed (speed is ``make bench``'s):
    parsing and resolving make about 1.1 Python calls per byte of the 2026-07-28 schema
    (1.5 on 2025-11-25, 1.6 on 2024-11-05, a third of its size), and must stay under 3.
    A step that compares each of its 303 properties with each other one, at 3 calls a
    pair, passes that; the timed bound this replaces allowed 30 times the usual time."""
    path = require_corpus("2026-07-28") / "schema.ts"
    text = path.read_text("utf-8")
    resolve([parse_module("schema.ts", text)])  # warm the parser's caches
    assert _calls(text) < 3 * len(text.encode("utf-8"))


def _calls(text: str) -> int:
    """The Python calls one parse and resolve of ``text`` makes."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        resolve([parse_module("schema.ts", text)])
    finally:
        sys.setprofile(None)
    return calls


EDITS = st.lists(
    st.tuples(
        st.floats(0, 1, exclude_max=True),
        st.one_of(
            st.integers(1, 20),
            st.sampled_from(["<", "}", "|", "[]", "typeof ", "Omit<", "extends ", '"x"', "?"]),
            st.sampled_from(["/**", "@override", "-", "keyof ", "Foo", "\\u", "`", ";"]),
        ),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=100, deadline=None)
@given(EDITS)
def test_corrupted_official_schema_fails_cleanly(edits: list[tuple[float, int | str]]) -> None:
    text = (require_corpus("2024-11-05") / "schema.ts").read_text("utf-8")
    for where, edit in edits:
        at = int(where * len(text))
        # An int deletes that many characters; a string is inserted.
        text = (
            text[:at] + text[at + edit :] if isinstance(edit, int) else text[:at] + edit + text[at:]
        )
    try:
        schema = resolve([parse_module("m.ts", text)])
    except SchemaError as err:
        assert str(err).startswith("m.ts:") and "\n" not in str(err)
        return
    for decl in schema.decls.values():
        if isinstance(decl, ir.Interface):
            flat_properties(schema, decl)

"""Shared test vectors: per definition, values the schema accepts and near-misses it rejects.

``generate --test-vectors DIR`` (issue #37). The emitter is fed by the JSON Schema
emitter's output (``schema.json``), never by the IR's types: a vector means what that
document means, and each one is checked against it with ``jsonschema`` before it is
written (``codegen.emit.vectors.build``). The IR is read only for where a definition is
declared, to locate a warning or an error.

The folder (the format is documented in ``docs/test-vectors.md``):

* ``index.json``: the format and its version, the schema's ``$schema``/``$id``, its
  revision (a ``LATEST_PROTOCOL_VERSION`` constant, as MCP's) and the SHA-256 of its text, totals, and per definition its file and counts;
* ``schema.json``: the JSON Schema the vectors were checked against;
* one ``<file>.json`` per definition (``layout.file_names``): ``accept`` and ``reject``
  lists of ``{"value", "why"}``, a reject also with ``at`` (a JSON Pointer to the mutated
  spot) and ``keywords`` (what ``jsonschema`` reported there).

Same schema, same bytes: nothing depends on time, paths or hash order.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from ... import ir
from ...errors import Diagnostics, SchemaError
from ..instances import Side
from .build import Builder, Vector, Vectors, Work, WorkSpent, pointer, schema_errors
from .layout import file_names

FORMAT = "mcp-negotiation-test-vectors"
VERSION = 1
INDEX = "index.json"
SCHEMA = "schema.json"


def emit_vectors(
    schema: ir.Schema,
    files: Mapping[str, str],
    diagnostics: Diagnostics | None = None,
    work: Work | None = None,
) -> dict[str, str]:
    """The vectors folder as ``{path: text}``, from the JSON Schema emitter's ``files``.

    A definition whose schema ``jsonschema`` cannot use (a ``@pattern`` that is no regular
    expression) gets no vectors and a located warning; the work budget spent is a located
    ``SchemaError`` at the definition where it ran out."""
    diags = diagnostics if diagnostics is not None else Diagnostics()
    text = files[SCHEMA]
    document: dict[str, Any] = json.loads(text)
    side = Side(document)
    names = list(side.defs)
    paths = file_names(names)
    budget = work if work is not None else Work()
    builder = Builder(side, budget)
    out = {SCHEMA: text}
    entries: dict[str, dict[str, Any]] = {}
    spans = {_key(name, decl): decl.span for name, decl in schema.decls.items()}
    for name in names:
        span = spans.get(name, ir.NO_SPAN)
        try:
            vectors = builder.build(name)
        except WorkSpent:
            raise SchemaError(
                span,
                f"the test vectors of '{name}' need more than {budget.limit} JSON nodes of "
                "values in all (the vectors' work budget); the schema is too large for "
                "--test-vectors",
            ) from None
        except Exception as err:
            if not isinstance(err, schema_errors()) and not type(err).__module__.startswith(
                ("jsonschema", "referencing")  # referencing's errors share no public base
            ):
                raise
            first = (str(err).splitlines() or [""])[0]
            what = "a bad regular expression" if isinstance(err, re.error) else type(err).__name__
            diags.warn(
                f"no test vectors for '{name}': jsonschema cannot use its JSON Schema "
                f"({what}: {first})",
                span,
            )
            vectors = Vectors()
        out[paths[name]] = _dump(
            {
                "definition": name,
                "schema": {"$ref": f"{SCHEMA}#{_fragment(side.defs_key, name)}"},
                "accept": [_accept(v) for v in vectors.accept],
                "reject": [_reject(v) for v in vectors.reject],
            }
        )
        entries[name] = {
            "file": paths[name],
            "accept": len(vectors.accept),
            "reject": len(vectors.reject),
            "dropped": vectors.dropped,
        }
    # the protocol revision, where the schema names it as MCP's do
    latest = schema.decls.get("LATEST_PROTOCOL_VERSION")
    revision = latest.value if isinstance(latest, ir.Const) else None
    out[INDEX] = _dump(
        {
            "format": FORMAT,
            "version": VERSION,
            "schema": {
                "file": SCHEMA,
                "$schema": document.get("$schema"),
                "$id": document.get("$id"),
                "revision": revision if isinstance(revision, str) else None,
                "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            },
            "counts": {
                "definitions": len(entries),
                "accept": sum(e["accept"] for e in entries.values()),
                "reject": sum(e["reject"] for e in entries.values()),
                "dropped": sum(e["dropped"] for e in entries.values()),
            },
            "definitions": entries,
        }
    )
    return out


def _fragment(*path: str) -> str:
    """A JSON Pointer as a URI fragment (RFC 6901, section 6): non-ASCII percent-encoded."""
    return quote(pointer(path), safe="/~$!&'()*+,;=:@")


def _key(name: str, decl: ir.Decl) -> str:
    """A declaration's key in ``$defs``: its namespace path when it has one."""
    qualname = decl.qualname if isinstance(decl, ir.Interface | ir.Alias) else ""
    return qualname or name


def _accept(vector: Vector) -> dict[str, Any]:
    return {"value": vector.value, "why": vector.why}


def _reject(vector: Vector) -> dict[str, Any]:
    return {
        "value": vector.value,
        "why": vector.why,
        "at": pointer(vector.at),
        "keywords": list(vector.keywords),
    }


def _dump(value: Any) -> str:
    # ASCII: a schema string may hold a lone surrogate, which no UTF-8 file can.
    return json.dumps(value, indent=2, ensure_ascii=True, allow_nan=False) + "\n"

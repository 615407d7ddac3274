"""The generated ``models.py`` opens with the schema's types: the wire plumbing its models
share is the static ``_wire.py`` beside it, a verbatim copy of ``codegen/runtime/_wire.py``."""

from __future__ import annotations

import ast

import mcp_ext

from codegen.build.pipeline import load_schema
from codegen.emit.python.naming import assign_names
from tests.conftest import ROOT

PACKAGE = ROOT / "generated" / "mcp_ext"


def _top_level(text: str) -> list[ast.stmt]:
    body = ast.parse(text).body
    return [n for n in body if not isinstance(n, ast.Import | ast.ImportFrom | ast.Expr)]


def test_models_defines_the_schemas_types_and_no_plumbing() -> None:
    statements = _top_level((PACKAGE / "models.py").read_text("utf-8"))
    assert not [n.name for n in statements if isinstance(n, ast.FunctionDef)]
    schema_classes = {spec.name for spec in assign_names(load_schema(
        sorted((ROOT / "schema").rglob("*.ts"))
    )).classes}  # fmt: skip
    classes = {n.name for n in statements if isinstance(n, ast.ClassDef)}
    assert classes <= schema_classes
    # Before the first class: the union routes and the schema's constants, nothing else.
    first_class = next(i for i, n in enumerate(statements) if isinstance(n, ast.ClassDef))
    for node in statements[:first_class]:
        assert isinstance(node, ast.Assign | ast.AnnAssign), ast.unparse(node)[:80]
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target
        assert isinstance(target, ast.Name)
        assert target.id.startswith(("_route_", "_kind_")) or target.id.isupper(), target.id


def test_the_plumbing_is_the_static_runtime_re_exported_as_before() -> None:
    wire = (PACKAGE / "_wire.py").read_text("utf-8")
    source = (ROOT / "codegen" / "runtime" / "_wire.py").read_text("utf-8")
    assert wire.split("\n", 2)[2] == source  # after the generated header
    from mcp_ext import _wire, models

    assert models.SchemaModel is _wire.SchemaModel is mcp_ext.SchemaModel
    assert models.decode_wire_json is _wire.decode_wire_json is mcp_ext.decode_wire_json
    assert vars(models)["Omittable"] is _wire.Omittable  # imported, not re-exported
    assert issubclass(mcp_ext.ServerVariant, _wire.SchemaModel)

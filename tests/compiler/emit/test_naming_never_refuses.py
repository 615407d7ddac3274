"""Naming never refuses valid TypeScript (issues #33 and #34): each construct that a
naming rule used to refuse compiles to a whole package, imports with every warning an
error (as ``python -W error``), validates its wire form exactly, and keeps TypeScript's
names in ``schema.json``."""

from __future__ import annotations

import importlib
import itertools
import json
import sys
import unicodedata
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import build, load_schema
from codegen.errors import Diagnostics

_counter = itertools.count()


def compile_package(
    tmp_path: Path, files: dict[str, str]
) -> tuple[ModuleType, dict[str, Any], Diagnostics]:
    """``files`` (``main.ts`` first) compiled by every emitter into a fresh package,
    imported with warnings as errors; the package, its JSON Schema and the diagnostics."""
    schema_dir = tmp_path / f"schema{next(_counter)}"
    schema_dir.mkdir()
    for name, text in files.items():
        (schema_dir / name).write_text(text, "utf-8")
    diagnostics = Diagnostics()
    schema = load_schema([schema_dir / "main.ts"], diagnostics)
    out = build(schema, command="pytest", diagnostics=diagnostics)
    name = f"never_refuses_{next(_counter)}_{abs(hash(str(tmp_path))) % 10**8}"
    package = tmp_path / "pkgs" / name
    package.mkdir(parents=True)
    for rel, text in out.items():
        (package / rel).write_text(text, "utf-8")
    sys.path.insert(0, str(package.parent))
    try:
        importlib.invalidate_caches()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            module = importlib.import_module(name)
    finally:
        sys.path.remove(str(package.parent))
    return module, json.loads(out["schema.json"]), diagnostics


def round_trips(package: ModuleType, python_name: str, value: Any) -> Any:
    """``value`` validated from JSON as ``python_name`` and dumped again, exactly."""
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(package.models, python_name))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parsed = adapter.validate_json(json.dumps(value))
        assert adapter.dump_python(parsed, mode="json", by_alias=True, exclude_unset=True) == value
    return parsed


def valid_in_schema(document: dict[str, Any], definition: str, value: Any) -> None:
    jsonschema.validate(value, {**document, "$ref": f"#/$defs/{definition}"})


def notes(diagnostics: Diagnostics) -> list[str]:
    return [note.message for note in diagnostics.notes]


# --------------------------------------------------------------------------- #33


def test_a_type_named_like_a_builtin_and_an_alias_named_id(tmp_path: Path) -> None:
    package, document, diagnostics = compile_package(
        tmp_path,
        {
            "main.ts": "export interface Exception { message: string }\n"
            "export type id = string;\n"
            "export interface Holder { error: Exception; id: id }\n"
        },
    )
    value = {"error": {"message": "boom"}, "id": "x1"}
    holder = round_trips(package, "Holder", value)
    assert isinstance(holder.error, package.models.Exception_)
    assert package.Exception_ is package.models.Exception_  # the package root exports it
    assert package.models.id_ is not None and not hasattr(package.models, "id")
    assert {"Exception", "id", "Holder"} <= document["$defs"].keys()  # TypeScript's names
    valid_in_schema(document, "Holder", value)
    assert "renamed 'Exception' to 'Exception_' (shadows a built-in)" in notes(diagnostics)


def test_a_field_and_its_underscored_metadata_beside_it(tmp_path: Path) -> None:
    package, document, _ = compile_package(
        tmp_path,
        {
            "main.ts": "export interface Patient { _birthDate?: Element; birthDate?: string }\n"
            "export interface Element { id?: string }\n"
        },
    )
    value = {"birthDate": "1970-01-01", "_birthDate": {"id": "e1"}}
    patient = round_trips(package, "Patient", value)
    assert patient.birth_date == "1970-01-01" and patient.birth_date_.id == "e1"
    element = package.models.Element(id="e2")
    built = package.models.Patient(birth_date="2000-02-02", birth_date_=element)
    assert built.model_dump(by_alias=True, exclude_unset=True) == {
        "birthDate": "2000-02-02",
        "_birthDate": {"id": "e2"},
    }
    valid_in_schema(document, "Patient", value)


FINDING = """\
export interface Finding { status?: Finding.status; severity: Finding.severity }
export namespace Finding {
  export type status = "open" | "closed";
  export type severity = "low" | "high";
}
"""


def test_namespace_aliases_used_in_the_class_of_the_same_name(tmp_path: Path) -> None:
    package, document, _ = compile_package(tmp_path, {"main.ts": FINDING})
    value = {"status": "open", "severity": "low"}
    finding = round_trips(package, "Finding", value)
    assert (finding.status, finding.severity) == ("open", "low")
    for bad in ({"status": "maybe", "severity": "low"}, {"severity": "medium"}):
        with pytest.raises(ValidationError):
            package.models.Finding.model_validate_json(json.dumps(bad))
    valid_in_schema(document, "Finding", value)


def test_an_anonymous_object_in_an_intersection_that_is_a_union_member(
    tmp_path: Path,
) -> None:
    package, document, _ = compile_package(
        tmp_path,
        {
            "main.ts": "export interface AuthTerminal { terminalId: string }\n"
            "export interface AuthAgent { type: 'agent'; agentId: string }\n"
            "export type Auth = (AuthTerminal & { type: 'terminal' }) | AuthAgent;\n"
            "export interface Session { auth: Auth; extra?: { a: string }[] | { b: number } }\n"
        },
    )
    for value in (
        {"auth": {"terminalId": "t", "type": "terminal"}},
        {"auth": {"type": "agent", "agentId": "a"}, "extra": {"b": 1}},
        {"auth": {"type": "agent", "agentId": "a"}, "extra": [{"a": "x"}]},
    ):
        round_trips(package, "Session", value)
        valid_in_schema(document, "Session", value)
    terminal = round_trips(package, "Auth", {"terminalId": "t", "type": "terminal"})
    assert isinstance(terminal, package.models.AuthTerminal)
    with pytest.raises(ValidationError):
        TypeAdapter(package.models.Auth).validate_json('{"terminalId": "t", "type": "agent"}')


def test_an_import_and_a_namespace_member_of_the_same_name(tmp_path: Path) -> None:
    package, document, _ = compile_package(
        tmp_path,
        {
            "main.ts": 'import { Frame } from "./frame";\n'
            "export interface Use { frame: Frame; options: Options.Frame }\n"
            "export namespace Options { export interface Frame { depth: number; next?: Frame } }\n",
            "frame.ts": "export interface Frame { x: number }\n",
        },
    )
    value = {"frame": {"x": 1}, "options": {"depth": 2, "next": {"depth": 3}}}
    round_trips(package, "Use", value)
    with pytest.raises(ValidationError):  # ``next`` is the namespace's Frame, not the import
        package.models.Use.model_validate_json(
            '{"frame": {"x": 1}, "options": {"depth": 2, "next": {"x": 1}}}'
        )
    assert {"Frame", "Options.Frame", "Use"} <= document["$defs"].keys()
    valid_in_schema(document, "Use", value)


def test_an_import_of_an_exported_namespace(tmp_path: Path) -> None:
    package, document, _ = compile_package(
        tmp_path,
        {
            "main.ts": 'import { Tags } from "./common";\n'
            "export interface Tagged { tag: Tags.Tag; color?: Tags.Color }\n",
            "common.ts": "export namespace Tags {\n"
            "  export type Tag = 'a' | 'b';\n"
            "  export interface Color { rgb: string }\n"
            "}\n",
        },
    )
    value = {"tag": "a", "color": {"rgb": "#fff"}}
    round_trips(package, "Tagged", value)
    with pytest.raises(ValidationError):
        package.models.Tagged.model_validate_json('{"tag": "c"}')
    valid_in_schema(document, "Tagged", value)


# --------------------------------------------------------------------------- #34


def test_a_type_named_model_config_referenced_by_another(tmp_path: Path) -> None:
    package, document, _ = compile_package(
        tmp_path,
        {
            "main.ts": "export interface model_config { a: string }\n"
            "export type mro = 'x' | 'y';\n"
            "export interface User { config: model_config; order?: mro }\n"
        },
    )
    value = {"config": {"a": "b"}, "order": "x"}
    round_trips(package, "User", value)
    assert package.models.model_config_.model_fields.keys() == {"a"}
    assert {"model_config", "mro"} <= document["$defs"].keys()
    valid_in_schema(document, "User", value)


def test_properties_named_like_the_metaclass_s_attributes(tmp_path: Path) -> None:
    keys = ["mro", "register", "model_config", "model_fields", "copy", "schema", "json"]
    body = "; ".join(f"{key}?: string" for key in keys)
    package, document, _ = compile_package(
        tmp_path, {"main.ts": f"export interface X {{ {body} }}"}
    )
    value = {key: key.upper() for key in keys}
    parsed = round_trips(package, "X", value)
    assert parsed.mro_ == "MRO" and parsed.register_ == "REGISTER"
    assert package.models.X.mro() == [package.models.X, *package.models.X.__mro__[1:]]
    valid_in_schema(document, "X", value)


def test_non_latin_and_nameless_keys(tmp_path: Path) -> None:
    keys = ["ключ", "変数", "_", "größe", "$", "ﬁx", "fix", "Größe", "+", "field_1"]
    body = "; ".join(f"{json.dumps(key)}?: number" for key in keys)
    package, document, _ = compile_package(
        tmp_path, {"main.ts": f"export interface X {{ {body} }}"}
    )
    value = {key: i for i, key in enumerate(keys)}
    parsed = round_trips(package, "X", value)
    fields = package.models.X.model_fields
    assert {"ключ", "変数", "größe", "fix", "field_1"} <= fields.keys()
    wire = {field.alias or name for name, field in fields.items()}
    assert wire == set(keys)  # one field per wire name
    assert parsed.ключ == 0 and parsed.変数 == 1 and parsed.größe == 3
    assert (parsed.fix, parsed.field_1) == (6, 9)
    valid_in_schema(document, "X", value)


# --------------------------------------------------------------------------- -v


def test_generate_prints_each_rename_with_v_only(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from codegen.cli import main

    schema = tmp_path / "main.ts"
    schema.write_text("export interface Exception { mro: string; _: number }\n")
    args = ["generate", "--schema", str(schema), "--no-cache"]
    quiet = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "a" / "pkg")])
    loud = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "b" / "pkg"), "-v"])
    assert quiet.exit_code == loud.exit_code == 0, (quiet.output, loud.output)
    assert "renamed" not in quiet.output
    where = f"{schema}:1:"
    renamed = [line for line in loud.output.splitlines() if "renamed" in line]
    assert renamed == [
        f"{where}1: renamed 'Exception' to 'Exception_' (shadows a built-in)",
        f"{where}30: renamed 'mro' to 'mro_' (an attribute of pydantic's BaseModel)",
        f"{where}43: renamed '_' to 'field_1' (no letter or digit)",
    ]


GENERIC = """\
export interface JSONRPCRequest { jsonrpc: "2.0"; id: number | string; method: string; params?: unknown }
export interface JSONRPCSuccessResponse { jsonrpc: "2.0"; id: number | string; result: unknown }
export interface JSONRPCErrorResponse { jsonrpc: "2.0"; id: number | string; error: { code: number; message: string } }
export interface Exception { name: string }
export interface Mapping { found: boolean }
export interface GetRequest extends JSONRPCRequest { method: "items/get"; params: Exception }
export interface GetSuccessResponse extends JSONRPCSuccessResponse { result: Mapping }
export type GetResponse = GetSuccessResponse | JSONRPCErrorResponse;
/** @result Mapping */
export interface Get2Request extends JSONRPCRequest { method: "items_get"; params: Exception }
"""


def test_methods_and_message_types_named_like_what_other_modules_bind(tmp_path: Path) -> None:
    """Two methods that want one Python name, a params type named like a built-in and a
    result type named like what the methods, server and client modules import
    (``Mapping``): the package still imports, and serves both methods."""
    package, document, diagnostics = compile_package(tmp_path, {"main.ts": GENERIC})
    methods = importlib.import_module(f"{package.__name__}.methods")
    assert {m: s.handler for m, s in methods.METHODS.items()} == {
        "items/get": "items_get",
        "items_get": "items_get_",
    }
    assert package.models.Mapping_ is methods.METHODS["items_get"].result  # its @result
    assert package.models.Exception_ is methods.METHODS["items/get"].params
    server = importlib.import_module(f"{package.__name__}.server")
    assert callable(server.ServerHandler.items_get) and callable(server.ServerHandler.items_get_)
    assert {"Exception", "Mapping"} <= document["$defs"].keys()
    assert "renamed 'Mapping' to 'Mapping_' (another generated module binds it)" in notes(
        diagnostics
    )


def test_an_import_of_a_namespace_from_a_mapped_package(tmp_path: Path) -> None:
    """A package brings what is imported and what that needs: a namespace brings the
    members the importer names through it (``Tags.Tag``), not the rest."""
    from codegen.build.pipeline import Options
    from codegen.emit.jsonschema import schema_document

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "index.d.ts").write_text(
        'export namespace Tags { export type Tag = "a" | "b"; export interface Color { rgb: string } }\n'
        "export interface Unused { z: number }\n"
    )
    (tmp_path / "main.ts").write_text(
        'import { Tags } from "@x/pkg";\n'
        "export interface Tagged { tag: Tags.Tag; color?: Tags.Color }\n"
    )
    options = Options(import_map=(("@x/pkg", str(tmp_path / "pkg" / "index.d.ts")),))
    document = schema_document(load_schema([tmp_path / "main.ts"], options=options))
    assert sorted(document["$defs"]) == ["Color", "Tag", "Tagged"]
    valid_in_schema(document, "Tagged", {"tag": "a", "color": {"rgb": "#000"}})


def test_two_types_that_want_one_checker_get_two(tmp_path: Path) -> None:
    """``@conformsTo`` on ``Result`` and ``result``: ``check_result`` and ``check_result_``."""
    package, _, _ = compile_package(
        tmp_path,
        {
            "main.ts": "export interface Tool { outputSchema?: { [key: string]: unknown } }\n"
            "export interface Result { /** @conformsTo outputSchema */ data?: unknown }\n"
            "export interface result { /** @conformsTo outputSchema */ data?: unknown }\n"
        },
    )
    validators = importlib.import_module(f"{package.__name__}.validators")
    schema = {"type": "object", "required": ["x"]}
    upper = package.models.Result.model_validate_json('{"data": {}}')
    lower = package.models.result.model_validate_json('{"data": {"x": 1}}')
    assert [f.loc for f in validators.check_result(upper, schema)] == [("data",)]
    assert validators.check_result_(lower, schema) == []


def test_a_key_opening_with_a_combining_mark_names_its_anonymous_class(tmp_path: Path) -> None:
    """``Foo`` + ``"\\u0301x"`` joins under NFKC (``Foóx``): the name was not what Python
    reads, and appending ``_`` never changed that, so naming looped without end."""
    import signal

    def stop(*_: object) -> None:
        raise TimeoutError("naming did not end")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(30)
    try:
        package, _, _ = compile_package(
            tmp_path, {"main.ts": 'export interface Foo { "\\u0301x": { a: number } }\n'}
        )
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    model = package.models.Foo
    assert model.model_validate({"\u0301x": {"a": 1}}).model_dump(by_alias=True) == {
        "\u0301x": {"a": 1}
    }
    assert all(
        unicodedata.normalize("NFKC", n) == n for n in vars(package.models) if n.startswith("Foo")
    )

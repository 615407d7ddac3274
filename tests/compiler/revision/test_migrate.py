"""``codegen migrate``: the libcst codemod, on a sample of user code with golden output."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen.cli.migrate import migrate_command
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.revision import diff_schemas
from codegen.revision.migrate import Plan, build_plan, migrate_source

SAMPLE = Path(__file__).resolve().parents[2] / "migrate_sample"


def plan_of(old: str, new: str) -> Plan:
    old_schema = resolve([parse_module("old.ts", old)], Diagnostics())
    new_schema = resolve([parse_module("new.ts", new)], Diagnostics())
    return build_plan(diff_schemas(old_schema, new_schema), old_schema, new=new_schema)


def run_migrate(tmp_path: Path, *extra: str) -> tuple[Path, str, int]:
    work = tmp_path / "input"
    shutil.copytree(SAMPLE / "input", work)
    args = ["--from", str(SAMPLE / "old"), "--to", str(SAMPLE / "new"), str(work), *extra]
    result = CliRunner().invoke(migrate_command, args)
    return work, result.output.replace(str(work), "input"), result.exit_code


def test_sample_matches_golden_output(tmp_path: Path, update_golden: bool) -> None:
    work, output, code = run_migrate(tmp_path)
    notes = output
    expected = SAMPLE / "expected"
    if update_golden:
        shutil.rmtree(expected, ignore_errors=True)
        shutil.copytree(work, expected)
        (expected / "notes.txt").write_text(notes)
    for path in sorted(work.rglob("*.py")):
        golden = expected / path.relative_to(work)
        assert path.read_text() == golden.read_text(), f"{path.name} differs from {golden}"
    assert notes == (expected / "notes.txt").read_text()
    assert code == 1  # some places are left for a human


def test_golden_output_shows_each_rewrite() -> None:
    app = (SAMPLE / "expected" / "app.py").read_text()
    # import of a renamed class, with and without an alias, and through a module
    assert "from mcp_ext import EmbeddedResource, ResourceTemplateReference," in app
    assert "from mcp_ext.models import ResourceTemplateReference as Ref\n" in app
    assert "return Ref(type=" in app
    assert "models.ResourceTemplateReference(type=" in app
    # EmbeddedResource(annotations=...) moved into the resource constructor
    assert "text=text, annotations=Annotations(priority=0.5)),\n    )" in app
    # renamed attribute, as a keyword and as an attribute
    assert "structured_content=data" in app and "out.structured_content" in app
    notes = (SAMPLE / "expected" / "notes.txt").read_text()
    assert "input/app.py:37: todo: ToolResult(legacy_note=...): the field was removed" in notes
    assert "input/contents.py:4: todo: ResourceContents was removed from the schema" in notes
    assert "input/app.py:13: fixed: EmbeddedResource(annotations=...) moved into resource=" in notes
    assert "input/app.py:15: todo: TextResourceContents(...) lacks name=, now required" in notes
    assert notes.endswith("9 sites fixed, 6 left for a human, 0 notes\n")
    assert "resource= is not a constructor call here" in notes


def test_migrating_twice_changes_nothing_more(tmp_path: Path) -> None:
    work, _, _ = run_migrate(tmp_path)
    first = {p.name: p.read_text() for p in work.rglob("*.py")}
    CliRunner().invoke(
        migrate_command, ["--from", str(SAMPLE / "old"), "--to", str(SAMPLE / "new"), str(work)]
    )
    assert {p.name: p.read_text() for p in work.rglob("*.py")} == first


def test_dry_run_lists_the_sites_and_writes_nothing(tmp_path: Path) -> None:
    work, output, code = run_migrate(tmp_path, "--dry-run")
    expected = (SAMPLE / "expected" / "notes.txt").read_text()
    assert output == expected.replace(
        "sites fixed", "sites would be fixed (dry run: nothing written)"
    )
    assert (work / "app.py").read_text() == (SAMPLE / "input" / "app.py").read_text()
    assert code == 1
    work, output, _ = run_migrate(tmp_path / "again", "--dry-run", "--diff")
    assert "+from mcp_ext.models import ResourceTemplateReference as Ref" in output
    assert (work / "app.py").read_text() == (SAMPLE / "input" / "app.py").read_text()


def test_clean_migration_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "ok.py"
    path.write_text("from mcp_ext import ResourceReference\nx = ResourceReference(uri='u')\n")
    args = ["--from", str(SAMPLE / "old"), "--to", str(SAMPLE / "new"), str(path)]
    result = CliRunner().invoke(migrate_command, args)
    assert result.exit_code == 0, result.output
    assert path.read_text().endswith("x = ResourceTemplateReference(uri='u')\n")


def test_bad_python_and_bad_schema_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n")
    args = ["--from", str(SAMPLE / "old"), "--to", str(SAMPLE / "new"), str(broken)]
    result = CliRunner().invoke(migrate_command, args)
    assert result.exit_code == 2
    assert result.output.startswith(f"{broken}:1:")
    bad_schema = tmp_path / "bad.ts"
    bad_schema.write_text("export interface A { x: Nope }")
    result = CliRunner().invoke(
        migrate_command, ["--from", str(bad_schema), "--to", str(bad_schema), str(broken)]
    )
    assert result.exit_code == 2
    assert "error: unknown type 'Nope'" in result.output


def test_hinted_type_rename_and_constant_rename() -> None:
    plan = plan_of(
        "export const OLD_CODE = -32004;\nexport interface Old { x: string }",
        "export const NEW_CODE = -32004;\n/** @renamedFrom Old */\nexport interface New { x: string; y?: number }",
    )
    code, notes = migrate_source("from mcp_ext import Old, OLD_CODE\nOld(x=str(OLD_CODE))\n", plan)
    assert code == "from mcp_ext import New, NEW_CODE\nNew(x=str(NEW_CODE))\n"
    assert [str(n) for n in notes] == [
        "<string>:1: fixed: import Old renamed to New",
        "<string>:1: fixed: import OLD_CODE renamed to NEW_CODE",
        "<string>:2: fixed: Old renamed to New",
        "<string>:2: fixed: OLD_CODE renamed to NEW_CODE",
    ]


def test_ambiguous_attribute_is_reported_not_rewritten() -> None:
    plan = plan_of(
        "export interface A { old?: string }\nexport interface B { old?: string }",
        "export interface A { /** @renamedFrom old */ fresh?: string }\nexport interface B { old?: string }",
    )
    source = "from mcp_ext import A, B\ndef f(a: A) -> None:\n    print(a.old)\n"
    code, notes = migrate_source(source, plan, "f.py")
    assert code == source
    assert [str(n) for n in notes] == [
        "f.py:3: todo: .old may belong to A (changed in the new schema); not rewritten: "
        "the object's type is not visible here"
    ]
    # In a constructor call the class is known, so the keyword is renamed.
    assert (
        migrate_source("from mcp_ext import A\nA(old='x')\n", plan)[0]
        == "from mcp_ext import A\nA(fresh='x')\n"
    )


def test_local_names_that_shadow_nothing_generated_are_left_alone() -> None:
    plan = plan_of("export interface Old { x: string }", "export interface New { x: string }")
    source = "class Old:\n    pass\nOld()\nfrom other import Old as O\nO()\n"
    assert migrate_source(source, plan) == (source, [])


IDENTS = st.sampled_from(["Old", "x", "annotations", "resource", "structured", "mcp", "f", "obj"])


@st.composite
def python_without_the_package(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        a, b, c, d = (draw(IDENTS) for _ in range(4))
        lines.append(
            draw(
                st.sampled_from(
                    [
                        f"{a} = {b}.{c}",
                        f"{a}({b}={c}, {d}={a}.{b})",
                        f"import {a}",
                        f"from m import {a} as {b}",
                    ]
                )
            )
        )
    return "\n".join(lines) + "\n"


@settings(max_examples=80, deadline=None)
@given(python_without_the_package())
def test_code_that_does_not_import_the_package_is_never_touched(source: str) -> None:
    plan = plan_of(
        "export interface Old { x: string }\nexport interface E { resource: { u: string }; annotations?: string; structured?: string }",
        "export interface New { x: string }\nexport interface E { resource: { u: string; annotations?: string }; /** @renamedFrom structured */ sc?: string }",
    )
    assert migrate_source(source, plan) == (source, [])


NESTED_OLD = """\
export interface Caps { roots?: { listChanged?: boolean; depth?: number } }
export interface Schema { type: "object"; properties?: { [key: string]: object } }
export interface Tool { name: string; inputSchema: Schema; limits?: { max?: number; [key: string]: number } }
"""
NESTED_NEW = """\
export interface Caps { roots?: { depth?: number } }
export interface Schema { type: "object"; properties?: { [key: string]: object } }
export interface Tool { name: string; inputSchema: Schema; limits?: { [key: string]: string } }
"""


def test_nested_removals_in_literals_computed_values_and_attribute_chains() -> None:
    plan = plan_of(NESTED_OLD, NESTED_NEW)
    source = (
        "from mcp_ext import Caps, Tool\n"
        "a = Caps(roots={'listChanged': True})\n"  # still admitted on the wire: a note
        "b = Tool(name='t', input_schema=s, limits={'max': 3})\n"  # rejected now: todo
        "c = Tool(name='t', input_schema=s, limits=compute())\n"  # cannot be read: todo
        "print(a.roots.list_changed)\n"
    )
    code, notes = migrate_source(source, plan, "n.py")
    assert code == source
    assert [str(n) for n in notes] == [
        "n.py:2: note: Caps.roots.listChanged is no longer declared; the wire still admits it",
        "n.py:3: todo: Tool.limits.max was removed from the schema",
        "n.py:4: todo: Tool(limits=...) is computed here; Tool.limits.max was removed: "
        "check the value",
        "n.py:5: todo: Caps.roots.list_changed was removed from the schema",
    ]


def test_dynamic_uses_are_reported() -> None:
    plan = plan_of(
        "export interface A { gone?: string; keep?: string }",
        "export interface A { keep?: string; now: number }",
    )
    source = "from mcp_ext import A\na = A(**fields)\nb = A(keep='x')\nprint(getattr(a, 'gone'))\n"
    _, notes = migrate_source(source, plan, "d.py")
    assert [str(n) for n in notes] == [
        "d.py:2: todo: A(**...): fields passed dynamically; check gone, now by hand",
        "d.py:3: todo: A(...) lacks now=, now required",
        "d.py:4: todo: getattr(..., 'gone'): A.gone changed",
    ]

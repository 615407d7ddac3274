"""``codegen migrate --dry-run`` on real server code: three servers of the public
modelcontextprotocol/servers repository, vendored unmodified with their licence
(``tests/data/migrate_servers/SOURCE.txt``).

They import the official SDK's ``mcp.types``, not our generated package, so they are
migrated with ``--module mcp.types`` (type names as in the schema, wire-named fields).
The step is the latest one, 2025-11-25 -> 2026-07-28. Skipped without the corpus.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from codegen.cli.migrate import migrate_command
from tests.conftest import require_corpus

SERVERS = Path(__file__).resolve().parents[2] / "data" / "migrate_servers"

EXPECTED = """\
servers/fetch/server.py:268: todo: GetPromptResult(...) lacks resultType=, now required
servers/fetch/server.py:277: todo: GetPromptResult(...) lacks resultType=, now required
servers/time/server.py:137: note: Tool.inputSchema.properties is no longer declared; the wire still admits it
servers/time/server.py:143: note: Tool.inputSchema.required is no longer declared; the wire still admits it
servers/time/server.py:157: note: Tool.inputSchema.properties is no longer declared; the wire still admits it
servers/time/server.py:171: note: Tool.inputSchema.required is no longer declared; the wire still admits it
0 sites would be fixed (dry run: nothing written), 2 left for a human, 4 notes
"""


def run(tmp_path: Path, *extra: str) -> tuple[str, int, Path]:
    corpus = require_corpus()
    work = tmp_path / "servers"
    shutil.copytree(SERVERS, work)
    args = [
        "--from",
        str(corpus / "2025-11-25" / "schema.ts"),
        "--to",
        str(corpus / "2026-07-28" / "schema.ts"),
        *extra,
        str(work),
    ]
    result = CliRunner().invoke(migrate_command, args)
    return result.output.replace(str(work), "servers"), result.exit_code, work


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_dry_run_lists_every_site_with_file_and_line(tmp_path: Path) -> None:
    output, code, work = run(tmp_path, "--module", "mcp.types", "--dry-run")
    assert output == EXPECTED
    assert code == 1  # two constructor calls need a human
    assert snapshot(work) == snapshot(SERVERS)  # --dry-run wrote nothing


def test_without_the_module_option_it_says_why_nothing_matched(tmp_path: Path) -> None:
    output, code, _ = run(tmp_path, "--dry-run")
    assert code == 0
    assert (
        "no file imports mcp_ext (code written for the official SDK: --module mcp.types)" in output
    )
    assert (
        "0 sites would be fixed (dry run: nothing written), 0 left for a human, 0 notes" in output
    )


def test_the_vendored_sample_records_its_source_and_licence() -> None:
    source = (SERVERS / "SOURCE.txt").read_text()
    assert "https://github.com/modelcontextprotocol/servers" in source
    assert "76d64c822f5125032f89eb71dbdb94e42b434821" in source
    assert (SERVERS / "LICENSE").read_text().startswith("The MCP project")

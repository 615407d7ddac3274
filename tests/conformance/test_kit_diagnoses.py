"""Issue #24, problems 1-7: what an outside implementer hits, each against a small fake
server (tests/conformance/fake_server.py, or a loopback HTTP one here)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from conformance.__main__ import main

FAKE = Path(__file__).with_name("fake_server.py")
REPO = Path(__file__).resolve().parents[2]


def _command(mode: str) -> str:
    return shlex.join([sys.executable, str(FAKE), mode])


def _run(
    capsys: pytest.CaptureFixture[str],
    *args: str,
    profile: dict[str, Any] | None = None,
    tmp_path: Path | None = None,
) -> tuple[int, str]:
    argv = ["run", *args, "--timeout", "5"]
    if profile is not None:
        assert tmp_path is not None
        path = tmp_path / "profile.json"
        path.write_text(json.dumps(profile), encoding="utf-8")
        argv += ["--profile", str(path)]
    code = main(argv)
    return code, capsys.readouterr().out


def _json(
    capsys: pytest.CaptureFixture[str], *args: str, **kwargs: Any
) -> tuple[int, dict[str, Any]]:
    code, out = _run(capsys, *args, "--format", "json", **kwargs)
    return code, json.loads(out)


def _rows(report: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["requirement"], r["era"]): r for r in report["rows"]}


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- 1. placement -----------------------------------------------------------------------


def test_an_advertisement_under_experimental_is_diagnosed_with_the_sep_line_and_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, report = _json(capsys, "--server-cmd", _command("experimental"), "--era", "legacy")
    placement = [d for d in report["diagnoses"] if "found under capabilities.experimental" in d]
    assert len(placement) == 1
    assert "the spec requires capabilities.extensions" in placement[0]
    assert "sep-2053-server-variants.md line 499" in placement[0]
    rows = _rows(report)
    # Read there, its variants are judged; not both "no variants" and "unsupported" fails.
    assert rows["variants.advertise.unique-ids", "legacy"]["result"] == "pass"
    assert rows["variants.selection.unsupported-error", "legacy"]["result"] == "n/a"
    assert code == 1  # it does break MUSTs (below), which the diagnosis must not hide


# --- 2. transport answers ---------------------------------------------------------------


class _Plain400(BaseHTTPRequestHandler):
    """initialize works; every request after it gets 400 with a text/plain body."""

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if message.get("method") == "initialize":
            result = {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "plain400", "version": "0"},
            }
            self._send(
                200, "application/json", {"jsonrpc": "2.0", "id": message["id"], "result": result}
            )
        elif "id" not in message:
            self._send(202, "application/json", None)
        else:
            self._send(400, "text/plain; charset=utf-8", "Bad Request: no such thing here")

    def do_DELETE(self) -> None:
        self._send(200, "application/json", None)

    def _send(self, status: int, kind: str, body: Any) -> None:
        raw = (
            b"" if body is None else (body if isinstance(body, str) else json.dumps(body)).encode()
        )
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def plain400() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Plain400)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/mcp"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_an_http_error_status_is_shown_as_the_transport_answer_not_a_timeout(
    capsys: pytest.CaptureFixture[str], plain400: str
) -> None:
    code, report = _json(
        capsys, "--url", plain400, "--only", "content.requirement-1.*", "--era", "both"
    )
    row = _rows(report)["content.requirement-1.backward-compatible", "legacy"]
    assert row["result"] == "unmet"  # the server advertises no content negotiation
    assert (
        "HTTP 400 (text/plain; charset=utf-8): 'Bad Request: no such thing here'" in row["detail"]
    )
    assert "no response within" not in row["detail"]
    # The modern probe's answer is shown the same way in the legacy-only diagnosis.
    assert any("HTTP 400" in d and "--era legacy" in d for d in report["diagnoses"])
    assert code == 0


# --- 3. the real error, and the whole mismatch in the table ----------------------------


def test_an_error_where_a_result_was_expected_is_shown_in_full_in_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    profile = {
        "toolCall": {"name": "conformance_tool_that_the_server_lacks_entirely", "arguments": {}}
    }
    args = ("--server-cmd", _command("legacy-only"), "--era", "legacy", "--only", "tools.*")
    _, report = _json(capsys, *args, profile=profile, tmp_path=tmp_path)
    row = _rows(report)["tools.result.structured-also-content", "legacy"]
    error = '{"code": -32601, "message": "Method not found"}'
    assert f"$.result: missing; the server answered the error {error}" in row["detail"]
    _, table = _run(capsys, *args, profile=profile, tmp_path=tmp_path)
    assert row["detail"] in _flat(table)  # wrapped, not cut
    assert "..." not in table


# --- 4. legacy-only ----------------------------------------------------------------------


def test_a_legacy_only_server_is_told_to_run_with_era_legacy_not_failed_in_the_modern_era(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, report = _json(capsys, "--server-cmd", _command("legacy-only"))
    assert any("looks legacy-only" in d and "--era legacy" in d for d in report["diagnoses"])
    modern = [r for r in report["rows"] if r["era"] == "modern"]
    assert {r["result"] for r in modern} <= {"n/a", "untestable"}
    assert code == 0
    # Asked for the modern era explicitly, it is held to its MUSTs.
    code, report = _json(capsys, "--server-cmd", _command("legacy-only"), "--era", "modern")
    assert _rows(report)["versioning.server-discover-implemented", "modern"]["result"] == "fail"
    assert code == 1


# --- 5. verdicts that rest on a reading, and extensions the server does not know --------


def test_verdicts_that_rest_on_a_reading_carry_its_ambiguity_id_in_json_and_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--server-cmd", _command("experimental"), "--era", "legacy", "--only", "*.ping")
    code, report = _json(capsys, *args)
    row = _rows(report)["variants.selection.invalid-variant-error", "legacy"]
    assert row["result"] == "fail"
    assert row["ambiguities"] == [6]
    assert row["reading_only"] is True  # another reading is reasonable: not held against it
    assert code == 0
    assert "6" in report["ambiguities"]
    code, table = _run(capsys, *args, "--strict")
    assert code == 1  # --strict holds the server to the kit's readings too
    line = next(
        li for li in table.splitlines() if li.startswith("variants.selection.invalid-variant-error")
    )
    assert "fail (reading)" in line and "#6" in line.split()
    assert any(li.startswith("#6: Variant checks on every request") for li in table.splitlines())


def test_a_server_without_the_extensions_gets_not_implemented_rows_and_exit_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, report = _json(capsys, "--server-cmd", _command("legacy-only"), "--era", "legacy")
    assert any(
        "does not implement server variants or content negotiation" in d
        for d in report["diagnoses"]
    )
    rows = _rows(report)
    advertised = rows["variants.advertise.unique-ids", "legacy"]
    assert (advertised["result"], advertised["not_implemented"]) == ("n/a", "server variants")
    unmet = rows["variants.selection.unsupported-error", "legacy"]
    assert unmet["result"] == "unmet"
    assert unmet["detail"].startswith(
        "an implementation that does not know the extension can't meet this; see ambiguity 14"
    )
    assert 14 in unmet["ambiguities"]
    assert code == 0
    _, table = _run(capsys, "--server-cmd", _command("legacy-only"), "--era", "legacy")
    assert "n/a (not implemented)" in table
    assert "unmet (not implemented)" in table


# --- 6. exit codes -----------------------------------------------------------------------


def test_a_must_failure_exits_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _json(capsys, "--server-cmd", _command("must-fail"), "--era", "legacy")
    assert _rows(report)["variants.selection.invalid-variant-error", "legacy"]["result"] == "fail"
    assert code == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--server-cmd", "/nonexistent/mcp-server --stdio"],
        ["--server-cmd", "'unbalanced"],
        ["--server-cmd", ""],
        ["--url", "ftp://127.0.0.1/mcp"],
        ["--url", "http://127.0.0.1:9/mcp", "--header", "no-colon"],
        ["--server-cmd", "true", "--profile", "/nonexistent/profile.json"],
    ],
)
def test_a_server_that_cannot_be_probed_is_one_line_and_exit_two(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", *args, "--timeout", "2"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("conformance: cannot probe the server: ")
    assert done.stdout == ""


# --- 7. coverage: hints that reorder, pagination, time-dependent tools -----------------


def test_the_default_with_hints_that_reorder_is_the_first_variant_advertised_to_that_client(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = (
        "--server-cmd",
        _command("experimental"),
        "--era",
        "legacy",
        "--only",
        "sv.select.default-*",
    )
    _, report = _json(capsys, *args)
    row = _rows(report)["variants.selection.default-is-first", "legacy"]
    assert row["result"] == "fail"
    assert row["detail"].startswith(
        "sv.select.default-is-first-with-hints: tools/list: $.result.tools[0].name"
    )
    # Hints that do not reorder: the fixture cannot tell, and says how to help it.
    profile = {"rankingHints": {"hints": {"useCase": "gamma"}}}
    _, report = _json(capsys, *args, profile=profile, tmp_path=tmp_path)
    fixtures = {f["fixture"]: f for f in report["fixtures"]}
    hinted = fixtures["sv.select.default-is-first-with-hints"]
    assert hinted["status"] == "n/a" and "rankingHints" in hinted["detail"]


def test_a_profile_list_request_with_a_page_size_makes_the_cursor_musts_testable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ("--server-cmd", _command("paging"), "--era", "legacy", "--only", "variants.cursors.*")
    _, report = _json(capsys, *args)
    assert _rows(report)["variants.cursors.reject-other-variant", "legacy"]["result"] == "n/a"
    profile = {"paginatedList": {"method": "prompts/list", "params": {"pageSize": 1}}}
    code, report = _json(capsys, *args, profile=profile, tmp_path=tmp_path)
    rows = _rows(report)
    for requirement in ("reject-other-variant", "mismatch-error", "bound-to-variant"):
        assert rows[f"variants.cursors.{requirement}", "legacy"]["result"] == "pass"
    assert code == 0


def test_a_time_dependent_tool_call_is_compared_by_shape_where_identical_calls_differ(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    profile = {"toolCall": {"name": "now", "arguments": {}}}
    args = ("--server-cmd", _command("clock"), "--era", "legacy", "--only", "content.*")
    code, report = _json(capsys, *args, profile=profile, tmp_path=tmp_path)
    rows = _rows(report)
    for requirement in (
        "degradation.undeclared-client-default",
        "requirement-7.unsupported-features-default",
    ):
        assert rows[f"content.{requirement}", "legacy"]["result"] == "pass"
    assert code == 0

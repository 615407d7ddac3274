"""Issue #12, "Several replicas": two devplatform processes sharing a cursor key (the
documented ``$MCP_NEGOTIATION_CURSOR_KEY``) accept each other's cursors over HTTP; with
different keys the second answers "Invalid cursor"."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any

import anyio
import pytest
from mcp.shared.exceptions import MCPError

from demos.devplatform.server import PAGE_SIZE
from negotiation.sdk import CURSOR_KEY_ENV, cursor_key_from_env, variant_meta
from tests.conftest import PythonForks
from tests.e2e.servers import REPO, client, http_server, subprocess_env

VARIANT = "code-review"


def _page(url: str, cursor: str | None) -> Any:
    """The page, or the MCPError the server answered with."""

    async def main() -> Any:
        async with client(url, "legacy") as session:
            try:
                return await session.list_tools(cursor=cursor, meta=variant_meta(VARIANT))
            except MCPError as error:
                return error

    return anyio.run(main)


def _names(result: Any) -> list[str]:
    return [tool.name for tool in result.tools]


@pytest.mark.slow
def test_two_replicas_sharing_the_cursor_key_accept_each_others_cursors(
    python_forks: PythonForks,
) -> None:
    shared = {CURSOR_KEY_ENV: os.urandom(32).hex()}
    with (
        http_server("demos.devplatform", env=shared, forks=python_forks) as a,
        http_server("demos.devplatform", env=shared, forks=python_forks) as b,
    ):
        first = _page(a, None)
        assert len(first.tools) == PAGE_SIZE and first.next_cursor is not None
        from_b = _page(b, first.next_cursor)
        from_a = _page(a, first.next_cursor)
        assert _names(from_b) == _names(from_a)  # B continues exactly where A would
        assert not set(_names(from_b)) & set(_names(first))


@pytest.mark.slow
def test_replicas_with_different_keys_refuse_each_others_cursors(
    python_forks: PythonForks,
) -> None:
    keys = [{CURSOR_KEY_ENV: os.urandom(32).hex()} for _ in range(2)]
    with (
        http_server("demos.devplatform", env=keys[0], forks=python_forks) as a,
        http_server("demos.devplatform", env=keys[1], forks=python_forks) as b,
    ):
        first = _page(a, None)
        error = _page(b, first.next_cursor)
        assert isinstance(error, MCPError)
        assert (error.code, error.message) == (-32602, "Invalid cursor")
        assert error.data == {"activeVariant": VARIANT}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("not hex", "must be hex digits"),
        ("00" * 15, "at least 16 bytes (32 hex digits), not 15"),
    ],
)
def test_a_malformed_shared_key_is_a_clear_error(value: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        cursor_key_from_env(environ={CURSOR_KEY_ENV: value})
    assert CURSOR_KEY_ENV in str(caught.value)
    assert cursor_key_from_env(environ={}) is None
    assert cursor_key_from_env(environ={CURSOR_KEY_ENV: " " + "ab" * 16 + "\n"}) == b"\xab" * 16
    # The demo says so and exits, without a traceback.
    done = subprocess.run(
        [sys.executable, "-m", "demos.devplatform"],
        cwd=REPO,
        env={**subprocess_env(), CURSOR_KEY_ENV: value},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert message in done.stderr and "Traceback" not in done.stderr

"""typescript-json-schema, the tests' independent oracle, without a node start per question.

A fresh ``typescript-json-schema FILE '*'`` spends about 2.5 s of CPU loading node,
TypeScript and the default library before it reads FILE; the oracle tests ask it about 40
questions. One worker per test process (tests/tjs_oracle.js, started on first use, gone
with its stdin) answers them all: each answer is built from a program of its own over
that one file, as the CLI and the API build it, and the CLI's answer is its exact text.
Flags or paths it does not know go to the real command line.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / ".e2e-node" / "node_modules"
TJS = NODE_MODULES / ".bin" / "typescript-json-schema"
WORKER = Path(__file__).with_name("tjs_oracle.js")

# The CLI's boolean flags and the argument each sets (typescript-json-schema-cli.js).
_BOOLEANS = {
    "refs": "ref",
    "aliasRefs": "aliasRef",
    "useTypeOfKeyword": "typeOfKeyword",
    **{
        name: name
        for name in (
            "topRef titles defaultProps noExtraProps propOrder required strictNullChecks "
            "esModuleInterop skipLibCheck experimentalDecorators ignoreErrors excludePrivate "
            "uniqueNames rejectDateType tsNodeRegister constAsEnum"
        ).split()
    },
}
_GLOB = re.compile(r"[*?\[\]{}!]")


def require_oracle() -> None:
    if shutil.which("node") is None or not TJS.exists():
        pytest.skip("typescript-json-schema is not installed (make e2e-node needs node and npm)")


class _Worker:
    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None

    def ask(self, request: dict[str, Any]) -> str:
        process = self._process
        if process is None or process.poll() is not None:
            process = self._process = subprocess.Popen(
                ["node", str(WORKER)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env={**os.environ, "NODE_PATH": str(NODE_MODULES)},
            )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        line = process.stdout.readline()
        if not line:
            self._process = None
            raise RuntimeError(f"the typescript-json-schema worker ended on {request}")
        answer: dict[str, str] = json.loads(line)
        if "error" in answer:  # what the CLI's non-zero exit would raise under check=True
            raise subprocess.CalledProcessError(1, ["typescript-json-schema"], "", answer["error"])
        return answer["text"]

    def close(self) -> None:
        if self._process is not None:
            if self._process.stdin is not None:
                self._process.stdin.close()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
            self._process = None


_WORKER = _Worker()
atexit.register(_WORKER.close)


def _cli_args(flags: tuple[str, ...]) -> dict[str, Any] | None:
    """The arguments the CLI would give ``exec`` for ``--required *flags``, or None for a
    flag this reading does not know (the real CLI runs then)."""
    args: dict[str, Any] = {"required": True}
    rest = list(flags)
    while rest:
        flag = rest.pop(0)
        name, equals, value = flag.removeprefix("--").partition("=")
        if not flag.startswith("--"):
            return None
        if name in _BOOLEANS and not equals:
            args[_BOOLEANS[name]] = True
        elif name == "defaultNumberType" and (equals or rest):
            args[name] = value if equals else rest.pop(0)
        else:
            return None
    return args


def oracle_text(path: Path, *flags: str) -> str:
    """What ``typescript-json-schema PATH '*' --required FLAGS`` prints; skips where node or
    the oracle is missing."""
    require_oracle()
    args = _cli_args(flags)
    if args is None or not path.is_absolute() or _GLOB.search(str(path)):
        run = subprocess.run(
            [str(TJS), str(path), "*", "--required", *flags],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        return run.stdout
    return _WORKER.ask({"cli": [str(path), args]})


def oracle_symbols(path: Path, names: list[str]) -> dict[str, Any]:
    """typescript-json-schema's schema of each of ``names`` in ``path`` (its API with strict
    null checks and ``required``); skips where node or the oracle is missing."""
    require_oracle()
    found: dict[str, Any] = json.loads(_WORKER.ask({"symbols": [str(path), names]}))
    return found

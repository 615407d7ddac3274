"""Running for the sweep (``python -m bench.generality``): a subprocess with a timeout,
typescript-json-schema's output for a typing (the oracle, cached per TJS version), the
files an entry imports relatively, and the first error, warnings and facts read from a
run's output.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import ROOT
from bench.generality import Typing, safe_name

TJS = ROOT / ".e2e-node" / "node_modules" / ".bin" / "typescript-json-schema"
TJS_PACKAGE = TJS.parent.parent / "typescript-json-schema"
# The CLI's `--required --skipLibCheck FILES "*"`, one declaration at a time where it throws.
DRIVER = Path(__file__).resolve().parent / "tjs_each.cjs"
TIMEOUT = 60.0  # ours, per run: the goal is none over it
TJS_TIMEOUT = 600.0
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|internal compiler error")


@dataclass
class Run:
    """One subprocess: exit code (None: timed out), seconds, stderr's useful lines."""

    code: int | None
    seconds: float
    stderr: str = ""
    stdout: str = ""

    @property
    def ok(self) -> bool:
        return self.code == 0

    @property
    def traceback(self) -> bool:
        return bool(TRACEBACK.search(self.stderr)) or self.code not in (0, 1, 2, None)


def run(
    argv: list[str], *, timeout: float, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> Run:
    start = time.perf_counter()
    try:
        done = subprocess.run(
            argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as err:
        out = err.stderr.decode("utf-8", "replace") if isinstance(err.stderr, bytes) else ""
        return Run(None, time.perf_counter() - start, out)
    return Run(done.returncode, time.perf_counter() - start, done.stderr, done.stdout)


def tjs_version() -> str:
    manifest = TJS_PACKAGE / "package.json"
    try:
        return str(json.loads(manifest.read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "unknown"


def oracle(typing: Typing, entry: Path, tree: Path, cache: Path) -> dict[str, Any]:
    """TJS's output for the typing, cached: ``{"definitions": ...}`` or ``{"error": ...}``."""
    stored = cache / "tjs" / f"{safe_name(typing.id)}@tjs-{tjs_version()}.json"
    deps = [f"{name}@{version}" for name, version in typing.deps]
    if stored.is_file():
        try:
            cached: dict[str, Any] = json.loads(stored.read_text("utf-8"))
            # Output kept before deps were recorded was run without the list's deps of today
            # (the rule that gives every row its deps came later): it stands only for a row
            # that has none.
            same_deps = cached.get("deps", []) == deps
            if same_deps and ("error" not in cached or "driver" in cached):
                return cached

        except ValueError:
            pass
    files = [str(p) for p in relative_closure(entry)]
    done = run(["node", str(DRIVER), str(TJS_PACKAGE), *files], timeout=TJS_TIMEOUT, cwd=tree)
    result: dict[str, Any]
    if done.code is None:
        result = {"error": f"timed out after {TJS_TIMEOUT:.0f} s", "seconds": done.seconds}
    elif not done.ok:
        error = _tjs_error(done.stderr or done.stdout)
        result = {"error": f"{error} (exit {done.code})", "seconds": done.seconds}
    else:
        try:
            document = json.loads(done.stdout)
            result = {
                "definitions": document.get("definitions", {}),
                "unreadable": document.get("unreadable", {}),
                "seconds": done.seconds,
            }
        except ValueError:
            result = {"error": "output is not JSON", "seconds": done.seconds}
        if not result.get("definitions") and result.get("unreadable"):
            first = next(iter(result["unreadable"].items()))
            result = {"error": f"no declaration readable ({first[0]}: {first[1]})"}
    result["driver"] = DRIVER.name
    result["deps"] = deps
    stored.parent.mkdir(parents=True, exist_ok=True)
    stored.write_text(json.dumps(result), "utf-8")
    return result


_RELATIVE = re.compile(
    r"""(?:\bfrom|\bimport\s*\(|\brequire\s*\(|^\s*import)\s*["'](\.{1,2}/[^"'\n]*)["']"""
    r"""|<reference\s+path\s*=\s*["']([^"']+)["']""",
    re.M,
)


def relative_closure(entry: Path, most: int = 5000) -> list[Path]:
    """The entry and every file it imports relatively, transitively: the files of the
    typing, which typescript-json-schema is given as its own (it writes definitions for
    the declarations of the files it is given, not of those they import)."""
    found: list[Path] = []
    seen: set[Path] = set()
    pending = [entry.resolve()]
    while pending and len(found) < most:
        path = pending.pop(0)
        if path in seen:
            continue
        seen.add(path)
        found.append(path)
        text = path.read_text("utf-8", "replace")
        for match in _RELATIVE.finditer(text):
            spec = match[1] or match[2]
            base = (path.parent / spec).resolve()
            stem = re.sub(r"\.(m|c)?js$", "", str(base))
            for candidate in (
                str(base),
                stem + ".d.ts",
                stem + ".ts",
                stem + ".d.mts",
                str(base) + "/index.d.ts",
            ):
                if candidate.endswith(("ts",)) and Path(candidate).is_file():
                    pending.append(Path(candidate))
                    break
    return found


def _tjs_error(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for line in lines:
        if re.search(r"error TS\d+|Error:", line):
            return line[:300]
    return (lines[0] if lines else "failed without a message")[:300]


def first_error(text: str) -> str:
    """The first ``error:`` line of ours (else the first line), as printed."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for line in lines:
        if "error:" in line or "internal compiler error" in line or line.startswith("Error"):
            return line[:300]
    for line in reversed(lines):  # a Python exception's last line names it
        if re.match(r"^[\w.]+(Error|Exception|Warning)\b", line):
            return line[:300]
    return (lines[0] if lines else "")[:300]


def relative(text: str, tree: Path) -> str:
    """Paths inside the cache written from the package's root (``index.d.ts:3:1: ...``)."""
    return text.replace(f"{tree / 'package'}/", "").replace(f"{tree}/", "")


def warnings_of(text: str) -> int:
    return sum(1 for ln in text.splitlines() if ": warning:" in ln)


def compiler_commit() -> str:
    """The last commit that changed ``codegen/`` (``+`` if it has uncommitted changes)."""
    try:
        head = subprocess.run(
            ["git", "log", "-1", "--format=%h", "--", "codegen"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "codegen"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        ).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (head or "unknown") + ("+" if dirty else "")


def strict_supported() -> bool:
    done = run([sys.executable, "-m", "codegen", "generate", "--help"], timeout=TIMEOUT)
    return "--strict" in done.stdout

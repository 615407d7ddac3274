"""The one place that touches the output folder.

A manifest (``.codegen-manifest.json``) records what the last run wrote and the hash of
its inputs. It lets a no-op ``generate`` finish without compiling, lets stale files be
removed without ever deleting anything the compiler did not write, and lets
``--check`` name exactly which files differ.

Plain classes rather than dataclasses: the no-op fast path (``codegen.noop``) reads the
manifest before anything heavy is imported, and ``dataclasses`` pulls in ``inspect``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

MANIFEST = ".codegen-manifest.json"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class WriteReport:
    __slots__ = ("removed", "unchanged", "written")

    def __init__(self) -> None:
        self.written: list[str] = []
        self.removed: list[str] = []
        self.unchanged: list[str] = []


class Manifest:
    __slots__ = ("files", "input_hash")

    def __init__(self, input_hash: str, files: dict[str, str]) -> None:
        self.input_hash = input_hash
        self.files = files  # relative path -> sha256 of its text

    @staticmethod
    def read(out_dir: Path) -> Manifest | None:
        try:
            raw = json.loads((out_dir / MANIFEST).read_text("utf-8"))
            return Manifest(
                str(raw["input_hash"]), {str(k): str(v) for k, v in raw["files"].items()}
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def text(self) -> str:
        body = {"input_hash": self.input_hash, "files": dict(sorted(self.files.items()))}
        return json.dumps(body, indent=2, sort_keys=True) + "\n"

    def outputs_intact(self, out_dir: Path) -> bool:
        """True when every recorded file is on disk with the recorded content."""
        for rel, sha in self.files.items():
            try:
                if digest((out_dir / rel).read_bytes()) != sha:
                    return False
            except OSError:
                return False
        return True


def stale_files(out_dir: Path, files: Mapping[str, str]) -> list[str]:
    """Paths that differ from ``files`` on disk, or that a previous run left behind."""
    stale = [
        rel
        for rel, text in sorted(files.items())
        if not (out_dir / rel).is_file() or (out_dir / rel).read_text("utf-8") != text
    ]
    previous = Manifest.read(out_dir)
    if previous is not None:
        stale += sorted(
            rel for rel in previous.files if rel not in files and (out_dir / rel).exists()
        )
    return stale


def write_outputs(out_dir: Path, files: Mapping[str, str], input_hash: str) -> WriteReport:
    report = WriteReport()
    previous = Manifest.read(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for rel, text in sorted(files.items()):
        target = out_dir / rel
        if target.is_file() and target.read_text("utf-8") == text:
            report.unchanged.append(rel)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")
        report.written.append(rel)
    if previous is not None:
        for rel in sorted(set(previous.files) - set(files)):
            gone = out_dir / rel
            if gone.is_file():
                gone.unlink()
                report.removed.append(rel)
    manifest = Manifest(
        input_hash, {rel: digest(text.encode("utf-8")) for rel, text in files.items()}
    )
    (out_dir / MANIFEST).write_text(manifest.text(), "utf-8")
    return report

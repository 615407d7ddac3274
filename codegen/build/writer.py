"""The one place that touches the output folder.

A manifest (``.codegen-manifest.json``) records what the last run wrote and the hash of
its inputs. It lets a no-op ``generate`` finish without compiling, lets stale files be
removed without ever deleting anything the compiler did not write, and lets
``--check`` name exactly which files differ.

Plain classes rather than dataclasses: the no-op fast path (``codegen.build.fastpath``) reads the
manifest before anything heavy is imported, and ``dataclasses`` pulls in ``inspect``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath

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
            path = inside(out_dir, rel)
            if path is None:
                return False
            try:
                if digest(path.read_bytes()) != sha:
                    return False
            except OSError:
                return False
        return True


def inside(out_dir: Path, rel: str, *, leaf_link_ok: bool = False) -> Path | None:
    """``out_dir / rel`` when ``rel`` names a place inside ``out_dir`` that no symlink
    redirects: relative, no ``..``, no symlinked folder on the way, not a symlink itself
    (unless ``leaf_link_ok``: a write replaces such a link, never follows it). None
    otherwise: the writer neither writes nor deletes there."""
    parts = PurePosixPath(rel).parts
    if (
        not rel
        or "\\" in rel
        or PurePosixPath(rel).is_absolute()
        or any(part in ("", ".", "..") for part in parts)
        or "\0" in rel
    ):
        return None
    path = out_dir
    for number, part in enumerate(parts, 1):
        path = path / part
        if path.is_symlink() and not (leaf_link_ok and number == len(parts)):
            return None
    return path


def stale_files(out_dir: Path, files: Mapping[str, str]) -> list[str]:
    """Paths that differ from ``files`` on disk, or that a previous run left behind."""
    stale = [rel for rel, text in sorted(files.items()) if _current_text(out_dir, rel) != text]
    previous = Manifest.read(out_dir)
    if previous is not None:
        stale += sorted(
            rel
            for rel in previous.files
            if rel not in files and (path := inside(out_dir, rel)) is not None and path.exists()
        )
    return stale


def _current_text(out_dir: Path, rel: str) -> str | None:
    path = inside(out_dir, rel)
    try:
        if path is None or not path.is_file():
            return None
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write_outputs(
    out_dir: Path,
    files: Mapping[str, str],
    input_hash: str,
    warn: Callable[[str], None] = lambda _: None,
) -> WriteReport:
    """Write ``files`` below ``out_dir``; remove what the previous run wrote and this one
    does not, but only a regular file inside ``out_dir`` whose content is still what the
    manifest says was written (anything else is left, with a warning)."""
    report = WriteReport()
    if out_dir.is_symlink():
        raise OSError(f"{out_dir} is a symlink; refusing to write through it")
    previous = Manifest.read(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for rel, text in sorted(files.items()):
        target = inside(out_dir, rel, leaf_link_ok=True)
        if target is None:
            raise ValueError(f"output path {rel!r} is not inside the output folder")
        if _current_text(out_dir, rel) == text:
            report.unchanged.append(rel)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if inside(out_dir, rel, leaf_link_ok=True) is None:  # a folder became a symlink
            raise OSError(f"{out_dir / rel}: a folder on the way is a symlink")
        _replace(target, text)
        report.written.append(rel)
    if previous is not None:
        for rel, sha in sorted(previous.files.items()):
            if rel in files:
                continue
            gone = inside(out_dir, rel)
            if gone is None:
                warn(f"not removing {rel!r}: the manifest names a path outside {out_dir}")
                continue
            try:
                if not gone.exists():
                    continue
                if not gone.is_file() or digest(gone.read_bytes()) != sha:
                    warn(f"not removing {gone}: it is not the file the compiler wrote")
                    continue
                gone.unlink()
            except OSError as exc:
                warn(f"not removing {gone}: {exc.strerror}")
                continue
            report.removed.append(rel)
    manifest = Manifest(
        input_hash, {rel: digest(text.encode("utf-8")) for rel, text in files.items()}
    )
    _replace(out_dir / MANIFEST, manifest.text())
    return report


def _replace(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a fresh file renamed over it: a symlink planted
    at ``target`` is replaced, never followed."""
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temp, target)
    except BaseException:
        try:
            temp.unlink()
        except OSError:
            pass
        raise

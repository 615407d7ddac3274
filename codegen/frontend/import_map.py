"""``--import-map SPECIFIER=PATH``: package imports resolved to schema files on disk.

``import type { X } from "@scope/pkg"`` names no file. The map says which: PATH is a
``.ts``/``.d.ts`` file, or a folder whose entry is its ``package.json`` ``types``/
``typings``, else ``index.d.ts`` or ``index.ts``. The entry file and every file it imports
relatively (``export * from "./common/api"``) are compiled into the same package.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from .. import ir
from ..errors import SchemaError
from .imports import import_candidates

MAX_FILES = 2000


def parse_import_map(entries: tuple[str, ...]) -> dict[str, Path]:
    mapping: dict[str, Path] = {}
    for entry in entries:
        specifier, sep, path = entry.partition("=")
        if not sep or not specifier or not path:
            raise SchemaError(
                ir.Span("--import-map", 1, 1), f"expected SPECIFIER=PATH, got {entry!r}"
            )
        mapping[specifier] = Path(path)
    return mapping


def entry_file(path: Path) -> Path:
    """The schema file a mapped PATH stands for."""
    if path.is_file():
        return path
    if path.is_dir():
        manifest = path / "package.json"
        if manifest.is_file():
            try:
                data = json.loads(manifest.read_text("utf-8"))
            except (OSError, ValueError):
                data = {}
            declared = data.get("types") or data.get("typings") if isinstance(data, dict) else None
            if isinstance(declared, str):
                for candidate in (
                    declared,
                    declared + ".d.ts",
                    declared.removesuffix(".js") + ".d.ts",
                ):
                    if (path / candidate).is_file():
                        return path / candidate
        for name in ("index.d.ts", "index.ts"):
            if (path / name).is_file():
                return path / name
    raise SchemaError(ir.Span(str(path), 1, 1), "import-map target has no schema file")


def package_files(
    mapping: dict[str, Path], parse: Callable[[Path], ir.Module]
) -> tuple[list[Path], dict[str, str]]:
    """Every file the mapped packages need, and specifier -> entry path (as ``parse`` names it)."""
    files: list[Path] = []
    packages: dict[str, str] = {}
    seen: set[str] = set()
    pending: list[Path] = []
    for specifier, path in sorted(mapping.items()):
        entry = entry_file(path)
        packages[specifier] = parse(entry).path
        pending.append(entry)
    files.extend(_closure(pending, parse, seen, "packages"))
    return files, packages


def imported_files(texts: dict[Path, bytes], parse: Callable[[Path], ir.Module]) -> list[Path]:
    """The files that the schema files import relatively, transitively, and that are not
    among them: one typings file brings the modules it imports, as TypeScript's program
    does. Only a file whose text names such a file is parsed here."""
    seen = {os.path.normpath(p) for p in texts}
    pending: list[Path] = []
    for path, data in texts.items():
        # Every match of _RELATIVE holds "./" (a relative specifier) or "<reference": a
        # file with neither has none (the scan is 8-15 ms on a 20k-line typing).
        if b"./" not in data and b"<reference" not in data:
            continue
        specifiers = ((a or b).decode("utf-8", "replace") for a, b in _RELATIVE.findall(data))
        if any(_outside(path, spec, seen) for spec in specifiers):
            pending.extend(_relative(path, parse(path)))
    return _closure(pending, parse, seen, "the schema files")


# ``from "./x"``, ``import("../x")``, ``require("./x")``, ``import "./x"``: the text of a
# relative import; ``/// <reference path="x.d.ts" />`` (relative without ``./`` too).
_RELATIVE = re.compile(
    rb"""(?:(?:from|import\s*\(|require\s*\(|import)\s*["'](\.{1,2}/[^"'\n]*)["']"""
    rb"""|^///\s*<reference\s[^>\n]*?\bpath\s*=\s*["']([^"'\n]+)["'])""",
    re.MULTILINE,
)


def _outside(path: Path, specifier: str, seen: set[str]) -> bool:
    candidates = import_candidates(str(path), specifier)
    return not seen.intersection(candidates) and any(Path(c).is_file() for c in candidates)


def _relative(path: Path, module: ir.Module) -> list[Path]:
    found = []
    for imp in module.imports:
        if not imp.source.startswith("."):
            continue
        for candidate in import_candidates(str(path), imp.source):
            if Path(candidate).is_file():
                found.append(Path(candidate))
                break
    return found


def _closure(
    pending: list[Path], parse: Callable[[Path], ir.Module], seen: set[str], who: str
) -> list[Path]:
    files: list[Path] = []
    while pending:
        path = pending.pop(0)
        key = os.path.normpath(path)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > MAX_FILES:
            raise SchemaError(ir.Span(str(path), 1, 1), f"{who} import more than {MAX_FILES} files")
        files.append(path)
        pending.extend(_relative(path, parse(path)))
    return files

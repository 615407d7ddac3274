"""The ``--import-map`` of a row's ``dep=`` packages.

A dep answers to its name (``@types/x`` to ``x`` too, `bench.generality.import_specifiers`)
and to each ambient module its files declare (``declare module "node:stream" {...}`` in
``@types/node``): TypeScript resolves ``import ... from "stream"`` to that declaration once
the package is in the program, so such a specifier maps to the file that declares it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from bench.generality import import_specifiers

# ``declare module "name" {`` at the top of a file (not a wildcard, not a relative path).
_AMBIENT = re.compile(r"""^declare\s+module\s+["']([^"'.*][^"'*]*)["']\s*\{""", re.M)


def package_entry(folder: Path) -> Path | None:
    """The typings entry of an unpacked package: ``types``/``typings``, else ``index.d.ts``."""
    try:
        manifest = json.loads((folder / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        manifest = {}
    declared = (
        manifest.get("types") or manifest.get("typings") if isinstance(manifest, dict) else None
    )
    candidates = []
    if isinstance(declared, str) and declared:
        candidates += [declared, declared + ".d.ts", declared.removesuffix(".js") + ".d.ts"]
    candidates.append("index.d.ts")
    for candidate in candidates:
        if (folder / candidate).is_file():
            return folder / candidate
    return None


def ambient_modules(files: list[Path]) -> dict[str, Path]:
    """Module name -> the file whose ``declare module "name"`` block is the longest (a file
    that only augments a module, as ``buffer.buffer.d.ts`` does, declares less)."""
    best: dict[str, tuple[int, Path]] = {}
    for path in files:
        text = path.read_text("utf-8", "replace")
        matches = list(_AMBIENT.finditer(text))
        ends = [m.start() for m in matches[1:]] + [len(text)] if matches else []
        for match, end in zip(matches, ends, strict=True):
            size = end - match.start()
            if match[1] not in best or size > best[match[1]][0]:
                best[match[1]] = (size, path)
    return {name: path for name, (_, path) in best.items()}


def import_maps(
    deps: tuple[tuple[str, str], ...],
    node_modules: Path,
    closure: Callable[[Path], list[Path]],
) -> list[str]:
    """``--import-map=SPEC=PATH`` arguments for the deps laid out in ``node_modules``;
    ``closure`` lists a file and the files it references (the dep's own files)."""
    maps: dict[str, Path] = {}
    for name, _ in deps:
        folder = node_modules / name
        for spec in import_specifiers(name):
            maps.setdefault(spec, folder)
        entry = package_entry(folder)
        if entry is not None:
            for spec, path in sorted(ambient_modules(closure(entry)).items()):
                maps.setdefault(spec, path)
    return [f"--import-map={spec}={path}" for spec, path in maps.items()]

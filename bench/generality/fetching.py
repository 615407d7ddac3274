"""Fetching a typing for the sweep (``python -m bench.generality``): ``npm pack`` into the
cache (reused later), a tarball extracted safely, the packages laid out as ``node_modules``
of a tree per typing, and the entry file found.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

from bench.generality import Typing, safe_name

NPM_TIMEOUT = 120.0


class Unusable(Exception):
    """The typing cannot be swept (a missing pin, a tarball without typings): one line."""


def fetch(name: str, version: str, cache: Path) -> Path:
    """The package folder of ``name@version``, from the cached tarball or ``npm pack``."""
    spec = f"{name}@{version}"
    tarball = cache / "tarballs" / f"{safe_name(spec)}.tgz"
    if not tarball.is_file():
        tarball.parent.mkdir(parents=True, exist_ok=True)
        if shutil.which("npm") is None:
            raise Unusable(f"{spec}: not cached and npm is not installed")
        staging = tarball.parent / f".{safe_name(spec)}.tmp"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        try:
            done = subprocess.run(
                ["npm", "pack", spec, "--json", "--pack-destination", str(staging)],
                capture_output=True,
                text=True,
                timeout=NPM_TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise Unusable(f"{spec}: npm pack timed out") from None
        packed = list(staging.glob("*.tgz"))
        if done.returncode != 0 or len(packed) != 1:
            shutil.rmtree(staging, ignore_errors=True)
            raise Unusable(f"{spec}: npm pack failed: {_npm_error(done.stderr)}")
        packed[0].replace(tarball)
        shutil.rmtree(staging, ignore_errors=True)
    return tarball


def _npm_error(stderr: str) -> str:
    lines = [ln.removeprefix("npm error ").strip() for ln in stderr.splitlines()]
    skip = ("A complete log", "npm warn", "code ")
    useful = [ln for ln in lines if ln and not ln.startswith(skip)]
    return useful[0] if useful else "no message"


def extract(tarball: Path, into: Path) -> None:
    """The tarball's ``package/`` folder as ``into`` (files only, nothing outside it)."""
    staging = into.with_name(into.name + ".tmp")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        with tarfile.open(tarball) as archive:
            members = [m for m in archive.getmembers() if m.isfile() or m.isdir()]
            archive.extractall(staging, members=members, filter="data")
    except (tarfile.TarError, OSError) as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise Unusable(f"{tarball.name}: not a readable tarball ({err})") from None
    roots = [p for p in staging.iterdir() if p.is_dir()]
    if len(roots) != 1:
        shutil.rmtree(staging, ignore_errors=True)
        raise Unusable(f"{tarball.name}: expected one top folder, found {len(roots)}")
    into.parent.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(into, ignore_errors=True)
    roots[0].replace(into)
    shutil.rmtree(staging, ignore_errors=True)


def lay_out(typing: Typing, cache: Path) -> Path:
    """``<cache>/trees/<id>/``: the typing's package in ``package/``, its deps in
    ``node_modules/``; the tree. (Not the typing itself under ``node_modules``: TypeScript
    takes every file imported there for an external library's, and typescript-json-schema
    then leaves its declarations out.)"""
    tree = cache / "trees" / safe_name(typing.id)
    done = tree / ".complete"
    # The marker holds the deps it was laid out with: a row whose deps change is laid out again.
    deps = " ".join(f"{name}@{version}" for name, version in typing.deps)
    if not done.is_file() or done.read_text("utf-8") != deps:
        shutil.rmtree(tree, ignore_errors=True)
        extract(fetch(typing.name, typing.version, cache), tree / "package")
        for name, version in typing.deps:
            extract(fetch(name, version, cache), tree / "node_modules" / name)
        (tree / "package.json").write_text('{"private": true}\n', "utf-8")
        done.write_text(deps, "utf-8")
    return tree


def entry_file(typing: Typing, tree: Path) -> Path:
    package = tree / "package"
    if typing.entry is not None:
        path = package / typing.entry
        if not path.is_file():
            raise Unusable(f"{typing.spec} has no file {typing.entry}")
        return path
    try:
        manifest = json.loads((package / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        manifest = {}
    declared = (
        manifest.get("types") or manifest.get("typings") if isinstance(manifest, dict) else None
    )
    candidates = []
    if isinstance(declared, str) and declared:
        candidates += [declared, declared + ".d.ts", re.sub(r"\.js$", ".d.ts", declared)]
        candidates += [declared.rstrip("/") + "/index.d.ts"]
    main = manifest.get("main") if isinstance(manifest, dict) else None
    if isinstance(main, str) and main.endswith(".js"):  # the typings beside the code
        candidates += [main.removesuffix(".js") + ".d.ts", main.removesuffix(".js") + ".ts"]
    candidates.append("index.d.ts")
    for candidate in candidates:
        if (package / candidate).is_file():
            return package / candidate
    raise Unusable(f"{typing.spec} has no typings (no types/typings entry, no index.d.ts)")

"""``mcp-negotiation-conformance run --server-cmd CMD | --url URL [...]`` (installed), or
``python -m conformance run ...`` in the repository; also ``list``, ``traceability`` and
``compare``: see docs/conformance.md."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from . import official
from .loading import HERE, load_manifest
from .report import render
from .runner import ERAS, Unreachable, failed, run
from .session import Config, HttpTarget, StdioTarget, Target
from .transport import TransportError


def _version() -> str:
    """The version of the clone the kit runs from, else the installed distribution's."""
    if __package__ == "conformance":
        init = Path(__file__).resolve().parents[1] / "negotiation" / "__init__.py"
        try:
            found = re.search(r'^__version__ = "([^"]+)"', init.read_text("utf-8"), re.M)
        except OSError:
            found = None
        if found:
            return found.group(1)
    try:
        return metadata.version("mcp-negotiation")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def _parser() -> argparse.ArgumentParser:
    installed = __package__ != "conformance"
    prog = "mcp-negotiation-conformance" if installed else "python -m conformance"
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--version", action="version", version=f"{prog} {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    runner = commands.add_parser("run", help="run the kit against one server")
    where = runner.add_mutually_exclusive_group(required=True)
    where.add_argument("--server-cmd", help="command that serves MCP on stdin/stdout")
    where.add_argument("--url", help="Streamable HTTP endpoint, e.g. http://127.0.0.1:8000/mcp")
    runner.add_argument("--cwd", help="directory to start the --server-cmd in (default: here)")
    runner.add_argument("--era", choices=("legacy", "modern", "both"), default="both")
    runner.add_argument("--only", help="glob over requirement and fixture ids")
    runner.add_argument(
        "--format",
        choices=("table", "json", "markdown", "mcp-checks"),
        default="table",
        help="mcp-checks: the official harness's checks.json records (a JSON array)",
    )
    runner.add_argument(
        "--expected-failures",
        type=Path,
        metavar="FILE",
        help="the official harness's baseline YAML (server: scenario or scenario:check-id;"
        " the kit's scenarios are the eras legacy and modern): exit 0 when only these fail,"
        " 1 on an unexpected failure or a stale entry",
    )
    runner.add_argument(
        "--profile", type=Path, help="server profile JSON (sample calls, principals)"
    )
    runner.add_argument("--timeout", type=float, default=10.0, help="seconds per request")
    runner.add_argument(
        "--unsupported-version-code",
        choices=("-32022", "-32004", "either"),
        default="-32022",
        help="UnsupportedProtocolVersionError code: the schema's (-32022) or protocol-versioning.md's",
    )
    runner.add_argument("--strict", action="store_true", help="SHOULD failures fail the run too")
    runner.add_argument(
        "--header",
        action="append",
        default=[],
        metavar="NAME:VALUE",
        help="HTTP header sent on every request (e.g. Authorization)",
    )
    lister = commands.add_parser("list", help="list the requirements and their check ids")
    lister.add_argument("--only", help="glob over requirement ids and check ids")
    lister.add_argument("--level", choices=("MUST", "SHOULD"))
    tracer = commands.add_parser(
        "traceability",
        help="write the SEP traceability files (the official harness's sep-NNNN.yaml format)",
    )
    tracer.add_argument("--out", type=Path, default=HERE / "seps", help="directory to write to")
    tracer.add_argument(
        "--check", action="store_true", help="exit 1 when the files on disk are out of date"
    )
    comparer = commands.add_parser(
        "compare", help="run the kit against two servers and print where their verdicts differ"
    )
    comparer.add_argument("--a", required=True, metavar="CMD", help="stdio command of server A")
    comparer.add_argument("--b", required=True, metavar="CMD", help="stdio command of server B")
    comparer.add_argument("--profile-a", type=Path, help="server profile of A")
    comparer.add_argument("--profile-b", type=Path, help="server profile of B")
    comparer.add_argument("--era", choices=("legacy", "modern", "both"), default="both")
    comparer.add_argument("--only", help="glob over requirement and fixture ids")
    comparer.add_argument("--timeout", type=float, default=10.0, help="seconds per request")
    comparer.add_argument("--format", choices=("table", "markdown"), default="table")
    return parser


def _compare(args: argparse.Namespace) -> int:
    """0: no verdict differs; 1: some do; 2: bad input, or a server cannot be probed."""
    from .compare import differences, render_differences

    manifest = load_manifest()
    if args.only is not None and not _matches(args.only, manifest):
        sys.stderr.write(f"conformance: --only {args.only!r} matches no requirement or fixture\n")
        return 2
    config = Config(timeout=args.timeout)
    eras = ERAS if args.era == "both" else (args.era,)
    runs = []
    for side, command, profile_path in (
        ("A", args.a, args.profile_a),
        ("B", args.b, args.profile_b),
    ):
        if not command.strip():
            sys.stderr.write(f"conformance: --{side.lower()} is empty\n")
            return 2
        try:
            profile = _profile(profile_path)
            target = StdioTarget(command, config)
            runs.append(run(target, eras=eras, only=args.only, profile=profile, config=config))
        except (_CannotProbe, Unreachable, TransportError) as error:
            sys.stderr.write(f"conformance: cannot probe server {side}: {error}\n")
            return 2
    found = differences(runs[0].rows, runs[1].rows, manifest)
    sys.stdout.write(render_differences(found, args.format, args.a, args.b))
    return 1 if found else 0


_NO_PROFILE = "profile gives no"


def _profile_notes(kit: Any, profile_given: bool) -> list[str]:
    """The rows that are n/a only because no --profile was given, named up front."""
    if profile_given:
        return []
    rows = [r for r in kit.rows if r.result == "n/a" and _NO_PROFILE in r.detail]
    if not rows:
        return []
    musts = sorted({r.requirement for r in rows if r.level == "MUST"})
    shoulds = sorted({r.requirement for r in rows if r.level != "MUST"})
    parts = []
    if musts:
        parts.append(f"{len(musts)} MUST ({', '.join(musts)})")
    if shoulds:
        parts.append(f"{len(shoulds)} SHOULD ({', '.join(shoulds)})")
    return [
        "no --profile was given: these requirements are n/a only for want of one (they need"
        f" sample calls or principals a profile names): {'; '.join(parts)}."
        " See docs/conformance.md, 'Write a profile'"
    ]


def _list(args: argparse.Namespace) -> int:
    import fnmatch

    shown = 0
    for requirement in load_manifest():
        identifier = official.check_id(requirement)
        if args.level is not None and requirement["level"] != args.level:
            continue
        if args.only is not None and not (
            fnmatch.fnmatch(requirement["id"], args.only) or fnmatch.fnmatch(identifier, args.only)
        ):
            continue
        testable = "tested" if requirement.get("fixtures") else "untestable"
        sys.stdout.write(f"{identifier}  {requirement['id']}  {requirement['level']}  {testable}\n")
        shown += 1
    if shown == 0:
        sys.stderr.write(f"conformance: --only {args.only!r} matches no requirement\n")
        return 2
    return 0


def _traceability(args: argparse.Namespace) -> int:
    manifest = load_manifest()
    stale = []
    for spec in official.TRACED:
        text = official.traceability(spec, manifest)
        path = args.out / official.SEPS[spec].file
        if args.check:
            try:
                current = path.read_text(encoding="utf-8")
            except OSError:
                current = None
            if current != text:
                stale.append(str(path))
            continue
        try:
            args.out.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            sys.stderr.write(f"conformance: cannot write {path}: {error.strerror or error}\n")
            return 2
        sys.stdout.write(f"wrote {path}\n")
    if stale:
        sys.stderr.write(
            "conformance: out of date (python -m conformance traceability): "
            + ", ".join(stale)
            + "\n"
        )
        return 1
    return 0


def _profile(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        profile = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise _CannotProbe(f"cannot read the profile {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise _CannotProbe(f"the profile {path} is not JSON: {error}") from None
    if not isinstance(profile, dict):
        raise _CannotProbe(f"the profile {path} is not a JSON object")
    return profile


class _CannotProbe(Exception):
    pass


def _target(args: argparse.Namespace, config: Config) -> Target:
    if args.server_cmd is not None:
        if not args.server_cmd.strip():
            raise _CannotProbe("--server-cmd is empty")
        if args.cwd is not None and not os.path.isdir(args.cwd):
            raise _CannotProbe(f"--cwd {args.cwd!r} is not a directory")
        return StdioTarget(args.server_cmd, config, cwd=args.cwd)
    headers: dict[str, str] = {}
    for header in args.header:
        name, colon, value = header.partition(":")
        if not colon or not name.strip():
            raise _CannotProbe(f"--header {header!r} is not NAME:VALUE")
        headers[name.strip()] = value.strip()
    try:
        return HttpTarget(args.url, config, headers)
    except ValueError as error:
        raise _CannotProbe(str(error)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """0: every MUST holds for what the server advertises; 1: a MUST fails (any failure
    with --strict), or with --expected-failures an unexpected failure or a stale entry;
    2: bad input, or the server cannot be probed (one line on stderr). A reader that
    stops early (``| head``) is not an error."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away: say nothing more, and let the interpreter's final flush
        # of stdout go nowhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None = None) -> int:
    """0: every MUST holds for what the server advertises; 1: a MUST fails (any failure
    with --strict); 2: the server cannot be probed (one line on stderr)."""
    args = _parser().parse_args(argv)
    if args.command == "list":
        return _list(args)
    if args.command == "traceability":
        return _traceability(args)
    if args.command == "compare":
        return _compare(args)
    code = args.unsupported_version_code
    config = Config(
        timeout=args.timeout,
        unsupported_version_code=None if code == "either" else int(code),
        strict=args.strict,
    )
    eras = ERAS if args.era == "both" else (args.era,)
    manifest = load_manifest()
    if args.only is not None and not _matches(args.only, manifest):
        sys.stderr.write(f"conformance: --only {args.only!r} matches no requirement or fixture\n")
        return 2
    try:
        entries = (
            official.read_baseline(args.expected_failures)
            if args.expected_failures is not None
            else None
        )
    except official.BaselineError as error:
        sys.stderr.write(f"conformance: {error}\n")
        return 2
    try:
        profile = _profile(args.profile)
        kit = run(_target(args, config), eras=eras, only=args.only, profile=profile, config=config)
    except (_CannotProbe, Unreachable, TransportError) as error:
        sys.stderr.write(f"conformance: cannot probe the server: {error}\n")
        return 2
    notes = _profile_notes(kit, args.profile is not None)
    checks = official.mcp_checks(kit.rows, manifest, strict=config.strict)
    if args.format == "mcp-checks":
        sys.stdout.write(json.dumps(checks, indent=2) + "\n")
        for note in notes:
            sys.stderr.write(f"conformance: note: {note}\n")
    else:
        sys.stdout.write(render(kit, args.format, strict=config.strict, notes=notes))
    if entries is not None:
        judged = official.judge_baseline(checks, entries)
        out = sys.stderr if args.format in ("json", "mcp-checks") else sys.stdout
        for entry in judged.stale:
            out.write(f"stale baseline entry (now passing: remove it): {entry}\n")
        for entry in judged.unexpected:
            out.write(f"unexpected failure (not in the baseline): {entry}\n")
        out.write(
            "baseline check passed: all failures are expected\n"
            if judged.ok
            else "baseline check failed\n"
        )
        return 0 if judged.ok else 1
    return 1 if failed(kit.rows, strict=config.strict) else 0


def _matches(pattern: str, manifest: Sequence[dict[str, Any]]) -> bool:
    import fnmatch

    return any(
        fnmatch.fnmatch(r["id"], pattern)
        or any(fnmatch.fnmatch(f, pattern) for f in r.get("fixtures", []))
        for r in manifest
    )


if __name__ == "__main__":
    sys.exit(main())

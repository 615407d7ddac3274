"""``mcp-negotiation-conformance run --server-cmd CMD | --url URL [...]`` (installed), or
``python -m conformance run ...`` in the repository: see docs/conformance.md."""

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
    runner.add_argument("--format", choices=("table", "json", "markdown"), default="table")
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
    return parser


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
    with --strict); 2: the server cannot be probed (one line on stderr)."""
    args = _parser().parse_args(argv)
    code = args.unsupported_version_code
    config = Config(
        timeout=args.timeout,
        unsupported_version_code=None if code == "either" else int(code),
        strict=args.strict,
    )
    eras = ERAS if args.era == "both" else (args.era,)
    try:
        profile = _profile(args.profile)
        kit = run(_target(args, config), eras=eras, only=args.only, profile=profile, config=config)
    except (_CannotProbe, Unreachable, TransportError) as error:
        sys.stderr.write(f"conformance: cannot probe the server: {error}\n")
        return 2
    sys.stdout.write(render(kit, args.format))
    return 1 if failed(kit.rows, strict=config.strict) else 0


if __name__ == "__main__":
    sys.exit(main())

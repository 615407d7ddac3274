import os
import sys
from typing import NoReturn

from .build.fastpath import try_noop
from .paths import PROGRAM, install_hint, missing_extra, version

# A missing dependency is an install problem: one line, exit 2 (as a bad usage).
EXIT_MISSING_EXTRA = 2


def main() -> None:
    """``python -m codegen`` and the console script ``mcp-negotiation-codegen``."""
    # A ``generate`` with nothing to do finishes before click and the compiler are imported.
    if not try_noop(sys.argv[1:]):
        missing = missing_extra()
        if missing and sys.argv[1:] == ["--version"]:  # needs nothing of the extra
            sys.stdout.write(f"{PROGRAM} {version()}\n")
            return
        if missing:
            sys.stderr.write(
                f"{PROGRAM} needs the compiler's dependencies, the extra [codegen] "
                f"(missing: {', '.join(missing)}): {install_hint()}\n"
            )
            sys.exit(EXIT_MISSING_EXTRA)
        from .cli import main as cli

        try:
            cli()
        except SystemExit as done:
            if sys.getprofile() is not None or sys.gettrace() is not None:
                raise  # a profiler or coverage writes its data at exit: a normal one
            _exit_now(done.code)


# Python's own exit code when flushing stdout fails at shutdown (Py_FinalizeEx).
EXIT_FLUSH_FAILED = 120


def _exit_now(code: object) -> NoReturn:
    """End the process as ``sys.exit(code)`` would, without freeing the compiler's objects.

    Freeing a large compile's IR and texts one by one took 0.4 s of a 2.15 s run at 20k
    lines; the operating system reclaims the memory at once (mypy's ``hard_exit`` does the
    same). Only the standard streams hold unwritten data: every file is closed already.
    """
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # ``sys.exit("message")``: the message on stderr, exit 1
        sys.stderr.write(f"{code}\n")
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: as Python reports it
            status = status or EXIT_FLUSH_FAILED
    os._exit(status)


if __name__ == "__main__":
    main()

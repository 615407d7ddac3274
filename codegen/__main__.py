import sys

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

        cli()


if __name__ == "__main__":
    main()

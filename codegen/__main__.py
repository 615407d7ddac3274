import sys

from .build.fastpath import try_noop


def main() -> None:
    """``python -m codegen`` and the console script ``mcp-negotiation-codegen``."""
    # A ``generate`` with nothing to do finishes before click and the compiler are imported.
    if not try_noop(sys.argv[1:]):
        from .cli import main as cli

        cli()


if __name__ == "__main__":
    main()

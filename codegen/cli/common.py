"""What every command shares: the exit codes and the one way a command reports an error."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

import click

from ..errors import SchemaError

T = TypeVar("T")

EXIT_STALE = 1
EXIT_BAD_SCHEMA = 2
EXIT_INTERNAL = 3


def run_or_exit(action: Callable[[], T]) -> T:
    """Bad schemas become one ``file:line:col: error:`` line and exit 2; never a traceback."""
    try:
        return action()
    except SchemaError as err:
        click.echo(str(err), err=True)
        sys.exit(EXIT_BAD_SCHEMA)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as err:  # a compiler bug: say so briefly, still no traceback
        click.echo(f"internal compiler error: {type(err).__name__}: {err}", err=True)
        sys.exit(EXIT_INTERNAL)

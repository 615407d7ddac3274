"""``python -m demos.devplatform --transport stdio|http --port N``.

The principal is ``$DEVPLATFORM_PRINCIPAL`` (default ``maintainer``); over HTTP an
``Authorization: Bearer <name>`` header names it per request. Replicas share cursors
through ``$MCP_NEGOTIATION_CURSOR_KEY`` (hex; see ``negotiation.sdk.cursor_key_from_env``).
"""

import sys

from demos._run import parse_args, run
from demos.devplatform.server import build
from negotiation.sdk import cursor_key_from_env

if __name__ == "__main__":
    args = parse_args("python -m demos.devplatform")
    try:
        key = cursor_key_from_env()
    except ValueError as error:
        sys.exit(f"python -m demos.devplatform: {error}")
    server = build(
        negotiate=not args.no_negotiation,
        cursor_key=key,
        experimental_capability=args.experimental_capability,
    )
    run(server, args.transport, args.port)

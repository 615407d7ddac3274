"""``python -m demos.devplatform --transport stdio|http --port N``.

The principal is ``$DEVPLATFORM_PRINCIPAL`` (default ``maintainer``); over HTTP an
``Authorization: Bearer <name>`` header names it per request.
"""

from demos._run import parse_args, run
from demos.devplatform.server import build

if __name__ == "__main__":
    args = parse_args("python -m demos.devplatform")
    run(build(negotiate=not args.no_negotiation), args.transport, args.port)

"""``python -m demos.weather --transport stdio|http --port N``."""

from demos._run import parse_args, run
from demos.weather.server import build

if __name__ == "__main__":
    args = parse_args("python -m demos.weather")
    server = build(
        negotiate=not args.no_negotiation, experimental_capability=args.experimental_capability
    )
    run(server, args.transport, args.port)

"""``python -m demos.weather --transport stdio|http --port N``."""

from demos._run import backplane, parse_args, run
from demos.weather.server import build

if __name__ == "__main__":
    args = parse_args("python -m demos.weather")
    shared = backplane(args.redis, "weather")
    run(build(negotiate=not args.no_negotiation, backplane=shared), args.transport, args.port)

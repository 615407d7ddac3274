"""Negotiation runtime micro-benchmarks: feature parsing, predicates, per-request
variant resolution with a cursor check, and ranking.

Goals: a cached per-request negotiation (features + variant + cursor) under 2 µs;
ranking 100 000 variants under 200 ms. Each figure is the best of a few repeats of
many iterations, timed with ``time.perf_counter_ns``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from negotiation import features
from negotiation.cursors import CursorCodec
from negotiation.features import compile_predicate, parse_features
from negotiation.variants import META_KEY, ClientHints, Variant, VariantResolver, rank_variants

Reporter = Callable[[str, float, str], None]
_REPEATS = 5

DECLARATION = [
    "agent",
    "mcp-capable",
    "!interactive",
    "verbosity=compact",
    "format=json",
    "sampling",
]


def _best_ns_per_call(body: Callable[[], object], iterations: int) -> float:
    best = float("inf")
    for _ in range(_REPEATS):
        start = time.perf_counter_ns()
        for _ in range(iterations):
            body()
        best = min(best, (time.perf_counter_ns() - start) / iterations)
    return best


def _emit(
    report: Reporter, metric: str, value: float, unit: str, goal: float | None = None
) -> None:
    row = getattr(report, "row", None)
    if goal is not None and row is not None:
        from bench import Goal  # only when run under `python -m bench`

        row(metric, value, unit, goal=Goal("at_most", goal, unit))
    else:
        report(metric, value, unit)


def _variants(count: int, seed: int = 7) -> list[Variant]:
    rng = random.Random(seed)
    return [
        Variant(
            f"variant-{i}",
            "",
            {
                "modelFamily": rng.choice(["anthropic", "openai", "any", "local"]),
                "useCase": rng.choice(["planning", "execution", "chat", "ide"]),
                "contextSize": rng.choice(["compact", "standard", "verbose"]),
            },
            rng.choice(["stable", "stable", "experimental", "deprecated"]),
        )
        for i in range(count)
    ]


def bench_features(report: Reporter) -> None:
    features.clear_cache()
    parse_features(DECLARATION)
    cached = _best_ns_per_call(lambda: parse_features(DECLARATION), 100_000)
    _emit(report, "feature set, cached (6 tags)", cached / 1000, "µs")

    distinct = [[*DECLARATION, f"x-run-{i}"] for i in range(20_000)]
    best = float("inf")
    for _ in range(_REPEATS):
        features.clear_cache()
        start = time.perf_counter_ns()
        for declaration in distinct:
            parse_features(declaration)
        best = min(best, (time.perf_counter_ns() - start) / len(distinct))
    features.clear_cache()
    _emit(report, "feature set, uncached (7 tags)", best / 1000, "µs")

    predicate = compile_predicate("agent & format=json & !interactive")
    feature_set = parse_features(DECLARATION)
    evaluated = _best_ns_per_call(lambda: predicate(feature_set), 200_000)
    _emit(report, "predicate 'agent & format=json & !interactive'", evaluated / 1000, "µs")


def bench_per_request(report: Reporter) -> None:
    resolver = VariantResolver(["claude-optimized", "compact", "verbose"])
    codec = CursorCodec(b"bench-key-0123456789abcdef")
    cursor = codec.mint("compact", "offset=40")
    meta = {META_KEY: "compact"}
    capabilities_features = list(DECLARATION)

    def resolve_and_check() -> object:
        resolution = resolver.resolve(meta)
        return codec.check(cursor, resolution.variant)

    def negotiate() -> object:
        feature_set = parse_features(capabilities_features)
        resolution = resolver.resolve(meta)
        return feature_set, codec.check(cursor, resolution.variant)

    resolve_and_check()
    negotiate()
    value = _best_ns_per_call(resolve_and_check, 200_000)
    _emit(report, "variant resolution + cursor check (cached)", value / 1000, "µs")
    value = _best_ns_per_call(negotiate, 200_000)
    _emit(
        report,
        "per-request negotiation: features + variant + cursor (cached)",
        value / 1000,
        "µs",
        2.0,
    )

    fresh = [codec.mint("compact", f"offset={i}") for i in range(3_000)]
    start = time.perf_counter_ns()
    for token in fresh:
        codec.check(token, "compact")
    _emit(
        report,
        "cursor check, first sight (HMAC verify)",
        (time.perf_counter_ns() - start) / len(fresh) / 1000,
        "µs",
    )


def bench_ranking(report: Reporter) -> None:
    hints = ClientHints.from_wire(
        {
            "hints": {
                "modelFamily": "anthropic",
                "useCase": ["planning", "execution"],
                "contextSize": ["standard", "compact"],
            }
        }
    )
    for count, iterations in ((5, 20_000), (1_000, 200), (100_000, 1)):
        variants = _variants(count)
        value = _best_ns_per_call(lambda v=variants: rank_variants(v, hints), iterations)  # type: ignore[misc]
        if count == 100_000:
            _emit(report, "rank 100 000 variants", value / 1e6, "ms", 200.0)
        else:
            _emit(report, f"rank {count:,} variants".replace(",", " "), value / 1000, "µs")


def run(report: Reporter) -> None:
    bench_features(report)
    bench_per_request(report)
    bench_ranking(report)


if __name__ == "__main__":
    run(lambda metric, value, unit: print(f"{metric:<64} {value:10.3f} {unit}"))

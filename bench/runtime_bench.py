"""Negotiation runtime micro-benchmarks: feature parsing, predicates, per-request
variant resolution with a cursor check, and ranking.

Goals: a cached per-request negotiation (features + variant + cursor) under 2 µs; a
feature declaration that is not cached parsed in at most 5 µs; ranking 100 000 variants
under 200 ms, with 1 000 and 10 000 beside it to show how the cost grows. Each figure is
the median of a few rounds of many iterations (min–max beside it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bench import Stats, interleave, loop_timer
from negotiation import features
from negotiation.cursors import CursorCodec
from negotiation.features import parse_features
from negotiation.predicates import compile_predicate
from negotiation.variants import META_KEY, VariantResolver
from negotiation.variants._forms import NormalHints, NormalVariant
from negotiation.variants.ranking import rank_normal  # the ranking itself, on held forms

Reporter = Callable[[str, float, str], None]
_ROUNDS = 7

DECLARATION = [
    "agent",
    "mcp-capable",
    "!interactive",
    "verbosity=compact",
    "format=json",
    "sampling",
]


def _rounds(one_round: Callable[[], float], rounds: int = _ROUNDS) -> Stats:
    """ns per call, one sample per round (a round is ``one_round``, which times itself)."""
    one_round()  # warm-up
    return interleave([one_round], rounds)[0]


def _ns_per_call(body: Callable[[], object], iterations: int) -> Stats:
    return _rounds(lambda: loop_timer(body, iterations)() * 1e9)


def _emit(
    report: Reporter, metric: str, stats: Stats, unit: str, goal: float | None = None
) -> None:
    measured = getattr(report, "measured", None)
    if measured is not None:
        from bench import Goal  # only when run under `python -m bench`

        measured(metric, stats, unit, goal=None if goal is None else Goal("at_most", goal, unit))
    else:
        report(metric, stats.median, unit)


def _variants(count: int, seed: int = 7) -> list[NormalVariant]:
    # Normalised, as the advertiser holds them: what ranking per request costs.
    rng = random.Random(seed)
    return [
        NormalVariant(
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
    cached = _ns_per_call(lambda: parse_features(DECLARATION), 30_000)
    _emit(report, "feature set, cached (6 tags)", cached.scaled(1e-3), "µs")

    distinct = [[*DECLARATION, f"x-run-{i}"] for i in range(4_000)]

    def uncached_round() -> float:
        features.clear_cache()
        start = time.perf_counter_ns()
        for declaration in distinct:
            parse_features(declaration)
        return (time.perf_counter_ns() - start) / len(distinct)

    uncached = _rounds(uncached_round)
    features.clear_cache()
    _emit(report, "feature set, uncached (7 tags)", uncached.scaled(1e-3), "µs", 5.0)

    predicate = compile_predicate("agent & format=json & !interactive")
    feature_set = parse_features(DECLARATION)
    evaluated = _ns_per_call(lambda: predicate(feature_set), 30_000)
    _emit(report, "predicate 'agent & format=json & !interactive'", evaluated.scaled(1e-3), "µs")


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
    value = _ns_per_call(resolve_and_check, 20_000)
    _emit(report, "variant resolution + cursor check (cached)", value.scaled(1e-3), "µs")
    value = _ns_per_call(negotiate, 20_000)
    _emit(
        report,
        "per-request negotiation: features + variant + cursor (cached)",
        value.scaled(1e-3),
        "µs",
        2.0,
    )

    fresh = [codec.mint("compact", f"offset={i}") for i in range(3_000)]
    start = time.perf_counter_ns()
    for token in fresh:
        codec.check(token, "compact")
    once = Stats.of([(time.perf_counter_ns() - start) / len(fresh) / 1000])
    _emit(report, "cursor check, first sight (HMAC verify, one pass)", once, "µs")


def bench_ranking(report: Reporter) -> None:
    hints = NormalHints.from_wire(
        {
            "hints": {
                "modelFamily": "anthropic",
                "useCase": ["planning", "execution"],
                "contextSize": ["standard", "compact"],
            }
        }
    )
    for count, iterations in ((5, 3_000), (1_000, 30), (10_000, 3), (100_000, 1)):
        variants = _variants(count)
        value = _ns_per_call(lambda v=variants: rank_normal(v, hints), iterations)  # type: ignore[misc]
        label = f"rank {count:,} variants".replace(",", " ")
        _emit(report, label, value.scaled(1e-6), "ms", 200.0 if count == 100_000 else None)


def run(report: Reporter) -> None:
    bench_features(report)
    bench_per_request(report)
    bench_ranking(report)


if __name__ == "__main__":
    run(lambda metric, value, unit: print(f"{metric:<64} {value:10.3f} {unit}"))

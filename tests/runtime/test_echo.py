"""Client values repeated in errors are capped: a huge value is never echoed whole."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation import errors
from negotiation.errors import ECHO_LIMIT, echo
from negotiation.subscriptions import SubscriptionRegistry, VariantSwitchLimiter
from negotiation.variants import META_KEY, VariantResolver
from negotiation.versioning import check_request_version

HUGE = "v" * 3_000_000
# An error with every echoed field at its cap still fits in a few kilobytes.
ERROR_BYTES = 4096


def test_short_strings_come_back_unchanged() -> None:
    assert echo("code-review") == "code-review"
    assert echo("x" * ECHO_LIMIT) == "x" * ECHO_LIMIT


def test_long_strings_are_cut_with_a_marker() -> None:
    assert echo("x" * (ECHO_LIMIT + 5)) == "x" * ECHO_LIMIT + "…[5 more characters]"
    assert echo(HUGE).endswith(f"…[{len(HUGE) - ECHO_LIMIT} more characters]")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ({"a": HUGE}, "<a JSON object>"),
        ([HUGE], "<a JSON array>"),
        (7, "<a JSON number>"),
        (7.5, "<a JSON number>"),
        (True, "<a JSON boolean>"),
        (None, "<a JSON null>"),
        (b"raw", "<a non-JSON value>"),
    ],
)
def test_non_strings_are_described_by_type(value: object, shown: str) -> None:
    assert echo(value) == shown


@given(st.text(max_size=600))
def test_echo_keeps_a_prefix_and_is_bounded(value: str) -> None:
    shown = echo(value)
    assert shown.startswith(value[:ECHO_LIMIT])
    assert len(shown) <= ECHO_LIMIT + len("…[999999999 more characters]")
    assert (shown == value) == (len(value) <= ECHO_LIMIT)


def _size(error: object) -> int:
    return len(json.dumps(error))


@pytest.mark.parametrize("requested", [HUGE, {"deep": [HUGE] * 3}, 12345678901234567890])
def test_a_huge_requested_variant_is_not_echoed(requested: object) -> None:
    resolution = VariantResolver(["code-review", "compact"]).resolve({META_KEY: requested})
    assert resolution.error is not None
    assert resolution.error["message"] == "Invalid server variant"
    assert _size(resolution.error) < ERROR_BYTES
    assert resolution.error["data"]["availableVariants"] == ["code-review", "compact"]


def test_a_huge_header_variant_is_not_echoed() -> None:
    resolution = VariantResolver(["a", "b"]).resolve(None, header=HUGE)
    assert resolution.error is not None and _size(resolution.error) < ERROR_BYTES


def _rate_limited(requested: str) -> errors.JsonRpcError | None:
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.001, clock=lambda: 0.0)
    limiter.check("p", "a")
    limiter.check("p", "b")  # the one switch the bucket holds
    return limiter.check("p", requested)


def test_every_error_builder_caps_what_it_echoes() -> None:
    built = [
        errors.invalid_server_variant(HUGE, ["a"]),
        errors.cursor_variant_mismatch(HUGE, HUGE),
        errors.unknown_identifier("tool", HUGE, HUGE),
        errors.variant_switch_rate_limited(HUGE, HUGE, 10),
        errors.unsupported_protocol_version(["2026-07-28"], HUGE),
        errors.unsupported_protocol_version(["2026-07-28"], {"x": HUGE}),
        SubscriptionRegistry(lambda variant, uri: False).subscribe("s", HUGE, None),
        SubscriptionRegistry(lambda variant, uri: False).subscribe("s", HUGE, "a"),
        _rate_limited(HUGE),
    ]
    for error in built:
        assert error is not None and _size(error) < ERROR_BYTES, error


def test_version_errors_cap_the_header_and_the_body_values() -> None:
    meta = {"io.modelcontextprotocol/protocolVersion": HUGE}
    unsupported = check_request_version(meta, ["2026-07-28"])
    mismatch = check_request_version(meta, ["2026-07-28"], http=True, header=HUGE + "x")
    for check in (unsupported, mismatch):
        assert check.error is not None and _size(check.error) < ERROR_BYTES

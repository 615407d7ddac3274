"""An anonymous 2026-07-28 HTTP request (no principal, no session) and the switch limit:
unlimited by default, with one warning; ``anonymous_key=client_address(...)`` gives it
a bucket by the client's address, read through trusted proxies only."""

from __future__ import annotations

import http.client
import ipaddress
import json
import logging
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import anyio
import mcp_ext
import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp.server.mcpserver import Context, MCPServer
from starlette.datastructures import Headers

from negotiation.backplane import Backplane
from negotiation.sdk import Negotiation, negotiated
from negotiation.sdk.anonymous import (
    UNLIMITED,
    UNLIMITED_WARNING,
    AnonymousBuckets,
    AnonymousKey,
    client_address,
)
from negotiation.subscriptions import VariantSwitchLimiter
from tests.e2e.servers import LOOPBACK, free_port
from tests.e2e.wire import MODERN, VARIANT_KEY

VARIANTS = [
    mcp_ext.ServerVariant(id="a", description="A.", hints={}),
    mcp_ext.ServerVariant(id="b", description="B.", hints={}),
]
LIMITED = "Too many server variant switches"


def _ctx(host: str | None, *forwarded: str) -> Any:
    """An SDK request context as far as the key functions read it."""
    raw = [(b"x-forwarded-for", value.encode("latin-1")) for value in forwarded]
    client = SimpleNamespace(host=host) if host is not None else None
    request = SimpleNamespace(client=client, headers=Headers(raw=raw))
    return SimpleNamespace(request=request, method="tools/call")


# --- client_address -----------------------------------------------------------------------


def test_the_peer_is_the_key_and_its_forwarded_header_is_ignored() -> None:
    key = client_address()
    assert key(_ctx("203.0.113.7")) == "203.0.113.7"
    # Without trusted proxies the header is the client's to forge.
    assert key(_ctx("203.0.113.7", "198.51.100.1")) == "203.0.113.7"


def test_behind_a_trusted_proxy_the_key_is_the_address_the_nearest_proxy_saw() -> None:
    key = client_address(trusted_proxies=["10.0.0.0/8", "192.0.2.1"])
    # The client forged "1.1.1.1"; the outer proxy (192.0.2.1) appended the real peer.
    ctx = _ctx("10.1.2.3", "1.1.1.1, 198.51.100.9", "192.0.2.1")
    assert key(ctx) == "198.51.100.9"
    assert key(_ctx("10.1.2.3", "198.51.100.9")) == "198.51.100.9"
    # An untrusted peer's header is never read.
    assert key(_ctx("198.51.100.20", "1.1.1.1")) == "198.51.100.20"


def test_a_request_through_trusted_proxies_only_is_keyed_by_the_farthest() -> None:
    key = client_address(trusted_proxies=["10.0.0.0/8"])
    assert key(_ctx("10.0.0.1", "10.0.0.3, 10.0.0.2")) == "10.0.0.3"
    assert key(_ctx("10.0.0.1")) == "10.0.0.1"  # a trusted peer with no header


def test_a_hop_that_is_no_address_is_the_key_and_an_empty_one_is_none() -> None:
    key = client_address(trusted_proxies=["10.0.0.0/8"])
    assert key(_ctx("10.0.0.1", "1.1.1.1, unknown")) == "unknown"
    assert key(_ctx("10.0.0.1", "1.1.1.1, ")) is None


def test_an_ipv6_proxy_network_is_trusted() -> None:
    key = client_address(trusted_proxies=[" fd00::/8 "])
    assert key(_ctx("fd00::1", "2001:db8::5")) == "2001:db8::5"


def test_no_address_means_no_key() -> None:
    key = client_address()
    assert key(_ctx(None)) is None
    assert key(_ctx("")) is None
    in_process: Any = SimpleNamespace(request=None)  # no HTTP request at all
    assert key(in_process) is None


def test_a_context_or_request_without_the_http_parts_is_read_as_absent() -> None:
    key = client_address(trusted_proxies=["10.0.0.0/8"])
    no_request: Any = SimpleNamespace()
    assert key(no_request) is None
    no_headers: Any = SimpleNamespace(
        request=SimpleNamespace(client=SimpleNamespace(host="10.0.0.1"))
    )
    assert key(no_headers) == "10.0.0.1"  # a trusted peer, nothing forwarded
    none_headers: Any = SimpleNamespace(
        request=SimpleNamespace(client=SimpleNamespace(host="10.0.0.1"), headers=None)
    )
    assert key(none_headers) == "10.0.0.1"


def test_a_trusted_network_may_be_written_with_host_bits() -> None:
    key = client_address(trusted_proxies=["10.1.2.3/8"])  # read as 10.0.0.0/8
    assert key(_ctx("10.200.0.1", "198.51.100.9")) == "198.51.100.9"


def test_a_malformed_trusted_proxy_is_refused_at_construction() -> None:
    with pytest.raises(ValueError, match="not-a-network"):
        client_address(trusted_proxies=["not-a-network"])


hops = st.lists(
    st.one_of(
        st.ip_addresses().map(str),
        st.ip_addresses(network="10.0.0.0/8").map(str),
        st.text(alphabet=st.characters(codec="latin-1", exclude_characters=","), max_size=20),
    ),
    max_size=6,
)


def _in_ten(hop: str) -> bool:
    try:
        return ipaddress.ip_address(hop) in ipaddress.ip_network("10.0.0.0/8")
    except ValueError:
        return False


@given(hops, st.sampled_from(["198.51.100.4", "10.9.9.9"]))
def test_any_forwarded_header_gives_the_right_most_untrusted_hop_or_none(
    forwarded: list[str], peer: str
) -> None:
    key = client_address(trusted_proxies=["10.0.0.0/8"])
    header = ", ".join(forwarded)
    found = key(_ctx(peer, header))
    if peer == "198.51.100.4":
        assert found == peer  # an untrusted peer: the header is never read
        return
    stripped = [hop.strip() for hop in header.split(",")]
    trusted = [_in_ten(hop) for hop in stripped]
    if all(trusted):
        assert found == stripped[0]  # every hop a proxy: the farthest
    else:
        nearest = max(i for i, ok in enumerate(trusted) if not ok)
        assert found == (stripped[nearest] or None)  # never a hop left of it (forgeable)


# --- the bucket ---------------------------------------------------------------------------


def test_without_a_key_function_it_is_unlimited_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    buckets = AnonymousBuckets(None)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        assert buckets(_ctx("203.0.113.7")) is UNLIMITED
        assert buckets(_ctx("203.0.113.8")) is UNLIMITED
    warnings = [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk"]
    assert warnings == [f"tools/call: {UNLIMITED_WARNING}"]


def test_a_key_is_kept_apart_from_principals_and_none_is_unlimited_silently(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        assert AnonymousBuckets(client_address())(_ctx("alice")) == ("anonymous", "alice")
        assert AnonymousBuckets(lambda ctx: None)(_ctx("203.0.113.7")) is UNLIMITED
    assert caplog.records == []


# --- over HTTP ----------------------------------------------------------------------------


def _call(port: int, variant: str, forwarded_for: str) -> str:
    """One anonymous 2026-07-28 ``tools/call`` through a proxy on loopback that says the
    client is ``forwarded_for``: the text served, or the error message."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=60)
    meta = {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientInfo": {"name": "anonymous", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {},
        VARIANT_KEY: variant,
    }
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "t", "arguments": {}, "_meta": meta},
    }
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": MODERN,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "t",
        "X-Forwarded-For": forwarded_for,
    }
    try:
        connection.request("POST", "/mcp", json.dumps(body).encode(), headers)
        reply = json.loads(connection.getresponse().read())
    finally:
        connection.close()
    if "error" in reply:
        return str(reply["error"]["message"])
    return str(reply["result"]["content"][0]["text"])


CALLS = [("a", "198.51.100.1"), ("b", "198.51.100.1"), ("a", "198.51.100.1"), ("a", "198.51.100.2")]


def _served(
    anonymous_key: AnonymousKey | None, backplanes: Sequence[Backplane | None] = (None,)
) -> list[str]:
    """:data:`CALLS` over streamable HTTP on loopback, round-robin over one replica per
    backplane, each trusting its loopback peer as a proxy (uvicorn's own proxy-header
    handling off): capacity 1, so one client's first switch is its last."""

    def replica(backplane: Backplane | None) -> Any:
        neg = Negotiation(
            variants=VARIANTS,
            switch_limiter=VariantSwitchLimiter(capacity=1, refill_per_second=0.001),
            anonymous_key=anonymous_key,
            backplane=backplane,
        )
        server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

        @server.tool(name="t")
        def served_by(ctx: Context) -> str:
            return str(negotiated(ctx).variant)

        return server.streamable_http_app()

    async def main() -> list[str]:
        import uvicorn

        ports = [free_port() for _ in backplanes]
        webs = [
            uvicorn.Server(
                uvicorn.Config(
                    replica(backplane),
                    host=LOOPBACK,
                    port=port,
                    log_level="error",
                    proxy_headers=False,
                )
            )
            for backplane, port in zip(backplanes, ports, strict=True)
        ]
        outcomes = []
        async with anyio.create_task_group() as tasks:
            for web in webs:
                tasks.start_soon(web.serve)
            while not all(web.started for web in webs):
                await anyio.sleep(0.01)
            for i, (variant, address) in enumerate(CALLS):
                port = ports[i % len(ports)]
                outcomes.append(await anyio.to_thread.run_sync(_call, port, variant, address))
            for web in webs:
                web.should_exit = True
        return outcomes

    return anyio.run(main)


def test_anonymous_http_clients_are_unlimited_by_default_with_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        outcomes = _served(None)
    assert outcomes == ["a", "b", "a", "a"]
    warnings = [r.getMessage() for r in caplog.records if UNLIMITED_WARNING in r.getMessage()]
    assert warnings == [f"tools/call: {UNLIMITED_WARNING}"]


def test_with_client_address_each_address_behind_a_trusted_proxy_has_its_bucket() -> None:
    outcomes = _served(client_address(trusted_proxies=[LOOPBACK]))
    assert outcomes[:2] == ["a", "b"]
    assert outcomes[2].startswith(LIMITED)  # 198.51.100.1 switched once already
    assert outcomes[3] == "a"  # 198.51.100.2's bucket is its own


def test_an_untrusted_peers_forwarded_header_does_not_split_its_bucket() -> None:
    outcomes = _served(client_address())  # the loopback peer is not a trusted proxy
    assert outcomes[:2] == ["a", "b"]
    assert outcomes[2].startswith(LIMITED) and outcomes[3].startswith(LIMITED)


def test_an_address_bucket_counts_on_every_replica_of_a_shared_backplane() -> None:
    import fakeredis

    from negotiation.sdk.redis import RedisBackplane

    store = fakeredis.FakeServer()
    shared = [RedisBackplane(fakeredis.FakeAsyncRedis(server=store)) for _ in range(2)]
    key = client_address(trusted_proxies=[LOOPBACK])
    # Round-robin: 198.51.100.1 asks for "a" on one replica and "b" on the other.
    fleet = _served(key, shared)
    assert fleet[:2] == ["a", "b"] and fleet[2].startswith(LIMITED) and fleet[3] == "a"
    assert _served(key, [None, None]) == ["a", "b", "a", "a"]  # each replica's own buckets

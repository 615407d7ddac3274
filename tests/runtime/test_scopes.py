"""``negotiation.scopes``: per-variant scoping, list filtering, paging and advertising,
without the SDK (the middleware's decisions, as pure functions)."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation import errors
from negotiation.cursors import CursorCodec
from negotiation.scopes import (
    CURSOR_KEY_ENV,
    LISTS,
    TARGETS,
    UNSCOPED,
    Page,
    Scope,
    VariantScopes,
    advertise_extensions,
    cursor_codec,
    cursor_key_from_env,
    paginate,
    resume,
    unknown_identifier,
)

KEY = bytes(range(32))


def _scopes(implicit: str | None = None) -> VariantScopes:
    return VariantScopes(["full", "compact"], implicit)


# --- the tables -------------------------------------------------------------------------


def test_the_method_tables() -> None:
    assert LISTS == {
        "tools/list": ("tool", "tools", "name"),
        "prompts/list": ("prompt", "prompts", "name"),
        "resources/list": ("resource", "resources", "uri"),
    }
    assert TARGETS == {
        "tools/call": ("tool", "name"),
        "prompts/get": ("prompt", "name"),
        "resources/read": ("resource", "uri"),
        "resources/metadata": ("resource", "uri"),
        "resources/subscribe": ("resource", "uri"),
    }
    assert frozenset({"initialize", "server/discover", "ping"}) == UNSCOPED


# --- declaring scopes -------------------------------------------------------------------


def test_a_declared_scope_is_kept_with_its_descriptions() -> None:
    scopes = _scopes()
    assert not scopes
    scopes.declare("tool", "search", ["full"], {"full": "Search everything"})
    assert scopes
    assert scopes.get("tool", "search") == Scope(frozenset({"full"}), {"full": "Search everything"})
    assert scopes.get("prompt", "search") is None
    scopes.declare("tool", "search", None)  # a later declaration replaces it
    assert scopes.get("tool", "search") == Scope(None, {})


def test_checked_returns_the_set_or_none() -> None:
    scopes = _scopes()
    assert scopes.checked("prompt", "p", ["full", "full"]) == frozenset({"full"})
    assert scopes.checked("resource", "r", None) is None
    assert scopes.checked("tool", "t", [], {"compact": "short"}) == frozenset()


@pytest.mark.parametrize(
    ("variants", "descriptions", "message"),
    [
        (["full", "lite"], None, "tool 'x': 'lite' is not a declared variant"),
        (None, {"lite": "d"}, "tool 'x': 'lite' is not a declared variant"),
        (["full"], {"gone": "d"}, "tool 'x': 'gone' is not a declared variant"),
    ],
)
def test_an_undeclared_variant_is_named(
    variants: list[str] | None, descriptions: dict[str, str] | None, message: str
) -> None:
    scopes = _scopes()
    with pytest.raises(ValueError) as raised:
        scopes.declare("tool", "x", variants, descriptions)
    assert str(raised.value) == message
    assert not scopes  # nothing half-declared


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError) as raised:
        _scopes().declare("widget", "x", None)  # type: ignore[arg-type]
    assert str(raised.value) == "kind must be 'tool', 'prompt' or 'resource', not 'widget'"


def test_a_server_without_variants_refuses_every_named_variant() -> None:
    with pytest.raises(ValueError, match="'full' is not a declared variant"):
        VariantScopes().declare("tool", "x", ["full"])
    VariantScopes().declare("tool", "x", None)  # in every variant: fine


def test_names_lists_one_kind_in_declaration_order() -> None:
    scopes = _scopes()
    scopes.declare("tool", "b", ["full"])
    scopes.declare("prompt", "p", ["full"])
    scopes.declare("tool", "a", None)
    assert scopes.names("tool") == ["b", "a"]
    assert scopes.names("prompt") == ["p"]
    assert scopes.names("resource") == []


# --- which variant serves ---------------------------------------------------------------


def test_serving_falls_back_to_the_implicit_variant() -> None:
    assert _scopes().serving(None) is None
    assert _scopes("full").serving(None) == "full"
    assert _scopes("full").serving("compact") == "compact"


def test_allows() -> None:
    scopes = _scopes()
    scopes.declare("tool", "full-only", ["full"])
    scopes.declare("tool", "everywhere", None)
    assert scopes.allows("tool", "unscoped", "compact") is True
    assert scopes.allows("tool", "everywhere", "compact") is True
    assert scopes.allows("tool", "full-only", "full") is True
    assert scopes.allows("tool", "full-only", "compact") is False
    assert scopes.allows("tool", "full-only", None) is False  # no variant serves it
    assert scopes.allows("prompt", "full-only", "compact") is True  # another kind
    implicit = _scopes("full")
    implicit.declare("tool", "full-only", ["full"])
    assert implicit.allows("tool", "full-only", None) is True


# --- filtering lists --------------------------------------------------------------------


def _items(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "description": f"{n} (server)"} for n in names]


def test_filter_keeps_what_the_variant_serves_with_its_description() -> None:
    scopes = _scopes()
    scopes.declare("tool", "search", ["full"], {"full": "Search all"})
    scopes.declare("tool", "brief", ["compact"])
    scopes.declare("tool", "both", None, {"compact": "Both, briefly"})
    items = _items("plain", "search", "brief", "both")
    assert scopes.filter("tool", "name", items, "full") == [
        {"name": "plain", "description": "plain (server)"},
        {"name": "search", "description": "Search all"},
        {"name": "both", "description": "both (server)"},
    ]
    assert scopes.filter("tool", "name", items, "compact") == [
        {"name": "plain", "description": "plain (server)"},
        {"name": "brief", "description": "brief (server)"},
        {"name": "both", "description": "Both, briefly"},
    ]
    assert items == _items("plain", "search", "brief", "both")  # not modified


def test_filter_without_a_variant_keeps_what_is_in_every_variant() -> None:
    scopes = _scopes()
    scopes.declare("tool", "search", ["full"])
    scopes.declare("tool", "both", None, {"full": "x"})
    assert [i["name"] for i in scopes.filter("tool", "name", _items("search", "both"), None)] == [
        "both"
    ]
    assert scopes.filter("tool", "name", _items("both"), None) == _items("both")
    implicit = _scopes("full")
    implicit.declare("tool", "search", ["full"], {"full": "Implicit"})
    assert implicit.filter("tool", "name", _items("search"), None) == [
        {"name": "search", "description": "Implicit"}
    ]


def test_filter_keeps_odd_items_and_reads_the_given_key() -> None:
    scopes = _scopes()
    scopes.declare("resource", "memo://a", ["full"])
    items: list[Any] = [
        "odd",
        {"uri": 3},
        {"uri": ["x"]},
        {"uri": "memo://a"},
        {"name": "memo://a"},
    ]
    assert scopes.filter("resource", "uri", items, "compact") == [
        "odd",
        {"uri": 3},
        {"uri": ["x"]},  # not a name (nor hashable): kept as it is
        {"name": "memo://a"},
    ]
    assert scopes.filter("tool", "uri", items, "compact") == items  # another kind


def test_filter_redefines_only_scoped_items_in_the_variant() -> None:
    scopes = _scopes()
    scopes.declare("tool", "v", ["full", "compact"], {"compact": "Short"})
    scopes.declare("tool", "gone", ["compact"])
    scopes.declare("tool", "other", ["full"])
    seen: list[str] = []

    def redefine(name: str, item: Any) -> Any | None:
        seen.append(name)
        return None if name == "gone" else {**item, "inputSchema": {"variant": "compact"}}

    items = _items("plain", "v", "gone", "other", "last")
    kept = scopes.filter("tool", "name", items, "compact", redefine)
    assert seen == ["v", "gone"]  # neither the unscoped nor the out-of-variant one
    assert kept == [
        {"name": "plain", "description": "plain (server)"},
        {"name": "v", "description": "Short", "inputSchema": {"variant": "compact"}},
        {"name": "last", "description": "last (server)"},  # after the dropped one
    ]


# --- unknown identifiers ----------------------------------------------------------------


def test_an_unknown_identifier_names_the_active_variant() -> None:
    assert unknown_identifier("tool", "search", "compact") == errors.unknown_identifier(
        "tool", "search", "compact"
    )


def test_without_a_variant_none_is_named() -> None:
    assert unknown_identifier("prompt", "p", None) == {
        "code": errors.INVALID_PARAMS,
        "message": "Unknown prompt: p",
    }
    long = "x" * 1000
    assert unknown_identifier("tool", long, None)["message"] == f"Unknown tool: {errors.echo(long)}"


def test_a_resource_error_carries_its_uri() -> None:
    assert unknown_identifier("resource", "memo://a", None) == {
        "code": errors.INVALID_PARAMS,
        "message": "Unknown resource: memo://a",
        "data": {"uri": "memo://a"},
    }
    scoped = unknown_identifier("resource", "memo://a", "full")
    assert scoped["data"] == {
        "uri": "memo://a",
        "activeVariant": "full",
        "hint": "This resource may be available in other variants",
    }


# --- paging -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        ("k2:b", 2),  # found by name, after it
        ("k2:gone", 2),  # gone: by the offset
        ("k9:a", 1),  # found by name wins over the offset
        ("3", 3),  # an older bare offset
        ("2:b", 2),  # not keyset: the name is not looked up
        ("", 0),
        ("kx:b", 2),
        ("kx:gone", 0),
        ("k-1:gone", 0),
        ("k²:gone", 0),  # a non-ASCII digit
        ("junk", 0),
    ],
)
def test_resume(position: str, expected: int) -> None:
    items: list[Any] = [{"name": "a"}, {"name": "b"}, "odd", {"name": "d"}]
    assert resume(items, "name", position) == expected


def test_resume_reads_the_given_key() -> None:
    items = [{"uri": "a", "name": "b"}, {"uri": "b", "name": "a"}]
    assert resume(items, "uri", "k0:b") == 2
    assert resume(items, "name", "k0:b") == 1


def _page(items: list[Any], cursor: object, **kwargs: Any) -> Page:
    options: dict[str, Any] = {"size": 2, "cursors": CursorCodec(KEY), "variant": "full"}
    options.update(kwargs)
    return paginate(items, cursor, **options)


def test_paging_walks_the_whole_list_once() -> None:
    items = _items("a", "b", "c", "d", "e")
    codec = CursorCodec(KEY)
    seen: list[str] = []
    page = paginate(items, None, size=2, cursors=codec, variant="full", principal="alice")
    pages = 1
    while True:
        assert page.error is None
        seen += [i["name"] for i in page.items]
        if page.next_cursor is None:
            break
        assert codec.check(page.next_cursor, "full", principal="alice").position == (
            f"k{len(seen)}:{seen[-1]}"
        )
        page = paginate(
            items, page.next_cursor, size=2, cursors=codec, variant="full", principal="alice"
        )
        pages += 1
    assert (seen, pages) == (["a", "b", "c", "d", "e"], 3)


def test_a_list_that_fits_has_no_next_cursor() -> None:
    assert _page(_items("a", "b"), None) == Page(_items("a", "b"))
    assert _page([], None) == Page([])
    assert _page(_items("a"), None, size=1) == Page(_items("a"))


def test_the_position_of_an_unnamed_item_is_its_offset() -> None:
    codec = CursorCodec(KEY)
    page = paginate(["x", "y", "z"], None, size=2, cursors=codec, variant=None)
    assert page.items == ["x", "y"]
    assert codec.check(page.next_cursor, None).position == "2"
    page = paginate([{"name": 1}, {"name": 2}, {}], None, size=1, cursors=codec, variant=None)
    assert codec.check(page.next_cursor, None).position == "1"


def test_the_next_page_follows_the_last_item_when_the_list_changed() -> None:
    codec = CursorCodec(KEY)
    first = paginate(_items("a", "b", "c", "d"), None, size=2, cursors=codec, variant="full")
    # Another replica's list lost "a": the next page still starts after "b".
    second = paginate(
        _items("b", "c", "d"), first.next_cursor, size=2, cursors=codec, variant="full"
    )
    assert [i["name"] for i in second.items] == ["c", "d"]
    assert second.next_cursor is None


def test_a_cursor_is_bound_to_the_variant_and_the_principal() -> None:
    codec = CursorCodec(KEY)
    items = _items("a", "b", "c")
    cursor = paginate(items, None, size=1, cursors=codec, variant="full", principal="alice")
    assert cursor.next_cursor is not None
    other = paginate(
        items, cursor.next_cursor, size=1, cursors=codec, variant="full", principal="bob"
    )
    assert other == Page([], error=errors.invalid_cursor("full"))
    moved = paginate(
        items, cursor.next_cursor, size=1, cursors=codec, variant="compact", principal="alice"
    )
    assert moved.items == [] and moved.next_cursor is None
    assert moved.error == errors.cursor_variant_mismatch("full", "compact")


@given(st.one_of(st.text(max_size=40), st.integers(), st.none(), st.binary(max_size=40)))
def test_a_forged_cursor_is_refused_never_raised(cursor: object) -> None:
    page = _page(_items("a", "b", "c"), cursor)
    if cursor is None:
        assert page.error is None
    else:
        assert page == Page([], error=errors.invalid_cursor("full"))


# --- cursor keys ------------------------------------------------------------------------


def test_cursor_key_from_env() -> None:
    hex_key = "ab" * 16
    assert cursor_key_from_env(environ={}) is None
    assert cursor_key_from_env(environ={CURSOR_KEY_ENV: hex_key}) == bytes.fromhex(hex_key)
    assert cursor_key_from_env(environ={CURSOR_KEY_ENV: f" {hex_key}\n"}) == bytes.fromhex(hex_key)
    assert cursor_key_from_env("MINE", {"MINE": f"{hex_key},{'cd' * 20}"}) == (
        bytes.fromhex(hex_key),
        bytes.fromhex("cd" * 20),
    )
    assert cursor_key_from_env("MINE", {CURSOR_KEY_ENV: hex_key}) is None


def test_cursor_key_from_env_reads_the_process_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(CURSOR_KEY_ENV, "01" * 16)
    assert cursor_key_from_env() == bytes([1] * 16)
    monkeypatch.delenv(CURSOR_KEY_ENV)
    assert cursor_key_from_env() is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("xyz", "$K must be hex digits (e.g. from `openssl rand -hex 32`)"),
        ("ab" * 15, "$K must hold at least 16 bytes (32 hex digits), not 15"),
        ("", "$K must hold at least 16 bytes (32 hex digits), not 0"),
        ("ab" * 16 + ",zz", "$K (key 2) must be hex digits (e.g. from `openssl rand -hex 32`)"),
        (
            "ab" * 8 + "," + "ab" * 16,
            "$K (key 1) must hold at least 16 bytes (32 hex digits), not 8",
        ),
    ],
)
def test_a_bad_cursor_key_is_named(value: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        cursor_key_from_env("K", {"K": value})
    assert str(raised.value) == message
    assert raised.value.__context__ is None or raised.value.__suppress_context__


def test_cursor_codec_rotates_keys() -> None:
    old, new = bytes(range(32)), bytes(range(1, 33))
    minted = CursorCodec(old).mint("v", "p")
    assert cursor_codec([new, old]).check(minted, "v").position == "p"
    assert cursor_codec((new, bytearray(old))).check(minted, "v").position == "p"
    assert cursor_codec(new).check(minted, "v").error is not None
    assert cursor_codec(bytearray(old)).check(minted, "v").position == "p"
    # The first key signs.
    rotated = cursor_codec([new, old]).mint("v", "p")
    assert CursorCodec(new).check(rotated, "v").position == "p"
    assert CursorCodec(old).check(rotated, "v").error is not None


def test_without_a_key_each_codec_has_its_own() -> None:
    a, b = cursor_codec(None), cursor_codec(None)
    assert a.check(a.mint(None, "1"), None).position == "1"
    assert b.check(a.mint(None, "1"), None).error is not None


@pytest.mark.parametrize("key", [[], "ab" * 16, [b"k" * 16, "x"], 42, [None]])
def test_a_cursor_key_of_the_wrong_type_is_refused(key: Any) -> None:
    with pytest.raises(TypeError) as raised:
        cursor_codec(key)
    assert str(raised.value) == "cursor_key must be bytes or a non-empty sequence of bytes"


def test_a_short_key_is_refused_by_the_codec() -> None:
    with pytest.raises(ValueError):
        cursor_codec(b"short")


# --- advertising ------------------------------------------------------------------------

OURS = ("ours/a", "ours/b")


def test_advertising_replaces_our_extensions_and_keeps_others() -> None:
    result = {
        "protocolVersion": "2025-11-25",
        "capabilities": {
            "tools": {},
            "extensions": {"ours/a": {"stale": True}, "theirs": {"x": 1}},
        },
    }
    patched = advertise_extensions(result, owned=OURS, advertised={"ours/b": {"v": 1}})
    assert patched == {
        "protocolVersion": "2025-11-25",
        "capabilities": {"tools": {}, "extensions": {"theirs": {"x": 1}, "ours/b": {"v": 1}}},
    }
    assert result["capabilities"]["extensions"] == {  # type: ignore[index]
        "ours/a": {"stale": True},
        "theirs": {"x": 1},
    }  # not modified


def test_an_empty_extensions_member_is_dropped() -> None:
    result = {"capabilities": {"extensions": {"ours/a": {}}}}
    assert advertise_extensions(result, owned=OURS, advertised={}) == {"capabilities": {}}
    assert advertise_extensions({}, owned=OURS, advertised={}) == {"capabilities": {}}
    assert advertise_extensions({"capabilities": None}, owned=(), advertised={"a": {}}) == {
        "capabilities": {"extensions": {"a": {}}}
    }


def test_a_result_that_is_not_a_mapping_is_returned_as_it_is() -> None:
    odd = ["not", "a", "result"]
    assert advertise_extensions(odd, owned=OURS, advertised={"ours/a": {}}) is odd


def test_resources_subscribe_is_added_only_to_a_resources_capability() -> None:
    result = {"capabilities": {"resources": {"listChanged": True}}}
    assert advertise_extensions(result, owned=(), advertised={}, resources_subscribe=True) == {
        "capabilities": {"resources": {"listChanged": True, "subscribe": True}}
    }
    assert advertise_extensions(result, owned=(), advertised={}) == result
    assert advertise_extensions(
        {"capabilities": {}}, owned=(), advertised={}, resources_subscribe=True
    ) == {"capabilities": {}}


def test_the_experimental_placement_mirrors_the_same_object() -> None:
    settings = {"variants": []}
    result = {"capabilities": {"experimental": {"other": 1}}}
    patched: Any = advertise_extensions(
        result,
        owned=OURS,
        advertised={"ours/a": settings, "ours/b": {}},
        experimental=("ours/a", "ours/c"),
    )
    assert patched["capabilities"]["experimental"] == {"other": 1, "ours/a": settings}
    assert patched["capabilities"]["experimental"]["ours/a"] is settings
    assert patched["capabilities"]["extensions"]["ours/a"] is settings
    none: Any = advertise_extensions(
        {"capabilities": {}}, owned=OURS, advertised={"ours/b": {}}, experimental=("ours/a",)
    )
    assert "experimental" not in none["capabilities"]


def test_a_cursor_is_opaque_base64url() -> None:
    page = _page(_items("a", "b", "c"), None)
    assert page.next_cursor is not None
    base64.urlsafe_b64decode(page.next_cursor + "=" * (-len(page.next_cursor) % 4))

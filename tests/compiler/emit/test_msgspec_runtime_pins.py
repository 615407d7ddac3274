"""The msgspec package's static runtime (``codegen/runtime/_msgspec.py``, issue #37), in
process: small hand-written Structs and lowered types stand for a generated package's, and
each case asserts the exact value, type or message the runtime gives, at a limit and one
past it. The compiled packages' own tests are ``test_msgspec_target.py``."""

from __future__ import annotations

import itertools
from typing import Any, ClassVar, Literal

import msgspec
import pytest

from codegen.runtime import _msgspec as rt

# ---------------------------------------------------------------- lowered unions


class Text(msgspec.Struct, kw_only=True):
    uri: str
    text: str


class Blob(msgspec.Struct, kw_only=True):
    uri: str
    blob: str


class Tagged(msgspec.Struct, kw_only=True):
    kind: str
    value: int


class Contents(rt.Dispatch):
    """Two object members told apart by their required keys, and a string."""

    objects = (
        rt.Member(lambda: Text, frozenset({"uri", "text"})),
        rt.Member(lambda: Blob, frozenset({"uri", "blob"})),
    )
    others: ClassVar[dict[str, Any]] = {"string": lambda: str}


class ByLiteral(rt.Dispatch):
    """Members told apart by a literal value: ``mode`` 1 (the integer, not ``true``)."""

    objects = (
        rt.Member(lambda: Tagged, frozenset({"value"}), {"kind": frozenset({"a", 1})}),
        rt.Member(lambda: dict[str, Any], frozenset()),
    )


class ByLiteralOnly(rt.Dispatch):
    """``ByLiteral`` without the open object beside it."""

    objects = (ByLiteral.objects[0],)


class Outer(msgspec.Struct, kw_only=True):
    inner: dict[str, Any]


class ByNested(rt.Dispatch):
    """A member whose required member must itself be an object with a literal."""

    objects = (
        rt.Member(
            lambda: Outer,
            frozenset({"inner"}),
            nested={"inner": rt.Member(None, frozenset({"k"}), {"k": frozenset({"yes"})})},
        ),
    )


class Pairs(rt.Dispatch):
    """Arrays by length (the longer tuple first) and literal items; strings beside."""

    arrays = (
        (3, (None, None, None), lambda: tuple[int, int, int]),
        (2, (frozenset({"x"}), None), lambda: tuple[Literal["x"], int]),
        (None, (frozenset({"push", "pull"}),), lambda: list[Literal["push", "pull"]]),
    )
    others: ClassVar[dict[str, Any]] = {"string": lambda: str}


class AnyList(rt.Dispatch):
    """A list of any items, then a one-tuple; numbers and null beside."""

    arrays = (
        (None, (), lambda: list[int]),
        (1, (frozenset({"*"}),), lambda: tuple[Literal["*"]]),
    )
    others: ClassVar[dict[str, Any]] = {"number": lambda: float, "null": lambda: type(None)}


class OnlyOthers(rt.Dispatch):
    others: ClassVar[dict[str, Any]] = {"array": lambda: list[int], "boolean": lambda: bool}


class Json(rt.Recursive):
    definition = staticmethod(lambda: int | str | list[Json] | dict[str, Json])


class Holder(msgspec.Struct, kw_only=True):
    contents: Contents
    pairs: Pairs | None = None
    json: Json | None = None


def test_a_lowered_type_holds_every_value_for_isinstance() -> None:
    # msgspec checks that dec_hook returns an instance of the type it asked for
    assert isinstance(5, Contents) and isinstance(None, Json) and isinstance("", rt.Lowered)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"uri": "u", "text": "t"}, Text(uri="u", text="t")),
        ({"uri": "u", "blob": "b"}, Blob(uri="u", blob="b")),  # the second member
        ({"uri": "u", "text": "t", "blob": "b"}, Text(uri="u", text="t")),  # the first
        ("s", "s"),
    ],
)
def test_an_object_picks_its_member_by_required_keys(value: object, expected: object) -> None:
    got = Contents.lower(value)
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"uri": "u"}, "Object matches no member of the union (required keys, literals)"),
        (
            {"text": "t", "blob": "b"},
            "Object matches no member of the union (required keys, literals)",
        ),
        (1, "Expected object | string, got number"),
        (1.5, "Expected object | string, got number"),
        (True, "Expected object | string, got boolean"),
        (None, "Expected object | string, got null"),
        ([], "Expected object | string, got array"),
    ],
)
def test_a_value_no_member_takes_is_refused_with_why(value: object, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Contents.lower(value)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("value", "admitted"),
    [
        ({"kind": "a", "value": 1}, True),
        ({"kind": 1, "value": 1}, True),
        ({"kind": 1.0, "value": 1}, True),  # 1 is 1.0 in JSON
        ({"kind": True, "value": 1}, False),  # true is not 1
        ({"kind": "b", "value": 1}, False),
        ({"kind": None, "value": 1}, False),
        ({"value": 1}, True),  # the literal only binds where it is written
        ({"kind": "a"}, False),  # a required key missing
    ],
)
def test_a_literal_value_decides_where_it_is_written(value: dict[str, Any], admitted: bool) -> None:
    assert ByLiteral.objects[0].admits(value) is admitted
    # a member prepares its checks when it is made: one made here decides the same
    fresh = rt.Member(lambda: Tagged, frozenset({"value"}), {"kind": frozenset({"a", 1})})
    assert fresh.admits(value) is admitted
    if not admitted:  # the next member, an open object, takes it as it is
        assert ByLiteral.lower(value) == value


def test_the_chosen_member_decodes_strictly() -> None:
    assert ByLiteral.lower({"kind": "a", "value": 2}) == Tagged(kind="a", value=2)
    # the literal admits it, the Struct not: the next member the keys admit takes it
    got = ByLiteral.lower({"kind": 1, "value": 1})
    assert got == {"kind": 1, "value": 1} and type(got) is dict
    with pytest.raises(
        msgspec.ValidationError, match=r"^Expected `str`, got `int` - at `\$.kind`$"
    ):
        ByLiteralOnly.lower({"kind": 1, "value": 1})  # no other member: refused, and why


class Done(msgspec.Struct, kw_only=True):
    resultType: Literal["complete"]
    content: list[Text]


class Waiting(msgspec.Struct, kw_only=True):
    resultType: str
    requests: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET


class Outcome(rt.Dispatch):
    """``CallToolResult | InputRequiredResult``: the keys and literals of a complete result
    admit both members; the second, requiring less, takes what the first refuses."""

    objects = (
        rt.Member(
            lambda: Done,
            frozenset({"resultType", "content"}),
            {"resultType": frozenset({"complete"})},
        ),
        rt.Member(lambda: Waiting, frozenset({"resultType"})),
        rt.Member(lambda: dict[str, int], frozenset({"never"})),  # the keys never admit
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (
            {"resultType": "complete", "content": [{"uri": "u", "text": "t"}]},
            Done(resultType="complete", content=[Text(uri="u", text="t")]),
        ),
        # the first refuses ``null`` content; the second admits any result type
        ({"resultType": "complete", "content": None}, Waiting(resultType="complete")),
        (
            {"resultType": "complete", "content": [{"uri": "u"}], "requests": {}},
            Waiting(resultType="complete", requests={}),
        ),
        ({"resultType": "waiting", "content": []}, Waiting(resultType="waiting")),
    ],
)
def test_members_the_keys_leave_decode_in_turn_until_one_takes_the_value(
    value: dict[str, Any], expected: object
) -> None:
    got = Outcome.lower(value)
    assert got == expected and type(got) is type(expected)


def test_a_value_every_member_left_refuses_is_refused_with_the_first_ones_reason() -> None:
    # both refuse: the reason is the first's (``content``), not the second's (``requests``)
    with pytest.raises(msgspec.ValidationError) as caught:
        Outcome.lower({"resultType": "complete", "content": None, "requests": 5})
    assert str(caught.value) == "Expected `array`, got `null` - at `$.content`"
    with pytest.raises(msgspec.ValidationError) as caught:
        Outcome.lower({"resultType": 5, "content": []})  # only the second admits it
    assert str(caught.value) == "Expected `str`, got `int` - at `$.resultType`"
    # the third member would take it, but its keys do not admit it: never tried
    with pytest.raises(msgspec.ValidationError) as caught:
        Outcome.lower({"resultType": 5})
    assert str(caught.value) == "Expected `str`, got `int` - at `$.resultType`"
    with pytest.raises(ValueError, match=r"^Object matches no member of the union"):
        Outcome.lower({"content": []})


def test_exactly_the_required_keys_admit() -> None:
    member = rt.Member(lambda: Text, frozenset({"uri", "text"}))
    assert member.admits({"uri": 1, "text": 2}) is True
    assert member.admits({"uri": 1}) is False
    assert rt.Member(lambda: Text).admits({}) is True


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        ({"inner": {"k": "yes"}}, True),
        ({"inner": {"k": "yes", "other": 1}}, True),
        ({"inner": {"k": "no"}}, False),
        ({"inner": {}}, False),  # the nested member's required key
        ({"inner": ["k"]}, False),  # not an object
        ({"other": {"k": "yes"}}, False),
    ],
)
def test_a_nested_member_is_checked_one_level_down(value: dict[str, object], ok: bool) -> None:
    assert ByNested.objects[0].admits(value) is ok
    if ok:
        assert ByNested.lower(value) == Outer(inner=value["inner"])  # type: ignore[arg-type]
    else:
        with pytest.raises(ValueError, match=r"^Object matches no member"):
            ByNested.lower(value)


def test_a_nested_rule_missing_from_the_value_refuses_even_if_not_required() -> None:
    member = rt.Member(lambda: dict, nested={"n": rt.Member(None)})
    assert member.admits({"n": {}}) is True
    assert member.admits({}) is False
    assert member.admits({"n": None}) is False


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([1, 2, 3], (1, 2, 3)),
        (["x", 2], ("x", 2)),  # the two-tuple, after the three-tuple refused its length
        (["push", "pull"], ["push", "pull"]),  # the list of any length
        (["pull", "push", "push", "pull"], ["pull", "push", "push", "pull"]),
        (["push"], ["push"]),
        ([], []),
        ("s", "s"),
    ],
)
def test_an_array_picks_its_member_by_length_and_literal_items(
    value: object, expected: object
) -> None:
    got = Pairs.lower(value)
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (["y", 2], "Array of length 2 matches no member of the union"),  # the literal item
        (["push", "x"], "Array of length 2 matches no member of the union"),
        ([1, 2, 3, 4], "Array of length 4 matches no member of the union"),
        (["tag"], "Array of length 1 matches no member of the union"),
        ({"a": 1}, "Expected array | string, got object"),
        (None, "Expected array | string, got null"),
    ],
)
def test_an_array_no_member_takes_is_refused_with_its_length(value: object, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Pairs.lower(value)
    assert str(caught.value) == message


def test_a_list_of_any_items_takes_any_array_first() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"Expected `int`, got `str` - at `\$\[0\]`"):
        AnyList.lower(["*"])  # the first member in the schema's order decides, no retry
    assert AnyList.lower([1, 2]) == [1, 2]
    assert AnyList.lower(2) == 2.0 and type(AnyList.lower(2)) is float
    assert AnyList.lower(None) is None
    with pytest.raises(ValueError, match=r"^Expected array \| number \| null, got string$"):
        AnyList.lower("x")
    with pytest.raises(ValueError, match=r"^Expected array \| number \| null, got object$"):
        AnyList.lower({})


def test_without_array_members_an_array_goes_to_the_others() -> None:
    assert OnlyOthers.lower([1, 2]) == [1, 2]
    assert OnlyOthers.lower(False) is False
    with pytest.raises(ValueError, match=r"^Expected array \| boolean, got object$"):
        OnlyOthers.lower({"a": 1})
    with pytest.raises(ValueError, match=r"^Expected array \| boolean, got number$"):
        OnlyOthers.lower(0)


def test_a_recursive_alias_decodes_through_its_definition() -> None:
    value = {"a": [1, "x", {"b": [2]}]}
    assert Json.lower(value) == value
    with pytest.raises(msgspec.ValidationError) as caught:
        Json.lower({"a": [1, "x", {"b": [2.5]}]})
    # called directly, as msgspec's own decoder reports it: within, then where (below)
    assert str(caught.value) == (
        "Expected `int | str | object | array`, got `float` - at `$[2][...][0]` - at `$[...]`"
    )
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decode(b'{"a": [1, "x", {"b": [2.5]}]}', Json)
    assert str(caught.value) == (
        "Expected `int | str | object | array`, got `float` - at `$[...][2][...][0]`"
    )


def test_lowered_types_decode_inside_structs_through_the_hook() -> None:
    raw = b'{"contents": {"uri": "u", "blob": "b"}, "pairs": [1, 2, 3], "json": {"a": [1]}}'
    got = rt.decode(raw, Holder)
    assert got == Holder(contents=Blob(uri="u", blob="b"), pairs=(1, 2, 3), json={"a": [1]})  # type: ignore[arg-type]
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decode(b'{"contents": {"uri": "u"}}', Holder)
    assert str(caught.value) == (
        "Object matches no member of the union (required keys, literals) - at `$.contents`"
    )


class Call(msgspec.Struct, kw_only=True):
    params: Contents
    items: list[Contents] = []


class Twice(rt.Dispatch):
    """A lowered type whose member holds a lowered type."""

    objects = (
        rt.Member(lambda: Call, frozenset({"params"})),
        rt.Member(lambda: Text, frozenset({"text"})),
    )


class Top(msgspec.Struct, kw_only=True):
    twice: Twice


@pytest.mark.parametrize(
    ("raw", "type_", "where"),
    [
        (b'{"params": {"uri": "u", "text": 5}}', Call, "$.params.text"),
        (
            b'{"params": "p", "items": [{"uri": "u", "blob": "b"}, {"uri": "u", "blob": 1}]}',
            Call,
            "$.items[1].blob",
        ),
        (b'{"twice": {"params": {"uri": "u", "text": 5}}}', Top, "$.twice.params.text"),
        (
            b'{"twice": {"params": "p", "items": [{"uri": 5, "text": "t"}]}}',
            Top,
            "$.twice.items[0].uri",
        ),
        (b'{"uri": "u", "text": 5}', Contents, "$.text"),  # the lowered type at the top
        (b'{"params": {"uri": "u", "text": 5}}', Twice, "$.params.text"),
    ],
)
def test_a_value_refused_inside_a_lowered_type_is_located_in_the_whole_value(
    raw: bytes, type_: Any, where: str
) -> None:
    for decoded in (
        lambda: rt.decode(raw, type_),
        lambda: rt.typed(msgspec.json.decode(raw), type_),
    ):
        with pytest.raises(msgspec.ValidationError) as caught:
            decoded()
        assert str(caught.value) == f"Expected `str`, got `int` - at `{where}`"


class Mode(msgspec.Struct, kw_only=True):
    mode: Literal["push", "pull"]


class Modes(rt.Dispatch):
    objects = (
        rt.Member(lambda: Mode, frozenset({"mode"})),
        rt.Member(lambda: Text, frozenset({"text"})),
    )


class Settings(msgspec.Struct, kw_only=True):
    modes: list[Modes]


@pytest.mark.parametrize("value", ["x - at `$.y`", "x - at `$", " - at `$.modes[0]` - at `$"])
def test_a_refused_value_that_reads_like_a_location_stays_in_the_reason(value: str) -> None:
    # msgspec quotes the refused string, then says where: the location is after the
    # last `` - at `$``, so text in the value neither moves nor splits the path.
    raw = msgspec.json.encode({"modes": [{"mode": "push"}, {"mode": value}]})
    expected = f"Invalid enum value '{value}' - at `$.modes[1].mode`"
    for decoded in (
        lambda: rt.decode(raw, Settings),
        lambda: rt.typed(msgspec.json.decode(raw), Settings),
    ):
        with pytest.raises(msgspec.ValidationError) as caught:
            decoded()
        assert str(caught.value) == expected
    assert rt.decode(raw.replace(value.encode(), b"pull"), Settings) == Settings(
        modes=[Mode(mode="push"), Mode(mode="pull")]  # type: ignore[list-item]
    )


def test_a_decoder_says_where_in_two_parts_within_the_lowered_type_then_it() -> None:
    # msgspec's own decoder: no step of ours after it to join the two
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decoder(Top).decode(b'{"twice": {"params": {"uri": "u", "text": 5}}}')
    assert str(caught.value) == "Expected `str`, got `int` - at `$.params.text` - at `$.twice`"


def test_a_refusal_at_the_top_of_a_lowered_type_is_located_where_it_stands() -> None:
    # the definition refuses the value itself: msgspec says no place within it
    raw = b'{"contents": "c", "json": 2.5}'
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decode(raw, Holder)
    assert str(caught.value) == "Expected `int | str | object | array`, got `float` - at `$.json`"
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decode(b"2.5", Json)
    assert str(caught.value) == "Expected `int | str | object | array`, got `float`"


def test_refusals_outside_lowered_types_are_msgspecs_own() -> None:
    for raw, message in (
        (b'{"uri": 5, "text": "t"}', "Expected `str`, got `int` - at `$.uri`"),
        (b"[]", "Expected `object`, got `array`"),
        (b'{"contents": 5}', "Expected object | string, got number - at `$.contents`"),
    ):
        with pytest.raises(msgspec.ValidationError) as caught:
            rt.decode(raw, Holder if b"contents" in raw else Text)
        assert str(caught.value) == message


def test_the_hook_refuses_every_type_but_the_packages() -> None:
    assert rt.dec_hook(Contents, "s") == "s"
    for type_ in (int, Text, list[int], int | str):
        with pytest.raises(NotImplementedError) as caught:
            rt.dec_hook(type_, 1)  # type: ignore[arg-type]
        assert str(caught.value) == f"{type_!r} is no type of this package"


def test_the_rules_of_a_members_member_decode_nothing() -> None:
    rules = rt.Member(None, frozenset({"k"}))
    assert rules.admits({"k": 1}) is True
    with pytest.raises(AssertionError, match=r"^a member's member has no type of its own$"):
        rules.convert({"k": 1})


def test_a_member_resolves_its_type_once_and_keeps_it() -> None:
    # A union is decided on every value decoded: its members' thunks (which only defer a
    # forward reference) run once, not once per value.
    calls: list[int] = []

    def text() -> type[Text]:
        calls.append(1)
        return Text

    class Counted(rt.Dispatch):
        objects = (rt.Member(text, frozenset({"text"})),)

    for _ in range(3):
        assert Counted.lower({"uri": "u", "text": "t"}) == Text(uri="u", text="t")
    assert rt.decode(b'[{"uri": "v", "text": "w"}]', list[Counted]) == [Text(uri="v", text="w")]
    assert len(calls) == 1
    with pytest.raises(ValueError, match=r"^Object matches no member"):
        Counted.lower({"uri": "u"})  # refused before its type is needed
    assert len(calls) == 1


class Node(msgspec.Struct, kw_only=True):
    name: str
    children: list[Node] = []


class Wrap(msgspec.Struct, kw_only=True):
    tree: Node
    contents: list[Contents]


def test_a_member_converts_with_the_hook_exactly_where_its_type_needs_it() -> None:
    # The hook is left out of msgspec.convert (a cheaper call) only for a member type
    # with no lowered type anywhere in it, recursive Structs included. (Members made
    # here: a member decides once whether its type needs the hook.)
    class NodeOrWrap(rt.Dispatch):
        objects = (
            rt.Member(lambda: Wrap, frozenset({"tree"})),
            rt.Member(lambda: Node, frozenset({"name"})),
        )

    tree = {"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}
    expected = Node(name="a", children=[Node(name="b", children=[Node(name="c")])])
    for _ in range(2):  # the first decision and the kept one
        assert NodeOrWrap.lower(tree) == expected
        got = NodeOrWrap.lower({"tree": tree, "contents": [{"uri": "u", "blob": "b"}, "s"]})
        assert got == Wrap(tree=expected, contents=[Blob(uri="u", blob="b"), "s"])  # type: ignore[list-item]
    with pytest.raises(
        msgspec.ValidationError, match=r"^Expected `str`, got `int` - at `\$.children\[0\].name`$"
    ):
        NodeOrWrap.lower({"name": "a", "children": [{"name": 1}]})  # strict without the hook
    with pytest.raises(
        msgspec.ValidationError, match=r"Object matches no member .* `\$.contents\[0\]`"
    ):
        NodeOrWrap.lower({"tree": tree, "contents": [{"uri": "u"}]})


# ---------------------------------------------------------------- strict decoding


class Plain(msgspec.Struct, kw_only=True):
    count: int
    name: str | msgspec.UnsetType = msgspec.UNSET


# The runtime keeps one decoder per type and one stand-in per tag field for the process:
# where a test is about how they are made, it makes a type or a tag field no test used yet.
_fresh = itertools.count()


def fresh_plain() -> Any:
    """A new ``Plain``: a count, and the lowered ``Contents``."""
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = [
        ("count", int),
        ("contents", Contents | None, None),
    ]
    return msgspec.defstruct(f"Plain{next(_fresh)}", fields, kw_only=True)


def fresh_tagged() -> tuple[str, Any]:
    """A new tag field and a Struct tagged on it (tag ``kind``)."""
    field = f"kind_{next(_fresh)}"
    return field, msgspec.defstruct(
        "Kind", [("value", int)], kw_only=True, tag_field=field, tag="kind"
    )


def test_convert_and_typed_do_not_coerce() -> None:
    assert rt.convert({"count": 1}, Plain) == Plain(count=1)
    for value in ({"count": "1"}, {"count": 1.0}, {"count": True}):
        with pytest.raises(msgspec.ValidationError, match=r"- at `\$.count`"):
            rt.convert(value, Plain)
        with pytest.raises(msgspec.ValidationError, match=r"- at `\$.count`"):
            rt.typed(value, Plain)
    with pytest.raises(msgspec.ValidationError, match="Expected `int`, got `str`"):
        rt.typed("1", int)
    assert rt.typed(1, int) == 1


def test_convert_knows_the_lowered_types() -> None:
    assert rt.convert({"contents": "s"}, Holder) == Holder(contents="s")  # type: ignore[arg-type]
    got: object = rt.typed({"uri": "u", "text": "t"}, Contents)
    assert got == Text(uri="u", text="t")


def test_absent_is_not_null() -> None:
    assert rt.decode(b'{"count": 1}', Plain).name is msgspec.UNSET
    with pytest.raises(msgspec.ValidationError, match=r"Expected `str`, got `null` - at `\$.name`"):
        rt.decode(b'{"count": 1, "name": null}', Plain)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"count": "1"}', "Expected `int`, got `str` - at `$.count`"),
        (b'{"count": 1.0}', "Expected `int`, got `float` - at `$.count`"),
        (b'{"count": true}', "Expected `int`, got `bool` - at `$.count`"),
        (b"{}", "Object missing required field `count`"),
    ],
)
def test_a_decoder_is_strict(raw: bytes, message: str) -> None:
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decoder(fresh_plain()).decode(raw)
    assert str(caught.value) == message
    with pytest.raises(msgspec.ValidationError) as caught:
        rt.decode(raw, fresh_plain())
    assert str(caught.value) == message


def test_a_decoder_knows_the_lowered_types() -> None:
    raw = b'{"count": 1, "contents": {"uri": "u", "blob": "b"}}'
    got = rt.decoder(fresh_plain()).decode(raw)
    assert (got.count, got.contents) == (1, Blob(uri="u", blob="b"))
    assert rt.decode(raw, fresh_plain()).contents == Blob(uri="u", blob="b")


def test_numbers_are_finite() -> None:
    with pytest.raises(msgspec.ValidationError):
        rt.decode(b"1e400", float)
    assert rt.decode(b"1e300", float) == 1e300
    assert rt.decode("2", int) == 2 and rt.decode(b'"2"', str) == "2"
    with pytest.raises(msgspec.ValidationError, match="Expected `int`, got `str`"):
        rt.decode(b'"2"', int)


@pytest.mark.parametrize("how", ["decode", "typed"])
def test_a_tagged_struct_requires_its_tag_wherever_it_stands_alone(how: str) -> None:
    field, kind = fresh_tagged()

    def read(value: dict[str, object]) -> object:
        if how == "typed":
            return rt.typed(value, kind)
        return rt.decode(msgspec.json.encode(value), kind)

    assert read({field: "kind", "value": 1}) == kind(value=1)
    with pytest.raises(msgspec.ValidationError) as caught:
        read({"value": 1})
    assert str(caught.value) == f"Object missing required field `{field}`"
    with pytest.raises(msgspec.ValidationError) as caught:
        read({field: "other", "value": 1})
    assert str(caught.value) == f"Invalid value 'other' - at `$.{field}`"
    # the stand-in member the tag falls to holds no value
    with pytest.raises(msgspec.ValidationError) as caught:
        read({field: "\x00untagged"})
    assert str(caught.value) == "Object missing required field `never`"
    with pytest.raises(msgspec.ValidationError) as caught:
        read({field: "\x00untagged", "never": [1]})
    assert str(caught.value) == "Expected `array` of length <= 0 - at `$.never`"
    with pytest.raises(msgspec.ValidationError) as caught:
        read({field: "\x00untagged", "never": []})
    assert str(caught.value) == "Expected `array` of length >= 1 - at `$.never`"


def test_an_untagged_struct_or_any_other_type_is_decoded_as_it_is() -> None:
    plain = fresh_plain()
    assert rt.decoder(plain).decode(b'{"count": 2}') == plain(count=2)
    assert rt.typed({"count": 2}, plain) == plain(count=2)
    assert rt.typed([1], list[int]) == [1] and rt.decode(b"[1]", list[int]) == [1]


def test_the_stand_in_of_a_tag_field_is_made_once_per_field() -> None:
    field = f"pin_{next(_fresh)}"
    first = rt.untagged(field)
    assert rt.untagged(field) is first
    assert rt.untagged(field + "_other") is not first
    config = first.__struct_config__  # type: ignore[attr-defined]
    assert (config.tag_field, config.tag) == (field, "\x00untagged")
    assert first.__name__ == "Untagged" and first.__struct_fields__ == ("never",)  # type: ignore[attr-defined]


def test_a_decoder_is_made_once_per_type() -> None:
    class Fresh(msgspec.Struct):
        a: int

    found = rt.decoder(Fresh)
    assert rt.decoder(Fresh) is found
    assert rt.decoder(int) is rt.decoder(int) and rt.decoder(int).decode(b"3") == 3
    assert found.decode(b'{"a": 1}') == Fresh(a=1)


# ---------------------------------------------------------------- JSON-RPC errors


def test_an_rpc_error_is_its_code_message_and_data() -> None:
    error = rt.RPCError(-32000, "refused", {"why": 1})
    assert (error.code, error.message, error.data, str(error)) == (
        -32000,
        "refused",
        {"why": 1},
        "refused",
    )
    assert error.to_error() == {"code": -32000, "message": "refused", "data": {"why": 1}}
    assert rt.RPCError(1, "m").to_error() == {"code": 1, "message": "m"}
    assert rt.RPCError(1, "m", 0).to_error() == {"code": 1, "message": "m", "data": 0}


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        ({"code": 5, "message": "m", "data": [1]}, (5, "m", [1])),
        ({"code": 5, "message": "m"}, (5, "m", None)),
        ({"code": True, "message": "m"}, (-32603, "m", None)),
        ({"code": "5", "message": 7}, (-32603, "Invalid error response", None)),
        ({"code": 5.0}, (-32603, "Invalid error response", None)),
        ({}, (-32603, "Invalid error response", None)),
    ],
)
def test_an_error_response_reads_back_into_an_rpc_error(
    error: dict[str, Any], expected: tuple[object, ...]
) -> None:
    found = rt.RPCError.from_error(error)
    assert (found.code, found.message, found.data) == expected
    assert str(found) == expected[1]


# ---------------------------------------------------------------- decode_message


class AddParams(msgspec.Struct, kw_only=True):
    a: int
    b: int


class AddRequest(msgspec.Struct, kw_only=True):
    jsonrpc: Literal["2.0"]
    id: str | int
    method: Literal["add"]
    params: AddParams


class AddResult(msgspec.Struct, kw_only=True):
    sum: int


class TickNotification(msgspec.Struct, kw_only=True):
    jsonrpc: Literal["2.0"]
    method: Literal["tick"]


METHODS = {
    "add": rt.Method("request", lambda: AddRequest, lambda: AddResult),
    "tick": rt.Method("notification", lambda: TickNotification),
    "bare": rt.Method("request", lambda: dict[str, Any]),  # a request without result type
}


def invalid(reason: str, id: object = None, respond: bool = True) -> rt.ParseFailure:
    error = {"code": -32600, "message": "Invalid Request", "data": {"reason": reason}}
    return rt.ParseFailure(error, id, respond)  # type: ignore[arg-type]


def failure(code: int, message: str, data: object, id: object, respond: bool) -> rt.ParseFailure:
    error = {"code": code, "message": message, "data": data}
    return rt.ParseFailure(error, id, respond)  # type: ignore[arg-type]


ADD = '{"jsonrpc": "2.0", "id": %s, "method": "add", "params": {"a": 1, "b": 2}}'


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            ADD % "7",
            rt.ParsedRequest(
                7, "add", AddRequest(jsonrpc="2.0", id=7, method="add", params=AddParams(a=1, b=2))
            ),
        ),
        (
            ADD % '"s"',
            rt.ParsedRequest(
                "s",
                "add",
                AddRequest(jsonrpc="2.0", id="s", method="add", params=AddParams(a=1, b=2)),
            ),
        ),
        (
            '{"jsonrpc": "2.0", "method": "tick"}',
            rt.ParsedNotification("tick", TickNotification(jsonrpc="2.0", method="tick")),
        ),
        # the frame
        ("[]", invalid("batches are not supported")),
        (b'[{"jsonrpc": "2.0"}]', invalid("batches are not supported")),
        (" \n[1]", invalid("batches are not supported")),
        (b"\t[1]", invalid("batches are not supported")),
        ('"["', invalid("a message must be a JSON object")),
        (b"1", invalid("a message must be a JSON object")),
        (b"null", invalid("a message must be a JSON object")),
        (
            '{"jsonrpc": "2.0"',
            rt.ParseFailure(
                {
                    "code": -32700,
                    "message": "Parse error",
                    "data": {"reason": "Input data was truncated"},
                }
            ),
        ),
        (
            b"{} x",
            rt.ParseFailure(
                {
                    "code": -32700,
                    "message": "Parse error",
                    "data": {"reason": "JSON is malformed: trailing characters (byte 4)"},
                }
            ),
        ),
        # jsonrpc, id and method
        ('{"id": 3, "method": "add"}', invalid('"jsonrpc" must be "2.0"', 3)),
        ('{"jsonrpc": "1.0", "id": "a", "method": "add"}', invalid('"jsonrpc" must be "2.0"', "a")),
        ('{"jsonrpc": 2.0, "id": true, "method": "add"}', invalid('"jsonrpc" must be "2.0"')),
        (
            '{"jsonrpc": "2.0", "id": null, "method": "add"}',
            invalid('"id" must be a string or an integer'),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1.5, "method": "add"}',
            invalid('"id" must be a string or an integer'),
        ),
        (
            '{"jsonrpc": "2.0", "id": false, "method": "add"}',
            invalid('"id" must be a string or an integer'),
        ),
        ('{"jsonrpc": "2.0", "id": 4, "method": 5}', invalid('"method" must be a string', 4)),
        ('{"jsonrpc": "2.0", "method": null}', invalid('"method" must be a string', None, False)),
        (
            '{"jsonrpc": "2.0", "id": 4}',
            invalid("neither a request, a notification nor a response", 4),
        ),
        (
            '{"jsonrpc": "2.0", "id": [4]}',
            invalid("neither a request, a notification nor a response"),
        ),
        ('{"jsonrpc": "2.0"}', invalid("neither a request, a notification nor a response")),
        # the method and its kind
        (
            '{"jsonrpc": "2.0", "id": 2, "method": "nope"}',
            failure(-32601, "Method not found", {"method": "nope"}, 2, True),
        ),
        (
            '{"jsonrpc": "2.0", "id": 2, "method": "tick"}',
            failure(-32601, "Method not found", {"method": "tick"}, 2, True),
        ),
        (
            '{"jsonrpc": "2.0", "method": "add"}',
            failure(-32601, "Method not found", {"method": "add"}, None, False),
        ),
        (
            '{"jsonrpc": "2.0", "method": "nope"}',
            failure(-32601, "Method not found", {"method": "nope"}, None, False),
        ),
        # the message, decoded once, strictly
        (
            ADD.replace('"a": 1', '"a": "1"') % "8",
            failure(
                -32602, "Invalid params", "Expected `int`, got `str` - at `$.params.a`", 8, True
            ),
        ),
        (
            '{"jsonrpc": "2.0", "method": "tick", "params": 1}',
            rt.ParsedNotification("tick", TickNotification(jsonrpc="2.0", method="tick")),
        ),
        (
            '{"jsonrpc": "2.0", "method": "tick", "id": "t", "x": 1}',
            failure(-32601, "Method not found", {"method": "tick"}, "t", True),
        ),
    ],
)
def test_a_message_is_dispatched_as_parse_message_does(
    raw: str | bytes, expected: rt.Parsed
) -> None:
    assert rt.decode_message(raw, METHODS) == expected
    if isinstance(raw, str):
        assert rt.decode_message(raw.encode(), METHODS) == expected


def test_a_notification_whose_message_is_wrong_gets_no_response() -> None:
    got = rt.decode_message(
        b'{"jsonrpc": "2.0", "method": "tick", "x": 1}',
        {"tick": rt.Method("notification", lambda: AddParams)},
    )
    assert got == failure(
        -32602, "Invalid params", "Object missing required field `a`", None, False
    )
    assert isinstance(got, rt.ParseFailure) and got.response() is None


@pytest.mark.parametrize(
    ("raw", "method", "expected"),
    [
        (
            '{"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}',
            None,
            rt.ParsedResponse(1, result={"sum": 3}),
        ),
        (
            '{"jsonrpc": "2.0", "id": "r", "result": {"sum": 3}}',
            "add",
            rt.ParsedResponse("r", result=AddResult(sum=3)),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "result": {"sum": "3"}}',
            "add",
            failure(-32602, "Invalid result", "Expected `int`, got `str` - at `$.sum`", 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}',
            "nope",
            failure(-32601, "Method not found", {"method": "nope"}, 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "result": {}}',
            "tick",
            failure(-32601, "Method not found", {"method": "tick"}, 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "result": {}}',
            "bare",
            failure(-32601, "Method not found", {"method": "bare"}, 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "result": [1]}',
            None,
            invalid('"result" must be an object', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "result": null}',
            "add",
            invalid('"result" must be an object', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "result": {}}',
            None,
            invalid('a result response needs an "id"', None, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": null, "result": {}}',
            None,
            invalid('a result response needs an "id"', None, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": true, "result": {}}',
            None,
            invalid('"id" must be a string or an integer', None, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1.5, "error": {"code": 1, "message": "m"}}',
            None,
            invalid('"id" must be a string or an integer', None, False),
        ),
        # errors
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": -1, "message": "m", "data": 2}}',
            "add",
            rt.ParsedResponse(1, error={"code": -1, "message": "m", "data": 2}),
        ),
        (
            '{"jsonrpc": "2.0", "id": null, "error": {"code": -1, "message": "m"}}',
            None,
            rt.ParsedResponse(None, error={"code": -1, "message": "m"}),
        ),
        (
            '{"jsonrpc": "2.0", "error": {"code": -1, "message": "m"}}',
            None,
            rt.ParsedResponse(None, error={"code": -1, "message": "m"}),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "m"}, "result": {}}',
            None,
            invalid("a response has a result or an error, not both", 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": "1", "message": "m"}}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": 1.0, "message": "m"}}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": true, "message": "m"}}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": 1}}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": null}}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": [1, "m"]}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
        (
            '{"jsonrpc": "2.0", "id": 1, "error": null}',
            None,
            invalid('"error" needs an integer "code" and a string "message"', 1, False),
        ),
    ],
)
def test_a_response_is_read_by_its_result_or_error(
    raw: str, method: str | None, expected: rt.Parsed
) -> None:
    assert rt.decode_message(raw, METHODS, method=method) == expected


def test_a_failure_answers_only_where_a_response_may_be_sent() -> None:
    parse_error = rt.decode_message(b"{", METHODS)
    assert isinstance(parse_error, rt.ParseFailure) and parse_error.code == -32700
    assert parse_error.response() == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {
            "code": -32700,
            "message": "Parse error",
            "data": {"reason": "Input data was truncated"},
        },
    }
    unknown = rt.decode_message(b'{"jsonrpc": "2.0", "id": "q", "method": "nope"}', METHODS)
    assert unknown.response() == {  # type: ignore[union-attr]
        "jsonrpc": "2.0",
        "id": "q",
        "error": {"code": -32601, "message": "Method not found", "data": {"method": "nope"}},
    }
    silent = rt.decode_message(b'{"jsonrpc": "2.0", "method": "nope"}', METHODS)
    assert silent.code == -32601 and silent.response() is None  # type: ignore[union-attr]


# Deeper than msgspec parses: it stops at Python's recursion limit with a RecursionError.
_DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    "raw",
    [
        '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": 1, "b": 2, "x": '
        + _DEEP
        + "}}",
        '{"jsonrpc": "2.0", "method": "tick", "x": ' + _DEEP + "}",
        '{"jsonrpc": "2.0", "id": 1, "result": {"sum": 3, "x": ' + _DEEP + "}}",
        '{"x": ' + _DEEP + "}",
    ],
)
def test_a_message_nested_too_deeply_is_a_parse_error(raw: str) -> None:
    too_deep = failure(-32700, "Parse error", {"reason": "JSON nested too deeply"}, None, True)
    for method in (None, "add"):
        assert rt.decode_message(raw, METHODS, method=method) == too_deep
        assert rt.decode_message(raw.encode(), METHODS, method=method) == too_deep


def test_decode_refuses_a_value_nested_too_deeply_with_a_decode_error() -> None:
    for raw in ('{"sum": 3, "x": ' + _DEEP + "}", "[" + _DEEP + "]"):
        with pytest.raises(msgspec.DecodeError) as caught:
            rt.decode(raw.encode(), dict[str, Any] if raw[0] == "{" else list[Any])
        assert str(caught.value) == "JSON nested too deeply"
        assert caught.value.__cause__ is None and caught.value.__suppress_context__

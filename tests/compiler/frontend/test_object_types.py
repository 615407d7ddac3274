"""Object types as TypeScript combines them (issue #33): what an interface may extend and
what ``&`` means, computed as TypeScript computes it.

An interface extends any object type (an alias of an intersection, an instantiated generic
alias, ``Record<K, V>``, a function type); ``&`` splices nested intersections, reads
``Record`` as an index signature, a function type as no data member, and meets primitives
and literals. Each case compiles a snippet, imports the package under warnings-as-errors
and validates good and bad values with the models and with the emitted JSON Schema.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.build.pipeline import load_schema
from codegen.errors import Diagnostics, SchemaError
from tests.compiler.build_stage.test_protocol_corpus import oracle_definitions
from tests.compiler.frontend.test_total_frontend import _agree

EXTENDS = """
export type Fn = (a: string) => string;
export interface Static { DNS: string; URL: string }
export type V3 = Fn & Fn & Static;
export interface Named extends V3 { name: string }
export type Base = { id: string } & { kind?: "a" | "b" };
export interface Props extends Base, Record<string, unknown> { extra: number }
export interface Box<T> { value: T }
export type Inst<T> = { wrapped: Box<T> } & { tag: string };
export interface Wrapped extends Inst<number> { tag: "t" }
export interface Only extends Omit<Base, "kind"> { more?: boolean }
"""


def test_an_interface_extends_an_alias_of_an_intersection_with_function_types(
    tmp_path: Path,
) -> None:
    # @types/uuid: ``type v3 = v3Buffer & v3String & v3Static``; the call signatures of
    # the function types are no data, the static members are.
    good = {"DNS": "d", "URL": "u", "name": "n"}
    _agree(tmp_path, EXTENDS, "Named", [good], [{"DNS": "d", "name": "n"}, {**good, "URL": 1}])


def test_an_interface_extends_an_intersection_alias_and_a_record(tmp_path: Path) -> None:
    # @types/aws-lambda, @pnpm/types: ``extends Record<string, any>`` adds an index signature
    good = {"id": "i", "extra": 1, "anything": [1, "x"]}
    defs = _agree(
        tmp_path,
        EXTENDS,
        "Props",
        [good, {**good, "kind": "a"}],
        [{"extra": 1}, {**good, "kind": "c"}],
    )
    assert set(defs["Props"]["properties"]) == {"id", "kind", "extra"}
    assert defs["Props"]["required"] == ["extra", "id"]


def test_an_interface_extends_an_instantiated_generic_alias(tmp_path: Path) -> None:
    good = {"wrapped": {"value": 1}, "tag": "t"}
    _agree(
        tmp_path,
        EXTENDS,
        "Wrapped",
        [good],
        [{**good, "tag": "u"}, {**good, "wrapped": {"value": "x"}}, {"tag": "t"}],
    )
    _agree(tmp_path, EXTENDS, "Only", [{"id": "i"}, {"id": "i", "more": True}], [{"more": True}])


def test_an_interface_cannot_extend_a_union_as_in_typescript(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(
        "export type U = { a: string } | { b: string };\nexport interface I extends U { c: string }\n"
    )
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    message = str(info.value).removeprefix(str(tmp_path) + "/")
    assert message == (
        "schema.ts:2:28: error: interface 'I' cannot extend 'U': an interface can only extend "
        "an object type or an intersection of object types"
    )


INTERSECTIONS = """
export type Files = Record<string, string | number> & { payload_json?: number };
export type Nested = { a: string } & ({ b: number } & { c: boolean });
export type Modify<T, R> = Omit<T, keyof R> & R;
export type Op<T extends {} = {}> = { tags?: string[]; id: string } & T;
export type Patched = Modify<Op, { id: number }>;
export type Scheme = { type: "key"; name: string } | { type: "bearer" };
export interface Node { node_id: string }
export type Component = Node & (Scheme | { $ref: string });
export type Lib = ("ES5" | "ES6" | { [k: string]: unknown }) & string;
export type Meet = ("a" & string) | (string & number) | ("b" & "c");
"""


def test_a_record_and_a_nested_intersection_combine_with_an_object(tmp_path: Path) -> None:
    # discord-api-types: ``Record<`files[${bigint}]`, unknown> & {...}``; openapi-types:
    # an intersection inside an intersection
    _agree(
        tmp_path,
        INTERSECTIONS,
        "Files",
        [{"payload_json": 1, "files[0]": "x"}, {}],
        [{"payload_json": "1"}, {"other": True}],
    )
    _agree(
        tmp_path,
        INTERSECTIONS,
        "Nested",
        [{"a": "x", "b": 1, "c": True}],
        [{"a": "x", "b": 1}, {"a": "x", "b": "1", "c": True}],
    )


def test_omit_of_an_instantiated_alias_is_its_members_but_the_keys(tmp_path: Path) -> None:
    # openapi-types: ``Modify<T, R> = Omit<T, keyof R> & R`` over an alias of an object type
    _agree(
        tmp_path,
        INTERSECTIONS,
        "Patched",
        [{"id": 1}, {"id": 2, "tags": ["t"]}],
        [{"id": "x"}, {"tags": ["t"]}],
    )


def test_an_intersection_distributes_over_a_union_named_by_an_alias(tmp_path: Path) -> None:
    # @stoplight/types: ``IComponentNode & (HttpSecurityScheme | Reference)``
    good = [{"node_id": "n", "type": "key", "name": "k"}, {"node_id": "n", "$ref": "#/x"}]
    _agree(
        tmp_path,
        INTERSECTIONS,
        "Component",
        [*good, {"node_id": "n", "type": "bearer"}],
        [{"node_id": "n", "type": "key"}, {"type": "bearer"}],
    )


def test_primitives_and_literals_meet_as_in_typescript(tmp_path: Path) -> None:
    # @schemastore/tsconfig: ``(... | { [k: string]: unknown }) & string``: an index
    # signature constrains no string; ``"a" & string`` is "a"; disjoint ones are never.
    _agree(tmp_path, INTERSECTIONS, "Lib", ["ES5", "anything"], [1, {"k": 1}])
    defs = _agree(tmp_path, INTERSECTIONS, "Meet", ["a"], ["b", "c", 1])
    assert defs["Meet"] == {"const": "a", "type": "string"}


def test_a_required_never_property_is_absent_also_when_inherited(tmp_path: Path) -> None:
    # discord-api-types: ``interface GatewayHeartbeatAck extends _Payload { d: never }``
    snippet = (
        "export interface Payload { op: number; d?: { seq: number } }\n"
        "export interface Ack extends Payload { op: 11; d: never }\n"
    )
    defs = _agree(tmp_path, snippet, "Ack", [{"op": 11}], [{"op": 12}, {}])
    assert "d" not in defs["Ack"].get("properties", {})


def test_never_keys_of_a_mapped_type_and_a_repeated_member_of_an_intersection(
    tmp_path: Path,
) -> None:
    # @types/aws-lambda: ``{ [K in Exclude<keyof T, P>]?: never }`` (keys that must be
    # absent) and ``TResourceProperties & Common`` with ``TResourceProperties = Common``
    snippet = (
        "export interface Common extends Record<string, any> { ServiceToken: string }\n"
        "export interface Event<T = Common> { props: T & Common }\n"
        "export type Only<T, P extends keyof T> = { [K in P]: T[K] } &"
        " { [K in Exclude<keyof T, P>]?: never };\n"
        "export interface Both { a: string; b: number }\n"
        "export type OnlyA = Only<Both, 'a'>;\n"
        "export type Wrapped = { e: Event };\n"
    )
    good = {"e": {"props": {"ServiceToken": "t", "other": 1}}}
    _agree(tmp_path, snippet, "Wrapped", [good], [{"e": {"props": {"other": 1}}}])
    defs = _agree(tmp_path, snippet, "OnlyA", [{"a": "x"}], [{"b": 1}, {"a": 1}])
    assert defs["Partial_Record_b_never"]["properties"] == {}  # no key ``b`` can be held


def test_the_non_primitive_object_type_adds_no_member_to_an_intersection(
    tmp_path: Path,
) -> None:
    # @figma/rest-api-spec: ``type AnnotationsTrait = object; FrameTraits = A & AnnotationsTrait``;
    # @npm/types: ``{ latest?: string } & Record<string, string>``
    snippet = (
        "export type IsLayerTrait = { id: string };\n"
        "export type AnnotationsTrait = object;\n"
        "export type FrameTraits = IsLayerTrait & AnnotationsTrait;\n"
        "export interface Frame { frame: FrameTraits; tags: { latest?: string } & Record<string, string> }\n"
    )
    good = {"frame": {"id": "f"}, "tags": {"latest": "1.0", "next": "2.0"}}
    _agree(
        tmp_path,
        snippet,
        "Frame",
        [good],
        [{**good, "frame": {}}, {**good, "tags": {"next": 2}}, {**good, "tags": {"latest": 1}}],
    )


def test_an_alias_of_never_is_a_type_no_value_has(tmp_path: Path) -> None:
    # discord-api-types: ``type RESTDeleteAPIChannelPinResult = never`` (no response body)
    snippet = "export type NoBody = never;\nexport interface Reply { result?: NoBody }\n"
    _agree(tmp_path, snippet, "NoBody", [], [None, [], [1], {}, "x", 0])
    _agree(tmp_path, snippet, "Reply", [{}], [{"result": None}, {"result": []}])


def test_exclude_by_a_discriminant_beside_a_union_property_is_decided(tmp_path: Path) -> None:
    # discord-api-types: ``Exclude<APIChannel, APIDMChannel | APIGroupDMChannel>`` where a
    # guild channel has ``nsfw?: boolean`` (a union property): its ``type`` literal differs
    # from each excluded member's, so no narrowing of it is one of them (TypeScript: false)
    snippet = (
        "export interface Dm { type: 1; recipients: string[] }\n"
        "export interface Group { type: 3; name: string; owner?: string }\n"
        "export interface Text { type: 0; nsfw?: boolean; name: string }\n"
        "export interface Loose { type?: 0 | 3; name: string; mode: 'a' | 'b' }\n"
        "export type Channel = Dm | Group | Text;\n"
        "export type Guild = Exclude<Channel, Dm | Group>;\n"
        "export type Kept = Exclude<Loose, Dm | Group>;\n"
    )
    diags = Diagnostics()
    (tmp_path / "schema.ts").write_text(snippet)
    load_schema([tmp_path / "schema.ts"], diags)
    # ``Loose`` may be a ``Group`` once narrowed (``type: 3``): not decided, loudly
    assert [w.span.line for w in diags.degraded] == [7]
    _agree(
        tmp_path,
        snippet,
        "Guild",
        [{"type": 0, "name": "n"}, {"type": 0, "name": "n", "nsfw": True}],
        [{"type": 1, "recipients": []}, {"type": 3, "name": "g"}],
    )


def test_intersections_that_order_shared_bases_differently_import(tmp_path: Path) -> None:
    # @stoplight/types: ``interface INode extends ISpecExtensions, IShareableNode`` beside
    # ``IShareableNode & ISpecExtensions``: no Python MRO has both orders, so one copies
    snippet = (
        "export interface Shareable { id: string }\n"
        "export interface Ext { ext?: string }\n"
        "export interface Node extends Ext, Shareable { name: string }\n"
        "export type Component = Shareable & Ext & { kind: 'c' };\n"
        "export type Both = Node & Component;\n"
    )
    good = {"id": "i", "name": "n", "kind": "c", "ext": "e"}
    _agree(tmp_path, snippet, "Both", [good], [{**good, "kind": "d"}, {"id": "i", "kind": "c"}])


PARTIAL_OF_A_UNION = """
export interface EnterpriseID { enterprise_id: string }
export interface TeamID { team_id: string }
type TeamOrEnterprise = (EnterpriseID & { team_id?: never }) | (TeamID & { enterprise_id?: never });
export type Listed = Partial<TeamOrEnterprise> & { cursor?: string };
export type Either = Required<{ a?: number } | { b?: string } | null>;
"""


def test_partial_and_required_distribute_over_a_union(tmp_path: Path) -> None:
    # @slack/web-api: ``Partial<TeamOrEnterpriseID> & ...``; TypeScript maps each member
    # (``Partial<A | B>`` is ``Partial<A> | Partial<B>``): the members' fields stay typed.
    good = [{}, {"team_id": "T"}, {"enterprise_id": "E", "cursor": "c"}]
    bad = [
        {"team_id": 1, "enterprise_id": 1},
        {"enterprise_id": ["E"], "team_id": 2},
        {"cursor": 2},
    ]
    defs = _agree(tmp_path, PARTIAL_OF_A_UNION, "Listed", good, bad)
    assert [m["$ref"] for m in defs["Listed"]["anyOf"]] == ["#/$defs/Listed1", "#/$defs/Listed2"]
    _agree(tmp_path, PARTIAL_OF_A_UNION, "Either", [{"a": 1}, {"b": "x"}, None], [{}, {"a": "1"}])


def test_pick_of_any_or_of_a_degraded_type_has_the_keys_of_any_value(tmp_path: Path) -> None:
    # @slack/web-api: ``Pick<SecureContextOptions, "ca" | "key">`` from node's ``tls``,
    # not mapped: TypeScript's ``Pick<any, K>`` is ``{ [P in K]: any }``.
    snippet = (
        'import type { SecureContextOptions } from "tls";\n'
        'export type TLS = Pick<SecureContextOptions, "ca" | "key">;\n'
        'export type Loose = Pick<any, "a">;\n'
    )
    defs = _agree(tmp_path, snippet, "TLS", [{"ca": [1], "key": "k"}], [{"ca": 1}, {}])
    assert defs["Pick_unknown_caOrkey"]["required"] == ["ca", "key"]
    _agree(tmp_path, snippet, "Loose", [{"a": None}, {"a": {"x": 1}}], [{}, {"b": 1}])


OMIT_OF_A_UNION = """
export interface A { content: string; a?: number; shared: string; kind: "a" }
export interface B { file: string; b?: number; shared: string; kind: "b" | "c"; a?: string }
export type U = (A | B) & { title?: string };
export interface Multi { uploads: string[] }
export type Args = U | (Omit<U, "file" | "content"> & Multi);
export type O = Omit<A | B, "file" | "shared">;
"""


def test_omit_of_a_union_keeps_the_keys_every_member_has(tmp_path: Path) -> None:
    # @slack/web-api: ``Omit<FileUploadV2, "file" | "content">`` of a union (it was
    # degraded: "an interface can only extend interfaces and object types"). TypeScript's
    # ``keyof (A | B)`` is the common keys; each is of the union of the members' types.
    good = [{"kind": "a"}, {"kind": "c", "a": 1}, {"kind": "b", "a": "x"}]
    defs = _agree(tmp_path, OMIT_OF_A_UNION, "O", good, [{}, {"kind": "d"}, {"kind": "a", "a": []}])
    assert set(defs["O"]["properties"]) == {"kind", "a"}
    assert defs["O"]["required"] == ["kind"]
    multi = {"shared": "s", "title": "t", "uploads": ["u"], "kind": "c"}
    bad = [{"shared": "s", "uploads": ["u"]}, {**multi, "title": 1}, {**multi, "kind": "d"}]
    _agree(
        tmp_path, OMIT_OF_A_UNION, "Args", [multi, {"file": "f", "shared": "s", "kind": "b"}], bad
    )
    theirs = oracle_definitions(tmp_path / "schema.ts")["O"]
    assert (set(theirs["properties"]), theirs["required"]) == ({"kind", "a"}, ["kind"])


def test_partial_and_required_of_a_union_are_each_members(tmp_path: Path) -> None:
    # Homomorphic mapped types distribute over a union, as TypeScript computes them:
    # ``Partial<A | B>`` is ``Partial<A> | Partial<B>``, not an object of no properties.
    snippet = (
        "type UserOrName = { user_id: string } | { screen_name: string; n?: number };\n"
        "export type Params = Partial<UserOrName> & { reverse?: boolean };\n"
        "export type Full = Required<UserOrName>;\n"
        "export interface Call { params: Params; full: Full }\n"
    )
    defs = _agree(
        tmp_path,
        snippet,
        "Call",
        [
            {"params": {}, "full": {"user_id": "u"}},
            {"params": {"user_id": "u", "reverse": True}, "full": {"screen_name": "s", "n": 1}},
        ],
        [
            {"params": {"user_id": 1, "screen_name": 2}, "full": {"user_id": "u"}},
            {"params": {}, "full": {"screen_name": "s"}},
            {"params": {}, "full": {}},
        ],
    )
    assert not [k for k, v in defs.items() if "$comment" in v]


INDEXES = """
export interface Same { [k: string]: string; [n: number]: string }
export interface Keys { [k: `x-${string}`]: number; [n: number]: number; fixed?: number }
export interface EnumLike { [k: string]: string | number; [nu: number]: string; kind: string }
"""


def test_index_signatures_of_one_value_type_are_one_over_every_key(tmp_path: Path) -> None:
    # zod's ``EnumLike``: TypeScript allows one index signature a key type. Of one value
    # type they are one signature over the keys any admits.
    _agree(tmp_path, INDEXES, "Same", [{"x": "a", "1": "b"}, {}], [{"x": 1}, {"1": 2}])
    defs = _agree(
        tmp_path, INDEXES, "Keys", [{"x-a": 1, "2": 3, "fixed": 4}], [{"x-a": "s"}, {"2": "s"}]
    )
    assert defs["Keys"]["patternProperties"] == {"(?:^x-.*$)|(?:^[0-9]+$)": {"type": "number"}}


def test_index_signatures_of_different_value_types_degrade_their_values_loudly(
    tmp_path: Path,
) -> None:
    # A key's value depends on which signatures admit it, which one signature cannot say:
    # the values degrade (located), the properties stay.
    good = [{"kind": "k", "x": 1, "1": "a"}, {"kind": "k", "x": [1]}]
    defs = _agree(tmp_path, INDEXES, "EnumLike", good, [{"kind": 1}, {"x": 1}])
    assert "$comment" in defs["EnumLike"]["additionalProperties"]
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    (spot,) = [d.as_error() for d in diags.degraded]
    assert "schema.ts:4:59: error: index signatures over different keys" in spot


def test_two_index_signatures_over_the_same_keys_are_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(
        "export interface Twice {\n  [a: string]: string;\n  [b: string]: string;\n}\n"
    )
    with pytest.raises(SchemaError, match=r"schema.ts:3:3: error: duplicate index signature"):
        load_schema([tmp_path / "schema.ts"])


def test_an_indexed_access_of_any_is_any_whatever_the_key(tmp_path: Path) -> None:
    # zod's ``T[number]["_output"]`` instantiated with ``any``: ``any[K]`` is ``any``.
    snippet = (
        "type Out<T> = T[number]['_output'];\n"
        "export interface Reads { first: any[number]; out: Out<any>; s: string }\n"
    )
    good = [{"first": 1, "out": {"a": [1]}, "s": "s"}, {"first": None, "out": "x", "s": ""}]
    _agree(tmp_path, snippet, "Reads", good, [{"first": 1, "out": 1, "s": 1}])


def test_a_computed_key_names_the_value_beside_a_type_of_the_same_name(tmp_path: Path) -> None:
    # zod's brand: ``declare const BRAND: unique symbol`` beside ``type BRAND<T>``, whose
    # key ``[BRAND]`` is the symbol (no JSON key), not the type.
    snippet = (
        "export declare const BRAND: unique symbol;\n"
        "export type BRAND<T extends string> = { [BRAND]: { [k in T]: true } };\n"
        'export type User = { id: string } & BRAND<"user">;\n'
    )
    defs = _agree(tmp_path, snippet, "User", [{"id": "u"}], [{"id": 1}, {}])
    assert set(defs["User"]["properties"]) == {"id"}

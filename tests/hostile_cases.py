"""The hostile schema corpus: what an attacker writing a schema would try.

Each case is a small schema folder (file name -> bytes), what the compiler must do with
it ("ok": compile; "error": a located error; "any": either), and for cases that compile
a snippet run after ``import pkg`` that checks the package means what the schema says.
Big cases are generated here rather than stored. ``PWNED`` in a payload is a file the
attack would create in the case's folder; the test checks nothing appears there.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    name: str
    files: dict[str, bytes]
    expect: str = "any"  # "ok", "error" or "any"
    check: str = ""  # run after ``import pkg`` when the case compiles
    symlinks: dict[str, str] = field(default_factory=dict)  # link -> target (in the case dir)


def ts(text: str) -> bytes:
    return text.encode("utf-8")


def one(name: str, text: str, expect: str = "any", check: str = "") -> Case:
    return Case(name, {"a.ts": ts(text)}, expect, check)


# A request whose method literal is ``method`` (a TS string literal body, already escaped).
def request(method_ts: str) -> str:
    return (
        f'export interface FooRequest {{\n  method: "{method_ts}";\n  params?: {{ a?: string }};\n}}\n'
        "export interface FooResult { x: number }\n"
        "export type ClientRequest = FooRequest;\n"
    )


PAYLOAD = "import os; os.system('touch PWNED')"
METHOD_CHECK = "assert {value!r} in pkg.METHODS, list(pkg.METHODS)"


def method_case(name: str, value: str) -> Case:
    body = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return one(name, request(body), "ok", METHOD_CHECK.format(value=value))


def doc_case(name: str, doc: str, expect: str = "ok") -> Case:
    text = f"/**\n * {doc}\n */\nexport interface D {{ a: string }}\n"
    return one(name, text, expect, "assert pkg.D.model_validate({'a': 'x'}).a == 'x'")


def field_case(name: str, key: str) -> Case:
    """A property named ``key`` must compile and round-trip its wire name."""
    quoted = '"' + key.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    check = (
        f"m = pkg.K.model_validate({{{key!r}: 'v'}})\n"
        f"assert m.model_dump(exclude_unset=True) == {{{key!r}: 'v'}}, m.model_dump()\n"
        f"assert pkg.K.model_validate_json(m.model_dump_json()) == m"
    )
    return one(name, f"export interface K {{ {quoted}: string }}\n", "ok", check)


def reserved_type(name: str, python: str) -> Case:
    """A type named like a built-in or a name the package uses compiles under the derived
    name ``python`` (naming never refuses); the name it would shadow still means itself."""
    check = (
        f"assert pkg.models.{python}.model_validate({{'a': 'x'}}).a == 'x'\n"
        "import builtins\n"
        f"assert getattr(pkg.models, {name!r}, None) in (None, getattr(builtins, {name!r}, 0)) "
        f"or pkg.models.{name} is not pkg.models.{python}"
    )
    return one(f"type_named_{name}", f"export interface {name} {{ a: string }}\n", "ok", check)


def nest(depth: int, wrap: str) -> str:
    text = "string"
    for _ in range(depth):
        text = wrap.replace("T", text)
    return text


CASES: list[Case] = [
    # ---- method strings: literals and docstrings
    method_case("method_triple_quote_newline", f'x"""\n{PAYLOAD}\n"""'),
    method_case("method_single_quotes", "a'b'''c"),
    method_case("method_quotes_and_backslash", "a'b\"c\\d"),
    method_case("method_trailing_backslash", "tools/list\\"),
    method_case("method_unicode_breaks", "a\u2028b\u2029c\x85d\x0be\x0cf\x1cg"),
    method_case("method_bidi_zero_width", "admin\u202e\u2066/x\u200b"),
    method_case("method_jinja_syntax", "{{ 7*7 }}{% if 1 %}x{% endif %}#"),
    method_case("method_crlf", "a\r\nb"),
    # ---- JSDoc text and tags
    doc_case("doc_triple_quote", f'end """ {PAYLOAD} """'),
    doc_case("doc_trailing_backslash", "ends with a backslash \\"),
    doc_case("doc_trailing_quote", 'ends with a quote "'),
    doc_case("doc_line_breaks", "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i"),
    doc_case("doc_bidi", "x\u202eevil\u202c \u2066y\u2069"),
    doc_case("doc_zero_width_combining", "z\u200bw\u200dj e\u0301\u0301\u0301"),
    doc_case("doc_jinja", "{{ 7*7 }} {% raw %} {# c #}"),
    doc_case("doc_link_injection", '{@link X """ + __import__("os") + """}'),
    one(
        "tag_deprecated_quotes",
        f'export interface D {{\n  /** @deprecated use """{PAYLOAD}""" \\ */\n  a?: string;\n}}\n',
        "ok",
        "assert pkg.D.model_validate({'a': 'x'}).a == 'x'",
    ),
    one(
        "tag_default_string_escape",
        'export interface D {\n  /** @default "a\\"\\"\\"\\nb\\\\" */\n  a?: string;\n}\n',
        "ok",
        'assert pkg.D().a == \'a"""\\nb\\\\\', repr(pkg.D().a)',
    ),
    one(
        "tag_minimum_infinity",
        "export interface D {\n  /** @minimum Infinity */\n  a: number;\n}\n",
        "error",
    ),
    one(
        "tag_minimum_nan", "export interface D {\n  /** @maximum NaN */\n  a: number;\n}\n", "error"
    ),
    one(
        "tag_minimum_huge",
        "export interface D {\n  /** @minimum 1e999 */\n  a: number;\n}\n",
        "error",
    ),
    one(
        "tag_unknown_with_payload",
        f'export interface D {{\n  /** @whatever """\n{PAYLOAD} */\n  a: string;\n}}\n',
        "any",
    ),
    # ---- string literal types and keys
    one(
        "literal_type_triple_quote",
        f'export interface L {{ kind: "x\\"\\"\\"{PAYLOAD}" | "plain" }}\n',
        "ok",
        "assert pkg.L.model_validate({'kind': 'x\"\"\""
        + PAYLOAD.replace("'", "\\'")
        + "'}).kind.startswith('x')",
    ),
    one(
        "literal_union_route_keys",
        'export interface A { t: "a\\n#b"; x: string }\nexport interface B { t: "\\u2028"; y: string }\n'
        "export interface H { u: A | B }\n",
        "ok",
        "assert pkg.H.model_validate({'u': {'t': '\\u2028', 'y': '1'}}).u.y == '1'",
    ),
    field_case("key_with_quotes_newline", 'a"b\n"""c'),
    field_case("key_with_backslash", "a\\b"),
    field_case("key_python_keyword_class", "class"),
    field_case("key_soft_keyword_match", "match"),
    field_case("key_soft_keyword_type", "type"),
    field_case("key_model_config", "model_config"),
    field_case("key_model_fields", "model_fields"),
    field_case("key_json", "json"),
    field_case("key_dict", "dict"),
    field_case("key_copy", "copy"),
    field_case("key_schema", "schema"),
    field_case("key_validate", "validate"),
    field_case("key_construct", "construct"),
    field_case("key_dunder_class", "__class__"),
    field_case("key_dunder_dict", "__dict__"),
    field_case("key_dunder_init", "__init__"),
    field_case("key_model_dump_x", "model_dump_x"),
    field_case("key_digits", "1st"),
    field_case("key_bidi", "a\u202eb"),
    field_case("key_non_ascii", "größe"),
    one("key_empty", 'export interface K { "": string }\n', "any"),
    # ---- @conformsTo names a checker parameter
    one(
        "conforms_to_keyword_field",
        "export interface T { class: object }\n"
        "export interface R {\n  /** @conformsTo class */\n  v: object;\n}\n",
        "ok",
        "assert pkg.check_r(pkg.R(v={}), class_={'type': 'object'}) == []",
    ),
    one(
        "conforms_to_checker_collision",
        "export interface T { x: object }\n"
        "export interface FooBar {\n  /** @conformsTo x */\n  v: object;\n}\n"
        "export interface Foo_Bar {\n  /** @conformsTo x */\n  v: object;\n}\n",
        "ok",
        "assert pkg.check_foo_bar is not pkg.check_foo_bar_",
    ),
    # ---- names a generated helper module exports: the package root's are the schema's
    *[
        one(
            f"type_named_{name}",
            f"export interface {name} {{ a: string }}\n",
            "ok",
            f"assert pkg.{name}.__module__.endswith('.models'), pkg.{name}",
        )
        for name in (
            "METHODS",
            "Client",
            "ServerHandler",
            "ParseFailure",
            "MethodSpec",
            "RPCError",
            "Transport",
            "check",
            "parse_message",
        )
    ],
    # ---- names the generated package uses
    *[
        reserved_type(name, python)
        for name, python in (
            ("str", "str_"),
            ("int", "int_"),
            ("float", "float_"),
            ("bool", "bool_"),
            ("dict", "dict_"),
            ("list", "list_"),
            ("object", "object_"),
            ("SchemaModel", "SchemaModel_"),
            ("Omittable", "Omittable_"),
            ("_router", "router"),
            ("_move_legacy", "move_legacy"),
        )
    ],
    one(
        "type_named_Field_BaseModel_Any",
        "export interface Field { a: string }\nexport interface Any { b: number }\n"
        "export interface Literal { c: boolean }\nexport interface Annotated { d?: string }\n"
        "export interface User { f: Field; s: string; n?: number; k: 'x' | 'y' }\n",
        "ok",
        "u = pkg.User.model_validate({'f': {'a': 'x'}, 's': 'y', 'k': 'x'})\n"
        "assert isinstance(u.f, pkg.Field) and u.s == 'y' and u.k == 'x'\n"
        "import pydantic\n"
        "try:\n    pkg.User.model_validate({'f': {'a': 'x'}, 's': 1, 'k': 'x'})\n"
        "except pydantic.ValidationError: pass\nelse: raise AssertionError('s is not a str')",
    ),
    one(
        "type_named_like_an_unused_builtin",
        "export interface Warning { text: string }\nexport interface TimeoutError { ms: number }\n"
        "export interface Report { w: Warning; t?: TimeoutError; s: string }\n",
        "ok",
        "r = pkg.Report.model_validate({'w': {'text': 'x'}, 's': 'y'})\n"
        "assert isinstance(r.w, pkg.Warning) and r.s == 'y'\n"
        "import builtins\nassert pkg.Warning is not builtins.Warning",
    ),
    one("type_named_BaseModel", "export interface BaseModel { a: string }\n", "any"),
    one(
        "nfkc_collision",
        "export interface ﬁx { a: string }\nexport interface fix { b: string }\n",
        "ok",
        "assert pkg.models.fix_.model_validate({'a': 'x'}).a == 'x'\n"
        "assert pkg.models.fix.model_validate({'b': 'y'}).b == 'y'",
    ),
    one(
        "nfkc_alone",
        "export interface ﬁx { a: string }\n",
        "ok",
        "assert pkg.models.fix.model_validate({'a': 'x'}).a == 'x'",
    ),
    one(
        "non_ascii_type_names",
        "export interface Größe { wert: string }\nexport interface Ωmega { g: Größe }\n",
        "ok",
        "assert pkg.Ωmega.model_validate({'g': {'wert': 'x'}}).g.wert == 'x'",
    ),
    one("zero_width_type_name", "export interface A\u200bB { a: string }\n", "error"),
    one("combining_type_name", "export interface Ame\u0301lie { a: string }\n", "any"),
    one("bidi_type_name", "export interface A\u202eB { a: string }\n", "error"),
    # ---- numbers
    one("const_huge_number", "export const BIG = 1e999;\n", "error"),
    one("literal_huge_number", "export interface N { n: 1e999 }\n", "error"),
    one(
        "const_string_payload",
        f'export const S = "\\"\\"\\"\\n{PAYLOAD}";\n',
        "ok",
        f'assert pkg.S == \'"""\\n\' + {PAYLOAD!r}',
    ),
    # ---- depth and size
    one(
        "alias_chain_800",
        "".join(f"export type A{i} = A{i + 1};\n" for i in range(800))
        + "export type A800 = string;\n",
        "error",
    ),
    one(
        "alias_chain_90",
        "".join(f"export type A{i} = A{i + 1};\n" for i in range(90))
        + "export type A90 = string;\nexport interface U { a: A0 }\n",
        "ok",
        "assert pkg.U.model_validate({'a': 'x'}).a == 'x'",
    ),
    one(
        "extends_chain_1000",
        "export interface I0 { a0: string }\n"
        + "".join(
            f"export interface I{i + 1} extends I{i} {{ a{i + 1}: string }}\n" for i in range(1000)
        ),
        "error",
    ),
    one(
        "arrays_60",
        f"export interface N {{ a: {nest(60, 'T[]')} }}\n",
        "ok",
        "v = 'x'\nfor _ in range(60): v = [v]\nassert pkg.N.model_validate({'a': v}).a == v",
    ),
    one("arrays_5000", f"export interface N {{ a: {nest(5000, 'T[]')} }}\n", "error"),
    one("objects_5000", f"export interface N {{ a: {nest(5000, '{ a: T }')} }}\n", "error"),
    one("unions_parens_5000", f"export type N = {nest(5000, '(T | null)')};\n", "any"),
    one(
        "records_3000", f"export interface N {{ a: {nest(3000, 'Record<string, T>')} }}\n", "error"
    ),
    one("tuples_3000", f"export interface N {{ a: {nest(3000, '[T]')} }}\n", "error"),
    one(
        "huge_literal_union",
        "export type U = "
        + " | ".join(f'"v{i}"' for i in range(5000))
        + ";\nexport interface H { u: U }\n",
        "ok",
        "assert pkg.H.model_validate({'u': 'v4999'}).u == 'v4999'",
    ),
    one(
        "huge_model_union",
        "".join(f'export interface M{i} {{ kind: "k{i}"; v: string }}\n' for i in range(300))
        + "export type U = "
        + " | ".join(f"M{i}" for i in range(300))
        + ";\nexport interface H { u: U }\n",
        "ok",
        "assert type(pkg.H.model_validate({'u': {'kind': 'k299', 'v': 'x'}}).u).__name__ == 'M299'",
    ),
    one(
        "property_chain_300",
        "".join(f"export interface P{i} {{ next?: P{i + 1} }}\n" for i in range(300))
        + "export interface P300 { v: string }\n",
        "ok",
    ),
    # ---- encodings and bytes
    Case(
        "invalid_utf8",
        {"a.ts": b"export interface A { a: string }\n// \xff\xfe\xc3\x28\n"},
        "error",
    ),
    Case("nul_bytes", {"a.ts": b"export interface A\x00 { a: string }\n"}, "error"),
    Case("nul_in_doc", {"a.ts": b"/** a \x00 b */\nexport interface A { a: string }\n"}, "any"),
    Case("lone_surrogate_escape", {"a.ts": ts('export interface A { a: "\\ud800" }\n')}, "any"),
    Case(
        "crlf_endings",
        {"a.ts": b"/**\r\n * doc\r\n */\r\nexport interface A {\r\n  a: string;\r\n}\r\n"},
        "ok",
        "assert pkg.A.model_validate({'a': 'x'}).a == 'x'",
    ),
    Case(
        "cr_endings",
        {"a.ts": b"/**\r * doc\r */\rexport interface A {\r  a: string;\r}\r"},
        "ok",
        "assert pkg.A.model_validate({'a': 'x'}).a == 'x'",
    ),
    Case("bom", {"a.ts": b"\xef\xbb\xbfexport interface A { a: string }\n"}, "any"),
    Case("empty_file", {"a.ts": b""}, "any"),
    Case("binary_garbage", {"a.ts": bytes(range(256)) * 4}, "error"),
    # ---- file and folder names
    Case(
        "file_name_triple_quote",
        {f'x"""{PAYLOAD}""".ts': ts("export interface A { a: string }\n")},
        "ok",
        "assert pkg.A.model_validate({'a': 'x'}).a == 'x'",
    ),
    Case(
        "file_name_newline",
        {f"x\n{PAYLOAD}\n.ts": ts("export interface A { a: string }\n")},
        "ok",
        "assert pkg.A.model_validate({'a': 'x'}).a == 'x'",
    ),
    Case(
        "folder_name_newline",
        {f"sub\n{PAYLOAD}\n/a.ts": ts("export interface A { a: string }\n")},
        "ok",
        "assert pkg.A.model_validate({'a': 'x'}).a == 'x'",
    ),
    Case(
        "file_name_bidi_backslash",
        {"a\u202e\\b.ts": ts("export interface A { a: string }\n")},
        "ok",
    ),
    # ---- symlinks
    Case(
        "symlink_to_outside_file",
        {"a.ts": ts("export interface A { a: string }\n")},
        "any",
        symlinks={"schema/b.ts": "outside/secret.ts"},
    ),
    Case(
        "symlink_loop",
        {"a.ts": ts("export interface A { a: string }\n")},
        "any",
        symlinks={"schema/loop": "schema/loop"},
    ),
    Case(
        "symlink_dir_cycle",
        {"a.ts": ts("export interface A { a: string }\n")},
        "any",
        symlinks={"schema/up": "schema"},
    ),
]

"""codegen.build.wrap: whenever it answers, its text is ruff's, byte for byte (#37)."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.build import format as fmt
from codegen.build.wrap import canonical

ROOT = Path(__file__).resolve().parents[3]
MCP = ROOT.parent / "shared" / "corpus" / "mcp-spec"

# One long line of each shape the pydantic emitter writes, at and around the limit.
SHAPES = '''"""Models."""

from typing import Annotated, Literal, TypeAlias

_route_00741f9cc2 = _router(3, (("ok", 0, 0, {False: 2, True: 1}),), {1: "ListWidgets62Result1", 2: "ListWidgets62Result2"})
_route_2fbf7e29bd = _router(3, (("error", 1, 3, {}), ("result", 2, 3, {}),), {1: "GetTaskSuccessResponse", 2: "JSONRPCErrorResponse"})

ListWidgets1Result: TypeAlias = Annotated[Annotated[ListWidgets1Result1, _Tag("ListWidgets1Result1")] | Annotated[ListWidgets1Result2, _Tag("ListWidgets1Result2")] | Annotated[ListWidgets1Result1 | ListWidgets1Result2, _Tag("*")], _Discriminator(_route_46b17451ce)]
GeoJsonTypes: TypeAlias = Literal["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection", "Feature", "FeatureCollection"]
JSONSchema4TypeName: TypeAlias = Literal["string", "number", "integer", "boolean", "object", "array", "null", "any"]
"""An alias's docstring."""

class Widget1Owner(SchemaModel, use_attribute_docstrings=False, some_other_keyword_that_is_long=True):

    id: str
    next_cursor: Annotated[Omittable[str], Field(alias="nextCursor", description="Absent on the last page.")] = None
    extra0: Annotated[Omittable[int | float], Field(description="Extra member 0 of widget 1.")] = None
    extra2: Annotated[Omittable[dict[str, int | float]], Field(description="Extra member 2 of widget 3.")] = None
    text: Annotated[str, Field(description="Message text that is long enough to need a wrap here.")]
class Created1(SchemaModel):
    """Widget 1 was created."""

    kind: Literal["created"]
'''


def _field_at(width: int) -> str:
    """A field whose line up to ``= (`` is ``width`` long: at 100 ruff parenthesises the
    value, at 101 it splits the annotation."""
    annotation = 'Annotated[Omittable[int | float], Field(description="Extra member.")]'
    name = "f" * (width - len(f"    : {annotation} = ("))
    return f"    {name}: {annotation} = None\n"


# A call whose one argument is a long list: no comma is added after the argument.
NAMES = ", ".join(f'"Name{i}"' for i in range(40))
ONE_ARGUMENT = f"_INVARIANTS = Invariants(declared=frozenset([{NAMES}]))\n"


def test_pinned_shapes_are_ruffs() -> None:
    text = SHAPES + "\n\nclass Edges(SchemaModel):\n" + _field_at(100) + _field_at(101)
    text += "\n\n" + ONE_ARGUMENT
    ours = canonical(text)
    assert ours is not None
    assert ours == fmt.format_python("models.py", text)


@pytest.mark.parametrize(
    "text",
    [
        "x = 'a'\n",  # ruff changes the quotes
        "x = f(a,\n    b)\n",  # a bracket left open at a line's end
        "x = 1 # c\n",  # one space before a comment
        "x = 1\n#c\n",  # a comment without its space
        "class A:\n\tx: int\n",  # a tab
        "x = 1 \n",  # a trailing space
        "x  = 1\n",  # a doubled space
        "x = (1)\n" + "y = " + " | ".join(f"Name{i}" for i in range(30)) + "\n",  # top-level chain
        "x = f(" + ", ".join(f"arg{i}" for i in range(30)) + ")  # c\n",  # long line, comment
        "def f():\n    pass\n",  # a compound statement other than class
        '"""Doc."""\n\n\nx = 1\n',  # two blank lines after the module docstring
        "class A:\n    x: int\n\n\n\nclass B:\n    y: int\n",  # three blank lines
    ],
)
def test_refuses_what_it_does_not_know(text: str) -> None:
    assert canonical(text) is None


def _raw_and_ruff(
    schema: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, tuple[str, str, str]]:
    """Each .py output of one compile of ``schema``: as emitted, as written, as ruff alone
    formats it."""
    from codegen.cli import main

    seen: dict[str, tuple[str, str]] = {}
    real = fmt.format_outputs

    def spy(files: dict[str, str], cache: object = None) -> dict[str, str]:
        out = real(files, cache)  # type: ignore[arg-type]
        seen.update({path: (files[path], out[path]) for path in files if path.endswith(".py")})
        return out

    monkeypatch.setattr(fmt, "format_outputs", spy)
    out = tmp_path / "pkg"
    args = ["generate", "--schema", str(schema), "--out", str(out), "--no-cache", "-q"]
    main(args, standalone_mode=False)
    ruffs = fmt.format_many({path: raw for path, (raw, _) in seen.items()})
    return {path: (raw, written, ruffs[path]) for path, (raw, written) in seen.items()}


@pytest.mark.corpus
@pytest.mark.parametrize(
    "schema",
    [
        "2024-11-05/schema.ts",
        "2026-07-28/schema.ts",
        "tests/data/protocols/dap/debugProtocol.d.ts",
        "tests/data/protocols/geojson/index.d.ts",
        "synthetic",
    ],
)
def test_corpus_outputs_are_ruffs(
    schema: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if schema == "synthetic":
        from bench.synthetic import synthetic_typing

        path = tmp_path / "syn.ts"
        path.write_text(synthetic_typing(3000))
    elif schema.startswith("tests/"):
        path = ROOT / schema
    else:
        path = MCP / schema
        if not path.is_file():
            pytest.skip("../shared/corpus is absent")
    outputs = _raw_and_ruff(path, tmp_path, monkeypatch)
    assert outputs
    for name, (raw, written, ruffs) in outputs.items():
        assert written == ruffs, name
        ours = canonical(raw)
        assert ours is None or ours == ruffs, name
    if schema == "synthetic":
        assert canonical(outputs["models.py"][0]) is not None  # the shapes the bench needs


# --- property: random lines of the known shapes, around the length limit ---------------

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_NAME = st.from_regex(r"[A-Z][A-Za-z0-9]{0,30}", fullmatch=True)
_FIELD = st.from_regex(r"[a-z][a-z0-9_]{0,40}", fullmatch=True)
_TEXT = st.from_regex(r"[A-Za-z0-9 .,:/-]{0,70}", fullmatch=True).map(lambda s: " ".join(s.split()))


@st.composite
def _atom_type(draw: st.DrawFn, depth: int = 0) -> str:
    base = draw(st.sampled_from(["str", "int | float", "bool", "Any"]) | _NAME)
    if depth < 2 and draw(st.booleans()):
        wrapper = draw(st.sampled_from(["list[{}]", "dict[str, {}]", "Omittable[{}]"]))
        return wrapper.format(draw(_atom_type(depth + 1)))
    return base


@st.composite
def _field_line(draw: st.DrawFn) -> str:
    name, kind = draw(_FIELD), draw(_atom_type())
    keywords = [f'description="{draw(_TEXT)}"']
    if draw(st.booleans()):
        keywords.insert(0, f'alias="{draw(_FIELD)}"')
    annotated = f"Annotated[{kind}, Field({', '.join(keywords)})]"
    return f"    {name}: {annotated}" + (" = None" if draw(st.booleans()) else "")


@st.composite
def _alias_line(draw: st.DrawFn) -> str:
    members = draw(st.lists(_NAME, min_size=2, max_size=8))
    tagged = [f'Annotated[{m}, _Tag("{m}")]' for m in members]
    union = " | ".join(tagged if draw(st.booleans()) else members)
    return f'{draw(_NAME)}: TypeAlias = Annotated[{union}, Field(discriminator="{draw(_FIELD)}")]'


@st.composite
def _route_line(draw: st.DrawFn) -> str:
    keys = draw(st.lists(_FIELD, min_size=1, max_size=4))
    rows = ", ".join(f'("{k}", {draw(st.integers(0, 9999))}, 0, {{}})' for k in keys)
    rows = f"({rows},)" if len(keys) == 1 or draw(st.booleans()) else f"({rows})"
    names = draw(st.lists(_NAME, min_size=1, max_size=4))
    table = ", ".join(f'{i}: "{n}"' for i, n in enumerate(names, 1))
    return f"_route_{draw(_FIELD)} = _router({draw(st.integers(1, 99999))}, {rows}, {{{table}}})"


@st.composite
def _class_line(draw: st.DrawFn) -> str:
    keywords = ", ".join(
        f"{draw(_FIELD)}={draw(st.sampled_from(['True', 'False']))}"
        for _ in range(draw(st.integers(0, 4)))
    )
    bases = ", ".join(draw(st.lists(_NAME, min_size=1, max_size=3)))
    return f"class {draw(_NAME)}({bases}{', ' + keywords if keywords else ''}):"


@st.composite
def _module(draw: st.DrawFn) -> str:
    """A module of the pydantic models' shapes: routes, classes with fields, aliases."""
    out = ['"""Models."""', "", "from typing import Annotated, TypeAlias", ""]
    for line in draw(st.lists(_route_line(), max_size=3)):
        out += [line, ""]
    for _ in range(draw(st.integers(1, 4))):
        out += ["", draw(_class_line())]
        if draw(st.booleans()):
            out += ['    """A class."""', ""]
        out += draw(st.lists(_field_line(), min_size=1, max_size=4))
        out += [""]
        if draw(st.booleans()):
            out += [draw(_alias_line()), ""]
    return "\n".join(out).rstrip("\n") + "\n"


@settings(
    max_examples=1,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.generate],  # a failing batch is printed whole; shrinking it takes minutes
)
@given(st.lists(_module(), min_size=150, max_size=150))
def test_random_modules_are_wrapped_as_ruff_does(modules: list[str]) -> None:
    """One ruff run for a batch of random modules; each answer of ``canonical`` is ruff's."""
    ruffs = fmt.format_many({f"m{i}/models.py": text for i, text in enumerate(modules)})
    answered = 0
    for i, text in enumerate(modules):
        ours = canonical(text)
        if ours is not None:
            answered += 1
            assert ours == ruffs[f"m{i}/models.py"], text
    assert answered >= len(modules) // 2  # the shapes are known: most are answered

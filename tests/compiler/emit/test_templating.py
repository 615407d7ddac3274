"""Precompiled templates: up to date, used when they match, never used when they do not."""

from __future__ import annotations

import jinja2
import pytest

from codegen import templating
from codegen.escape import Code


def test_the_precompiled_templates_are_up_to_date() -> None:
    assert templating.stale_modules() == [], "run `make templates`"
    assert templating.main(["--check"], out=lambda _: None) == 0


def test_every_template_has_a_precompiled_module() -> None:
    names = {templating.module_name(name) for name in templating.template_names()}
    have = {path.stem for path in templating.COMPILED_DIR.glob("*.py")} - {"__init__"}
    assert names == have and names


def _fresh_environment() -> jinja2.Environment:
    templating.environment.cache_clear()
    return templating.environment()


def _loads_from_source(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    original = jinja2.FileSystemLoader.load

    def spy(
        self: jinja2.FileSystemLoader,
        environment: jinja2.Environment,
        name: str,
        globals: object = None,
    ) -> jinja2.Template:
        compiled.append(name)
        return original(self, environment, name, globals)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.FileSystemLoader, "load", spy)
    return compiled


def test_a_matching_module_is_used_and_renders_like_the_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = _loads_from_source(monkeypatch)
    fast = _fresh_environment().get_template("constants.py.jinja")
    assert compiled == []
    slow_env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templating.TEMPLATES_DIR)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        finalize=templating.refuse_unescaped,
    )
    slow_env.filters.update(templating.environment().filters)
    slow = slow_env.get_template("constants.py.jinja")
    for doc in ("", Code('"""A limit."""')):
        constants = [{"name": "LIMIT", "value": Code("3"), "doc": doc}]
        sym = {"Final": "_Final"}
        want = slow.render(constants=constants, sym=sym)
        assert fast.render(constants=constants, sym=sym) == want
        assert "LIMIT: _Final = 3" in want
    templating.environment.cache_clear()


def test_an_edited_template_or_another_environment_compiles_from_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = _loads_from_source(monkeypatch)
    monkeypatch.setattr(templating, "source_digest", lambda source: "edited")
    _fresh_environment().get_template("methods.py.jinja")
    assert compiled == ["methods.py.jinja"]
    monkeypatch.undo()
    compiled = _loads_from_source(monkeypatch)
    env = _fresh_environment()
    env.filters["another"] = str  # the precompiled modules were compiled without it
    env.get_template("client.py.jinja")
    assert compiled == ["client.py.jinja"]
    templating.environment.cache_clear()


class _Text(str):
    """A str that is not ``Code``: checked like any str."""


@pytest.mark.parametrize("cls", [str, _Text])
@pytest.mark.parametrize("text", ['x """ y', "a\nb", "a\u202eb", "tab\there", "nul\x00"])
def test_finalize_refuses_unescaped_text_that_could_end_a_comment_or_docstring(
    cls: type[str], text: str
) -> None:
    """The one path for input text: a triple quote or a hidden character that skipped the
    escaping filters fails the render (its plain-str fast path too, #37)."""
    with pytest.raises(ValueError, match="unescaped text reached a template"):
        templating.refuse_unescaped(cls(text))
    assert templating.refuse_unescaped(Code(text)) == text  # escaped by codegen.escape


@pytest.mark.parametrize("value", ["int | None", "Literal['a', 'b']", "", 3, True, None])
def test_finalize_passes_safe_values_unchanged(value: object) -> None:
    assert templating.refuse_unescaped(value) is value


@pytest.mark.parametrize("value", [3.5, b"x", ["x"]])
def test_finalize_refuses_what_is_no_text(value: object) -> None:
    with pytest.raises(TypeError, match="pass text"):
        templating.refuse_unescaped(value)

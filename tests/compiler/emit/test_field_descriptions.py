"""A models module of more than ``LARGE_MODULE`` classes states each field's description as
``Field(description=...)`` and turns pydantic's attribute docstrings off (reading them is
quadratic in the module's size on Python < 3.13); the descriptions are the same text as
the docstrings give. The tests lower the threshold instead of building thousands of classes.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel

from codegen.emit.python.pydantic import models as models_emitter
from tests.compiler.emit.test_pydantic_emit import compile_ts, dump, generate_models

# Every kind of text a description can hold: a tab and deeper indentation on later lines
# (cleandoc expands tabs by column), a closing quote, backslashes, a triple quote, a
# zero-width space and a control character (escaped in the literal), blank lines, a link,
# known values, a deprecation; an inherited, an overridden and an inline class.
SCHEMA = """
export interface Base {
  /**
   * First line "quoted"
   *\tTab-indented line
   *   three spaces, back\\\\slash and \"\"\" triple
   *
   * See {@link Child | the child}, zero\u200bwidth and bell\x07.
   * @deprecated use other
   */
  kind: "a" | "b" | (string & {});
  /** ends with a quote" */
  count?: number;
  /**
   *   indented first line
   *     and a deeper second
   */
  nested: { /** Inner doc. */ value: string; plain: boolean };
  undocumented: string;
}
/** The child. */
export interface Child extends Base {
  /** Narrowed, documented again. */
  kind: "a";
  /**\tLeading tab and trailing spaces   */
  extra?: string[];
}
"""
INSTANCE = {"kind": "a", "count": 2, "nested": {"value": "v", "plain": True}, "undocumented": ""}


def _compile(tmp_path: Path, name: str) -> tuple[ModuleType, str]:
    directory = tmp_path / name
    directory.mkdir()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the import, as ``python -W error``
        return compile_ts(directory, SCHEMA)


def _models(module: ModuleType) -> dict[str, type[BaseModel]]:
    return {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, type)
        and issubclass(value, BaseModel)
        and value.__module__ == module.__name__
    }


def _descriptions(model: type[BaseModel]) -> dict[str, str | None]:
    return {name: info.description for name, info in model.model_fields.items()}


def test_a_large_module_states_the_same_descriptions_in_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docstrings, small = _compile(tmp_path, "small")
    monkeypatch.setattr(models_emitter, "LARGE_MODULE", len(_models(docstrings)) - 1)
    described, large = _compile(tmp_path, "large")

    assert "description=" not in small and "use_attribute_docstrings" not in small
    assert "description=" in large and large.count("use_attribute_docstrings=False") == 2
    before, after = _models(docstrings), _models(described)
    assert sorted(before) == sorted(after) and len(after) == 3
    for name, model in after.items():
        assert model.model_config.get("use_attribute_docstrings") is False, name
        assert _descriptions(model) == _descriptions(before[name]), name
        assert model.model_json_schema() == before[name].model_json_schema(), name
    # What the docstrings gave, so the comparison is not between two empty sets.
    fields = after["Base"].model_fields
    assert fields["kind"].description is not None
    assert "\tTab-indented" not in fields["kind"].description  # expanded, as cleandoc does
    assert "the child" in fields["kind"].description
    assert fields["count"].description == 'ends with a quote" '
    assert fields["undocumented"].description is None
    assert after["Child"].model_fields["kind"].description == "Narrowed, documented again."
    for module in (docstrings, described):
        child: Any = module.Child.model_validate(INSTANCE)
        assert dump(child) == INSTANCE


@pytest.mark.parametrize(("threshold", "described"), [(2, False), (1, True)])
def test_the_threshold_counts_the_classes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, threshold: int, described: bool
) -> None:
    monkeypatch.setattr(models_emitter, "LARGE_MODULE", threshold)
    ts = "export interface A { /** Doc A. */ a: string; }\nexport interface B { b: A; }\n"
    models, source = compile_ts(tmp_path, ts)
    assert ('description="Doc A."' in source) is described
    assert ('"""Doc A."""' in source) is not described
    assert models.A.model_fields["a"].description == "Doc A."


@pytest.mark.parametrize(("count", "described"), [(300, False), (301, True)])
def test_modules_past_300_classes_state_descriptions(
    tmp_path: Path, count: int, described: bool
) -> None:
    # The threshold itself (measured: docstrings cost ~0.4 ms a class at import, then
    # quadratic), not a lowered one: 300 classes keep their docstrings, 301 do not.
    ts = "".join(
        f"export interface C{i} {{ /** Doc {i}. */ v{i}: string; }}\n" for i in range(count)
    )
    schema = tmp_path / "schema.ts"
    schema.write_text(ts)
    source = generate_models([schema])
    assert source.count("\nclass C") == count
    assert ('description="Doc 0."' in source) is described
    assert ('"""Doc 0."""' in source) is not described
    assert ("use_attribute_docstrings=False" in source) is described

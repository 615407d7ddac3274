"""The documentation stays true and builds: cross-references in mkdocstrings' syntax,
every page in the site's navigation, an install line that works, and the strict site
build in CI. (The guides' code runs in tests/sdk/test_guides.py, test_readme.py and
test_copy_paste_conformance.py, and type-checks in test_guides_typecheck.py.)"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SPHINX_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|attr|mod|data|exc|obj|const):`")


def test_docstrings_use_mkdocstrings_cross_references_not_sphinx_roles() -> None:
    """mkdocstrings shows a Sphinx role literally; ``[`Name`][dotted.path]`` is a link."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / "negotiation").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SPHINX_ROLE.search(line)
    ]
    assert found == []


def _nav_pages() -> set[str]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text.split("\nnav:\n", 1)[1].split("\n\n", 1)[0]
    nav = re.split(r"\n(?=\S)", nav, maxsplit=1)[0]  # up to the next top-level key
    return set(re.findall(r":\s*(\S+\.md)\s*$", nav, re.M))


def test_every_page_is_in_the_navigation_and_the_build_says_so() -> None:
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert pages - _nav_pages() == set()
    assert _nav_pages() - pages == set()
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"validation:\n  nav:\n    omitted_files: warn", config)  # --strict fails


def test_the_site_builds_strictly_in_ci() -> None:
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\ndocs:", 1)[1]
    assert "mkdocs build --strict" in recipe.split("\n\n", 1)[0]
    steps = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "make docs" in steps


def test_the_index_install_line_installs_from_the_clone_with_existing_extras() -> None:
    """Not on PyPI yet: ``pip install 'mcp-negotiation[sdk]'`` finds nothing."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    lines = [
        line
        for line in (DOCS / "index.md").read_text(encoding="utf-8").splitlines()
        if "pip install" in line
    ]
    assert lines
    for line in lines:
        specs = re.findall(r"pip install (?:-e )?'([^']+)'", line)
        assert specs, line
        for spec in specs:
            where, _, names = spec.partition("[")
            assert where == ".", f"{line!r} installs {where!r}, which is not on PyPI"
            assert set(names.rstrip("]").split(",")) <= set(extras), line


def test_every_public_function_and_class_of_negotiation_sdk_is_in_the_api_reference() -> None:
    """``negotiation.sdk.run`` and ``call_tool_in_variant`` were missing (issue #35)."""
    import inspect

    import negotiation.sdk as sdk

    reference = (DOCS / "api" / "sdk.md").read_text(encoding="utf-8")
    reference += (DOCS / "api" / "runtime.md").read_text(encoding="utf-8")
    missing = [
        name
        for name in sdk.__all__
        if (inspect.isfunction(getattr(sdk, name)) or inspect.isclass(getattr(sdk, name)))
        and not re.search(rf"\b{re.escape(name)}\b", reference)
    ]
    assert missing == []


def test_the_conformance_install_line_says_the_package_is_not_on_pypi_yet() -> None:
    """As the README and the index do: ``pip install 'mcp-negotiation[conformance]'``
    finds nothing yet, so the guide builds the wheel from the clone (issue #35)."""
    text = (DOCS / "conformance.md").read_text(encoding="utf-8")
    install = text.split("### Install", 1)[1].split("\n### ", 1)[0]
    assert "not on PyPI yet" in install
    for line in install.splitlines():
        if "pip install 'mcp-negotiation" in line:
            assert "Once it is on PyPI" in line, line


def test_the_dependencies_name_the_versions_that_work() -> None:
    """pydantic 2.12.0 and 2.12.1 emit a serializer warning on ``EmbeddedResource`` that
    ``-W error`` turns into an exception; ``build`` builds the sdist and the wheel."""
    from packaging.requirements import Requirement
    from packaging.version import Version

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    [pydantic] = [Requirement(d) for d in project["dependencies"] if d.startswith("pydantic")]
    assert not pydantic.specifier.contains(Version("2.12.1"))
    assert pydantic.specifier.contains(Version("2.12.2"))
    dev = [Requirement(d).name for d in project["optional-dependencies"]["dev"]]
    assert "build" in dev


def test_the_readme_round_trip_claim_names_the_one_field_dumped_as_null() -> None:
    """A plain dump of a ``CallToolResult`` without ``structuredContent`` writes
    ``null`` (the field is typed ``unknown``, which admits null): the README says so."""
    from mcp_ext.models import CallToolResult

    result = CallToolResult.model_validate({"content": []})
    assert result.model_dump(by_alias=True)["structuredContent"] is None
    assert "structuredContent" not in result.model_dump(by_alias=True, exclude_unset=True)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert 'a plain `model_dump()` writes `"structuredContent": null`' in readme


def test_the_readme_target_examples_run_as_printed(tmp_path: Path) -> None:
    """The compiler section's example of each target (issue #37): the package its comment's
    command generates (from this repository's ``schema/``) reads the section's request."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n### Targets:", 1)[1].split("\n### ", 1)[0]
    prelude, *examples = re.findall(r"```python\n(.*?)```", section, re.S)
    assert prelude.startswith("raw = b'") and len(examples) == 4
    targets = []
    for example in examples:
        command = re.match(r"# mcp-negotiation-codegen (generate .*)\n", example)
        assert command, example
        args = command.group(1).split()
        args[args.index("--schema") + 1] = str(ROOT / "schema")
        args[args.index("--out") + 1] = str(tmp_path / args[args.index("--out") + 1])
        targets.append(args[args.index("--target") + 1] if "--target" in args else "pydantic")
        built = subprocess.run(
            [sys.executable, "-m", "codegen", *args, "--no-cache", "-q"],
            cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        assert built.returncode == 0, built.stderr[-2000:]
        ran = subprocess.run(
            [sys.executable, "-c", prelude + example],
            cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert ran.returncode == 0, ran.stderr[-2000:]
        assert ran.stdout == "forecast\n"
    assert targets == ["pydantic", "msgspec", "typeddict", "dataclasses"]

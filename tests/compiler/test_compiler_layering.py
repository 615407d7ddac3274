"""The compiler's layering, checked on every import statement, those inside functions too.

    paths, escape, ir  <-  errors, templating, ir.{queries, printer, messages}  <-  frontend
        <-  {emit, revision}  <-  build  <-  cli  <-  __main__

A module imports only from its own layer or below. Within the middle layer, ``emit`` never
imports ``revision``, nor ``frontend`` (what it asks of a resolved schema is an IR query,
``codegen.ir``), and ``revision`` reads only the JSON Schema emitter (its proof works on
emitted schemas) and, for ``migrate``, the Python naming authority. Nothing but the
command line imports ``cli``. The whole graph is a DAG. Under ``emit/python/``, each target
has its folder and reads only its own and what every target shares (``emit/python/``'s own
modules), which reads no target.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.import_graph import cycles, graph, imports_of, module_name, planted_copy, sources

SKIP = {"templates_compiled", "runtime", "templates", "__pycache__"}

# (module prefix, layer): the longest matching prefix decides.
LAYERS: dict[str, int] = {
    "codegen.paths": 0,
    "codegen.escape": 0,
    "codegen.ir": 0,
    "codegen.errors": 1,
    "codegen.templating": 1,
    "codegen.ir.queries": 1,
    "codegen.ir.printer": 1,
    "codegen.ir.messages": 1,
    "codegen.frontend": 2,
    "codegen.emit": 3,
    "codegen.revision": 3,
    "codegen.build": 4,
    "codegen.cli": 5,
    "codegen.__main__": 6,
    "codegen": 0,  # the package itself (``from codegen import ir``)
}
# the Python naming authority: naming and the two modules it stands on (issue #36)
REVISION_MAY_READ = {
    "codegen.emit.jsonschema": None,
    "codegen.emit.instances": None,  # the values of an emitted schema (witnesses, vectors)
    "codegen.emit.python.naming": "migrate",
    "codegen.emit.python.name_rules": "migrate",
    "codegen.emit.python.class_specs": "migrate",
}

# One folder per output target (issue #37). The TypedDict target still reads the msgspec
# target's alias analysis, literal text and the client's Transport text; the dataclasses
# target reads those too, and the TypedDict target's annotations and definition order.
PYTHON_TARGETS = ("pydantic", "msgspec", "typeddict", "dataclasses")
TARGET_MAY_READ = {
    ("typeddict", "msgspec"),
    ("dataclasses", "msgspec"),
    ("dataclasses", "typeddict"),
}


def target_of(module: str) -> str | None:
    """``codegen.emit.python.msgspec.types`` -> ``msgspec``; None outside a target's folder."""
    parts = module.split(".")
    if parts[:3] == ["codegen", "emit", "python"] and len(parts) > 3:
        return parts[3] if parts[3] in PYTHON_TARGETS else None
    return None


def layer(module: str) -> int:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


def violations(root: Path) -> list[str]:
    found: list[str] = []
    for path in sources(root, SKIP):
        this = module_name(root, path)
        for target in imports_of(root, path):
            if target in (this, "codegen"):
                continue
            where = f"{path.relative_to(root.parent)}: {this} imports {target}"
            if layer(target) > layer(this):
                found.append(f"{where} (an upper layer)")
            if target.startswith("codegen.cli") and not this.startswith(
                ("codegen.cli", "codegen.__main__")
            ):
                found.append(f"{where} (only the command line imports cli)")
            if this.startswith("codegen.emit") and target.startswith("codegen.revision"):
                found.append(f"{where} (an emitter never reads the revision tools)")
            if this.startswith("codegen.emit") and target.startswith("codegen.frontend"):
                found.append(f"{where} (an emitter never reads the front end: IR queries)")
            if this.startswith("codegen.emit") and target_of(target) not in (
                None,
                target_of(this),
            ):
                if (target_of(this), target_of(target)) not in TARGET_MAY_READ:
                    found.append(f"{where} (a target's folder is read by itself only)")
            if this.startswith("codegen.revision") and target.startswith("codegen.emit"):
                allowed = REVISION_MAY_READ.get(target, "")
                if allowed == "" or (allowed is not None and not this.endswith(allowed)):
                    found.append(f"{where} (revision reads only the JSON Schema emitter)")
    found += [f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(graph(root, SKIP))]
    return found


def test_the_compiler_is_layered_and_acyclic() -> None:
    assert violations(ROOT / "codegen") == []


@pytest.mark.parametrize(
    ("module", "planted", "reason"),
    [
        ("ir/queries.py", "    from codegen.frontend import resolve\n", "an upper layer"),
        ("frontend/parse.py", "from codegen.emit.python import naming\n", "an upper layer"),
        (
            "revision/report.py",
            "from codegen.cli.common import run_or_exit\n",
            "only the command line",
        ),
        (
            "emit/python/pydantic/models.py",
            "from codegen.revision import changes\n",
            "never reads the revision",
        ),
        (
            "revision/proof.py",
            "from codegen.emit.python.pydantic import models\n",
            "revision reads only",
        ),
        ("revision/changes.py", "from codegen.revision import proof\n", "import cycle"),
        (
            "emit/python/pydantic/server.py",
            "    from ....frontend import expand\n",
            "never reads the front end",
        ),
        ("emit/jsonschema.py", "from codegen.frontend.parse import parse_module\n", "front end"),
        ("emit/python/msgspec/module.py", "from ..pydantic import models\n", "by itself only"),
        ("emit/python/typeddict/module.py", "from ..pydantic.models import x\n", "by itself"),
        ("emit/python/backend.py", "    from .msgspec import types\n", "by itself only"),
        ("emit/python/msgspec/types.py", "from ..typeddict import module\n", "by itself"),
    ],
)
def test_a_planted_import_is_caught(tmp_path: Path, module: str, planted: str, reason: str) -> None:
    found = violations(planted_copy(ROOT / "codegen", tmp_path, module, planted))
    assert any(reason in v for v in found), found

"""datamodel-code-generator as a differential oracle for our models.

Its models come from the official ``schema.json`` (the JSON-Schema input path,
``generate --from-jsonschema``); ours come from ``schema.ts``. On every official example
and every mutated copy of one, both must accept or both must reject, except where the
JSON-Schema path is known to be wrong. Each such disagreement is listed with its reason,
and a listed one that no longer occurs fails the test (the list stays exact).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType

import pytest
from pydantic import BaseModel

from codegen.build.from_jsonschema import generate_from_jsonschema
from tests.compiler.build_stage.test_corpus_models import (
    EXAMPLES,
    LATEST,
    _valid,
    models_for,
    mutations,
)
from tests.conftest import require_corpus

pytestmark = pytest.mark.corpus

# (example file stem, what) -> why the oracle disagrees with us.
KNOWN: dict[tuple[str, str], str] = {
    (stem, "valid"): "format: byte becomes Base64Str, which decodes the base64 payload as "
    "UTF-8 and rejects real binary data; ours keeps it a str"
    for stem in ("audio-wav-content", "image-file-contents", "image-png-content-with-annotations")
}


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    schema_json = require_corpus(LATEST) / "schema.json"
    out = tmp_path_factory.mktemp("datamodel")
    target = generate_from_jsonschema(schema_json, out / "oracle_models")
    spec = importlib.util.spec_from_file_location("oracle_models", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["oracle_models"] = module
    spec.loader.exec_module(module)
    return module


def test_ours_and_the_oracle_agree_on_every_example_and_mutation(oracle: ModuleType) -> None:
    ours, _, _ = models_for(LATEST)
    disagreements: dict[tuple[str, str], tuple[bool, bool]] = {}
    compared = 0
    for type_name, path in EXAMPLES:
        mine, theirs = getattr(ours, type_name), getattr(oracle, type_name, None)
        if theirs is None or not (isinstance(theirs, type) and issubclass(theirs, BaseModel)):
            continue
        data = json.loads(path.read_text())
        cases = [("valid", data), *mutations(mine, data)]
        for what, instance in cases:
            compared += 1
            verdicts = (_valid(mine, instance), _valid(theirs, instance))
            if verdicts[0] != verdicts[1]:
                disagreements[(path.stem, what)] = verdicts
    unexplained = {k: v for k, v in disagreements.items() if k not in KNOWN}
    stale = sorted(set(KNOWN) - set(disagreements))
    assert compared > 500
    assert not unexplained, f"ours vs oracle (accepts?): {unexplained}"
    assert not stale, f"listed disagreements that no longer occur: {stale}"
    for key in KNOWN:
        assert disagreements[key] == (True, False), key  # we accept real data; it rejects


def test_oracle_path_keeps_the_examples_types(oracle: ModuleType) -> None:
    missing = sorted({t for t, _ in EXAMPLES if not hasattr(oracle, t)})
    assert len(missing) < 10, missing

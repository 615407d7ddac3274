"""Do our models accept what typescript-json-schema's schema accepts? (one typing)

``python -W error -m bench.generality.instances OUT_PARENT PACKAGE TJS_JSON --sample N``
imports the generated ``PACKAGE`` from ``OUT_PARENT`` (every module; under ``-W error``, so
a warning fails the import, which is timed), then, warnings ignored, picks up to ``N`` of TJS's
definitions (seeded) that have a generated type of the same name, draws instances from
TJS's schema for each with hypothesis-jsonschema (recursion unrolled one level, as
``tests/compiler/emit/test_selfcheck.py`` does), keeps those TJS's schema accepts, and validates them
with our model from JSON text, within a time budget. It prints one JSON object: whether
the import worked and how long it took, definitions checked, those whose every instance
was accepted, the rejected ones (with an instance), and the definitions skipped by reason
(no instance could be drawn in time, the time budget).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import signal
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

PER_DEFINITION = 3
BUDGET = 10.0  # seconds for all the definitions of one typing
PER_DRAW = 4  # seconds for drawing one definition's instances
MODULES = ("", ".models", ".server", ".client", ".validators", ".methods")


class _OverTime(BaseException):  # not caught by the drawing's own handlers
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _OverTime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.generality.instances")
    parser.add_argument("parent", type=Path)
    parser.add_argument("package")
    parser.add_argument("oracle", type=Path)
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.parent))
    started = time.perf_counter()
    try:
        for module in MODULES:  # under the interpreter's -W error
            importlib.import_module(args.package + module)
    except BaseException as err:
        line = str(err).strip().splitlines()
        print(json.dumps({"import": f"{type(err).__name__}: {line[0] if line else ''}"[:300]}))
        return 0
    imported = time.perf_counter() - started
    warnings.simplefilter("ignore")
    import jsonschema
    from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

    # The drawing machinery of the compiler's self-check, shared rather than copied.
    selfcheck: Any = importlib.import_module("tests.compiler.emit.test_selfcheck")

    models = importlib.import_module(f"{args.package}.models")
    text = args.oracle.read_text("utf-8").replace('"#/definitions/', '"#/$defs/')
    defs: dict[str, Any] = json.loads(text)["definitions"]
    skipped: Counter[str] = Counter()
    candidates = []
    for name in sorted(defs):
        target = selfcheck.python_name(models, name)
        if hasattr(models, target):  # else: no type to check (counted by the comparison)
            candidates.append((name, getattr(models, target)))
    chosen = random.Random(args.seed).sample(candidates, min(args.sample, len(candidates)))
    accepted: list[str] = []
    rejected: dict[str, Any] = {}
    signal.signal(signal.SIGALRM, _alarm)
    deadline = time.perf_counter() + BUDGET
    for name, target in sorted(chosen, key=lambda c: c[0]):
        if time.perf_counter() > deadline:
            skipped["time budget of the typing spent"] += 1
            continue
        signal.alarm(PER_DRAW)
        try:
            drawn = draw(selfcheck, defs, name)
        except _OverTime:
            drawn = f"drawing took over {PER_DRAW} s"
        finally:
            signal.alarm(0)
        if isinstance(drawn, str):
            skipped[drawn] += 1
            continue
        checker = jsonschema.Draft7Validator({"$defs": defs, "$ref": f"#/$defs/{name}"})
        valid = [v for v in drawn if checker.is_valid(v)]
        if not valid:
            skipped["no drawn instance valid under TJS's schema"] += 1
            continue
        validate: Callable[[str], object]
        if isinstance(target, type) and issubclass(target, BaseModel):
            validate = target.model_validate_json
        else:
            validate = TypeAdapter(target, config=ConfigDict(strict=True)).validate_json
        for value in valid:
            try:
                validate(json.dumps(value))
            except ValidationError as err:
                first = err.errors()[0]
                rejected[name] = {
                    "instance": value,
                    "error": f"{'.'.join(map(str, first['loc']))}: {first['msg']}",
                }
                break
            except Exception as err:  # our model failed otherwise: that is the finding
                rejected[name] = {"instance": value, "error": f"{type(err).__name__}: {err}"}
                break
        else:
            accepted.append(name)
    print(
        json.dumps(
            {
                "import": "",
                "import_seconds": round(imported, 1),
                "checked": len(accepted) + len(rejected),
                "accepted": len(accepted),
                "rejected": rejected,
                "skipped": dict(skipped),
            },
            default=str,
        )
    )
    return 0


def draw(selfcheck: Any, defs: dict[str, Any], name: str) -> list[Any] | str:
    """Up to `PER_DEFINITION` instances of ``name``, or why none could be drawn."""
    from hypothesis import HealthCheck, Phase, given, settings

    try:
        strategy = selfcheck.from_schema()(selfcheck.unrolled(defs, name))
    except Exception as err:  # hypothesis-jsonschema refuses the schema
        return f"cannot draw: {type(err).__name__}"
    found: list[Any] = []

    @settings(
        max_examples=PER_DEFINITION,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    try:
        collect()
    except Exception as err:
        if not found:
            return f"cannot draw: {type(err).__name__}"
    return found[:PER_DEFINITION] if found else "cannot draw: no instance"


if __name__ == "__main__":
    sys.exit(main())

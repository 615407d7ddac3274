"""The output targets of ``generate --target``: each one's emitters, by module and function.

Only targets that exist are listed (the CLI's choices are these keys). Every target's
Python emitters are given the build's one ``emit.python.backend.PythonBackend``; the JSON
Schema emitter, which every target ships, the schema itself. Imported by the CLI, so it
imports nothing heavy: the emitters are imported by the build, when it runs.
"""

from __future__ import annotations

DEFAULT_TARGET = "pydantic"

JSONSCHEMA = (".emit.jsonschema", "emit_jsonschema")

# A target whose package says more than the default docstring (what it deviates from the
# schema in) names the module attribute holding that docstring's text.
PACKAGE_DOCS: dict[str, tuple[str, str]] = {
    "msgspec": (".emit.python.msgspec", "PACKAGE_DOC"),
    "typeddict": (".emit.python.typeddict", "PACKAGE_DOC"),
    "dataclasses": (".emit.python.dataclasses", "PACKAGE_DOC"),
}

TARGETS: dict[str, tuple[tuple[str, str], ...]] = {
    "pydantic": (
        (".emit.python.pydantic.models", "emit_models"),
        (".emit.python.pydantic.methods", "emit_registry"),
        (".emit.python.pydantic.validators", "emit_validators"),
        (".emit.python.pydantic.server", "emit_server"),
        (".emit.python.pydantic.client", "emit_client"),
        JSONSCHEMA,
    ),
    "msgspec": ((".emit.python.msgspec", "emit_msgspec"), JSONSCHEMA),
    "typeddict": ((".emit.python.typeddict", "emit_typeddict"), JSONSCHEMA),
    "dataclasses": ((".emit.python.dataclasses", "emit_dataclasses"), JSONSCHEMA),
}

"""pydantic's class namespace, recorded, so that naming need not import pydantic.

``name_rules.class_namespace_names`` is every attribute a generated model class has before
its fields: ``dir(BaseModel)`` and ``dir(type(BaseModel))``. Importing pydantic to read
them was a third of a small typing's whole compile (about 0.1 s of CPU, #37), for about a
hundred names that change only with pydantic or Python. So they are recorded here per
(Python ``major.minor``, pydantic version), and used only when the pydantic that an import
would load is one recorded: its version is read from the ``*.dist-info`` folder beside
it, without importing it. Any doubt (no such folder, two of them, another version) reads
the names from pydantic as before: slower, never different.

A test checks the record against the installed pydantic; after a pydantic upgrade,
``python -m codegen.emit.python.pydantic_namespace`` prints the entry to add.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

RECORDED: dict[tuple[str, str], frozenset[str]] = {
    ("3.11", "2.14.4"): frozenset(
        (
            "__abstractmethods__",
            "__annotations__",
            "__base__",
            "__bases__",
            "__basicsize__",
            "__call__",
            "__class__",
            "__class_getitem__",
            "__copy__",
            "__dataclass_transform__",
            "__deepcopy__",
            "__delattr__",
            "__dict__",
            "__dictoffset__",
            "__dir__",
            "__doc__",
            "__eq__",
            "__fields__",
            "__fields_set__",
            "__flags__",
            "__format__",
            "__ge__",
            "__get_pydantic_core_schema__",
            "__get_pydantic_json_schema__",
            "__getattr__",
            "__getattribute__",
            "__getstate__",
            "__gt__",
            "__hash__",
            "__init__",
            "__init_subclass__",
            "__instancecheck__",
            "__itemsize__",
            "__iter__",
            "__le__",
            "__lt__",
            "__module__",
            "__mro__",
            "__name__",
            "__ne__",
            "__new__",
            "__or__",
            "__prepare__",
            "__pretty__",
            "__pydantic_complete__",
            "__pydantic_core_schema__",
            "__pydantic_decorators__",
            "__pydantic_extra__",
            "__pydantic_fields_complete__",
            "__pydantic_fields_set__",
            "__pydantic_init_subclass__",
            "__pydantic_on_complete__",
            "__pydantic_parent_namespace__",
            "__pydantic_private__",
            "__pydantic_root_model__",
            "__pydantic_serializer__",
            "__pydantic_validator__",
            "__qualname__",
            "__reduce__",
            "__reduce_ex__",
            "__replace__",
            "__repr__",
            "__repr_args__",
            "__repr_name__",
            "__repr_recursion__",
            "__repr_str__",
            "__rich_repr__",
            "__ror__",
            "__setattr__",
            "__setstate__",
            "__sizeof__",
            "__slots__",
            "__str__",
            "__subclasscheck__",
            "__subclasses__",
            "__subclasshook__",
            "__text_signature__",
            "__weakrefoffset__",
            "_abc_caches_clear",
            "_abc_impl",
            "_abc_registry_clear",
            "_calculate_keys",
            "_collect_bases_data",
            "_copy_and_set_values",
            "_dump_registry",
            "_get_value",
            "_iter",
            "_setattr_handler",
            "construct",
            "copy",
            "dict",
            "from_orm",
            "json",
            "model_computed_fields",
            "model_config",
            "model_construct",
            "model_copy",
            "model_dump",
            "model_dump_json",
            "model_extra",
            "model_fields",
            "model_fields_set",
            "model_json_schema",
            "model_parametrized_name",
            "model_post_init",
            "model_rebuild",
            "model_validate",
            "model_validate_json",
            "model_validate_strings",
            "mro",
            "parse_file",
            "parse_obj",
            "parse_raw",
            "register",
            "schema",
            "schema_json",
            "update_forward_refs",
            "validate",
        )
    ),
}


def python_version() -> str:
    return f"{sys.version_info[0]}.{sys.version_info[1]}"


def installed_version() -> str | None:
    """The version of the pydantic an import would load, from the one ``*.dist-info``
    folder beside its package; None when that cannot be told."""
    try:
        spec = importlib.util.find_spec("pydantic")
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return None
    found = [
        name.removeprefix("pydantic-").removesuffix(".dist-info")
        for name in names
        if name.startswith("pydantic-") and name.endswith(".dist-info")
    ]
    return found[0] if len(found) == 1 else None


def recorded_names() -> frozenset[str] | None:
    """The recorded namespace of the installed pydantic, or None when it is not recorded."""
    version = installed_version()
    return None if version is None else RECORDED.get((python_version(), version))


def live_names() -> frozenset[str]:
    """The namespace read from pydantic itself (imports it)."""
    from pydantic import BaseModel

    return frozenset(dir(BaseModel)) | frozenset(dir(type(BaseModel)))


def entry() -> str:
    """The ``RECORDED`` entry for this Python and the installed pydantic, as source."""
    import pydantic

    names = "\n".join(f"            {name!r}," for name in sorted(live_names()))
    key = (python_version(), pydantic.VERSION)
    return f"    {key!r}: frozenset(\n        (\n{names}\n        )\n    ),"


if __name__ == "__main__":
    print(entry())

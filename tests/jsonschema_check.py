"""One JSON Schema document judged on many values.

``jsonschema.validate(value, schema)`` checks ``schema`` against its metaschema on every
call: on a document of a few hundred definitions that check costs seconds, the value
milliseconds. ``checked_validator`` makes the same check once and returns the validator
that ``jsonschema.validate`` would use, for every value after it.
"""

from __future__ import annotations

from typing import Any

import jsonschema
from jsonschema.protocols import Validator


def checked_validator(schema: dict[str, Any]) -> Validator:
    """The validator of ``schema``'s dialect, once ``schema`` passed its metaschema
    (``jsonschema.exceptions.SchemaError`` if not)."""
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)

"""Triple-slash directives: ``/// <reference path="x.d.ts" />`` at the head of a file.

A ``path`` reference brings the file, relative to the referencing one, into the program,
as TypeScript (and typescript-json-schema) read it; ``types``/``lib``/``no-default-lib``
references name packages or the standard library, which the compiler does not read.
"""

from __future__ import annotations

import re

# TypeScript's own pattern (``fullTripleSlashReferencePathRegEx``), attributes in any order.
_REFERENCE = re.compile(r"""^///\s*<reference\s[^>]*?\bpath\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def triple_slash_reference(comment: str) -> str | None:
    """The path a ``/// <reference path="..." />`` comment names, else None."""
    found = _REFERENCE.match(comment)
    if found is None:
        return None
    return found.group(1) if found.group(1) is not None else found.group(2)

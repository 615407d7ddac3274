"""File names for the vectors of each definition: safe everywhere, and one per definition.

A definition's name is any TypeScript identifier: ASCII or not, ``$`` in it, and two names
may differ only in case (``Role``/``role``), which a case-insensitive file system (macOS,
Windows) cannot keep apart. So:

* a *plain* name, ``[A-Za-z_][A-Za-z0-9_]*`` of at most 100 characters, that no other
  plain name equals ignoring case, that is not a Windows device name (``CON``, ``NUL``,
  ``COM1``...) and not one of the folder's own files (``index``, ``schema``), is its own
  file name: ``Tool.json``;
* any other name is written in ASCII (each other character as ``_``, at most 60), then
  ``~`` and 12 hex digits of the SHA-256 of the exact name: ``Role~1a2b3c4d5e6f.json``.
  ``~`` appears in no plain name, so the two sets never meet, and within the second the
  digest tells names apart.

Injectivity is checked, ignoring case, never assumed.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Sequence

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
_OTHER = re.compile(r"[^A-Za-z0-9_]")
DEVICES = frozenset(
    {"con", "prn", "aux", "nul"}
    | {f"{port}{n}" for port in ("com", "lpt") for n in "0123456789¹²³"}
)
OWN_FILES = frozenset({"index", "schema"})


def file_names(names: Sequence[str]) -> dict[str, str]:
    """Each definition name's file name in the vectors folder."""
    plain = [n for n in names if _PLAIN.fullmatch(n)]
    folded = Counter(n.casefold() for n in plain)
    out: dict[str, str] = {}
    for name in names:
        fold = name.casefold()
        if (
            _PLAIN.fullmatch(name)
            and folded[fold] == 1
            and fold not in DEVICES
            and fold not in OWN_FILES
        ):
            stem = name
        else:
            digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
            stem = f"{_OTHER.sub('_', name)[:60]}~{digest}"
        out[name] = f"{stem}.json"
    if len({f.casefold() for f in out.values()}) != len(out):  # 48 bits of digest met
        raise RuntimeError(f"two definitions share a vectors file name: {sorted(out)}")
    return out

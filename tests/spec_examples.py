"""The JSON examples of the draft specs, extracted once so every test can use them.

``extract(path)`` finds each fenced ```json block, and in pages that were saved without
Markdown fences (``protocol-versioning.md``) each bare top-level ``{ ... }`` block: a line
that is exactly ``{`` up to the next line that is exactly ``}``. Every example records its
spec file, the 1-based line of its first JSON line and the nearest heading above it.

The tables at the bottom say what each example is:

* ``NON_JSON`` -- blocks fenced as json that are not JSON, with the reason;
* ``COVERED`` -- the schema type an example (or the part of it at a JSON pointer) is an
  instance of, and whether the spec example is expected to be valid;
* ``UNCOVERED`` -- examples no schema type describes, with the reason.

Together they account for every example; ``test_spec_examples_extract`` checks that.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

SPECS = Path(__file__).resolve().parents[1].parent / "shared" / "specs"
SPEC_FILES = (
    "protocol-versioning.md",
    "sep-2053-server-variants.md",
    "sep-content-negotiation.md",
    "sep-resource-contents-metadata.md",
    "sep-tool-result-content.md",
)

_FENCE = re.compile(r"^\s*```")
_JSON_FENCE = re.compile(r"^\s*```json\s*$")
_MD_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
_MAX_PLAIN_HEADING = 80


@dataclass(frozen=True, slots=True)
class SpecExample:
    spec: str
    line: int
    heading: str
    text: str
    fenced: bool

    @property
    def key(self) -> tuple[str, int]:
        return (self.spec, self.line)

    def parse(self) -> Any:
        return json.loads(self.text)

    def __str__(self) -> str:
        return f"{self.spec}:{self.line} ({self.heading})"


def _plain_headings(lines: list[str]) -> dict[int, str]:
    """Headings of a page saved as plain text: a short standalone line without end punctuation."""
    found: dict[int, str] = {}
    for i, line in enumerate(lines):
        text = line.strip()
        before = lines[i - 1].strip() if i > 0 else ""
        after = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if (
            text
            and not before
            and not after
            and len(text) <= _MAX_PLAIN_HEADING
            and text[-1] not in ".:,;{}[]\"'"
            and not text.startswith(("{", "}", "[", "]", '"'))
        ):
            found[i] = text
    return found


def extract_text(spec: str, text: str) -> list[SpecExample]:
    lines = text.splitlines()
    has_md_headings = any(_MD_HEADING.match(line) for line in lines)
    plain = {} if has_md_headings else _plain_headings(lines)
    examples: list[SpecExample] = []
    heading = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            end = i + 1
            while end < len(lines) and not _FENCE.match(lines[end]):
                end += 1
            if _JSON_FENCE.match(line):
                body = "\n".join(lines[i + 1 : end])
                examples.append(SpecExample(spec, i + 2, heading, body, fenced=True))
            i = end + 1  # headings inside code (e.g. Python comments) are not headings
            continue
        if match := _MD_HEADING.match(line):
            heading = match.group(1)
        elif i in plain:
            heading = plain[i]
        elif line == "{":
            end = i + 1
            while end < len(lines) and lines[end] != "}":
                end += 1
            if end < len(lines):
                body = "\n".join(lines[i : end + 1])
                examples.append(SpecExample(spec, i + 1, heading, body, fenced=False))
                i = end + 1
                continue
        i += 1
    return examples


def extract(path: Path) -> list[SpecExample]:
    return extract_text(path.name, path.read_text("utf-8"))


@cache
def all_examples(specs: Path = SPECS) -> tuple[SpecExample, ...]:
    return tuple(ex for name in SPEC_FILES for ex in extract(specs / name))


def resolve_pointer(document: Any, pointer: str) -> Any:
    """The value at an RFC 6901 JSON pointer (``""`` is the whole document)."""
    if not pointer:
        return document
    if not pointer.startswith("/"):
        raise ValueError(f"JSON pointer must start with '/': {pointer!r}")
    value = document
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True, slots=True)
class Coverage:
    """``type_name`` describes the example's value at ``pointer`` (RFC 6901; ``""`` = all).

    ``valid=False`` marks a spec example that the schema rightly rejects; ``note`` says why.
    """

    type_name: str
    pointer: str = ""
    valid: bool = True
    note: str = ""


Key = tuple[str, int]

PV = "protocol-versioning.md"
SV = "sep-2053-server-variants.md"
CN = "sep-content-negotiation.md"
RM = "sep-resource-contents-metadata.md"

# Where each extension's settings sit inside the examples that carry them.
_CN_IN_REQUEST = "/params/capabilities/extensions/io.modelcontextprotocol~1content-negotiation"
_CN_IN_RESULT = "/result/capabilities/extensions/io.modelcontextprotocol~1content-negotiation"
_SV_IN_CAPABILITIES = "/capabilities/extensions/io.modelcontextprotocol~1server-variants"

_PROMPT_CONTENT_ARRAY = (
    "MCP's PromptMessage.content is a single content block; this example wraps it in an "
    "array, so a conforming validator must reject it"
)

_NO_JSONRPC = (
    "the example leaves out the 'jsonrpc' member every notification carries; its point, "
    "the variant in params._meta, is covered separately"
)

NON_JSON: dict[Key, str] = {
    (SV, 1241): "an illustrative LLM reply whose 'reasoning' string is broken across lines",
}


def _negotiating_initialize() -> tuple[Coverage, ...]:
    return (Coverage("InitializeRequest"), Coverage("ContentNegotiationSettings", _CN_IN_REQUEST))


def _negotiating_initialize_result() -> tuple[Coverage, ...]:
    return (
        Coverage("InitializeResult", "/result"),
        Coverage("ContentNegotiationServerSettings", _CN_IN_RESULT),
    )


def _variants_list() -> tuple[Coverage, ...]:
    return (Coverage("ServerVariantsServerSettings"),)


COVERED: dict[Key, tuple[Coverage, ...]] = {
    (PV, 14): (Coverage("UnsupportedProtocolVersionError"),),
    (PV, 31): (Coverage("ClientCapabilities", "/capabilities"),),
    (PV, 42): (Coverage("ServerCapabilities", "/capabilities"),),
    (SV, 84): _variants_list(),
    (SV, 128): _variants_list(),
    (SV, 161): _variants_list(),
    (SV, 193): _variants_list(),
    (SV, 231): _variants_list(),
    (SV, 257): _variants_list(),
    (SV, 293): _variants_list(),
    (SV, 336): (Coverage("ServerVariantsClientSettings"),),
    (SV, 656): (
        Coverage("ClientCapabilities", "/capabilities"),
        Coverage("ServerVariantsClientSettings", _SV_IN_CAPABILITIES),
    ),
    (SV, 690): (
        Coverage("ServerCapabilities", "/capabilities"),
        Coverage("ServerVariantsServerSettings", _SV_IN_CAPABILITIES),
    ),
    (SV, 774): (Coverage("InvalidServerVariantError"),),
    (SV, 827): (Coverage("SubscribeRequest"),),
    (SV, 860): (
        Coverage("ToolListChangedNotification", valid=False, note=_NO_JSONRPC),
        Coverage("NotificationParams", "/params"),
    ),
    (SV, 903): (Coverage("CursorVariantMismatchError"),),
    (SV, 930): (Coverage("VariantScopedError"),),
    (SV, 1391): (Coverage("ListToolsRequest"),),
    (CN, 237): _negotiating_initialize(),
    (CN, 298): _negotiating_initialize_result(),
    (CN, 378): (Coverage("CallToolResult", "/result"),),
    (CN, 402): (Coverage("CallToolResult", "/result"),),
    (CN, 428): (Coverage("CallToolResult", "/result"),),
    (CN, 446): (Coverage("CallToolResult", "/result"),),
    (CN, 468): (Coverage("ReadResourceResult", "/result"),),
    (CN, 486): (Coverage("ReadResourceResult", "/result"),),
    (CN, 506): (Coverage("GetPromptResult", "/result", valid=False, note=_PROMPT_CONTENT_ARRAY),),
    (CN, 528): (Coverage("GetPromptResult", "/result", valid=False, note=_PROMPT_CONTENT_ARRAY),),
    (CN, 611): _negotiating_initialize(),
    (CN, 649): _negotiating_initialize_result(),
    (CN, 678): _negotiating_initialize(),
    (CN, 709): _negotiating_initialize_result(),
    (CN, 737): (Coverage("InitializeRequest"),),
    (CN, 757): _negotiating_initialize_result(),
    (RM, 146): (Coverage("ReadResourceResult", "/result"),),
}

UNCOVERED: dict[Key, str] = {
    (CN, 78): "the weather data a tool returns, not a protocol message",
    (SV, 592): "a fragment: the 'hints' map of a ServerVariant, shown without the variant",
}


def covered_instances(
    specs: Path = SPECS,
) -> list[tuple[SpecExample, Coverage, Any]]:
    """Each covered (example, coverage, value at the pointer), in table order."""
    by_key = {ex.key: ex for ex in all_examples(specs)}
    return [
        (by_key[key], coverage, resolve_pointer(by_key[key].parse(), coverage.pointer))
        for key, coverages in COVERED.items()
        for coverage in coverages
    ]


# Examples per spec file, as counted by hand when the table was written.
EXPECTED_COUNTS: dict[str, int] = {
    PV: 3,
    SV: 18,
    CN: 17,
    RM: 1,
    "sep-tool-result-content.md": 0,
}

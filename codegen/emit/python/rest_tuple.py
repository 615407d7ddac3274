"""TypeScript's rest tuple member (``[A, B?, ...C[]]``) in the pydantic models.

The static type is ``tuple[A, B, *tuple[C, ...]]``, which type checkers read. pydantic
cannot build a validator from it, so the annotation carries ``_RestTuple()``, a helper the
module defines once: it builds pydantic-core's variadic tuple from the same arguments.
The helper reads its items when pydantic evaluates the annotation, so forward references
and class cycles resolve as for any other field (``model_rebuild``).
"""

from __future__ import annotations

from collections.abc import Mapping

# The helper's name in the models module, and the library names its text uses.
REST_TUPLE = "_RestTuple"
IMPORTS = frozenset({"Any", "get_args", "GetCoreSchemaHandler", "CoreSchema", "core_schema"})


def helper_text(sym: Mapping[str, str]) -> str:
    """The helper class, with library names as the module binds them."""
    return f'''class {REST_TUPLE}:
    """``tuple[A, *tuple[B, ...]]`` (TypeScript's ``[A, ...B[]]``), which pydantic cannot
    read by itself: the items before the rest member, then the rest member at any length."""

    def __get_pydantic_core_schema__(
        self, source: {sym["Any"]}, handler: {sym["GetCoreSchemaHandler"]}
    ) -> {sym["CoreSchema"]}:
        *head, rest = {sym["get_args"]}(source)
        # ``*tuple[B, ...]`` as written, or ``Unpack[tuple[B, ...]]`` once evaluated.
        args = {sym["get_args"]}(rest)
        item = args[0] if args[-1] is Ellipsis else {sym["get_args"]}(args[0])[0]
        items = [handler.generate_schema(arg) for arg in (*head, item)]
        # Lax on the container alone, as for every tuple: decoded JSON holds a list.
        return {sym["core_schema"]}.tuple_schema(
            items, variadic_item_index=len(head), strict=False
        )
'''


def annotation_text(annotated: str, items: list[str], rest: str) -> str:
    """``[items..., ...rest[]]`` as an annotation."""
    static = f"tuple[{', '.join([*items, f'*tuple[{rest}, ...]'])}]"
    return f"{annotated}[{static}, {REST_TUPLE}()]"

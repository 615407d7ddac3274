"""TypeScript's rest tuple member (``[A, B?, ...C[]]``) in the pydantic models.

The static type is ``tuple[A, B, *tuple[C, ...]]``, which type checkers read. pydantic
cannot build a validator from it, so the annotation carries ``_RestTuple()``, the package
runtime's ``RestTuple`` (``_wire.py``) as the models module imports it: it builds
pydantic-core's variadic tuple from the same arguments.
The helper reads its items when pydantic evaluates the annotation, so forward references
and class cycles resolve as for any other field (``model_rebuild``).
"""

from __future__ import annotations

# The helper's name in the models module: the package runtime's ``RestTuple``
# (``codegen/runtime/_wire.py``), imported under it.
REST_TUPLE = "_RestTuple"


def annotation_text(annotated: str, items: list[str], rest: str) -> str:
    """``[items..., ...rest[]]`` as an annotation."""
    static = f"tuple[{', '.join([*items, f'*tuple[{rest}, ...]'])}]"
    return f"{annotated}[{static}, {REST_TUPLE}()]"

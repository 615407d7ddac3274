"""The one TypeScript-like printer of IR types: for error messages, diff output and shape keys."""

from __future__ import annotations

import json
from typing import assert_never

from .. import ir


def render(t: ir.TypeExpr) -> str:
    """TypeScript-like text for a type, without spans."""
    match t:
        case ir.Primitive(name=name, pattern=str(pattern)):
            # a template literal type: only its regular expression is left of it
            return f"{name} (pattern {json.dumps(pattern)})"
        case ir.Primitive(name=name, format=str(form)):
            return f"{name} (format {json.dumps(form)})"  # ``Date``
        case ir.Primitive(name=name):
            return name
        case ir.Literal(value=value):
            return json.dumps(value)
        case ir.Ref(name=name, args=args):
            return f"{name}<{', '.join(map(render, args))}>" if args else name
        case ir.Typeof(name=name):
            return f"typeof {name}"
        case ir.Array(items=items):
            inner = render(items)
            return f"({inner})[]" if isinstance(items, ir.Union | ir.Intersection) else f"{inner}[]"
        case ir.Tuple(items=items, rest=rest, min_items=required):
            written = [
                render(item) + ("?" if required is not None and i >= required else "")
                for i, item in enumerate(items)
            ]
            spread = [] if rest is None else [f"...{render(ir.Array(rest))}"]
            return f"[{', '.join([*written, *spread])}]"
        case ir.Union(members=members):
            return " | ".join(map(render, members))
        case ir.Intersection(members=members):
            return " & ".join(map(render, members))
        case ir.Omit(base=base, keys=keys):
            return f"Omit<{render(base)}, {' | '.join(json.dumps(k) for k in keys)}>"
        case ir.Mapping(value=value):
            return f"Record<string, {render(value)}>"
        case ir.Object(properties=props, index=index):
            parts = [f"{p.name}{'?' if p.optional else ''}: {render(p.type)}" for p in props]
            if index is not None:
                parts.append(f"[{index.key_name}: string]: {render(index.value)}")
            return "{ " + "; ".join(parts) + " }" if parts else "{}"
        case _:
            assert_never(t)


def quoted(t: ir.TypeExpr) -> str:
    """``render`` for a message: a named type in quotes (``'Base'``), anything else as printed."""
    return f"'{render(t)}'" if isinstance(t, ir.Ref) else render(t)

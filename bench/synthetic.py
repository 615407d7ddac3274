"""A deterministic synthetic typing of any size, for how the compiler's cost grows (#37).

``synthetic_typing(lines)`` writes about ``lines`` lines of TypeScript: one shared header
(a generic page, a generic result, a base interface), then numbered units until the size
is reached. A unit is what real protocol typings (DevTools, LSP, webhooks) are made of:
documented interfaces with optional and required members, arrays, nested object literals,
``Record``s, string-literal unions, a string enum, interfaces extending a base, an
instance of a generic, a discriminated union of events, a request and its result, and
references to the previous unit. What varies from unit to unit (the number of members,
which optional members appear, the enum's size) is read from the unit's number, so the
same ``lines`` gives the same bytes on every machine. TypeScript accepts it, and the
compiler compiles it with ``--strict`` (nothing degraded).
"""

from __future__ import annotations

_HEADER = """\
/** A page of results, with the cursor of the next one. */
export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor?: string;
  total: number;
}

/** What an operation returns: a value, or an error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** An error, as the server reports it. */
export interface ErrorInfo {
  code: number;
  message: string;
  data?: unknown;
}

/** What every resource carries. */
export interface Resource {
  /** Stable identifier. */
  id: string;
  createdAt: string;
  updatedAt?: string;
  labels?: Record<string, string>;
}
"""

_FIELD_TYPES = (
    "string",
    "number",
    "boolean",
    "string[]",
    "number | null",
    "Record<string, number>",
)
_COLORS = ("red", "green", "blue", "cyan", "magenta", "yellow", "black", "white")


def _unit(k: int) -> str:
    """Unit ``k`` (from 1): about 75 lines, its shape varied by ``k``."""
    extra = "".join(
        f"  /** Extra member {j} of widget {k}. */\n"
        f"  extra{j}{'?' if (k + j) % 2 else ''}: {_FIELD_TYPES[(k + j) % len(_FIELD_TYPES)]};\n"
        for j in range(k % 4)
    )
    colors = _COLORS[: 3 + k % 5]
    members = "".join(f'  {c.capitalize()} = "{c}",\n' for c in colors)
    previous = f"  previous?: Widget{k - 1};\n" if k > 1 else ""
    return f"""
/** The state of widget {k}. */
export type State{k} = "active" | "inactive" | "pending" | "archived";

/** The colour of widget {k}. */
export enum Color{k} {{
{members}}}

/**
 * Widget number {k}: a resource with a state, a colour and an owner.
 */
export interface Widget{k} extends Resource {{
  /** Display name. */
  name: string;
  description?: string;
  count: number;
  tags: string[];
  state: State{k};
  color?: Color{k};
  owner: {{
    id: string;
    email?: string;
    roles: ("admin" | "editor" | "viewer")[];
  }};
  position?: {{ x: number; y: number; z?: number }};
{extra}{previous}}}

/** A page of widgets {k}. */
export type WidgetPage{k} = Page<Widget{k}>;

/** Widget {k} was created. */
export interface Created{k} {{
  kind: "created";
  widget: Widget{k};
}}

/** Widget {k} changed. */
export interface Changed{k} {{
  kind: "changed";
  id: string;
  changes: Partial<Widget{k}>;
}}

/** Widget {k} was deleted. */
export interface Deleted{k} {{
  kind: "deleted";
  id: string;
  reason?: string | null;
}}

/** Anything that happens to widget {k}. */
export type Event{k} = Created{k} | Changed{k} | Deleted{k};

/** Lists widgets {k}. */
export interface ListWidgets{k}Params {{
  cursor?: string;
  /** At most this many. */
  limit?: number;
  state?: State{k}[];
}}

/** The answer to a list of widgets {k}. */
export type ListWidgets{k}Result = Outcome<WidgetPage{k}>;
"""


def synthetic_typing(lines: int) -> str:
    """About ``lines`` lines (at least the header and one unit): the same text for one size."""
    parts = [_HEADER]
    count = _HEADER.count("\n")
    k = 0
    while count < lines or k == 0:
        k += 1
        unit = _unit(k)
        parts.append(unit)
        count += unit.count("\n")
    return "".join(parts)

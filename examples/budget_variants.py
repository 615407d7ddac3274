"""A budget variant: the same tools with shorter descriptions (SEP-2053's ``compact``).

``full`` documents every parameter for a model that has room to read it; ``compact``
(``hints={"contextSize": "compact"}``) keeps the same parameters and functions with
one-line descriptions, for clients short of context. Clients that declare
``variantHints`` with ``contextSize: compact``, or that ``pick_variant`` with few
remaining tokens, get it.

    python -m examples.budget_variants   # stdio
"""

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp_ext import ServerVariant
from pydantic import Field

from negotiation.sdk import Negotiation, run

FULL = ServerVariant(
    id="full",
    description="Every parameter documented, with examples.",
    hints={"contextSize": "verbose"},
)
COMPACT = ServerVariant(
    id="compact",
    description="The same tools, described in a line, for small contexts.",
    hints={"contextSize": "compact"},
)
neg = Negotiation(variants=[FULL, COMPACT], page_size=20)  # cursors bound to a variant

Units = Literal["metric", "imperial"]


def forecast(city: str, days: int, units: Units) -> str:
    degrees = "C" if units == "metric" else "F"
    return f"{city}: {days} day(s) of 8 {degrees}, cloudy."


def convert(when: str, from_zone: str, to_zone: str) -> str:
    return f"{when} in {from_zone} is {when} in {to_zone} (example data)."


@neg.tool(variants=["full"], name="get_forecast")
def get_forecast_full(
    city: Annotated[
        str,
        Field(
            description="The city to forecast, as a place name a person would write, "
            "optionally with its country to tell places apart: 'Bern', 'Paris, France', "
            "'Portland, Oregon'. Postal codes and coordinates are not accepted."
        ),
    ],
    days: Annotated[
        int,
        Field(
            ge=1,
            le=7,
            description="How many days to forecast, from today (1) to a week ahead (7). "
            "Forecasts further out are less reliable; ask for fewer days when the user "
            "only needs today or tomorrow.",
        ),
    ] = 1,
    units: Annotated[
        Units,
        Field(
            description="'metric' for degrees Celsius and km/h, 'imperial' for degrees "
            "Fahrenheit and mph. Use the user's own units when you know them."
        ),
    ] = "metric",
) -> str:
    """Weather forecast for a city: temperature, conditions and wind for each day
    asked, as a short text a person can read. Use it whenever the user asks about the
    weather, what to wear or whether to take an umbrella."""
    return forecast(city, days, units)


@neg.tool(variants=["compact"], name="get_forecast")
def get_forecast_compact(
    city: Annotated[str, Field(description="City name.")],
    days: Annotated[int, Field(ge=1, le=7, description="1-7.")] = 1,
    units: Annotated[Units, Field(description="Units.")] = "metric",
) -> str:
    """Forecast for a city."""
    return forecast(city, days, units)


@neg.tool(variants=["full"], name="convert_time")
def convert_time_full(
    when: Annotated[
        str,
        Field(
            description="The time to convert, in 24-hour HH:MM form such as '14:30'. "
            "A time without a date is taken as today in the source time zone."
        ),
    ],
    from_zone: Annotated[
        str,
        Field(
            description="The IANA time zone the time is in, such as 'Europe/Zurich' or "
            "'America/New_York'. Do not use abbreviations like 'CET' or 'EST': they are "
            "ambiguous and do not follow daylight saving time."
        ),
    ],
    to_zone: Annotated[
        str,
        Field(description="The IANA time zone to convert to, in the same form as from_zone."),
    ],
) -> str:
    """Convert a time of day from one time zone to another, taking daylight saving
    time into account. Use it to schedule calls across zones."""
    return convert(when, from_zone, to_zone)


@neg.tool(variants=["compact"], name="convert_time")
def convert_time_compact(
    when: Annotated[str, Field(description="HH:MM.")],
    from_zone: Annotated[str, Field(description="IANA zone.")],
    to_zone: Annotated[str, Field(description="IANA zone.")],
) -> str:
    """Convert a time between zones."""
    return convert(when, from_zone, to_zone)


mcp = MCPServer("forecast", extensions=neg.extensions, middleware=neg.middleware)

if __name__ == "__main__":
    run(mcp)  # mcp.run(), with the unsupported-version error listing every served version

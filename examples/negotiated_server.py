"""The same server with content negotiation and server variants.

Agents that declare ``format=json`` get ``structuredContent``, people who ask for
markdown or text get text, and clients that declare nothing get both, as before.
The ``compact`` variant leaves out the prompt, for clients short of context.

    python -m examples.negotiated_server   # stdio
"""

from mcp.server.mcpserver import MCPServer
from mcp_ext import ServerVariant
from mcp_types import CallToolResult

from negotiation.sdk import Negotiation, run, tool_result

FORECAST = {"city": "Bern", "temperature_c": 8, "conditions": "cloudy"}

FULL = ServerVariant(id="full", description="The forecast and a trip-planning prompt.")
COMPACT = ServerVariant(id="compact", description="The forecast only, for small contexts.")
neg = Negotiation(variants=[FULL, COMPACT])
mcp = MCPServer("forecast", extensions=neg.extensions, middleware=neg.middleware)


@mcp.tool()
def get_forecast(city: str) -> CallToolResult:
    """Today's forecast for a city, as text, as data or both, as the client asked."""
    text = f"{city}: {FORECAST['temperature_c']} C, {FORECAST['conditions']}."
    return tool_result(structured={**FORECAST, "city": city}, text=text)


@mcp.resource("forecast://{city}", mime_type="text/markdown")
def forecast_page(city: str) -> str:
    """Today's forecast as a page."""
    return f"# {city}\n\n{FORECAST['temperature_c']} C, {FORECAST['conditions']}"


@mcp.prompt()
def plan_trip(city: str) -> str:
    """Plan a day out."""
    return f"Plan a day in {city}. Check the weather with get_forecast first."


neg.scope("prompt", "plan_trip", variants=["full"])
neg.attach(mcp)  # shows neg the templates: a subscription to a URI nothing serves is refused

if __name__ == "__main__":
    run(mcp)  # mcp.run(), with the unsupported-version error listing every served version

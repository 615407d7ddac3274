"""A plain MCP server on the official Python SDK: a tool, a resource and a prompt.

Every client gets the forecast twice, as text and as data (``structuredContent``).
The benchmarks' baseline, and the "before" of ``examples/negotiated_server.py``; not
negotiated, so it fails the conformance kit: copy the twin, not this.

python -m bench.plain_server        # stdio
"""

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent

FORECAST = {"city": "Bern", "temperature_c": 8, "conditions": "cloudy"}

mcp = MCPServer("forecast")


@mcp.tool()
def get_forecast(city: str) -> CallToolResult:
    """Today's forecast for a city, as text and as data."""
    text = f"{city}: {FORECAST['temperature_c']} C, {FORECAST['conditions']}."
    structured = {**FORECAST, "city": city}
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=structured
    )


@mcp.resource("forecast://{city}", mime_type="text/markdown")
def forecast_page(city: str) -> str:
    """Today's forecast as a page."""
    return f"# {city}\n\n{FORECAST['temperature_c']} C, {FORECAST['conditions']}"


@mcp.prompt()
def plan_trip(city: str) -> str:
    """Plan a day out."""
    return f"Plan a day in {city}. Check the weather with get_forecast first."


if __name__ == "__main__":
    mcp.run()

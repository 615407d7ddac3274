"""Two API versions of one shop as server variants (SEP-2053's API-version use case).

``current-api`` is API v2: ``place_order`` takes a SKU and a quantity and returns a
receipt. ``legacy-api`` is API v1, deprecated: its ``place_order`` takes one item name.
One tool name, two definitions, each with its own parameters and function; a client
sees and calls the definition of the variant it selected (``current-api`` when it
selects none). The ids describe rather than number the versions, as SEP-2053 asks.

    python -m examples.api_versions   # stdio
"""

from mcp.server.mcpserver import MCPServer
from mcp_ext import ServerVariant, VariantDeprecationInfo
from pydantic import BaseModel

from negotiation.sdk import Negotiation, run

V2 = ServerVariant(id="current-api", description="API v2: orders by SKU and quantity.")
V1 = ServerVariant(
    id="legacy-api",
    description="API v1: one item per order, by name.",
    status="deprecated",
    deprecation_info=VariantDeprecationInfo(
        message="API v1 orders one item at a time; API v2 takes a SKU and a quantity.",
        replacement="current-api",
        removal_date="2027-06-30",
    ),
)
neg = Negotiation(variants=[V2, V1], page_size=20)  # lists paginate, cursors bound to a variant


class Receipt(BaseModel):
    order_id: str
    sku: str
    quantity: int


@neg.tool(variants=["current-api"], name="place_order")
def place_order(sku: str, quantity: int = 1) -> Receipt:
    """Order a quantity of one SKU; returns the receipt."""
    return Receipt(order_id=f"o-{sku}-{quantity}", sku=sku, quantity=quantity)


@neg.tool(variants=["legacy-api"], name="place_order")
def place_order_v1(item: str) -> str:
    """Order one item by name (API v1, deprecated: use current-api)."""
    return f"Ordered one {item}."


# Declared on neg before the server is built: the SDK reads neg.extensions once.
mcp = MCPServer("shop", extensions=neg.extensions, middleware=neg.middleware)

if __name__ == "__main__":
    run(mcp)  # mcp.run(), with the unsupported-version error listing every served version

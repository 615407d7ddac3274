"""Generated MCP bindings (placeholder until the first `make generate`)."""

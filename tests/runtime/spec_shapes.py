"""The specs' JSON error shapes, copied verbatim; test_error_shapes checks they still
appear in the spec files (when present) so the copies cannot drift."""

INVALID_SERVER_VARIANT = """{
  "code": -32602,
  "message": "Invalid server variant",
  "data": {
    "requestedVariant": "unknown-variant",
    "availableVariants": ["claude-optimized", "compact"]
  }
}"""

CURSOR_MISMATCH = """{
  "code": -32602,
  "message": "Cursor invalid for requested variant",
  "data": {
    "cursorVariant": "claude-optimized",
    "requestedVariant": "compact"
  }
}"""

UNKNOWN_TOOL = """{
  "code": -32602,
  "message": "Unknown tool: debug_logs",
  "data": {
    "activeVariant": "compact",
    "hint": "This tool may be available in other variants"
  }
}"""

LIST_CHANGED = """{
  "method": "notifications/tools/list_changed",
  "params": {
    "_meta": {
      "io.modelcontextprotocol/server-variant": "compact"
    }
  }
}"""

UNSUPPORTED_VERSION = """{
  "jsonrpc": "2.0",
  "id": 1,
  "error": {
    "code": -32004,
    "message": "Unsupported protocol version",
    "data": {
      "supported": ["2026-07-28", "2025-11-25"],
      "requested": "1900-01-01"
    }
  }
}"""

SPEC_FILES = {
    "sep-2053-server-variants.md": [
        INVALID_SERVER_VARIANT,
        CURSOR_MISMATCH,
        UNKNOWN_TOOL,
        LIST_CHANGED,
    ],
    "protocol-versioning.md": [UNSUPPORTED_VERSION],
}

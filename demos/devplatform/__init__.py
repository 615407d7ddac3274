"""Developer platform: the server-variants demo (SEP-2053)."""

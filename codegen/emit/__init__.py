"""Emitters: each turns an ``ir.Schema`` into ``{relative path: text}``, with no I/O."""

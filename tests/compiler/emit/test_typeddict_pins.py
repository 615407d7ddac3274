"""Pins of the TypedDict target's emitters (issue #37), from their mutation survivors:
the exact text each emits for a snippet, and what the package does with it."""

from __future__ import annotations

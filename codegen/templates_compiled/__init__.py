"""Precompiled templates: see codegen/templating.py."""

# ruff: noqa
# fmt: off
# Sample user code for the migrate codemod: kept exactly as written.
from mcp_ext import ResourceContents


def uri_of(contents: ResourceContents) -> str:
    return contents.uri

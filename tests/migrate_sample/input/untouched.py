# ruff: noqa
# fmt: off
# Sample user code for the migrate codemod: kept exactly as written.
"""Code that does not use the generated package is left exactly as it is."""


class ResourceReference:
    structured = 1


def f(x: ResourceReference) -> int:
    return x.structured

"""Rendering for the emitters: ``codegen.templating``'s environment, output marked safe.

The environment's filters and ``finalize`` (see ``codegen.templating``) escape every input
string, so what a template renders is ``Code``: it can be pasted into another template.
"""

from __future__ import annotations

from ....escape import Code
from ....templating import environment as environment
from ....templating import template as template


def render(name: str, **context: object) -> Code:
    return Code(template(name).render(**context))

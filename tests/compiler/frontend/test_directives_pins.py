"""Pins for ``codegen.frontend.directives``: which triple-slash comments name a file, and
the exact path each names (issue #33)."""

from __future__ import annotations

import pytest

from codegen.frontend.directives import triple_slash_reference


@pytest.mark.parametrize(
    ("comment", "path"),
    [
        ('/// <reference path="a.d.ts" />', "a.d.ts"),
        ("/// <reference path='./sub/b.d.ts' />", "./sub/b.d.ts"),
        ('///<reference path="tight.d.ts"/>', "tight.d.ts"),
        ('///   <reference   path = "spaced.d.ts" />', "spaced.d.ts"),
        ('/// <reference\tpath="tab.d.ts" />', "tab.d.ts"),
        # attributes in any order; the path may be empty (then no file is found, later)
        ('/// <reference no-default-lib="true" path="after.d.ts" />', "after.d.ts"),
        ('/// <reference path="" />', ""),
        ("/// <reference path='' />", ""),
        # each quote ends at its own kind
        ('/// <reference path="it\'s.d.ts" />', "it's.d.ts"),
        ("/// <reference path='say \"x\".d.ts' />", 'say "x".d.ts'),
    ],
)
def test_a_path_reference_names_its_file(comment: str, path: str) -> None:
    assert triple_slash_reference(comment) == path


@pytest.mark.parametrize(
    "comment",
    [
        '/// <reference types="node" />',
        '/// <reference lib="es2015" />',
        '/// <reference no-default-lib="true" />',
        '// <reference path="two-slashes.d.ts" />',
        '/* <reference path="block.d.ts" /> */',
        '/// <referencepath="glued.d.ts" />',
        '/// <reference xpath="other.d.ts" />',
        "/// <reference path=unquoted.d.ts />",
        '/// <reference types="node" /> path="later.d.ts"',
        ' /// <reference path="indented.d.ts" />',
        "/// a comment that mentions <reference path",
    ],
)
def test_other_comments_name_no_file(comment: str) -> None:
    assert triple_slash_reference(comment) is None

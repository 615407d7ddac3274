"""Comparing two revisions of a schema: the structural diff, its proof by witnesses, the report and the codemod."""

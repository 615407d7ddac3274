"""The front end: TypeScript text to one checked ``ir.Schema`` (parse, JSDoc, imports, resolve, expand, protocol)."""

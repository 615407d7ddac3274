"""The pydantic target (the default): models, annotations, routes, the registry, server,
client and validators modules, each emitted from its own module here."""

"""The impure edge: the pipeline with its cache, formatting, the writer, the no-op fast path and the datamodel-code-generator path."""

"""The Python back end: everything that knows Python names (naming, ordering, the method registry) and the emitters of the generated package."""

"""Side-by-side servers: a plain SDK server and its negotiated twin."""

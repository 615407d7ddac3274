"""Runnable demo servers for the negotiation extensions (``python -m demos.weather``)."""

"""Weather and places: the content-negotiation demo (the SEP's Bern example)."""

"""A turn-based tactical combat game: one engine, five rule systems."""

"""The grid mode: the rules of text 003 on a square grid (registered by ``game.modes``)."""

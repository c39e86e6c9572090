"""The arenas mode (text 002): fights between the regions of a map, seven ordered actions a round."""

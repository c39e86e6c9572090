"""The arenas mode (text 002) on the encounter screen."""

"""The mode-independent engine: dice, matches, events, seats, geometry and content."""

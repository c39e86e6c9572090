"""The stances mode: the engagements of text 001, secret stances chosen on the grid map (registered by game.modes)."""

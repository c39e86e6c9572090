"""Who decides: the Player protocol, the human seat, and the computer's policies."""

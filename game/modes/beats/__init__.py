"""The beats mode (text 004): three dice, three beats, dice presented in secret, counters and sparks."""

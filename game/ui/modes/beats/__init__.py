"""The beats mode on the shared encounter screen: the table board, the dice, the reveal, counters and sparks."""

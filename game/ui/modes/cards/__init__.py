"""The cards mode at the screen: its table board with the Priority track, its hand, prompts and log words."""

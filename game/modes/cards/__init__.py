"""The cards mode (text 000): fights played with secret hands of action cards on a Priority track."""

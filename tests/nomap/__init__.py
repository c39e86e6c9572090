"""A test-only mode with no map, written as docs/adding-a-mode.md says and registered from the tests alone."""

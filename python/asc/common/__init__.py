"""asc.common (pyasc's path)."""

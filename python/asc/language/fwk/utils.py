"""asc.language.fwk.utils (pyasc's path): documentation helpers in pyasc; nothing public here."""

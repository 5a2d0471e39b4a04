"""Build tools run by hand, not by the app: the Japanese font subset and the icons."""

"""Serving the app in a browser: the server, its console and access code, the compressed
client, the page script, and the signals between phones at one table."""

"""Reusable controls shared by the screens."""

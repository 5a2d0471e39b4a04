"""Shared test settings."""

from hypothesis import settings

# A 2-core CI machine is slower than a laptop: no per-example deadline, same example count.
settings.register_profile("default", deadline=None)
settings.load_profile("default")

"""coach-tui: a terminal chat with your fitness coach."""

__version__ = "0.1.0"

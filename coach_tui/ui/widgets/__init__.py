"""Widgets of the coach app; each owns its look in app.tcss and talks upward with messages."""

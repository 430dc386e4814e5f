"""Screens of the coach app: the main chat screen and one modal or full screen per dialog."""

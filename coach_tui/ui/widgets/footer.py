"""The key footer, rebuilt only when the keys it shows change.

Textual's `Footer` recomposes every key on each change of the screen's bindings, and moving the
focus is such a change even when the same keys stay shown (the focused widget's own keys are
hidden from the footer here). Each rebuild restyles every key and lays out the screen again:
about a third of the app's work when it starts and of each focus move. `KeyFooter` compares
what it would show (each active binding, whether it is enabled, its tooltip) with what it last
showed, and leaves itself alone when nothing differs.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


def shown_keys(screen: Screen) -> tuple[Any, ...]:
    """What a footer on `screen` shows: each active binding it lists (those shown, and the
    command palette's) with its key, whether it is enabled and its tooltip."""
    palette = screen.app.COMMAND_PALETTE_BINDING
    return tuple((key, binding, enabled, tooltip)
                 for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
                 if binding.show or key == palette)


class KeyFooter(Footer):
    """`Footer`, recomposed only when the keys it shows change (see the module docstring)."""

    _composed_for: tuple[Any, ...] | None = None

    def bindings_changed(self, screen: Screen) -> None:
        keys = shown_keys(screen)
        if keys == self._composed_for:
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._composed_for = keys  # the rebuild it just asked for shows these

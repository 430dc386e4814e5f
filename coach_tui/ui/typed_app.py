"""The running app, typed: Textual types `self.app` as `App[Any]`, the UI reads it as `CoachApp`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from coach_tui.ui.app import CoachApp


def coach_app(node: DOMNode) -> CoachApp:
    """The `CoachApp` that `node` belongs to (the only app the UI's widgets run in)."""
    return cast("CoachApp", node.app)

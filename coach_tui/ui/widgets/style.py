"""Rich styles taken from a widget's component classes in app.tcss, for text the widget builds.

`get_component_rich_style(partial=True)` resolves alpha colours such as `$text-muted` without
the background, which turns them white; the full style gets them right, and dropping its
background lets the row's own background (a highlight, say) show through.
"""

from __future__ import annotations

from rich.style import Style
from textual.widget import Widget


def component_style(widget: Widget, name: str) -> Style:
    full = widget.get_component_rich_style(name)
    return Style(color=full.color, bold=full.bold, italic=full.italic, dim=full.dim)

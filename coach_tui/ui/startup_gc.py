"""Python's cycle collector held off while the app starts, so the first frame does not wait for it.

Starting the app creates some 100,000 objects (modules, classes, the stylesheet, the widgets)
that live as long as the app does. Left to itself the collector scans them over and over before
the first frame, and once in full (about 35 ms on the machine the bench runs on: issue 23), a
cost the bare Textual app, with fewer modules, never meets. So the app's start (`cli`, when it
opens the app) calls `pause()`, and the app calls `resume()` once its first frame is on screen:
what exists then is frozen (`gc.freeze`: kept out of every later scan, which also keeps later
collections short in a long session) and collection runs again for everything made after.
The few cycles startup left unreachable (a few thousand small objects) stay frozen for the
run. Only a run that paused calls for a resume, so tests that build the app are left alone.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """No cycle collection until `resume()` (reference counting frees everything else)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Freeze what exists and collect again; a no-op unless `pause()` turned collection off."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()

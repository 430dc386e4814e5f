"""The model SDK's import, made once per process with Python's cycle collector held off.

`import anthropic` makes some 150,000 objects (its types are pydantic models) that live as long
as the process. Left on, the collector scans them over and over while they are made: about 350
passes, 7% of a `coach-tui ask`'s CPU on the bench machine. Reference counting still frees what
the import throws away; what exists afterwards is frozen (`gc.freeze`: never scanned again, or
the first passes after the import would each scan it all), and collection is back on. In the
app this runs after the first frame, when startup's own objects are frozen already
(ui/startup_gc.py); what is frozen with the SDK is whatever else lives then. The functions that
build a client call `load_sdk()` before their own `import anthropic`, which then finds it loaded.
"""

from __future__ import annotations

import gc
import importlib
import sys

SDK = "anthropic"


def load_sdk() -> None:
    """Import `anthropic` (a no-op once imported); the collector as it was afterwards."""
    if SDK in sys.modules:
        return
    collecting = gc.isenabled()
    gc.disable()
    try:
        importlib.import_module(SDK)  # kept in sys.modules for every later `import`
    finally:
        if collecting:
            gc.freeze()
            gc.enable()

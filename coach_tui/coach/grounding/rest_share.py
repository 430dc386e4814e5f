"""The rest of a share the reply has just shown true: `rest_share.rest(...)`.

"2,214 steps: 22% done, 78% to go", "goal met on 71% of days, missed on 29%", "a third walked,
the other 67% still ahead": a percentage whose clause names what is left of a whole is 100
less a percentage found true (quoted or computed) before it in its sentence, to the precision
written. The true one's own operation gives its exact value (22.1%, so 77.9% rounds to 78%),
so the rest is worked out from the data, not from the rounding. An invented share is never
found true, so it never makes its rest true.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from coach_tui.coach.grounding.scan import Atom

_REST = re.compile(r"\b(?:to go|left|remaining|remain|still to do|missed|unmet|short|the rest|"
                   r"the other|not met|to come|still ahead)\b", re.I)
_EXACT = re.compile(r"=\s*[+−-]?(\d+(?:\.\d+)?)%\s*$")


def rest(reply: str, a: Atom, atoms: list[Atom], out: list[Any], binder: Any,
         precision: Callable[[str, Atom], tuple[float, float, Any]]) -> str | None:
    """"100% − X = Y%" when `a` (unsupported) is the rest of a true share X before it in its
    sentence; else None."""
    if a.value is None:
        return None
    cs, ce = binder.clause(a.start)
    if not _REST.search(reply, cs, min(len(reply), max(ce, a.end + 20))):
        return None
    ss = binder.sentence(a.start)[0]
    center, tol, _ = precision(reply, a)
    for b, n in zip(atoms, out, strict=True):
        if b.start >= a.start:
            break
        if b.start < ss or b.kind != "percent" or b.value is None \
                or n.outcome not in ("quoted", "computed"):
            continue
        m = _EXACT.search(n.source or "")
        x = float(m[1]) if m else b.value
        if 0 < x < 100 and abs(100 - x - center) <= tol + 1e-9:
            return f"100% − {n.text} ({x:g}%) = {100 - x:.1f}%"
    return None

"""Which candidates a number's unit allows: `unit_ok(a, item, derived, kinds)` for one, and
`of_unit(a, near, bound)` for a number's candidates by value (candidates.by_value), with what
depends on the number alone asked once, not once a candidate."""

from __future__ import annotations

from coach_tui.coach.grounding.scan import Atom

_DAY_UNITS = {"day": ("day",), "time": ("day",), "week": ("week",), "step": ("step",)}


def unit_ok(a: Atom, item, derived: bool, kinds) -> bool:
    unit, mine = item.unit, a.unit
    if mine in ("day", "week") and a.number > 400:
        mine = "step"  # "a 12,245 day": steps, not days
    if a.kind == "percent":
        return unit == "%"
    if unit == "%":
        return False
    if mine == "multiple":  # "three times Saturday's 4,016": only a ratio
        return unit == "ratio" and a.number < 20
    if unit == "ratio":  # "1.2 times your average", "1.2x": a multiple, never a count
        return a.number < 20 and (mine == "time" or mine is None and not a.number.is_integer())
    if mine is None:
        # A bare number: any stated fact; an operation's count of days only when the words
        # around it say what it counts.
        return not derived or unit == "step" or kinds is not None
    if derived or item.kind != "said":
        return unit in _DAY_UNITS.get(mine, (mine,)) or (mine == "time" and unit == "day")
    return unit in (mine, None)


def of_unit(a: Atom, near: tuple, bound: bool) -> list:
    """The candidates of `near` whose unit `a`'s allows: `unit_ok` of each (its `kinds` an
    empty set when `bound`, else None), with what depends on `a` alone asked once."""
    if a.kind == "percent":
        return [c for c in near if c[1].unit == "%"]
    mine, n = a.unit, a.number
    if mine in ("day", "week") and n > 400:
        mine = "step"
    if mine == "multiple":
        return [c for c in near if c[1].unit == "ratio"] if n < 20 else []
    ratio = n < 20 and (mine == "time" or mine is None and not n.is_integer())
    if mine is None:
        return [c for c in near if (u := c[1].unit) != "%" and (
            ratio if u == "ratio" else bound or not c[2] or u == "step")]
    units = _DAY_UNITS.get(mine, (mine,)) + (("day",) if mine == "time" else ())
    said = (mine, None)
    return [c for c in near if (u := c[1].unit) != "%" and (
        ratio if u == "ratio" else u in units if c[2] or c[1].kind != "said" else u in said)]

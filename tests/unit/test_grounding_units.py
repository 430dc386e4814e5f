"""The unit test asked once a number (`units.of_unit`) keeps exactly the candidates the test
asked of each (`units.unit_ok`) keeps, in their order, for every unit and kind of number and
of candidate."""

from __future__ import annotations

from itertools import product
from types import SimpleNamespace

from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.units import of_unit, unit_ok

UNITS = (None, "day", "week", "time", "step", "%", "ratio", "multiple", "month", "minute")


def test_of_unit_keeps_what_unit_ok_keeps() -> None:
    near = tuple((0.0, SimpleNamespace(unit=unit, kind=kind), derived)
                 for unit, kind, derived in product(UNITS, ("said", "day", "average"),
                                                    (False, True)))
    for unit, kind, value, bound in product(UNITS, ("count", "percent", "ordinal", "range"),
                                            (1.0, 2.5, 7.0, 19.5, 30.0, 450.0, 12000.0),
                                            (False, True)):
        a = Atom(0, 1, kind, value=value, unit=unit)
        kinds = frozenset() if bound else None
        want = [c for c in near if unit_ok(a, c[1], c[2], kinds)]
        assert of_unit(a, near, bound) == want, (unit, kind, value, bound)

"""The labelled sets the part-level benches read (bench/date_reading.py, word_matching.py,
advice_reading.py, derived_numbers.py): one set named on the command line, by its name in the
bench's data folder ("derived3") or by a path; a name no set has is a one-line error that
lists the sets there are."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path


def labelled_set(name: str, data: Path, prog: str) -> list[dict]:
    """The items of the set `name` (a file of `data`, with or without ".json", or a path)."""
    found = next((p for p in (Path(name), data / name, data / f"{name}.json") if p.is_file()),
                 None)
    if found is None:
        sys.exit(f"{prog}: no labelled set {name} (the sets: "
                 f"{', '.join(p.stem for p in sorted(data.glob('*.json')))})")
    return json.loads(found.read_text())


def explain(items: list[dict], read: Callable[[dict], list], meant: Callable[[dict], list]) -> None:
    """Each of `items`, misses first: its id, time and text, and for a miss what its writer
    meant and what was read (bench/date_reading.py, event_days.py)."""
    for it in sorted(items, key=lambda i: read(i) == meant(i)):
        got, wanted = read(it), meant(it)
        print(f"{'ok  ' if got == wanted else 'MISS'} {it['id']} now {it['now']}: {it['text']}")
        if got != wanted:
            print(f"       meant {wanted}\n       read  {got}")

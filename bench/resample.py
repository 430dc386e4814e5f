"""A 95% interval over labellers, the one both quality benches print (bench/grounding.py over
the checker's writers, bench/recall_quality.py over recall's question files).

One labeller's items share a voice (and, for the checker, a set of requests), so they are not
independent draws: the labeller is the unit. The labellers are drawn again with replacement
`resamples` times (a fixed seed: the same interval run to run), each draw's figures worked out
by `measure`, and the middle 95% of each figure's draws kept. Stdlib only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence


def interval[T](units: Sequence[T], measure: Callable[[list[T]], dict[str, float]],
                resamples: int, seed: int = 7) -> dict[str, tuple[float, float]]:
    """Each figure `measure` gives, as (low, high): its 2.5th and 97.5th percentile over
    `resamples` draws of `units`."""
    rnd = random.Random(seed)
    got: dict[str, list[float]] = {}
    for _ in range(resamples):
        for name, value in measure(rnd.choices(units, k=len(units))).items():
            got.setdefault(name, []).append(value)
    out = {}
    for name, values in got.items():
        values.sort()
        out[name] = (values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
    return out

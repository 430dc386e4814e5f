"""A pytest plugin that measures what each test costs in CPU, to keep the suite fast as it grows.

    COACH_TUI_CPU_TIMES=/tmp/cpu .venv/bin/python -m pytest -p tests.cpu_times
    awk -F'\t' '{print $3 + $4, $1}' /tmp/cpu.*.tsv | sort -rn | head -20   # the costliest

writes /tmp/cpu.<worker>.tsv (one file per xdist worker, `main` without xdist): node id, wall
seconds, CPU seconds of the test's own process (every thread: the app, the fake servers) and CPU
seconds of the child processes it waited for (a `coach-tui` started by the test), setup and
teardown included. Wall time depends on what else the machine runs; CPU time hardly does.
"""

from __future__ import annotations

import os
import resource
import time

import pytest

_records: list[tuple[str, float, float, float]] = []


def _children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, children, wall = time.process_time(), _children(), time.perf_counter()
    yield
    _records.append((item.nodeid, time.perf_counter() - wall, time.process_time() - cpu,
                     _children() - children))


def pytest_sessionfinish(session):
    out = os.environ.get("COACH_TUI_CPU_TIMES")
    if not out or not _records:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(f"{out}.{worker}.tsv", "w", encoding="utf-8") as f:
        for nodeid, wall, cpu, children in _records:
            f.write(f"{nodeid}\t{wall:.3f}\t{cpu:.3f}\t{children:.3f}\n")

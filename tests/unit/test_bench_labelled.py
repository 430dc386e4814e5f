"""The part-level benches name a labelled set by its name or a path; a name no set has is one
line that lists the sets there are, not a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bench.labelled import labelled_set
from tests.support import REPO


def test_a_set_is_found_by_name_with_or_without_json_or_by_path(tmp_path):
    (tmp_path / "set1.json").write_text(json.dumps([{"id": "a1"}]))
    for name in ("set1", "set1.json", str(tmp_path / "set1.json")):
        assert labelled_set(name, tmp_path, "bench.py") == [{"id": "a1"}]


def test_an_unknown_set_is_one_line_naming_the_sets(tmp_path):
    (tmp_path / "set1.json").write_text("[]")
    (tmp_path / "set2.json").write_text("[]")
    with pytest.raises(SystemExit) as stop:
        labelled_set("set3", tmp_path, "bench.py")
    assert str(stop.value) == "bench.py: no labelled set set3 (the sets: set1, set2)"


def test_a_bench_run_with_an_unknown_set_says_so_and_exits_1():
    done = subprocess.run([sys.executable, str(REPO / "bench" / "date_reading.py"), "--explain",
                           "dates9"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "date_reading.py: no labelled set dates9 (the sets: dates1, dates2)\n"

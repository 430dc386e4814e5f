"""bench/grounding.py on a held-out folder that has been emptied (its set promoted to dev,
the next one not written yet): one clear line and exit 2, not a traceback."""

from __future__ import annotations

import importlib.util
import sys

from tests.support import REPO


def _bench():
    spec = importlib.util.spec_from_file_location("grounding_bench",
                                                  REPO / "bench" / "grounding.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_an_empty_held_out_folder_is_named_in_one_line(tmp_path, capsys):
    empty = tmp_path / "holdout"
    empty.mkdir()
    (empty / "README.md").write_text("refilled by a fresh labeller\n")
    assert _bench().main(["--dir", str(empty), "--runs", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "held-out set" in err and "is empty" in err and "--set dev" in err

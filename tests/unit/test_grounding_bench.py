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


def test_by_writer_scores_each_labellers_replies_apart(tmp_path, capsys):
    """The leave-one-writer-out figures: one line per file-name prefix (r0, r1, ...)."""
    data = REPO / "bench" / "data" / "grounding"
    folder = tmp_path / "dev"
    folder.mkdir()
    (tmp_path / "requests").symlink_to(data / "requests")
    for name in ("r001.json", "r002.json", "r1001.json"):
        (folder / name).write_text((data / "dev" / name).read_text())
    assert _bench().main(["--dir", str(folder), "--runs", "1", "--by-writer"]) == 0
    out = capsys.readouterr().out
    assert "  r0 (2): precision " in out and "  r1 (1): precision " in out


def test_writers_are_named_by_the_letters_before_the_number(tmp_path, capsys):
    """raa001 is the writer raa, not ra: two writers that differ only in case (ra, rA) would
    share files on a case-insensitive file system, so later writers take three letters."""
    writer_of = _bench().writer_of
    assert [writer_of(n) for n in ("r001", "r1001", "rA001", "rZ060", "raa001", "rad012")] == \
        ["r0", "r1", "rA", "rZ", "raa", "rad"]
    data = REPO / "bench" / "data" / "grounding"
    folder = tmp_path / "dev"
    folder.mkdir()
    (tmp_path / "requests").symlink_to(data / "requests")
    for name in ("rA001.json", "raa001.json", "raa002.json"):
        (folder / name).write_text((data / "dev" / name).read_text())
    assert _bench().main(["--dir", str(folder), "--runs", "1", "--by-writer"]) == 0
    out = capsys.readouterr().out
    assert "  rA (1): precision " in out and "  raa (2): precision " in out


def test_no_two_labelled_files_differ_only_in_case():
    """A clone on macOS or Windows gets every labelled reply (none overwritten by its twin)."""
    data = REPO / "bench" / "data" / "grounding"
    names = [p.relative_to(data).as_posix() for p in data.rglob("*")]
    assert len({n.lower() for n in names}) == len(names)


def test_every_writer_the_blind_bench_scores_is_in_dev_and_never_held_out():
    spec = importlib.util.spec_from_file_location("grounding_blind",
                                                  REPO / "bench" / "grounding_blind.py")
    assert spec and spec.loader
    blind = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(blind)
    dev = {p.name for p in (REPO / "bench" / "data" / "grounding" / "dev").glob("r*.json")}
    held = {p.name for p in (REPO / "bench" / "data" / "grounding" / "holdout").glob("r*.json")}
    for _, writers in blind.BLIND:
        for w in writers.split(","):
            assert any(n.startswith(w) and n[len(w)].isdigit() for n in dev), w
            assert not any(n.startswith(w) and n[len(w)].isdigit() for n in held), w


def test_the_interval_draws_writers_not_replies():
    """Writers alike give an interval of one point; writers apart give one that holds the
    whole set's figure, and the draws are the same run to run."""
    bench = _bench()
    alike = [bench.Score(tp=8, fp=2, fn=1, true_replies=10, warned_true=1) for _ in range(6)]
    got = bench.interval(alike, resamples=200)
    assert got["precision"] == (0.8, 0.8) and got["false_warning_share"] == (0.1, 0.1)
    apart = [bench.Score(tp=9, fp=1, true_replies=10, warned_true=0),
             bench.Score(tp=5, fp=5, true_replies=10, warned_true=5)] * 5
    lo, hi = bench.interval(apart, resamples=500)["precision"]
    assert lo < 0.7 < hi and (lo, hi) == bench.interval(apart, resamples=500)["precision"]


def test_a_set_of_five_writers_or_more_prints_its_interval(tmp_path, capsys):
    data = REPO / "bench" / "data" / "grounding"
    folder = tmp_path / "dev"
    folder.mkdir()
    (tmp_path / "requests").symlink_to(data / "requests")
    for name in ("r001.json", "r1001.json", "rA001.json", "rB001.json", "raa001.json"):
        (folder / name).write_text((data / "dev" / name).read_text())
    assert _bench().main(["--dir", str(folder), "--runs", "1"]) == 0
    assert "95% interval over the 5 writers" in capsys.readouterr().out
    (folder / "raa001.json").unlink()
    assert _bench().main(["--dir", str(folder), "--runs", "1"]) == 0
    assert "interval" not in capsys.readouterr().out

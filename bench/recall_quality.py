"""How good is recall? Recall of labelled rows, precision of the block and its size, per category.

    python bench/recall_quality.py [--fitness PATH] [--questions PATH] [--locomo PATH]
                                   [--conversations N-M] [--no-fitness]
                                   [--max-tokens N] [--turns N] [--verbose] [--json]

(a) The fitness set (default bench/data/recall_fitness/home.json): a 120-day home with
journal lines, saved reviews and earlier exchanges, and questions labelled, by someone who had
not seen the recall code, with every row that must be in front of the coach (format:
bench/data/recall_fitness/README.md). Each question is recalled as the first message of a new
session at its own `now`, with nothing held back by a snapshot (the block alone must hold what
the question needs). Per category:

- recall: labelled rows found in the block / labelled rows. A day is found by its day line; a
  span by a totals line whose days overlap it by >= 80% (Jaccard); a journal line, review or
  exchange by its id;
- precision: block items that are labelled / block items. Items are the memories, the totals
  lines, and the day lines not inside a totals line of the block (a short span's listed days
  are part of its item). The live line and a comparison line are not counted;
- tokens: the block's size, estimated as the app does (bytes / 3), live line included.

All 119 questions of home.json ("dev" and "test" alike) are the development set: recall was
tuned on them, and `--verbose` explains every one. `--questions PATH...` scores other files of
questions over the same home and prints each one's aggregate table per category, then, for
several, one line over all of them and, for five files or more, a 95% interval of its recall
and precision over the files (each file, one labeller's questions, drawn again with
replacement: its questions share a voice, so the file is the unit) (default: `HELD_OUT`, the
files of the labellers whose questions no round has read, scored in aggregate only;
fresh_questions.json to
fresh17_questions.json were each held out in turn and are tuning data now);
`--explain PATH` (one of those files) also explains each of its questions, for tuning data only
(a held-out file given here without --explain stays unread).

Every run also times each recall of the fitness questions (fresh ones included) and prints p50
and p99, wall and this process's CPU, after recall's word lists are built as the app builds
them after its first frame (coach/warmup.py `warm_recall`); `--turns N` first adds N turns of
everyday chat to the home (years of earlier sessions, bench/recall_homes.py's `add_chat_turns`:
what a home looks like after long use), so the same run measures quality and speed on a loaded
home (issue 23: p99 <= 10 ms at 50k turns).

(b) LoCoMo (snap-research/locomo, CC BY-NC 4.0; download data/locomo10.json from
github.com/snap-research/locomo; never copy it into this repository): each conversation is
loaded as past sessions, each question of categories 1-4 recalled the day after the last
session; "all": the block holds every evidence turn of the question; "any": at least one;
"turns": evidence turns found / evidence turns, over all questions. A turn is held when its
exchange's line quotes it (`RecallItem.shown`): a line cut to the other side's sentences does
not hold it, nor does a sentence that only a word every matched memory holds (a speaker's name)
would have matched (memory/chat_lines.py: such a word weighs nothing). Conversations 1-5 are
the ones recall may be tuned on; 6-10 are printed apart ("all, the rest") and read only in
aggregate. `--conversations 1-5` runs some alone (a quick
run while tuning; `--no-fitness` skips the fitness set).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench import resample  # noqa: E402
from bench.recall_homes import (  # noqa: E402
    Home,
    Question,
    add_chat_turns,
    load_fitness,
    load_locomo,
    load_questions,
    words_of,
)
from coach_tui.coach.warmup import warm_recall  # noqa: E402
from coach_tui.memory.recall import Recall, build_recall, estimate_tokens  # noqa: E402
from coach_tui.memory.recall_items import RecallItem  # noqa: E402

DEFAULT_FITNESS = REPO / "bench" / "data" / "recall_fitness" / "home.json"
# The question files no recall round has read: the default `--questions`, and the table's line
HELD_OUT = tuple(REPO / "bench" / "data" / "recall_fitness" / f"{name}_questions.json"
                 for name in ("fresh20", "fresh22", "fresh28", "fresh29", "fresh30",
                              "fresh34", "fresh36", "fresh40", "fresh45", "fresh50",
                              "fresh53", "fresh55", "fresh56", "fresh59",
                              "fresh60", "fresh63", "fresh66", "fresh69", "fresh71",
                              "fresh79", "fresh81", "fresh82", "fresh85", "fresh86", "fresh87",
                              "fresh89", "fresh91", "fresh93", "fresh94", "fresh95",
                              "fresh96", "fresh97", "fresh98", "fresh99", "fresh100",
                              "fresh105", "fresh108", "fresh111", "fresh112", "fresh113",
                              "fresh118", "fresh121", "fresh122", "fresh124",
                              "fresh126", "fresh128", "fresh130", "fresh134", "fresh139",
                              "fresh141", "fresh143", "fresh145", "fresh147",
                              "fresh151", "fresh157", "fresh167",
                              "fresh179", "fresh187", "fresh190", "fresh194",
                              "fresh195", "fresh196", "fresh201", "fresh202", "fresh213",
                              "fresh214", "fresh221", "fresh222", "fresh236", "fresh240",
                              "fresh243", "fresh248", "fresh251", "fresh256", "fresh258",
                              "fresh262", "fresh266", "fresh270", "fresh275", "fresh279",
                              "fresh283", "fresh287", "fresh291", "fresh295",
                              "fresh299", "fresh303", "fresh307", "fresh311", "fresh316",
                              "fresh320", "fresh324", "fresh328"))
SPAN_MATCH = 0.8
RESAMPLES = 2_000  # the interval's draws of the files
# LoCoMo's conversations recall may be tuned on (looked at question by question); the others
# are reported apart and only in aggregate: a change that helps these alone is overfitting.
LOCOMO_TUNING = range(1, 6)


def recall_for(home: Home, q: Question, max_tokens: int) -> Recall:
    return build_recall(home.conn, q.text, now=q.now, default_goal=10_000, max_chars=10**6,
                        max_tokens=max_tokens, date_order=home.date_order)


def _days(start: str, end: str) -> set[int]:
    a, b = date.fromisoformat(start).toordinal(), date.fromisoformat(end).toordinal()
    return set(range(a, b + 1))


def _jaccard(a: set[int], b: set[int]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def score(home: Home, q: Question, rec: Recall) -> dict:
    """found / expected rows, true / counted items, the block's tokens."""
    spans = [(it, _days(it.day, it.end or it.day)) for it in rec.items if it.kind == "span"]
    expected_spans = [_days(s, e) for s, e in q.spans]
    in_any_span = set().union(*(d for _, d in spans)) if spans else set()
    labels: list[str] = []
    counted = true = 0
    for it in rec.items:
        if it.kind in ("journal", "review", "chat"):
            ids = ([home.journal[it.ref]] if it.kind == "journal" else
                   [home.reviews[it.ref]] if it.kind == "review" else _quoted(home, it))
            labels += ids
            counted += 1
            true += any(i in q.rows for i in ids)
        elif it.kind == "span":
            counted += 1
            got = _days(it.day, it.end or it.day)
            true += (any(_jaccard(got, e) >= SPAN_MATCH for e in expected_spans)
                     or (len(got) == 1 and it.day in q.days))
        elif it.kind == "day" and date.fromisoformat(it.day).toordinal() not in in_any_span:
            counted += 1
            d = date.fromisoformat(it.day).toordinal()
            true += it.day in q.days or any(d in e for e in expected_spans)
    day_items = {it.day for it in rec.items if it.kind == "day"}
    day_items |= {it.day for it, d in spans if len(d) == 1}
    found = sum(d in day_items for d in q.days)
    found += sum(any(_jaccard(d, e) >= SPAN_MATCH for _, d in spans) for e in expected_spans)
    found += sum(r in labels for r in q.rows)
    expected = len(q.days) + len(q.spans) + len(q.rows)
    return {"found": found, "expected": expected, "true": true, "counted": counted,
            "tokens": estimate_tokens(rec.text), "all": found == expected,
            "any": any(r in labels for r in q.rows)}


def _quoted(home: Home, it: RecallItem) -> list[str]:
    """The labels of the turns a chat item quotes: an exchange labelled as one row (the
    fitness set) when either side is quoted; each turn of a transcript (LoCoMo) only when the
    line quotes a sentence of it."""
    ids = home.chats.get(it.ref, [])
    if len(ids) < 2:
        return ids if it.shown else []
    return [i for i, turn in zip(ids, (it.ref, it.reply_ref), strict=False) if turn in it.shown]


def _pct(a: float, b: float) -> str:
    return f"{100 * a / b:5.1f}%" if b else "    -"


def report(title: str, rows: dict[str, list[dict]]) -> None:
    print(title)
    print(f"  {'category':<16}{'questions':>10}{'recall':>9}{'precision':>11}"
          f"{'all rows':>10}{'tokens':>8}")
    total: list[dict] = []
    for category in sorted(rows):
        got = rows[category]
        total += got
        _line(category, got)
    _line("all", total)


def _line(name: str, got: list[dict]) -> None:
    found, expected = sum(g["found"] for g in got), sum(g["expected"] for g in got)
    true, counted = sum(g["true"] for g in got), sum(g["counted"] for g in got)
    full = sum(g["all"] for g in got)
    tokens = statistics.mean(g["tokens"] for g in got)
    print(f"  {name:<16}{len(got):>10}{_pct(found, expected):>9}{_pct(true, counted):>11}"
          f"{_pct(full, len(got)):>10}{tokens:>8.0f}")


def timed_recall(home: Home, q: Question, max_tokens: int,
                 times: tuple[list[float], list[float]]) -> Recall:
    """`recall_for`, its wall time and this process's CPU time over it (ms) appended to
    `times`: on a shared machine the wall time also holds the waits for a core."""
    start, start_cpu = time.perf_counter(), time.process_time()
    rec = recall_for(home, q, max_tokens)
    times[0].append((time.perf_counter() - start) * 1000)
    times[1].append((time.process_time() - start_cpu) * 1000)
    return rec


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def run_fitness(path: Path, max_tokens: int, verbose: bool, dev_only: bool = False,
                held_out: tuple[Path, ...] = (), turns: int = 0,
                explain: Path | None = None) -> dict:
    """Prints the tables and the time line; returns the time figures and the other files'
    totals (for `--json`)."""
    home = load_fitness(path)
    if turns:
        add_chat_turns(home.conn, turns)
    # The app builds recall's word lists and patterns after its first frame, before the first
    # message needs them (coach/warmup.py): timed here as the app runs recall.
    warm_recall()
    times: tuple[list[float], list[float]] = ([], [])
    by_split: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for q in home.questions:
        if dev_only and q.split != "dev":
            continue
        rec = timed_recall(home, q, max_tokens, times)
        got = score(home, q, rec)
        by_split[q.split][q.category].append(got)
        if verbose:
            _explain(home, q, rec, got)
    for split in ("dev", "test"):
        if split in by_split:
            report(f"fitness set, {split} split ({path.name}, max_tokens {max_tokens})",
                   by_split[split])
    others: list[dict] = []
    by_file: list[list[dict]] = []
    for other in () if dev_only else held_out:
        fresh: dict[str, list[dict]] = defaultdict(list)
        for q in load_questions(other):  # explained only when asked by --explain
            rec = timed_recall(home, q, max_tokens, times)
            got = score(home, q, rec)
            fresh[q.category].append(got)
            if explain is not None and explain.resolve() == other.resolve():
                _explain(home, q, rec, got)
        report(f"other questions ({other.name}, max_tokens {max_tokens})", fresh)
        others += [g for got in fresh.values() for g in got]
        by_file.append([g for got in fresh.values() for g in got])
    if len(held_out) > 1 and others:
        _line(f"all {len(held_out)} files", others)
    if len(by_file) >= 5:
        (r_lo, r_hi), (p_lo, p_hi) = interval(by_file).values()
        print(f"  95% interval over the {len(by_file)} files (drawn again {RESAMPLES:,} times): "
              f"recall {r_lo:.1%}-{r_hi:.1%}, precision {p_lo:.1%}-{p_hi:.1%}")
    chats = home.conn.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
    wall, cpu = times
    print(f"recall time over {len(wall)} questions, {chats:,} chat turns in the home: "
          f"p50 {statistics.median(wall):.1f} ms, p99 {p99(wall):.1f} ms "
          f"(CPU of this process: p50 {statistics.median(cpu):.1f} ms, p99 {p99(cpu):.1f} ms)")
    figures = {"questions": len(wall), "chat_turns": chats, "p50_ms": statistics.median(wall),
               "p99_ms": p99(wall), "cpu_p50_ms": statistics.median(cpu),
               "cpu_p99_ms": p99(cpu)}
    if others:
        figures["other"] = {"files": [p.name for p in held_out], **totals(others),
                            **({"interval": interval(by_file)} if len(by_file) >= 5 else {})}
    return figures


def interval(files: list[list[dict]], resamples: int = RESAMPLES, seed: int = 7
             ) -> dict[str, tuple[float, float]]:
    """A 95% interval of recall and precision over labellers (bench/resample.py: each file,
    one labeller's questions, is the unit drawn)."""
    def figures(drawn: list[list[dict]]) -> dict[str, float]:
        got = [g for f in drawn for g in f]
        found, expected = sum(g["found"] for g in got), sum(g["expected"] for g in got)
        true, counted = sum(g["true"] for g in got), sum(g["counted"] for g in got)
        return {"recall": found / expected if expected else 0.0,
                "precision": true / counted if counted else 0.0}
    return resample.interval(files, figures, resamples, seed)


def totals(got: list[dict]) -> dict:
    """Recall of the labelled rows, precision of the block, the share of questions with every
    row found and the mean block in tokens, over `got` (as fractions; for `--json`)."""
    found, expected = sum(g["found"] for g in got), sum(g["expected"] for g in got)
    true, counted = sum(g["true"] for g in got), sum(g["counted"] for g in got)
    return {"questions": len(got), "recall": found / expected if expected else 0.0,
            "precision": true / counted if counted else 0.0,
            "all_rows": sum(g["all"] for g in got) / len(got),
            "tokens": statistics.mean(g["tokens"] for g in got)}


def _explain(home: Home, q: Question, rec: Recall, got: dict) -> None:
    print(f"--- {q.qid} [{q.category}] now {q.now:%Y-%m-%d %a %H:%M}: {q.text}")
    print(f"    expect days {q.days} spans {q.spans} rows {q.rows}")
    print(f"    found {got['found']}/{got['expected']}, precise {got['true']}/{got['counted']}, "
          f"{got['tokens']} tokens")
    for it in rec.items:
        if it.kind == "live":
            continue
        ref = (home.journal.get(it.ref) if it.kind == "journal" else
               home.reviews.get(it.ref) if it.kind == "review" else
               ",".join(home.chats.get(it.ref, [])) if it.kind == "chat" else "")
        score_text = f"{it.score:.2f}" if it.score is not None else ""
        print(f"    {it.kind:<8}{ref or '':<6}{score_text:>7}  {it.text[:110]}")


def conversation_range(text: str) -> range:
    """'3' or '1-5' (1-based, inclusive) as a range of conversation numbers."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if match is None:
        raise argparse.ArgumentTypeError(f"expected N or N-M, got {text!r}")
    start, end = int(match[1]), int(match[2] or match[1])
    if start < 1 or end < start:
        raise argparse.ArgumentTypeError(f"expected 1 <= N <= M, got {text!r}")
    return range(start, end + 1)


def run_locomo(path: Path, max_tokens: int, conversations: range | None = None) -> dict:
    """Prints the table per category, then the tuning conversations and the held-out ones
    apart (`LOCOMO_TUNING`) when both were run; returns the totals over every question (for
    `--json`)."""
    rows: dict[str, list[dict]] = defaultdict(list)
    halves: dict[bool, list[dict]] = defaultdict(list)
    homes = load_locomo(path, conversations)
    for number, home in zip(conversations or range(1, len(homes) + 1), homes, strict=False):
        for q in home.questions:
            q.rows = [e for r in q.rows for e in re.findall(r"D\d+:\d+", r)]
            rec = recall_for(home, q, max_tokens)
            got = score(home, q, rec)
            got["answer_shown"] = None if not q.answer else \
                f" {q.answer} " in f" {words_of(rec.text)} "
            rows[q.category].append(got)
            halves[number in LOCOMO_TUNING].append(got)
    which = (f", conversations {conversations.start}-{conversations.stop - 1}"
             if conversations is not None else "")
    print(f"LoCoMo ({path.name}{which}, categories 1-4, max_tokens {max_tokens}): "
          "evidence in the block")
    print(f"  {'category':<16}{'questions':>10}{'all':>9}{'any':>9}{'turns':>9}{'tokens':>8}"
          f"{'answer shown':>18}")
    total: list[dict] = []
    for category in sorted(rows):
        total += rows[category]
        _locomo_line(category, rows[category])
    _locomo_line("all", total)
    if len(halves) == 2:
        first, last = LOCOMO_TUNING.start, LOCOMO_TUNING.stop - 1
        _locomo_line(f"all, {first}-{last}", halves[True])
        _locomo_line("all, the rest", halves[False])
    answerable = [g["answer_shown"] for g in total if g["answer_shown"] is not None]
    return {"questions": len(total), "all": sum(g["all"] for g in total) / len(total),
            "any": sum(g["any"] for g in total) / len(total),
            "tokens": statistics.mean(g["tokens"] for g in total),
            "answerable": len(answerable),
            "answer_shown": sum(answerable) / len(answerable) if answerable else 0.0,
            } if total else {}


def _locomo_line(name: str, got: list[dict]) -> None:
    full = sum(g["all"] for g in got)
    some = sum(g["any"] for g in got)
    turns = _pct(sum(g["found"] for g in got), sum(g["expected"] for g in got))
    tokens = statistics.mean(g["tokens"] for g in got)
    answerable = [g["answer_shown"] for g in got if g.get("answer_shown") is not None]
    shown = f"{_pct(sum(answerable), len(answerable)).strip()} of {len(answerable)}"
    print(f"  {name:<16}{len(got):>10}{_pct(full, len(got)):>9}{_pct(some, len(got)):>9}"
          f"{turns:>9}{tokens:>8.0f}{shown:>18}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fitness", type=Path, default=DEFAULT_FITNESS)
    parser.add_argument("--questions", type=Path, nargs="+", default=list(HELD_OUT),
                        help="other question files over the same home, scored in aggregate "
                        "(default: the files no round has read)")
    parser.add_argument("--locomo", type=Path, help="locomo10.json, or a zip or folder of it")
    parser.add_argument("--conversations", type=conversation_range, metavar="N-M",
                        help="LoCoMo: only these conversations (1-based, e.g. 1-5)")
    parser.add_argument("--no-fitness", action="store_true",
                        help="skip the fitness set (a LoCoMo run alone)")
    parser.add_argument("--max-tokens", type=int, default=500)
    parser.add_argument("--verbose", action="store_true",
                        help="explain every question of the fitness home (never --questions)")
    parser.add_argument("--explain", type=Path,
                        help="explain every question of this --questions file (tuning data only)")
    parser.add_argument("--dev-only", action="store_true", help="run the dev split alone")
    parser.add_argument("--turns", type=int, default=0,
                        help="add this many turns of everyday chat to the fitness home first")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one line of JSON, last (bench/table.py)")
    args = parser.parse_args()
    figures: dict = {}
    if args.no_fitness:
        pass
    elif args.fitness.exists():
        missing = [p for p in args.questions if not p.exists()]
        if missing:
            parser.error(f"no question file at {missing[0]}")
        held_out = tuple(args.questions)
        figures = run_fitness(args.fitness, args.max_tokens, args.verbose, args.dev_only,
                              held_out, args.turns, args.explain)
    else:
        print(f"{args.fitness}: no fitness set there", file=sys.stderr)
    if args.locomo is not None:
        figures["locomo"] = run_locomo(args.locomo, args.max_tokens, args.conversations)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()

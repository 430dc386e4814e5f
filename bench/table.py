"""The README's performance table, printed from the benches' own output in one command.

Runs each bench below in its own process with `--json` (each prints, last, one line of JSON
with its summary figures), reads that line and prints one Markdown row per figure: what is
measured, the figure, its target, whether it is met, and the command that gives it in full.
Nothing is typed in by hand, so the table is never older than the code it was run on; the
header says when, on which commit and at which load it was measured (the machine's load moves
the absolute times; every ratio is taken within one bench run, its two sides alternating).

    .venv/bin/python bench/table.py            # every bench at its default size (~8-9 min here)
    .venv/bin/python bench/table.py --quick    # fewer runs of each (~4 min): for routine use
    .venv/bin/python bench/table.py --only first_paint cache_session
    .venv/bin/python bench/table.py --locomo PATH   # LoCoMo's locomo10.json (or its zip)

The quality rows (the number checker on its held-out replies, recall on the question files no
round has read and on LoCoMo) come from the same run. LoCoMo is never in the repository: its
row is measured from `--locomo PATH`, by default `../shared/data/locomo10.zip` beside the
repository when that exists, and says "not run" otherwise.

Paste the output over the table at the top of README's "Performance" section.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCOMO = REPO.parent / "shared" / "data" / "locomo10.zip"
LOCOMO_ARG = "PATH"  # in a bench's argv: replaced by the --locomo path, shown as written


@dataclass(frozen=True)
class Row:
    figure: str
    measured: str
    target: str
    met: bool | None   # None: a figure shown for what it is, with no target


@dataclass(frozen=True)
class Bench:
    name: str
    argv: tuple[str, ...]          # the full run, relative to the repository
    quick: tuple[str, ...]         # the --quick run
    rows: Callable[[dict], list[Row]]

    def command(self) -> str:
        return ".venv/bin/python " + " ".join(self.argv)

    def run_argv(self, quick: bool, locomo: Path | None) -> list[str]:
        """The argv to run: the --locomo path filled in, or --locomo left out without one."""
        out: list[str] = []
        for arg in self.quick if quick else self.argv:
            if arg != LOCOMO_ARG:
                out.append(arg)
            elif locomo is None:
                out.pop()  # the "--locomo" before it
            else:
                out.append(str(locomo))
        return out


def last_json(output: str) -> dict:
    """The figures a bench printed: its last output line that is a JSON object."""
    for line in reversed(output.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    raise ValueError("the bench printed no JSON line of figures (was it run with --json?)")


def _ms(value: float) -> str:
    return f"{value:,.0f} ms"


def _ratio(value: float, limit: float) -> tuple[str, bool]:
    return f"{value:.2f}x", value <= limit


def first_paint_rows(f: dict) -> list[Row]:
    rows = []
    for tag, label in (("nokey", "no API key"), ("key", "API key set")):
        shown, met = _ratio(f[f"{tag}_ratio"], 1.3)
        rows.append(Row(f"First usable screen, {label}: greeting drawn, box ready (vs bare "
                        "Textual's first frame)",
                        f"{shown} ({_ms(f[f'{tag}_usable_ms'])} vs {_ms(f['bare_ms'])}; "
                        f"session open {_ms(f[f'{tag}_session_ms'])})", "<= 1.3x", met))
    after = f.get("preload_after_usable_ms")
    rows.append(Row("SDK preload starts after the first usable frame (earliest start, key set)",
                    "never started" if after is None else f"{after:+,.0f} ms",
                    "> 0 ms", after is not None and after > 0))
    return rows


def resumed_rows(f: dict) -> list[Row]:
    shown, met = _ratio(f["ratio"], 1.2)
    app, app_met = _ratio(f["app_ratio"], 1.2)
    cpu, cpu_met = _ratio(f["cpu_ratio"], 1.2)
    return [
        Row("Enter -> first reply text, resumed 500-exchange / 5-exchange session",
            f"{shown} ({_ms(f['long_first_ms'])} vs {_ms(f['short_first_ms'])})", "<= 1.2x",
            met),
        Row("  the same without the stand-in service's own work on the longer request",
            f"{app} ({_ms(f['long_app_ms'])} vs {_ms(f['short_app_ms'])})", "<= 1.2x",
            app_met),
        Row("  the app's CPU from Enter to the first text",
            f"{cpu} ({_ms(f['long_cpu_ms'])} vs {_ms(f['short_cpu_ms'])})", "<= 1.2x", cpu_met),
    ]


def fresh_rows(f: dict) -> list[Row]:
    shown, met = _ratio(f["ratio"], 1.2)
    return [Row("Enter -> first reply text, a fresh process's first message / its second",
                f"{shown} ({_ms(f['first_ms'])} vs {_ms(f['second_ms'])})", "<= 1.2x", met)]


def scale_rows(f: dict) -> list[Row]:
    rows = [Row("Recall p99, large home (20,104 chat turns)",
                f"{f['large recall p99 ms']:.1f} ms (p50 {f['large recall p50 ms']:.1f} ms; "
                f"this process's CPU p99 {f['large recall CPU p99 ms']:.1f} ms, "
                f"p50 {f['large recall CPU p50 ms']:.1f} ms)",
                "<= 10 ms", f["large recall p99 ms"] <= 10)]
    for key, what in (("facts ms", "`facts`"), ("open a session ms", "Opening a session")):
        shown, met = _ratio(f[f"large {key}"] / f[f"small {key}"], 1.3)
        rows.append(Row(f"{what}, 10-year home / 1-year home", shown, "<= 1.3x", met))
    draw = f["small draw 500 exchanges ms"]
    rows.append(Row("Drawing a resumed 500-exchange session (small home)",
                    f"{_ms(draw)} (this process's CPU {_ms(f['small of it this process ms'])})",
                    "<= 300 ms", draw <= 300))
    return rows


def scroll_rows(f: dict) -> list[Row]:
    climb = f["held: climb s"]
    held_p95, press_p95 = f["held: key to frame p95 ms"], f["press p95 ms"]
    ratio, ratio_met = _ratio(f["memory top/resumed"], 1.3)
    return [
        Row("Holding PageUp (30 keys/s) from the newest to the first message of a resumed "
            "500-exchange session",
            f"{climb:.1f} s ({f['held: keys sent until the top was drawn']} keys for "
            f"{f['presses']} pages; this process's CPU {f['held: climb CPU s']:.1f} s)",
            "<= 10 s", f["held: reached the first message"] and climb <= 10),
        Row("  a held key to the frame that shows it, p95",
            f"{_ms(held_p95)} (p50 {_ms(f['held: key to frame p50 ms'])})", "<= 100 ms",
            held_p95 <= 100),
        Row("  one PageUp at a time: key to its frame, p95",
            f"{_ms(press_p95)} (its CPU until idle: p95 {_ms(f['press CPU p95 ms'])}, "
            f"mean {_ms(f['press CPU mean ms'])})", "<= 100 ms", press_p95 <= 100),
        Row("  memory at the top / right after resuming",
            f"{ratio} ({f['memory after resuming MB']:.0f} -> "
            f"{f['memory at the top MB']:.0f} MB)", "<= 1.3x", ratio_met),
    ]


def recall_rows(f: dict) -> list[Row]:
    return [Row(f"Recall p99, fitness home + {f['chat_turns'] // 1000}k chat turns "
                f"({f['questions']} questions)",
                f"{f['p99_ms']:.1f} ms (p50 {f['p50_ms']:.1f} ms; this process's CPU p99 "
                f"{f['cpu_p99_ms']:.1f} ms, p50 {f['cpu_p50_ms']:.1f} ms)", "<= 10 ms",
                f["p99_ms"] <= 10)]


def warning_rows(figure: str, f: dict, counts: str) -> list[Row]:
    """A number checker's two quality rows: precision / recall of its warnings (`counts` says
    what they were made of), and the fully true replies it warns."""
    precision, recall, share = f["precision"], f["recall"], f["false_warning_share"]
    return [
        Row(figure, f"{precision:.2f} / {recall:.2f} ({counts})", ">= 0.9 / >= 0.9",
            precision >= 0.9 and recall >= 0.9),
        Row("  replies whose every number is true, given a warning",
            f"{share:.1%} ({f['warned_true']} of {f['true_replies']})", "<= 5%", share <= 0.05),
    ]


def grounding_rows(f: dict) -> list[Row]:
    median = f["check_median_ms"]
    return [
        *warning_rows(f"Number checker, held-out replies ({f['replies']} by "
                      f"{len(f['writers'])} labellers, never read case by case): precision / "
                      "recall of its warnings", f, f"{f['warned_right']} right, "
                      f"{f['warned_wrong']} wrong, {f['missed']} missed"),
        Row(f"Checking a {f['words']:,}-word reply's {f['numbers']} numbers against a "
            f"~{f['request_tokens'] // 1000}k-token request (read once)",
            f"{median:.1f} ms median (this process's CPU {f['check_cpu_ms']:.1f} ms; p99 "
            f"{f['check_p99_ms']:.1f} ms)", "<= 5 ms", median <= 5),
    ]


def second_read_rows(f: dict) -> list[Row]:
    return warning_rows(
        f"Number checker with the second read, held-out replies (the model asked, code "
        f"confirming; estimated from the {f['asked']} asked, answers recorded): precision / "
        "recall of its warnings", f,
        f"{f['cleared_wrong']} wrong warnings cleared, {f['cleared_right']} right ones")


def adversary_rows(f: dict) -> list[Row]:
    return [Row("  a model passing off every wrong number (a line holding it, or arithmetic on "
                "two stated numbers): let through by code", f"{f['let_through']:.1%} "
                f"({f['quoted']} as quoted, {f['worked']} as worked out, of {f['wrong']})",
                "-", None)]


def _short_of(share: float, target: float) -> str:
    """`share` as a percentage, to a second decimal where one would round it up to a target it
    does not reach (89.99% is not 90.0%)."""
    return f"{share:.2%}" if share < target <= round(share, 3) else f"{share:.1%}"


def recall_quality_rows(f: dict) -> list[Row]:
    rows = []
    other = f.get("other")
    if other:
        files = other["files"]  # (named while few; else counted, `HELD_OUT` names them)
        named = ", ".join(files) if len(files) <= 4 else \
            f"{len(files)} labellers' files, `HELD_OUT` in bench/recall_quality.py"
        rows.append(Row(f"Recall, {other['questions']} fitness questions no round has read "
                        f"({named}): rows found / block precision",
                        f"{_short_of(other['recall'], 0.9)} / {other['precision']:.1%} "
                        f"({other['tokens']:.0f} tokens)", ">= 90% / >= 60%",
                        other["recall"] >= 0.9 and other["precision"] >= 0.6))
    locomo = f.get("locomo")
    if locomo:
        rows.append(Row(f"Recall, LoCoMo categories 1-4 ({locomo['questions']:,} questions): "
                        "every evidence turn in the block",
                        f"{locomo['all']:.1%} ({locomo['tokens']:.0f} tokens)",
                        ">= 70% within 400 tokens",
                        locomo["all"] >= 0.7 and locomo["tokens"] <= 400))
        if locomo.get("answerable"):  # (a turn counts as held when its line quotes any of it)
            rows.append(Row(f"&nbsp;&nbsp;the answer itself in the block, of the "
                            f"{locomo['answerable']} questions whose evidence writes it word "
                            "for word", f"{locomo['answer_shown']:.1%}", "-", None))
    else:
        rows.append(Row("Recall, LoCoMo categories 1-4: every evidence turn in the block",
                        "not run (`--locomo PATH`: locomo10.json, never in the repository)",
                        ">= 70% within 400 tokens", None))
    return rows


def cache_rows(f: dict) -> list[Row]:
    return [
        Row(f"Prompt cache over a {f['turns']}-turn session: read of what can be read",
            f"{f['read_of_limit']:.1%} ({f['read']:,} of {f['sent']:,} tokens sent read from "
            f"cache, {f['hit_rate']:.1%} of all input)", "100%", f["read_of_limit"] >= 0.999),
        Row(f"  its cost at Sonnet 5.5 prices ({f['complete']} of {f['turns']} replies complete)",
            f"${f['cost']:.4f} (${f['uncached_cost']:.4f} if nothing were cached)", "-", None),
    ]


BENCHES = (
    Bench("first_paint", ("bench/first_paint.py", "--runs", "9"),
          ("bench/first_paint.py", "--runs", "3"), first_paint_rows),
    Bench("first_reply_resumed", ("bench/first_reply.py", "--resumed", "--runs", "5"),
          ("bench/first_reply.py", "--resumed", "--runs", "2"), resumed_rows),
    Bench("first_reply", ("bench/first_reply.py", "--runs", "9"),
          ("bench/first_reply.py", "--runs", "3"), fresh_rows),
    Bench("scale", ("bench/scale.py",), ("bench/scale.py", "--rounds", "5"), scale_rows),
    Bench("scroll", ("bench/scroll.py",), ("bench/scroll.py",), scroll_rows),
    Bench("recall", ("bench/recall_quality.py", "--turns", "50000"),
          ("bench/recall_quality.py", "--turns", "50000"), recall_rows),
    Bench("cache_session", ("bench/cache_session.py",), ("bench/cache_session.py",),
          cache_rows),
    Bench("grounding", ("bench/grounding.py",), ("bench/grounding.py", "--runs", "50"),
          grounding_rows),
    Bench("second_read", ("bench/second_read.py",), ("bench/second_read.py",),
          second_read_rows),
    Bench("second_read_adversary", ("bench/second_read.py", "--adversary"),
          ("bench/second_read.py", "--adversary"), adversary_rows),
    Bench("recall_quality", ("bench/recall_quality.py", "--locomo", LOCOMO_ARG),
          ("bench/recall_quality.py", "--locomo", LOCOMO_ARG), recall_quality_rows),
)


def markdown(rows: list[tuple[Row, str]]) -> str:
    """The table: one line per (row, the command that measures it)."""
    lines = ["| figure | measured | target | met | bench |", "|---|---|---|:-:|---|"]
    for row, command in rows:
        met = {True: "yes", False: "**no**", None: "-"}[row.met]
        figure = row.figure.replace("|", "\\|")
        if figure.startswith("  "):  # a detail of the row above
            figure = "&nbsp;&nbsp;" + figure.strip()
        lines.append(f"| {figure} | {row.measured} | {row.target} | {met} | `{command}` |")
    return "\n".join(lines)


def run(bench: Bench, quick: bool, locomo: Path | None = None) -> dict:
    argv = bench.run_argv(quick, locomo)
    started = time.monotonic()
    print(f"running {' '.join(argv)} ...", file=sys.stderr, flush=True)
    done = subprocess.run([sys.executable, *argv, "--json"], cwd=REPO, capture_output=True,
                          text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed (exit {done.returncode}):\n"
                         f"{done.stderr[-3000:]}")
    print(f"  done in {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    return last_json(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer runs of each bench (noisier; for routine use)")
    parser.add_argument("--only", nargs="+", choices=[b.name for b in BENCHES], metavar="NAME",
                        help=f"only these benches ({', '.join(b.name for b in BENCHES)})")
    parser.add_argument("--locomo", type=Path, default=LOCOMO if LOCOMO.exists() else None,
                        help="LoCoMo's locomo10.json or its zip (default: "
                        f"{LOCOMO} when it exists)")
    args = parser.parse_args()
    if args.locomo is not None and not args.locomo.exists():
        parser.error(f"--locomo: no file at {args.locomo}")
    chosen = [b for b in BENCHES if args.only is None or b.name in args.only]
    load_before = os.getloadavg()[0]
    rows = []
    for bench in chosen:
        figures = run(bench, args.quick, args.locomo)
        rows += [(row, bench.command()) for row in bench.rows(figures)]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                            capture_output=True, text=True).stdout.strip() or "unknown"
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"Measured {when} on commit {commit}, {os.cpu_count()} cores, load average "
          f"{load_before:.1f} at the start and {os.getloadavg()[0]:.1f} at the end"
          f"{' (--quick: fewer runs)' if args.quick else ''}; `.venv/bin/python bench/table.py` "
          "prints this table again.\n")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

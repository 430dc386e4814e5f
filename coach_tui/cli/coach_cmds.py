"""`ask` and `review`: talk to the coach from a shell.

`ask TEXT` streams the reply to stdout and prints one usage line to stderr; it continues the
session used most recently when that use was today (its newest message, not its start: a
morning's `--continue` on an older chat makes that chat today's), else starts a new one
(`--new` always does, `--continue` continues the most recently used one whatever its age,
`--session ID` that one, `--model NAME` starts one on that model). While the session's
history is cut, one more stderr line says how many exchanges are left out, and a request
still above `context_max_tokens` after that cut says so before it is sent; a message above
`[coach] max_message_tokens` is refused with its size and cost (nothing stored) unless
`--force`. `review` writes a review of yesterday or of the last whole week (streamed to
stdout) and keeps it as a draft; `--save` saves today's draft of that period when there is
one (no new call, no new cost), otherwise writes one and saves it, then lets the coach add at
most two journal lines. Saving the same draft twice stores it once.
A failure is one line on stderr and a non-zero exit; the user's message is stored first, so
nothing typed is lost.
"""

from __future__ import annotations

import argparse
import sys

from coach_tui.cli.output import print_json
from coach_tui.cli.typed import read_stdin, record_id, typed_words
from coach_tui.context import Context, UserError
from coach_tui.text import plural


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ask", help="send one message to the coach and print the reply",
        description="Send one message to the coach and stream the reply to stdout. Continues "
        "the chat you used last if you used it today, otherwise starts a new one with today's "
        "memory. One line of token usage and cost goes to stderr.",
        epilog=f"exit codes: 0 the reply arrived whole; 1 no reply or an interrupted one (a "
        f"line on stderr says why; your message is saved); 2 a mistake in the command line; "
        f"{MODEL_STOP_EXIT} the model stopped short (max_tokens, refusal); {UNVERIFIED_EXIT} "
        "with --strict: the reply holds numbers not from your records.",
    )
    p.add_argument("text", nargs="+", metavar="TEXT",
                   help="your message (quotes optional; '-' reads it from stdin)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--new", action="store_true", help="start a new chat session")
    which.add_argument("--continue", dest="continue_latest", action="store_true",
                       help="continue the session used last, whatever its age (the days since "
                       "its memory snapshot go with each message)")
    which.add_argument("--session", type=record_id("session"), metavar="ID",
                       help="continue session ID (the app's ctrl+o lists them)")
    p.add_argument("--model", metavar="NAME",
                   help="ask this model (one with a price in config.toml) in a new session")
    p.add_argument("--strict", action="store_true",
                   help=f"exit {UNVERIFIED_EXIT} when the reply holds numbers that are not in "
                   "what the coach was given")
    p.add_argument("--force", action="store_true",
                   help="send a message longer than [coach] max_message_tokens (it is "
                   "refused otherwise, with its size and cost)")
    p.add_argument("--sources", action="store_true",
                   help="after the reply, print each number with its outcome (quoted, "
                   "computed, advice, unsupported) and where it came from")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object when the reply is done (reply, usage, cost, "
                   "unsupported numbers, stop reason) instead of streaming the text; the "
                   "exit codes stay the same")
    p.set_defaults(handler=cmd_ask)

    p = sub.add_parser(
        "review", help="write a review of yesterday or of the last whole week",
        description="Write a review of the last whole Monday-to-Sunday week (or of yesterday "
        "with --period day) from your step records. --save keeps it and lets the coach add "
        "at most two lines to its journal, once per period.",
    )
    p.add_argument("--period", choices=("week", "day"), default="week",
                   help="what to review (default: week)")
    p.add_argument("--save", action="store_true",
                   help="store the review and let the coach reflect on it")
    p.add_argument("--strict", action="store_true",
                   help=f"exit {UNVERIFIED_EXIT} when the review holds numbers that are not in "
                   "its table, totals or memory")
    p.set_defaults(handler=cmd_review)


def _write(chunk: str) -> None:
    sys.stdout.write(chunk)
    sys.stdout.flush()


def _announce_wait(seconds: float, why: str) -> None:
    """One stderr line per wait to retry (llm/retry.py), so a wait is never silent."""
    from coach_tui.coach.llm.retry import span

    print(f"coach-tui: {why}, retrying in {span(seconds)} (ctrl+c stops; your message is "
          "saved)", file=sys.stderr, flush=True)


class _Streamed:
    """`ask`'s reply as it goes to stdout, and whether its last line was ended early."""

    def __init__(self, shown: bool) -> None:
        self.shown = shown
        self.tail = ""
        self.ended = False

    def write(self, chunk: str) -> None:
        if chunk:
            self.tail = chunk[-1]
        _write(chunk)

    def checking(self, count: int) -> None:
        """At a terminal, one stderr line while the model is asked about the reply's numbers
        (the second read takes a few seconds after the reply is in), on a line of its own; a
        script's stderr stays as it was."""
        if not sys.stderr.isatty():
            return
        if self.shown and self.tail not in ("", "\n"):
            _write("\n")
            self.ended = True
        print(f"coach-tui: checking {plural(count, 'number')} with the model…", file=sys.stderr,
              flush=True)


def _say_budget(line: str) -> None:
    print(f"coach-tui: {line}", file=sys.stderr, flush=True)


def _require_key() -> None:
    from coach_tui.coach import llm

    if not llm.api_key_configured():
        raise UserError(llm.NO_KEY_MESSAGE)


# `ask` and `review` exit 1 when the reply did not arrive whole (a cut or failed stream, a
# refused request) and 3 when the model itself stopped short (max_tokens, refusal): raising
# a setting or rephrasing helps there, retrying as is does not.
MODEL_STOP_EXIT = 3
# `--strict`: the reply or review holds numbers that are not from the user's records.
UNVERIFIED_EXIT = 4
MODEL_STOPS = ("max_tokens", "refusal", "context_window", "incomplete")


# Whatever the service billed is shown and counted, also for a reply or review that did not
# finish (a cut, an error event, Ctrl-C, SIGTERM, SIGHUP): its usage line comes first, "≥"
# where the output is only what arrived; a review's line adds the period's "review total"
# (every attempt today) when there was more than one. An interrupt then ends the command with
# one line and the shell's exit code (coach/interrupts.py, cli/__init__.py).


def cmd_ask(ctx: Context, args: argparse.Namespace) -> int:
    from coach_tui.coach import interrupts
    from coach_tui.coach.budget import message_size
    from coach_tui.coach.session import CoachSession
    from coach_tui.coach.turn import NEW_SESSION_KINDS

    text = typed_words(args.text, "your message")
    if text == "-":
        text = read_stdin("your message")
    if not text.strip():
        raise UserError("the message is empty; type something to ask")
    if args.model is not None and ctx.settings.price(args.model) is None:
        raise UserError(f"no model {args.model!r} in config.toml; the models are "
                        f"{', '.join(sorted(ctx.settings.prices))}")
    _require_key()
    if args.session is not None:
        try:
            session = CoachSession.resume(ctx.conn, ctx.settings, args.session)
        except ValueError as exc:
            raise UserError(str(exc)) from None
    elif args.new or args.model is not None:
        # A session keeps one model (the cache is keyed on it): another model starts a new one.
        session = None
    else:
        # A chat last used on an earlier day is not today's: today starts afresh.
        used_on = None if args.continue_latest else ctx.today().isoformat()
        session = CoachSession.latest(ctx.conn, ctx.settings, used_on=used_on)
    if session is None:
        session = CoachSession.pending(ctx.settings, model=args.model)
    size = message_size(ctx.settings, session.model, text)
    if size.over and not args.force:
        raise UserError(f"{size.sentence()}; nothing was sent: shorten it, or add --force to "
                        "send it anyway")
    streamed = _Streamed(shown=not args.json)
    try:
        result = session.send(ctx.conn, text, now=ctx.now(),
                              on_text=_ignore if args.json else streamed.write,
                              on_wait=_announce_wait, on_budget=_say_budget,
                              on_checking=streamed.checking)
    except interrupts.Stopped as exc:
        # Ctrl-C, SIGTERM or SIGHUP mid-reply: the reply is stored as a stop and its cost
        # counted; its usage line comes before the one line saying what was kept.
        if exc.result is not None:
            _print_usage(ctx, session, exc.result, args)
        raise
    _print_usage(ctx, session, result, args, line_ended=streamed.ended)
    if result.status != "ok":
        code = MODEL_STOP_EXIT if result.cut_kind in MODEL_STOPS else 1
        error = result.error or "the reply did not arrive; your message is saved"
        if result.cut_kind in NEW_SESSION_KINDS:
            error += " Start one with `ask --new`."
        raise UserError(error, code)
    unchecked = result.unchecked  # (the number check failed on a complete reply: logged)
    if args.json:
        return UNVERIFIED_EXIT if args.strict and (result.unverified or unchecked) else 0
    if args.sources:
        _write(sources_text(None if unchecked else result.numbers))
    if unchecked:
        return _report_unchecked(strict=args.strict)
    return _report_unverified(result.unverified, strict=args.strict)


def _print_usage(ctx: Context, session, result, args: argparse.Namespace, *,
                 line_ended: bool = False) -> None:
    """After a reply: end its line, the history-cut and snapshot notes, and the usage line with
    the session's total ("≥" where a reply that ended early makes it a lower bound); with
    `--json`, the one JSON object instead of the usage line."""
    from coach_tui.coach.pricing import format_usage_line
    from coach_tui.coach.session import left_out_notice

    if result.text and not result.text.endswith("\n") and not args.json and not line_ended:
        _write("\n")
    if result.left_out:
        print(f"coach-tui: {left_out_notice(result.left_out)}", file=sys.stderr)
    if result.snapshot_rerendered:
        print("coach-tui: memory snapshot refreshed for this chat", file=sys.stderr)
    totals = result.totals if result.totals is not None else session.totals(ctx.conn)
    if args.json:
        print_json(ask_json(session.session_id, result, totals.cost_usd,
                            sources=args.sources))
    elif result.usage is not None:
        print(format_usage_line(result.usage, result.cost_usd,
                                miss_reason=result.cache_miss_reason,
                                session_cost=totals.cost_usd, show_session=True,
                                session_floor=totals.output_is_floor),
              file=sys.stderr)


def _ignore(chunk: str) -> None:
    """`ask --json` streams nothing: the reply arrives whole, in the JSON object."""


def ask_json(session_id: int | None, result, session_cost: float | None, *,
             sources: bool = False) -> dict:
    """`ask --json`: the turn as one object (keys kept stable; README.md shows them).
    `status` is "ok", "failed" or "interrupted"; `error` says why a reply is not complete."""
    shape = {
        "session_id": session_id,
        "status": result.status,
        "reply": result.text,
        "stop_reason": result.stop_reason,
        "error": result.error,
        "usage": None if result.usage is None else result.usage.as_json(),
        "cost_usd": result.cost_usd,
        "session_cost_usd": session_cost,
        # (null: a complete reply whose numbers the check failed to read)
        "unsupported": None if result.unchecked else list(dict.fromkeys(result.unverified)),
        "left_out_exchanges": result.left_out,
        # (null: no second read was sent; "confirmed" null: it was sent and failed)
        "second_read": None if result.second_read is None else {
            "asked": result.second_read[0], "confirmed": result.second_read[1]},
    }
    if sources:
        shape["sources"] = None if result.unchecked else [
            {"text": n["text"], "outcome": n["outcome"], "source": n["source"]}
            for n in result.numbers]
    return shape


def sources_text(numbers) -> str:
    """One line per number of a reply: as written, its outcome, where it came from."""
    from coach_tui.text import visible

    if numbers is None:
        return "sources: none, the numbers were not checked\n"
    if not numbers:
        return "sources: the reply has no numbers\n"
    width = min(24, max(len(n["text"]) for n in numbers))
    lines = ["sources:"]
    for n in numbers:
        source = n["source"] or "nothing the coach was given says so"
        lines.append(f"  {visible(n['text']):<{width}}  {n['outcome']:<11}  {visible(source)}")
    return "\n".join(lines) + "\n"


def _report_unverified(numbers, *, strict: bool) -> int:
    """One stderr line naming the numbers nothing the coach was given supports; the exit code."""
    if not numbers:
        return 0
    print(unverified_line(numbers), file=sys.stderr)
    return UNVERIFIED_EXIT if strict else 0


def _report_unchecked(*, strict: bool) -> int:
    """One stderr line: the check failed on the reply (a bug, logged); the exit code."""
    from coach_tui.logfile import where_logged

    print(f"numbers not checked: the check failed on this reply. {where_logged()}".rstrip(),
          file=sys.stderr)
    return UNVERIFIED_EXIT if strict else 0


def unverified_line(numbers) -> str:
    """'unverified numbers: 47, 12,345, 18%' (each once, in reply order)."""
    return "unverified numbers: " + ", ".join(dict.fromkeys(numbers))


def cmd_review(ctx: Context, args: argparse.Namespace) -> int:
    from coach_tui.coach import interrupts, llm
    from coach_tui.coach.pricing import format_cost, turn_cost
    from coach_tui.coach.review import (
        NOT_SAVED,
        review_period,
        review_total,
        todays_draft,
        write_review,
    )

    period = review_period(args.period, ctx.today())
    draft = todays_draft(ctx.conn, period, ctx.today()) if args.save else None
    if draft is not None:
        _write(draft.text + "\n")
        spend = review_total(ctx.conn, period, ctx.today())
        print(f"saving the review of {period.label} written earlier today (no new call; "
              f"review total {format_cost(spend.cost_usd, at_least=spend.floor)})",
              file=sys.stderr)
        return _save_and_reflect(ctx, draft)
    _require_key()
    streamed: list[str] = []

    def write(chunk: str) -> None:
        streamed.append(chunk)
        _write(chunk)

    def billed(usage) -> None:
        """The usage line of this review, with the period's total when it differs."""
        _review_usage_line(ctx, period, usage, turn_cost(ctx.settings, ctx.settings.chat_model,
                                                         usage))

    try:
        draft = write_review(ctx.conn, ctx.settings, period, now=ctx.now(), on_text=write,
                             on_wait=_announce_wait)
    except interrupts.Stopped as exc:
        # Ctrl-C, SIGTERM or SIGHUP mid-review: nothing is saved, but what the service billed
        # is shown and counted (coach/review.py stored it) before the one line.
        _end_line(streamed)
        if exc.result is not None:
            billed(exc.result)
        raise
    except KeyboardInterrupt as exc:
        # Outside the stream (before the request went out): nothing billed, nothing saved.
        _end_line(streamed)
        raise interrupts.Stopped(interrupts.signal_of(exc), NOT_SAVED) from exc
    except llm.LLMError as exc:
        _end_line(streamed)
        if exc.usage is not None:
            billed(exc.usage)
        code = MODEL_STOP_EXIT if exc.kind in MODEL_STOPS else 1
        raise UserError(exc.message, code) from None
    finally:
        _end_line(streamed)  # whatever else happened (a draft the database could not take)
    if draft.usage is not None:
        billed(draft.usage)
    code = (_report_unchecked(strict=args.strict) if draft.unverified is None
            else _report_unverified(draft.unverified, strict=args.strict))
    if not args.save:
        print(f"review of {period.label} not saved; run again with --save to keep it",
              file=sys.stderr)
        return code
    return _save_and_reflect(ctx, draft) or code


def _end_line(streamed: list[str]) -> None:
    """End the streamed text's line, once, before whatever comes next."""
    if streamed:
        _write("\n")
        streamed.clear()


def _review_usage_line(ctx: Context, period, usage, cost: float | None) -> None:
    """A review call's usage line; with the period's review total when earlier attempts today
    (stopped, cut off, or written again) cost something too."""
    from coach_tui.coach.pricing import format_usage_line
    from coach_tui.coach.review import review_total

    spend = review_total(ctx.conn, period, ctx.today())
    print(format_usage_line(usage, cost, session_cost=spend.cost_usd,
                            session_label="review total", show_session=spend.attempts > 1,
                            session_floor=spend.floor), file=sys.stderr)


def _save_and_reflect(ctx: Context, draft) -> int:
    from coach_tui.coach.pricing import add_costs, format_usage_line
    from coach_tui.coach.review import reflect_on_review, review_total, save_review

    period = draft.period
    saved = save_review(ctx.conn, ctx.settings, draft)
    reflection = reflect_on_review(ctx.conn, ctx.settings, saved, draft)
    updated = len(reflection.updated)
    count = len(reflection.lines) - updated
    parts = [plural(count, "new journal line")] if count else []
    if updated:
        parts.append(f"{plural(updated, 'journal line')} updated")
    note = ", ".join(parts) or "no new journal lines"
    print(f"saved review {saved.review_id} ({period.key}); {note}", file=sys.stderr)
    if reflection.usage is not None:
        # Every attempt at this review today, the one saved included, and the reflection.
        spend = review_total(ctx.conn, period, ctx.today())
        print("reflection " + format_usage_line(
            reflection.usage, reflection.cost_usd,
            session_cost=add_costs([spend.cost_usd, reflection.cost_usd]),
            session_label="review total", show_session=True, session_floor=spend.floor),
            file=sys.stderr)
    if reflection.problem:
        print(f"reflection wrote nothing: {reflection.problem}", file=sys.stderr)
    return 0

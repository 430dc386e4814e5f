"""The second read, end to end: after a reply with numbers the check cannot trace, the app asks
the model where each came from, through the real SDK against the fake Messages API, and clears a
warning only when code confirms the answer (coach/second_read.py, grounding/proposed.py)."""

import json
import re
import sys

import pytest

from coach_tui.coach.second_read import max_tokens_for
from tests.engine_support import (
    chat_requests,
    is_second_read,
    second_read_requests,
    seed_steps,
    texts_of,
)

WEEKDAYS = {"Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday",
            "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday"}
DAY_LINE = re.compile(r"^- (\w{3} \d{4}-\d{2}-\d{2}): ([\d,]+) steps, goal [\d,]+, met$", re.M)


def context_of(body) -> str:
    """The CONTEXT block of the message a reply answers."""
    user = [m for m in body["messages"] if m["role"] == "user"]
    return texts_of(user[-2] if is_second_read(body) else user[-1])[0]


def goal_days(body) -> list[tuple[str, str]]:
    return DAY_LINE.findall(context_of(body))


def coach(answer=None):
    """A model that sums last week's goal days, naming them (true, in words no rule of the
    checker reads),
    invents a streak of 47, and, asked about them, answers `answer(body)` (by default: the sum
    with its lines and arithmetic, and the streak "quoted" from its own reply)."""

    def respond(body):
        if is_second_read(body):
            if answer is not None:
                return answer(body)
            days = goal_days(body)
            return json.dumps([
                {"n": 1, "is": "computed", "from": [f"{d}: {v} steps" for d, v in days],
                 "calc": " + ".join(v for _, v in days)},
                {"n": 2, "is": "quoted", "from": ["Your streak is 47 days."], "calc": ""}])
        total = sum(int(v.replace(",", "")) for _, v in goal_days(body))
        named = " and ".join(WEEKDAYS[d[:3]] for d, _ in goal_days(body))
        return f"Your steps on goal days ({named}) summed to {total:,}. Your streak is 47 days."
    return respond


def sources(out: str) -> list[list[str]]:
    lines = out.splitlines()
    return [line.split(None, 2) for line in lines[lines.index("sources:") + 1:]]


def test_a_warning_code_confirms_is_cleared_and_one_it_cannot_stays(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.responder = coach()
    code, out, err = cli("ask", "--strict", "--sources", "How was last week?")
    assert code == 4 and err.splitlines()[-1] == "unverified numbers: 47"
    rows = sources(out)
    assert [(r[0], r[1]) for r in rows] == [(rows[0][0], "computed"), ("47", "unsupported")]
    assert re.fullmatch(r"[\d,]+ \+ [\d,]+( \+ [\d,]+)* = [\d,]+ \(from: .*\)", rows[0][2])
    # the one it could not confirm: what the coach pointed to, and why not
    assert rows[1][2] == ('the coach pointed to "Your streak is 47 days.", but that is not a '
                          'line of what the coach was given')
    # stored with the reply: the app's inspect view shows the same
    stored = json.loads(conn.execute("SELECT numbers FROM turns WHERE role = 'assistant'")
                        .fetchone()[0])
    assert [n["outcome"] for n in stored] == ["computed", "unsupported"]


def test_the_second_read_extends_the_request_it_checks_and_reads_it_from_the_cache(
        api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.responder = coach()
    assert cli("ask", "How was last week?")[0] == 0
    [chat], [check] = chat_requests(api), second_read_requests(api)
    reply = api.responses[0]
    assert check["system"] == chat["system"] and check["model"] == chat["model"]
    assert check["output_config"] == chat["output_config"]  # (thinking settings: the cache)
    # room for thinking and a few lines per number asked about (two here)
    assert "stream" not in check and check["max_tokens"] == max_tokens_for(2) == 2448
    assert check["diagnostics"] == {"previous_message_id": reply["id"]}
    # one breakpoint, where the reply's request had its own: the last block it sent
    assert "cache_control" not in check
    sent = check["messages"][:-2]
    assert sent[-1]["content"][-1].pop("cache_control") == {"type": "ephemeral"}
    assert sent == chat["messages"]
    said, asked = check["messages"][-2:]
    assert said == {"role": "assistant", "content": [{"type": "text", "text": reply["text"]}]}
    question = texts_of(asked)[0]
    assert question.endswith('2. "47" in: Your streak is [[47]] days.\n')
    # all but the reply and the question come from the cache the reply wrote, and those two
    # are plain input: nothing is written to the cache that no request will read
    usage = api.responses[1]["usage"]
    assert usage["cache_read_input_tokens"] == sum(reply["usage"][k] for k in (
        "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
    assert usage["cache_creation_input_tokens"] == 0 and usage["input_tokens"] > 0
    assert api.responses[1]["diagnostics"] is None  # the prefix did not diverge
    # its usage and cost are the reply's too: the session's totals stay true
    row = conn.execute("SELECT input_tokens, cache_read_tokens, output_tokens FROM turns "
                       "WHERE role = 'assistant'").fetchone()
    assert tuple(row) == tuple(sum(r["usage"][k] for r in api.responses) for k in (
        "input_tokens", "cache_read_input_tokens", "output_tokens"))


def test_the_next_turn_extends_the_chat_not_the_second_read(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.responder = coach()
    assert cli("ask", "How was last week?")[0] == 0
    assert cli("ask", "And this week?")[0] == 0
    first, second = chat_requests(api)
    assert second["messages"][:len(first["messages"]) + 1] == [
        *first["messages"], {"role": "assistant", "content": [
            {"type": "text", "text": api.responses[0]["text"]}]}]
    assert not any("CHECK YOUR NUMBERS" in t for m in second["messages"] for t in texts_of(m))
    assert api.responses[2]["diagnostics"] is None  # no false cache miss after the read


@pytest.mark.parametrize("failure", ["server error", "not json", "cut short"])
def test_a_failed_second_read_keeps_the_checks_own_warnings(api, cli, home, conn, failure,
                                                            coach_home):
    seed_steps(conn, goal=10_000)
    chat = coach(lambda body: "I can't check these right now.")

    def respond(body):
        if not is_second_read(body) and failure == "server error":
            api.queue_error(500, "api_error", "Internal server error", times=3)
        elif not is_second_read(body) and failure == "cut short":
            api.queue_stop("max_tokens", '[{"n": 1, "is": "computed", "from": ["Mon')
        return chat(body)
    api.responder = respond
    code, out, err = cli("ask", "--strict", "How was last week?")
    assert code == 4 and "summed to" in out
    assert re.fullmatch(r"unverified numbers: [\d,]+, 47", err.splitlines()[-1])
    assert conn.execute("SELECT status FROM turns WHERE role = 'assistant'").fetchone()[0] == "ok"
    assert "the second read failed" in (coach_home / "logs" / "coach-tui.log").read_text()


def test_no_second_read_when_every_number_is_traced_or_it_is_switched_off(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("Noted, no numbers here.")
    assert cli("ask", "Hello")[0] == 0
    assert second_read_requests(api) == []
    (home / "config.toml").write_text("[check]\nsecond_read = false\n")
    api.responder = coach()
    code, _, err = cli("ask", "--strict", "How was last week?")
    assert code == 4 and "unverified numbers:" in err
    assert second_read_requests(api) == []


def test_ask_at_a_terminal_says_it_is_checking_on_a_line_of_its_own(api, cli, home, conn,
                                                                     monkeypatch):
    seed_steps(conn, goal=10_000)
    api.responder = coach()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = cli("ask", "How was last week?")
    assert code == 0 and out.endswith("Your streak is 47 days.\n") and "\n\n" not in out
    lines = err.splitlines()
    assert lines[0] == "coach-tui: checking 2 numbers with the model…"
    assert lines[1].startswith("tokens: ") and lines[-1] == "unverified numbers: 47"
    # a script's stderr has no such line
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    code, _, err = cli("ask", "And the week before?")
    assert "checking" not in err


def test_a_review_gets_the_second_read_too_and_its_cost_joins_the_drafts(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    review = ("A mixed week. Your two weakest days, Monday and Wednesday, summed to 13,951, "
              "and you walked 123,456 in all.")
    days = ["Mon 2026-11-23: 7,531 steps", "Wed 2026-11-25: 6,420 steps"]
    said = {"two": {"is": "computed", "from": days, "calc": "1 + 1"},
            "123,456": {"is": "quoted", "from": ["123,456 steps in all"], "calc": ""}}

    def respond(body):
        if not is_second_read(body):
            return review
        asked = re.findall(r'^(\d+)\. "([^"]+)" in:', texts_of(body["messages"][-1])[0], re.M)
        return json.dumps([{"n": int(n), **said[text]} for n, text in asked])
    api.responder = respond
    code, out, err = cli("review", "--strict")
    assert code == 4 and review in out
    assert "unverified numbers: 123,456" in err
    [check] = second_read_requests(api)
    assert "diagnostics" not in check  # (a review's request asks for no cache comparison)
    cost = conn.execute("SELECT cost_usd FROM review_drafts").fetchone()[0]
    assert cost == pytest.approx(sum(
        r["usage"]["input_tokens"] * 2.0 + r["usage"]["cache_creation_input_tokens"] * 2.5
        + r["usage"]["cache_read_input_tokens"] * 0.1 + r["usage"]["output_tokens"] * 10.0
        for r in api.responses) / 1e6)


def test_ask_json_says_what_the_second_read_asked_and_confirmed(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.responder = coach()
    code, out, _ = cli("ask", "--json", "How was last week?")
    assert code == 0 and json.loads(out)["second_read"] == {"asked": 2, "confirmed": 1}
    api.responder = coach(lambda body: "no idea")  # an answer that is not JSON: it failed
    code, out, _ = cli("ask", "--json", "--strict", "And the week before?")
    shape = json.loads(out)
    assert code == 4 and shape["second_read"] == {"asked": 2, "confirmed": None}
    assert len(shape["unsupported"]) == 2
    api.responder = None
    api.queue_reply("Noted, no numbers here.")
    code, out, _ = cli("ask", "--json", "Thanks")
    assert code == 0 and json.loads(out)["second_read"] is None


def test_a_percentage_defended_with_another_working_stays_flagged_and_says_why(
        api, cli, home, conn):
    """A change "up N steps, about P%" whose P the coach worked from the day and the goal, not
    from the difference it states: the second read's working is redone and refused, and
    `--sources` says why, in the words the inspect view shows."""
    seed_steps(conn, goal=10_000)

    def respond(body):
        (day_a, a), (day_b, b) = sorted(goal_days(body)[:2], key=lambda d: int(
            d[1].replace(",", "")))[::-1]  # (the bigger first)
        hi, lo = int(a.replace(",", "")), int(b.replace(",", ""))
        if is_second_read(body):
            return json.dumps([{"n": 1, "is": "computed",
                                "from": [f"{day_a}: {a} steps, goal 10,000, met"],
                                "calc": f"({a} - 10,000) / 10,000 * 100"}])
        over_goal = round((hi - 10_000) / 10_000 * 100, 1)
        return (f"{WEEKDAYS[day_a[:3]]}'s {a} beat {WEEKDAYS[day_b[:3]]}'s {b}, "
                f"up {hi - lo:,} steps, about {over_goal}%.")

    api.responder = respond
    code, out, err = cli("ask", "--sources", "How did my goal days compare last week?")
    assert code == 0, err
    flagged = [r for r in sources(out) if r[1] == "unsupported"]
    assert len(flagged) == 1 and flagged[0][0].endswith("%"), out
    assert flagged[0][2].startswith("the coach pointed to (")
    assert re.search(r"but its sentence puts the change at [\d,]+$", flagged[0][2]), flagged[0][2]

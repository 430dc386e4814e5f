"""The CLI as a person uses it beside the app: what the commands print agrees with itself."""

from __future__ import annotations

import json


def test_sessions_show_json_lists_a_repeated_number_once_as_ask_does(api, cli):
    api.queue_reply("About 47 more. Yes, 47 more than usual.")
    code, out, _ = cli("ask", "--json", "How was yesterday?")
    assert json.loads(out)["unsupported"] == ["47"]
    code, out, _ = cli("sessions", "show", "1", "--json")
    assert code == 0
    assert json.loads(out)["messages"][1]["unsupported"] == ["47"]


def test_a_wrong_header_is_quoted_as_the_file_has_it(tmp_path, cli):
    path = tmp_path / "export.csv"
    path.write_text('"Date","Steps (total)",Notes\n2026-11-28,9000,ok\n')
    code, out, err = cli("import", str(path))
    assert code == 1 and out == ""
    assert '`"Date","Steps (total)",Notes`' in err and len(err.splitlines()) == 1



def test_a_reply_cut_inside_a_code_block_does_not_swallow_the_rest_of_the_export(api, cli):
    api.queue_cut(3, "Try this:\n\n```\nwalk 20 min\nthen rest\n```\n\nDone.", how="eof")
    assert cli("ask", "plan?")[0] == 1
    api.queue_reply("Fine.")
    assert cli("ask", "and then?")[0] == 0
    code, out, _ = cli("sessions", "show", "1")
    assert code == 0
    # Every fence the cut reply opened is closed before the next message's heading, so a
    # Markdown viewer shows "and then?" as a message, not as code.
    before, after = out.split("## You", 2)[1:]
    assert before.count("```") % 2 == 0 and after.count("```") == 0
    assert "and then?" in after


def test_a_failed_message_sent_again_counts_once_as_the_chat_shows_it_once(api, cli):
    api.queue_error(500, "api_error", times=3)
    assert cli("ask", "how far today?")[0] == 1
    assert cli("ask", "--continue", "how far today?")[0] == 0
    code, out, _ = cli("sessions", "list")
    assert code == 0 and " 1 message " in out
    code, out, _ = cli("sessions", "list", "--json")
    assert json.loads(out)[0]["messages"] == 1

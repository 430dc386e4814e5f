"""`coach-tui key set|show|delete`: the API key stored once, 0600 in the config folder or in the
system keyring, the environment still winning, and the stored key used by `ask`."""

from __future__ import annotations

import io
import stat
import sys

import pytest

from coach_tui.coach.llm import keystore
from coach_tui.config import resolve_paths

KEY = "sk-ant-api03-" + "x" * 40 + "WXYZ"


@pytest.fixture
def no_keyring(monkeypatch):
    """No usable system keyring, whether or not `keyring` is installed here."""
    monkeypatch.setattr(keystore, "_keyring", lambda: None)


def typed(monkeypatch, text: str, *, tty: bool = False) -> None:
    stdin = io.StringIO(text)
    stdin.isatty = lambda: tty  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stdin", stdin)


def test_set_stores_the_key_0600_in_the_config_folder_and_ask_uses_it(
        cli, api, coach_home, monkeypatch, no_keyring):
    server_key = api.api_key
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    typed(monkeypatch, server_key + "\n")
    code, out, err = cli("key", "set")
    path = coach_home / "api_key"
    assert (code, err) == (0, "")
    assert out == f"stored the API key {keystore.mask(server_key)} in the file {path}\n"
    assert server_key not in out
    assert path.read_text() == server_key + "\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700

    api.queue_reply("Walk at lunch.")
    code, out, err = cli("ask", "How do I fit in a walk?")
    assert code == 0 and "Walk at lunch." in out and "tokens:" in err

    assert cli("key", "show") == (0, f"{keystore.mask(server_key)} from the file {path}\n", "")


def test_the_environment_wins_and_show_says_so(cli, coach_home, monkeypatch, no_keyring):
    typed(monkeypatch, KEY)
    assert cli("key", "set")[0] == 0
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-the-shell-0123456789")
    code, out, _ = cli("key", "show")
    assert code == 0
    assert out == ("sk-ant-…6789 from ANTHROPIC_API_KEY (the environment wins); also stored: "
                   f"sk-ant-…WXYZ in the file {coach_home / 'api_key'}\n")
    assert keystore.load(resolve_paths()) is None and keystore.loaded() is None


def test_set_reads_without_echo_on_a_terminal(cli, monkeypatch, no_keyring):
    typed(monkeypatch, "", tty=True)
    prompts = []

    def getpass(prompt: str) -> str:
        prompts.append(prompt)
        return KEY

    monkeypatch.setattr("getpass.getpass", getpass)
    code, out, _ = cli("key", "set")
    assert code == 0 and KEY not in out and prompts == ["Anthropic API key (not shown): "]


@pytest.mark.parametrize("text, error", [
    ("\n", "coach-tui: no key given: nothing was stored\n"),
    ("sk-ant key with spaces\n",
     "coach-tui: that is not an API key (it has spaces, line breaks or characters a key never "
     "has): nothing was stored\n"),
])
def test_a_bad_key_is_refused_in_one_line_and_nothing_is_stored(
        cli, coach_home, monkeypatch, no_keyring, text, error):
    typed(monkeypatch, KEY)
    assert cli("key", "set")[0] == 0
    typed(monkeypatch, text)
    assert cli("key", "set") == (1, "", error)
    assert (coach_home / "api_key").read_text() == KEY + "\n"  # the stored one is kept


def test_delete_and_show_without_a_key(cli, coach_home, monkeypatch, no_keyring):
    code, _, err = cli("key", "show")
    assert code == 1 and err == ("coach-tui: no API key: store one with `coach-tui key set`, or "
                                 "set ANTHROPIC_API_KEY\n")
    assert cli("key", "delete") == (1, "", "coach-tui: no API key is stored\n")
    typed(monkeypatch, KEY)
    cli("key", "set")
    assert cli("key", "delete") == (
        0, f"deleted the API key from the file {coach_home / 'api_key'}\n", "")
    assert not (coach_home / "api_key").exists()
    code, _, err = cli("ask", "hello")
    assert code == 1 and "coach-tui key set" in err


def test_an_unreadable_key_file_is_one_line_and_the_command_goes_on(cli, coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "api_key").mkdir()  # not a file: reading it fails
    code, out, err = cli("facts")
    assert code == 0
    assert err.splitlines()[0] == (
        f"coach-tui: cannot read the stored API key in {coach_home / 'api_key'}: Is a directory")


def test_the_system_keyring_when_one_is_usable(cli, coach_home, monkeypatch):
    keyring = pytest.importorskip("keyring")
    from keyring.backend import KeyringBackend

    class MemoryKeyring(KeyringBackend):
        priority = 1  # type: ignore[assignment]
        store: dict = {}

        def get_password(self, service, username):
            return self.store.get((service, username))

        def set_password(self, service, username, password):
            self.store[(service, username)] = password

        def delete_password(self, service, username):
            del self.store[(service, username)]

    previous = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    try:
        typed(monkeypatch, KEY)
        code, out, _ = cli("key", "set")
        assert code == 0 and out.endswith("in the system keyring (MemoryKeyring)\n")
        assert not (coach_home / "api_key").exists()
        assert MemoryKeyring.store == {("coach-tui", "anthropic-api-key"): KEY}
        assert cli("key", "show")[1] == "sk-ant-…WXYZ from the system keyring (MemoryKeyring)\n"
        assert keystore.load(resolve_paths()) is None and keystore.loaded() == KEY
        # --file skips the keyring
        typed(monkeypatch, KEY)
        assert cli("key", "set", "--file")[1].endswith(f"in the file {coach_home / 'api_key'}\n")
        typed(monkeypatch, KEY)
        cli("key", "set")
        assert cli("key", "delete")[1] == (
            "deleted the API key from the system keyring (MemoryKeyring)\n")
        assert MemoryKeyring.store == {}
    finally:
        keyring.set_keyring(previous)


def test_a_stored_key_in_use_never_reaches_the_log(coach_home, monkeypatch):
    from coach_tui import logfile

    odd = "proxy-key-0123456789"  # not shaped like an Anthropic key
    paths = resolve_paths()
    keystore.save(paths, odd, use_keyring=False)
    assert keystore.load(paths) is None and keystore.loaded() == odd
    assert logfile.redact(f"request with {odd} failed") == "request with [redacted] failed"

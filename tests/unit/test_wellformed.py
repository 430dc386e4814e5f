"""A reply's text is made storable where it comes in: unpaired surrogates become U+FFFD, a
pair split across two deltas is joined, and nothing else changes."""

from coach_tui.coach.llm.wellformed import Deltas, well_formed


def test_unpaired_surrogates_become_the_replacement_character():
    assert well_formed("Nice \ud83d walk \ude00") == "Nice \ufffd walk \ufffd"
    assert well_formed("paired \ud83d\ude00 ok") == "paired \U0001f600 ok"
    assert well_formed("plain é 😀") == "plain é 😀"
    well_formed("x\ud83d").encode("utf-8")  # storable


def test_a_stream_joins_a_pair_split_across_deltas_and_shows_what_it_stores():
    deltas = Deltas()
    shown = [deltas.add(raw) for raw in ("a\ud83d", "\ude00b", " c\ud83d", " d\udbff")]
    shown.append(deltas.rest())
    assert shown == ["a", "\U0001f600b", " c", "\ufffd d", "\ufffd"]
    assert "".join(shown) == deltas.text() == "a\U0001f600b c\ufffd d\ufffd"

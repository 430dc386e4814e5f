"""Places as the user wrote them: a city of the word list's [places] named mid-sentence ("the
Frankfurt trade fair"), and a country or city that names the one place the user wrote in it
("home from Portugal": Lisbon), before, during or after the days there."""

from coach_tui.memory.events import EventPhrase, event_phrases
from coach_tui.memory.names import as_written, place_names
from tests.engine_support import seed_journal
from tests.unit.test_recall_memories import recall


def test_a_listed_city_written_mid_sentence_is_a_place_and_a_race_named_after_one_is_not():
    places = place_names(["Packing for the Frankfurt trade fair, Mon 14 to Thu 17 September.",
                          "Considering the Manchester Marathon in April with Priya.",
                          "Paris was lovely."])
    assert places == {"frankfurt"}


def test_a_country_names_the_one_place_the_user_wrote_in_it():
    assert as_written("home from Portugal, legs sore", frozenset({"lisbon"})) == (
        "home from lisbon, legs sore")
    assert as_written("my germany trip", frozenset({"frankfurt"})) == "my frankfurt trip"
    # Two places written in it: which one is not known, so the word stays.
    assert as_written("in portugal", frozenset({"lisbon", "porto"})) == "in portugal"
    # No place written in it, or not a place of the list at all.
    assert as_written("in spain, tired legs", frozenset({"lisbon"})) == "in spain, tired legs"


def test_after_a_place_or_home_from_it_is_the_days_after_it():
    places = frozenset({"lisbon"})
    assert event_phrases("after lisbon my calves were like rocks", places) == [
        EventPhrase("after", "lisbon")]
    assert event_phrases("once i was home from lisbon, what did i do", places) == [
        EventPhrase("after", "lisbon")]
    assert event_phrases("how many steps in lisbon", places) == [
        EventPhrase("during", "lisbon")]


def test_the_trade_fair_in_a_city_and_its_country_name_its_days(conn):
    seed_journal(conn, ["Packing for the Frankfurt trade fair, Mon 14 to Thu 17 September."],
                 entry_date="2026-09-13")
    for text in ("how many steps at the Frankfurt trade fair?", "my steps in germany?"):
        spans = [(it.day, it.end) for it in recall(conn, text).items if it.kind == "span"]
        assert spans == [("2026-09-14", "2026-09-17")], text

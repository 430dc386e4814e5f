"""The recall word table's mechanisms (general and narrower words, phrases, distances) and the
review snippet: pure, no database."""

from coach_tui.memory.query import base_form, expand, message_words
from coach_tui.memory.ranking import covered_words
from coach_tui.memory.snippets import snippet


def test_a_general_word_finds_its_narrower_ones_and_not_the_reverse_siblings():
    assert {"knee", "calf", "shin"} <= set(expand("leg"))
    assert "leg" in expand("knee")
    assert "ankle" not in expand("knee")
    assert {"flu", "cold"} <= set(expand("ill"))


def test_a_phrase_is_searched_as_written_for_the_word_it_means():
    assert "personal best" in expand("quickest")
    assert covered_words(["quickest"], "Parkrun personal best at Millbrook Park") > 0


def test_a_distance_is_one_word_in_every_form():
    assert message_words("When did I first jog 14 kilometres?") == ["jog", "14k"]
    assert covered_words(["14k"], "First 14 km run on the river path") == 1


def test_stems_undouble_as_the_index_does():
    assert [base_form(w) for w in ("running", "jogged", "falling")] == ["run", "jog", "fall"]


def test_a_snippet_is_the_window_holding_the_most_terms():
    text = ("A quiet start to the week with short walks. " * 4
            + "The left knee flared after the tempo run on Tuesday. Rest followed.")
    got = snippet(text, ["knee", "tempo"], 12)
    assert "knee flared" in got and "tempo" in got and got.startswith("...")
    assert snippet(text, ["marathon"], 12) == ""


def test_a_more_general_word_in_a_memory_counts_less_than_a_synonym():
    assert covered_words(["knee"], "my kneecap is sore") == covered_words(["knee"], "patella")
    assert covered_words(["knee"], "my leg is sore") < covered_words(["knee"], "my kneecap")
    assert covered_words(["knee"], "my leg is sore") > 0
    assert covered_words(["treadmill"], "a gym session") > covered_words(["treadmill"],
                                                                         "a long session")


def test_runners_words_for_the_same_thing():
    assert "knee" in expand("joint") and "lisbon" in expand("portugal")
    assert message_words("ran on one of those belt machines") == ["ran", "treadmill"]
    assert covered_words(["massive"], "huge sightseeing day") > 0
    assert covered_words(["bedridden"], "Down with flu, in bed") > 0
    assert covered_words(["knackered"], "heavy legs today") > 0


def test_a_word_that_only_looks_like_a_listed_one_searches_for_nothing_else():
    assert expand("feels") == ("feels",)      # not "feeling" → nervous, proud...
    assert "meeting" not in expand("meet")    # not "meeting" → work ("met" is its past)
    assert "clothes" not in expand("short")   # "short walk", not shorts


def test_the_last_word_of_a_long_message_is_searched_for_as_surely_as_the_first():
    from coach_tui.memory.query import MAX_QUERY_TERMS, query_terms
    words = ["sick", "leg", "shoe", "storm", "trip", "vet"]
    terms = query_terms(words, {"vet": ("Helen",)})
    assert len(terms) == MAX_QUERY_TERMS
    assert terms[:len(words)] == words and "Helen" in terms[len(words):2 * len(words)]


def test_everyday_words_for_illness_gear_and_travel_find_the_lines_that_say_them():
    assert covered_words(message_words("when was i burning up for days"),
                         "Down with flu: fever since Saturday evening") > 0
    assert covered_words(message_words("all stuffed up and croaky"),
                         "Head cold: blocked nose and sore throat") >= 1.6
    assert covered_words(message_words("what gadget did i get once the nights got longer"),
                         "Bought a head torch for evening runs now that it is dark") > 0
    assert covered_words(message_words("the fancy word the PT used"),
                         "Physio (Helen) diagnosed patellofemoral pain") >= 1.6


def test_a_long_group_and_its_phrases_never_push_out_the_narrower_groups_heads():
    # "ill" has 14 words and over ten phrases of its own; the head of each narrower group
    # ("flu") comes before the phrases, within a word's 20 search terms.
    got = expand("ill")
    assert {"flu", "fever", "cold", "cough", "virus", "stomach"} <= set(got)
    assert expand("ill", 40).index("flu") < expand("ill", 40).index("under the weather")
    assert "personal best" in expand("pb")          # a small group keeps its phrases


def test_everyday_words_of_the_domain_across_regions():
    said = {"kicks": "trainer", "tennies": "sneaker", "ropey": "unwell", "grotty": "sick",
            "constitutional": "walk", "hubs": "husband", "kiddos": "children",
            "lunch": "dinner", "hiviz": "reflective", "sesh": "session", "ultramarathon": "ultra",
            "thunderstorm": "storm", "wfh": "office", "pilates": "stretch"}
    for word, meant in said.items():
        assert meant in expand(word, 40), word
    assert message_words("when did i knock my daily number down for the colder months") == [
        "knock", "daily", "target", "winter"]


def test_phrases_a_new_writer_uses_read_as_the_word_they_mean():
    assert "diagnosed" in message_words("the official name for my kneecap issue")
    assert "collect" in message_words("when did i pick up my bib")
    assert "winter" in message_words("the target for the colder months")
    assert "unwell" in message_words("was not feeling great all week")
    assert "kids" in message_words("the little ones were off school")
    # A sibling is not a synonym: breakfast does not search for lunch.
    assert "lunch" not in expand("breakfast", 40)

"""The rules' words in the table's language (issue 25): refusals, the meld-minimum table, counted rounds, kept state.

A marking catalog ("vo") built here from the marked texts of scoring/ and checks.py says every msgid as ⟦msgid⟧:
a text that comes back unmarked did not go through `lang`.
"""
from __future__ import annotations

import json
import os

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo

import lang
from scoring import Refused, derive_game, get_variant, new_game
from scoring.declare import points
from scoring.events import check_event
from scoring.game import HandRecord
from scoring.renames import check_merge
from scoring.shape import ByRound, ByScore, Fixed, Words
from scoring.variant import NO_END

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None, "L_": None,
            "Nn_": (1, 2), "lazy_pgettext": ((1, "c"), 2), "say": None, "say_n": None, "R_": None}
TIERS = {"min_meld": 50, "min_meld_tiers": [[1500, 90], [3000, 120]], "meld_minimums": [50, 90, 120]}


def marked(text: str) -> str:
    return f"⟦{text}⟧"


@pytest.fixture(scope="module", autouse=True)
def marking(tmp_path_factory):
    """Every text marked in scoring/ and checks.py, said as ⟦text⟧ in the language "vo"."""
    folder = tmp_path_factory.mktemp("catalogs")
    catalog = Catalog(locale="en")
    sources = [os.path.join(folder_, name) for folder_, _, names in sorted(os.walk(os.path.join(ROOT, "scoring")))
               for name in sorted(names) if name.endswith(".py")] + [os.path.join(ROOT, "checks.py")]
    for path in sources:
        for _, message, _, context in extract_from_file("scoring.extract.python", path, keywords=KEYWORDS):
            if isinstance(message, tuple):
                catalog.add(message, tuple(marked(m) for m in message), context=context)
            else:
                catalog.add(message, marked(message), context=context)
    os.makedirs(folder / "vo" / "LC_MESSAGES")
    with open(folder / "vo" / "LC_MESSAGES" / "messages.mo", "wb") as out:
        write_mo(out, catalog)
    lang.add_catalogs(str(folder), "vo", "Esperanto", "en")
    yield


def refusal(variant_id: str, payload: dict) -> list[tuple[str | None, str]]:
    with pytest.raises(Refused) as refused:
        new_game(get_variant(variant_id), {"variant": variant_id, **payload})
    return [(e.field, e.message) for e in refused.value.errors]


SIDES = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def test_a_refusal_is_said_in_the_language_of_the_moment_it_is_made():
    payload = {"sides": SIDES, "options": {"target": "lots"}}
    with lang.using("vo"):
        assert refusal("pony", payload) == [("options.target",
                                             marked(f"{marked('The target score')} must be a whole number, not text."))]
    assert refusal("pony", payload) == [("options.target", "The target score must be a whole number, not text.")]


def test_an_endless_game_is_refused_in_the_variants_words():
    payload = {"sides": SIDES, "options": {"target": None, "max_hands": None}}
    with lang.using("vo"):
        (field, message), = refusal("pony", payload)
    assert field == "options" and message == marked("A game needs a way to end: a target score, a number of hands or a "
                                                    "finish time. Give at least one of them.")  # the variant's whole sentence
    assert "%(rounds)s" in NO_END  # declared at import with its round slot: said whole in the variant's words
    assert refusal("pony", payload)[0][1] == ("A game needs a way to end: a target score, a number of hands or a "
                                              "finish time. Give at least one of them.")


def test_house_rules_seats_events_and_merges_refuse_in_the_language():
    with lang.using("vo"):
        (_, rule), = refusal("pony", {"sides": SIDES, "options": {"house_rules": {"nonsense": 1}}})
        (_, seat), = refusal("pony", {"sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                {"name": "Them", "players": ["ann", "Di"]}]})
        with pytest.raises(Refused) as event:
            check_event({"name": "Friday", "variant": "pony", "entrants": [], "rounds": 3, "movement": "swiss",
                         "standings": "points"})
        with pytest.raises(Refused) as merge:
            check_merge({"ann": "Ann"}, [], "ann", "Ann")
    assert rule.startswith("⟦'nonsense' is not a house rule of") and seat.startswith("⟦“ann” already sits at ⟦side 1")
    assert [e.message[:1] for e in event.value.errors] == ["⟦"]
    assert merge.value.errors[0].message == marked("“Ann” cannot be merged into itself; choose another player.")


def test_the_meld_minimum_table_is_said_in_the_language():
    with lang.using("vo"):
        heading, rows = ByScore().rows(TIERS)
        assert heading == marked("Score before the hand")
        assert rows == [(marked("below 1,500"), "50"), (marked("1,500 to 2,995"), "90"), (marked("3,000 and up"), "120")]
        assert ByScore().note(TIERS) == marked("Negative scores use the lowest minimum.")
        heading, rows = ByRound().rows(TIERS)
        assert heading == "⟦hand⟧" and rows[-1] == (marked("Hand 3 and later"), "120")
        assert Fixed("min_meld").rows(TIERS)[1] == [(marked("Opening minimum"), "50")]
    assert ByScore().rows(TIERS) == ("Score before the hand",
                                     [("below 1,500", "50"), ("1,500 to 2,995", "90"), ("3,000 and up", "120")])
    assert ByRound().rows(TIERS, Words(round="deal", rounds="deals"))[1][-1] == ("Deal 3 and later", "120")


def test_rounds_and_melds_are_counted_in_the_language():
    words = Words()
    with lang.using("vo"):
        assert [words.rounds_counted(n) for n in (1, 3)] == [marked("1 hand"), marked("3 hands")]
        assert words.melds_counted(2) == marked("2 canastas") and str(words.round) == marked("hand")
    assert [words.rounds_counted(n) for n in (1, 10330)] == ["1 hand", "10,330 hands"]
    assert [words.melds_counted(n) for n in (1, 2)] == ["1 canasta", "2 canastas"]


def test_numbers_are_written_the_languages_way():
    with lang.using("de"):
        assert points(10330) == "10.330" and points(-415) == "−415"
        assert [least for _, least in ByScore().rows({**TIERS, "min_meld_tiers": [[15000, 1200]]})[1]] == ["50", "1.200"]
    assert points(10330) == "10,330" and points(-415) == "−415"


def test_the_derived_game_keeps_english_whatever_the_language():
    variant = get_variant("pony")
    sides, options = new_game(variant, {"variant": "pony", "sides": SIDES})
    hands = [HandRecord([{"melded": 100}, {}], "2026-11-20T20:00:00+00:00")]
    ended, going = (json.dumps(derive_game(variant, options, sides, hands, ended=e), sort_keys=True) for e in (True, False))
    with lang.using("vo"):  # cached per revision: the same whichever request derived it
        assert json.dumps(derive_game(variant, options, sides, hands, ended=True), sort_keys=True) == ended
        assert json.dumps(derive_game(variant, options, sides, hands), sort_keys=True) == going
    assert "⟦" not in ended + going


def test_an_import_check_is_said_in_the_language():
    from checks import check_document

    with lang.using("vo"):
        assert check_document({}) == [marked('This is not a Meldbook export (it has no "format": "meldbook-games").')]
    assert check_document({}) == ['This is not a Meldbook export (it has no "format": "meldbook-games").']

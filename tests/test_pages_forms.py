"""Turning posted forms into API payloads, and refusals back to the inputs they are about."""
import pytest
from werkzeug.datastructures import MultiDict

from scoring import FieldError, get_variant
from web import forms
from web.forms import hand_form

from .helpers import attributes

PAIRS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


@pytest.mark.parametrize("typed, read", [
    ("", 0), ("  ", 0), (None, 0), ("12", 12), ("1,230", 1230), ("1 230", 1230), ("−5", -5), ("lots", "lots"),
])
def test_typed_numbers_blank_is_zero_and_the_rest_goes_to_the_rules(typed, read):
    assert forms.number(typed) == read


@pytest.mark.parametrize("typed", ["2.5", "3.0", "1.230"])
def test_typed_decimals_are_refused_at_their_input_never_passed_on(typed):
    read = forms.number(typed, "entries[0].melded", "Melded points")
    assert read == typed and read.error.field == "entries[0].melded" and read.error.message.startswith("Melded points: ")


def test_a_hand_form_becomes_the_api_payload():
    form = MultiDict({"entries[0].natural_canastas": "2", "went_out": "0", "cut_bonus": "none",
                      "entries[1].melded:mode": "count", "entries[1].melded.jokers": "2",
                      "entries[1].melded.tens": "", "entries[1].in_hand": "85"})
    payload = hand_form.hand_payload(form, get_variant("ponytail"), PAIRS)
    assert payload["entries"][0]["natural_canastas"] == 2
    assert [e["went_out"] for e in payload["entries"]] == [True, False]
    assert [e["cut_bonus"] for e in payload["entries"]] == [False, False]
    assert payload["entries"][1]["melded"] == {"jokers": 2, "twenties": 0, "tens": 0, "fives": 0}
    assert payload["entries"][1]["in_hand"] == 85
    assert payload["entries"][0]["melded"] == 0


def test_pony_asks_for_the_permission_penalty_only_from_partnerships():
    sides = [{"name": "Pat", "players": ["Pat"]}, {"name": "Them", "players": ["Cy", "Di"]}]
    assert hand_form.shown_flags(get_variant("pony"), attributes(sides)) == {0: [], 1: ["failed_going_out"]}


def test_refusals_land_on_their_inputs_and_the_rest_on_top():
    shown = hand_form.hand_inputs(get_variant("ponytail"), attributes(PAIRS))
    at, general = forms.place_errors([
        FieldError("entries[1].red_threes", "too many"), FieldError("entries[0].went_out", "cannot go out"),
        FieldError("entries[0].melded.jokers", "not a number"), FieldError("revision", "stale"),
        FieldError(None, "finished")], shown)
    assert at == {"entries[1].red_threes": ["too many"], "went_out": ["cannot go out"],
                  "entries[0].melded.jokers": ["not a number"]}
    assert general == ["stale", "finished"]


def test_a_stored_hand_opens_the_form_as_it_was_entered():
    variant = get_variant("ponytail")
    entries = [{"natural_canastas": 1, "went_out": True, "melded": 400},
               {"melded": {"jokers": 2, "tens": 0}, "cut_bonus": True}]
    values = hand_form.hand_values(variant, entries)
    assert values == {"entries[0].natural_canastas": "1", "went_out": "0", "entries[0].melded": "400",
                      "entries[1].melded:mode": "count", "entries[1].melded.jokers": "2", "cut_bonus": "1"}
    assert hand_form.hand_payload(MultiDict(values), variant, PAIRS)["entries"][1]["melded"]["jokers"] == 2


@pytest.mark.parametrize("variant, form, to, layout, count", [
    ("ponytail", {}, "", "pairs", 2),
    ("ponytail", {"layout": "pairs", "count": "3"}, "more", "pairs", 3),  # at most 3 partnerships
    ("ponytail", {"layout": "pairs", "count": "2"}, "more", "pairs", 3),
    ("ponytail", {"layout": "pairs", "count": "3"}, "solo", "solo", 3),
    ("ponytail", {"layout": "solo", "count": "2"}, "fewer", "solo", 2),
    ("pony", {}, "", "solo", 2),
    ("pony", {"layout": "solo", "count": "x"}, "", "solo", 2),
    ("five-person", {}, "more", "solo", 5),
])
def test_seating_shape_and_its_changes(variant, form, to, layout, count):
    assert forms.read_layout(MultiDict(form), get_variant(variant), to) == (layout, count)


def test_a_side_of_two_without_a_name_is_called_after_its_players():
    form = MultiDict({"sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
                      "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di", "sides[1].name": "Them",
                      "pin": " 0427 "})
    variant = get_variant("ponytail")
    payload = forms.new_game_payload(form, variant, "pairs", 2)
    assert payload["sides"] == [{"name": "Ann & Bob", "players": ["Ann", "Bob"]},
                                {"name": "Them", "players": ["Cy", "Di"]}]
    assert payload["pin"] == "0427"
    assert payload["options"]["house_rules"]["unpicked_pony_counts"] is False  # an unticked box is off

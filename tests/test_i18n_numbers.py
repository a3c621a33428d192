"""Numbers written and read by the table's language (issue 25 §4), table-driven per locale: 10.330 in es, pt_BR, it
and de, 10,330 in English; a typed number read the same way on every form, and anything that could be read two ways
refused at its input with nothing stored; the JSON API's numbers untouched by the language; times in 24-hour form.

The refusals' words are English until the catalogs are translated: what is tested here is that the refusal is
there, at the right input, naming it, and that nothing was stored.
"""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

import lang
from lang.numbers import clock, day, day_and_time
from web import present
from web.forms import number
from web.forms.numbers import Unreadable, check, unreadable
from scoring import Refused

from .pages import HAND_1_THEM, HAND_1_US, hand_form, post, read, token, url

LOCALES = ["en", "es", "pt_BR", "it", "de"]
GROUP = {"en": ",", "es": ".", "pt_BR": ".", "it": ".", "de": "."}  # each language's thousands separator
QUOTES = {"en": "“{}”", "es": "«{}»", "pt_BR": "“{}”", "it": "«{}»", "de": "„{}“"}  # each catalog's quotation marks


def quoted(typed: str, locale: str) -> str:
    """What the player typed as the refusal quotes it in that language."""
    return QUOTES[locale].format(typed)


def label(text: str, locale: str = "de") -> str:
    """A field's label as that language's form shows it."""
    with lang.using(locale):
        return str(lang.L_(text))
OTHER = {"en": ".", "es": ",", "pt_BR": ",", "it": ",", "de": ","}  # …and its decimal separator


# -- writing -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("value, english", [
    (0, "0"), (5, "5"), (415, "415"), (1230, "1,230"), (10330, "10,330"), (1_000_000, "1,000,000"),
    (-415, "−415"), (-10330, "−10,330"),
])
def test_numbers_are_written_with_the_languages_grouping_and_a_real_minus(locale, value, english):
    with lang.using(locale):
        assert lang.number(value) == english.replace(",", GROUP[locale])


@pytest.mark.parametrize("locale", LOCALES)
def test_hand_scores_are_signed(locale):
    with lang.using(locale):
        assert [lang.signed(v) for v in (10330, -415, 0)] == [f"+10{GROUP[locale]}330", "−415", "0"]


# -- reading -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("typed, read", [
    ("1230", 1230), ("0", 0), ("007", 7), ("10330", 10330), ("−415", -415), ("-415", -415), ("+415", 415),
    ("1{g}230", 1230), ("10{g}330", 10330), ("1{g}000{g}000", 1_000_000), ("−1{g}230", -1230), ("- 1{g}230", -1230),
    # a space or an apostrophe between groups of three: no language writes decimals with them
    (" 1 230 ", 1230), ("1\u00a0230", 1230), ("1\u202f230", 1230), ("1'230", 1230), ("1’230", 1230),
    ("", None), ("   ", None), (None, None),
])
def test_a_typed_number_is_read_in_the_languages_own_grouping(locale, typed, read):
    typed = typed.format(g=GROUP[locale]) if typed else typed
    assert lang.read_number(typed, locale) == read
    with lang.using(locale):
        assert lang.read_number(typed) == read


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("typed, reason", [
    ("1{d}5", "decimals"),  # a decimal: scores are whole numbers
    ("12{d}75", "decimals"),
    ("1{g}230{d}5", "decimals"),
    ("1{d}230", "two_ways"),  # the other language's grouping: 1.23 or 1230?
    ("10{d}330", "two_ways"),
    ("1{g}23", "two_ways"),  # groups not of three
    ("12{g}5", "two_ways"),
    ("1{g}2345", "two_ways"),
    ("1{g}{g}230", "two_ways"),
    ("1{g}2{g}3", "two_ways"),
    ("0{g}230", "two_ways"),
    ("1230{g}", "two_ways"),
    ("1 2 3", "two_ways"),
    ("1{g}230 000", "two_ways"),  # two kinds of grouping
    ("abc", "not_number"), ("²", "not_number"), ("١٢", "not_number"), ("1_000", "not_number"), ("5x", "not_number"),
    ("--5", "not_number"),
])
def test_what_could_be_read_two_ways_is_refused_never_guessed(locale, typed, reason):
    typed = typed.format(g=GROUP[locale], d=OTHER[locale])
    with lang.using(locale), pytest.raises(lang.NumberUnreadable) as refused:
        lang.read_number(typed)
    assert refused.value.reason == reason
    assert quoted(typed, locale) in refused.value.message


@pytest.mark.parametrize("typed", ["1.23", "1,23"])
@pytest.mark.parametrize("locale", LOCALES)
def test_one_point_two_three_is_refused_in_every_language(locale, typed):
    with pytest.raises(lang.NumberUnreadable):
        lang.read_number(typed, locale)


@pytest.mark.parametrize("locale, typed", [("de", "1,230"), ("de", "1,5"), ("en", "1.230"), ("en", "2.5"),
                                           ("es", "10,330"), ("pt_BR", "1,230"), ("it", "0,5")])
def test_the_other_languages_separator_is_refused(locale, typed):
    with pytest.raises(lang.NumberUnreadable):
        lang.read_number(typed, locale)


def test_a_refusal_names_the_field_says_what_is_wrong_and_what_is_allowed():
    with lang.using("de"), pytest.raises(lang.NumberUnreadable) as refused:
        lang.read_number("1,5", label=lang.L_("Melded points"))
    said = refused.value.message
    assert said.startswith(f"{label('Melded points')}: „1,5“") and "10.330" in said
    with lang.using("en"), pytest.raises(lang.NumberUnreadable) as refused:
        lang.read_number("1.230", label="Melded points")
    assert refused.value.message.startswith("Melded points: “1.230” could be read two ways")
    assert "“,”" in refused.value.message and "10,330" in refused.value.message


def test_thousands_of_digits_are_refused_without_breaking_int():
    with pytest.raises(lang.NumberUnreadable) as refused:
        lang.read_number("9" * 5000, "en")
    assert refused.value.reason == "too_long" and len(refused.value.message) < 200


# -- the forms' reader (web/forms/numbers.number) --------------------------------------------------------------

@pytest.mark.parametrize("locale, typed, read", [
    ("de", "1.230", 1230), ("en", "1,230", 1230), ("es", "10.330", 10330), ("pt_BR", "−415", -415),
    ("it", " 1 230 ", 1230), ("de", "", 0), ("en", "  ", 0),
    ("de", "lots", "lots"), ("de", "²", "²"), ("en", "١٢", "١٢"),  # no number at all: the rules say why, as before
])
def test_the_forms_read_numbers_in_the_pages_language(locale, typed, read):
    with lang.using(locale):
        got = number(typed, "options.target")
    assert got == read and not isinstance(got, Unreadable)


def test_an_unreadable_number_is_kept_as_typed_with_its_refusal_at_its_input():
    with lang.using("de"):
        payload = {"options": {"target": number("1,5", "options.target"), "decks": number("2", "options.decks")},
                   "sides": [{"start_score": number("−1.230", "sides[0].start_score")},
                             {"start_score": number("1,230", "sides[1].start_score")}]}
    assert payload["options"]["target"] == "1,5" and payload["sides"][0]["start_score"] == -1230
    errors = unreadable(payload)
    assert [e.field for e in errors] == ["options.target", "sides[1].start_score"]
    assert errors[0].message.startswith(f"{label('Play to')}: „1,5“")
    assert errors[1].message.startswith(f"{label('Starting score (from paper)')}: „1,230“")
    with pytest.raises(Refused) as refused:
        check(payload)
    assert refused.value.status == 422 and refused.value.errors == errors
    assert check({"options": {"target": 5000}}) == {"options": {"target": 5000}}


# -- through the pages -------------------------------------------------------------------------------------------

def _hand(client, game, melded: str, **query) -> object:
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM, "entries[0].melded": melded}
    path = url(client.application, "hands.record_hand", game_id=game["id"])
    return post(client, path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""), data)


def _stored(client, game) -> list:
    return client.get(f"/api/games/{game['id']}").get_json()["hands"]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hand_form_reads_the_languages_grouping(client, make_game, locale):
    game = make_game()
    client.set_cookie("meldbook_lang", locale)
    answer = _hand(client, game, f"1{GROUP[locale]}230")
    assert answer.status_code == 303, answer.get_data(as_text=True)
    [hand] = _stored(client, game)
    assert hand["entries"][0]["melded"] == 1230
    scores = read(client.get(answer.headers["Location"])).text()
    assert f"10{GROUP[locale]}330" in scores  # Us's total after hand 1 (RULES.md §6), written the table's way


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("typed", ["1{d}5", "1{d}230", "1{g}23", "1..230", "1.2.3"])
def test_the_hand_form_refuses_what_could_be_read_two_ways_at_its_field(client, make_game, locale, typed):
    game = make_game()
    client.set_cookie("meldbook_lang", locale)
    typed = typed.format(g=GROUP[locale], d=OTHER[locale])
    answer = _hand(client, game, typed)
    assert answer.status_code == 422
    page = read(answer)
    box = page.by_id("entries-0-melded")
    assert box.invalid and box.value == typed
    assert any(d.startswith(f"{label('Melded points', locale)}: {quoted(typed, locale)}") for d in box.descriptions), \
        box.descriptions
    assert _stored(client, game) == []


def test_a_german_phone_by_accept_language_and_by_address(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM, "entries[0].melded": "1.230"}
    path = url(client.application, "hands.record_hand", game_id=game["id"])
    refused = client.post(path, data={"csrf_token": token(client), **data}, headers={"Accept-Language": "en-US"})
    assert refused.status_code == 422 and _stored(client, game) == []  # in English 1.230 is 1.23 or 1230
    answer = client.post(path, data={"csrf_token": token(client), **data}, headers={"Accept-Language": "de-AT,de;q=0.9"})
    assert answer.status_code == 303 and _stored(client, game)[0]["entries"][0]["melded"] == 1230
    game2 = make_game()
    assert _hand(client, game2, "1.230", lang="de").status_code == 303
    assert _stored(client, game2)[0]["entries"][0]["melded"] == 1230


def test_a_counted_card_is_read_and_refused_the_same_way(client, make_game):
    game = make_game()
    client.set_cookie("meldbook_lang", "de")
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM, "entries[0].melded": "1.230",
            "entries[1].melded.twenties": "2,5"}
    answer = post(client, url(client.application, "hands.record_hand", game_id=game["id"]), data)
    assert answer.status_code == 422
    box = read(answer).by_id("entries-1-melded-twenties")
    assert box.invalid and any(d.endswith("10.330.") and ": „2,5“" in d for d in box.descriptions), box.descriptions
    assert _stored(client, game) == []


def test_the_preview_says_why_in_the_table_s_words(client, make_game):
    game = make_game()
    client.set_cookie("meldbook_lang", "de")
    answer = post(client, url(client.application, "hands.preview_hand", game_id=game["id"]),
                  {**HAND_1_US, **HAND_1_THEM, "entries[0].melded": "1,5"}, htmx=True)
    text = read(answer).text()
    assert f"{label('Melded points')}: „1,5“" in text and "not text" not in text


def test_a_correction_refuses_a_number_read_two_ways_and_keeps_the_hand(client, make_game):
    game = make_game()
    client.set_cookie("meldbook_lang", "de")
    assert _hand(client, game, "1.230").status_code == 303
    form = read(client.get(url(client.application, "hands.edit_hand", game_id=game["id"], number=1)))
    assert form.by_id("entries-0-melded").value == "1230"
    data = {**form.form_values(), "entries[0].melded": "1,230"}
    answer = post(client, url(client.application, "hands.replace_hand", game_id=game["id"], number=1), data)
    assert answer.status_code == 422 and read(answer).by_id("entries-0-melded").invalid
    assert _stored(client, game)[0]["entries"][0]["melded"] == 1230


NEW_GAME = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
            "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di"}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_new_game_form_reads_the_languages_grouping(app, client, locale):
    client.set_cookie("meldbook_lang", locale)
    g = GROUP[locale]
    answer = post(client, url(app, "setup.create_game", variant_id="ponytail"), {
        **NEW_GAME, "options.target": f"20{g}000", "options.house_rules.red_three_bonus": "150",
        "sides[0].start_score": f"−1{g}230", "sides[1].start_score": "2500"})
    assert answer.status_code == 303, answer.get_data(as_text=True)
    game = client.get("/api" + answer.headers["Location"]).get_json()
    assert game["options"]["target"] == 20000 and game["options"]["house_rules"]["red_three_bonus"] == 150
    assert [s.get("start_score") for s in game["sides"]] == [-1230, 2500]


@pytest.mark.parametrize("field, box, typed, name", [
    ("options.target", "options-target", "20,000", "Play to"),
    ("options.decks", "options-decks", "2,5", "Decks"),
    ("options.house_rules.red_three_bonus", "options-house_rules-red_three_bonus", "1,5", None),
    ("sides[0].start_score", "sides-0-start_score", "1,230", "Starting score (from paper)"),
])
def test_the_new_game_form_refuses_at_the_field_and_starts_nothing(app, client, field, box, typed, name):
    client.set_cookie("meldbook_lang", "de")
    answer = post(client, url(app, "setup.create_game", variant_id="ponytail"), {**NEW_GAME, field: typed})
    assert answer.status_code == 422
    page = read(answer)
    assert page.by_id(box).invalid and page.by_id(box).value == typed
    said = " ".join(page.by_id(box).descriptions)
    assert "„" + typed + "“" in said and (name is None or f"{label(name)}: „{typed}“" in said), said
    assert client.get("/api/games").get_json() == []


def test_the_club_night_form_reads_and_refuses_the_same_way(client):
    form = {"name": "Dienstagsclub", "variant": "classic", "options.target": "5.000", "options.max_hands": "",
            "entrants": "Ann & Bob\nCy & Di\nEd & Flo\nGus & Hal\n", "table_size": "2", "rounds": "3",
            "movement": "round-robin", "standings": "vp", "vp_scale": "0 10 10\n1.500 15 5"}
    client.set_cookie("meldbook_lang", "de")
    refused = post(client, "/events/new", {**form, "options.target": "5,000"})
    assert refused.status_code == 422
    page = read(refused)
    assert page.by_id("options-target").invalid
    assert f"{label('Play to')}: „5,000“" in " ".join(page.by_id("options-target").descriptions)
    assert client.get("/api/events").get_json() == []
    refused = post(client, "/events/new", {**form, "vp_scale": "0 10 10\n1,500 15 5"})
    assert refused.status_code == 422 and "„1,500“" in read(refused).text()
    assert client.get("/api/events").get_json() == []
    made = post(client, "/events/new", form)
    assert made.status_code == 303, made.get_data(as_text=True)
    event = client.get("/api/events/" + made.headers["Location"].rsplit("/", 1)[1]).get_json()
    assert event["options"]["target"] == 5000 and event["vp_scale"][1][0] == 1500, event


# -- the JSON API: numbers are JSON numbers, whatever the language -------------------------------------------------

@pytest.mark.parametrize("language", ["en", "de", "es-UY", "pt-BR", "it"])
def test_the_api_reads_json_numbers_whatever_the_language(client, make_game, language):
    game = make_game()
    entries = [{"melded": 1230, "in_hand": 0}, {"melded": 640}]
    answer = client.post(f"/api/games/{game['id']}/hands", json={"entries": entries},
                         headers={"Accept-Language": language})
    assert answer.status_code == 201, answer.get_json()
    assert _stored(client, game)[0]["entries"][0]["melded"] == 1230


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("melded", ["1.230", "1,230", "1230"])
def test_a_string_where_the_api_wants_a_number_is_still_refused(client, make_game, language, melded):
    game = make_game()
    answer = client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": melded}, {}]},
                         headers={"Accept-Language": language})
    assert answer.status_code == 422
    assert any(e["field"] == "entries[0].melded" for e in answer.get_json()["errors"])
    assert _stored(client, game) == []


# -- times and dates -------------------------------------------------------------------------------------------

MOMENT = datetime(2025, 11, 22, 21, 30)  # a Saturday evening, long before the suite's "today"


@pytest.mark.parametrize("locale, written", [
    ("en", "Sat 22 Nov 2025, 21:30"), ("de", "Sa., 22. Nov. 2025, 21:30"), ("es", "sáb, 22 nov 2025, 21:30"),
    ("it", "sab 22 nov 2025, 21:30"), ("pt_BR", "sáb., 22 de nov. de 2025 21:30"),
])
def test_when_writes_the_day_and_a_24_hour_time_the_languages_way(locale, written):
    with lang.using(locale):
        assert present.when(MOMENT.astimezone().isoformat()) == written
        assert day_and_time(MOMENT.astimezone()) == written


def test_when_in_english_is_as_it_always_was():
    for moment in (MOMENT, datetime(2025, 9, 1, 9, 5), datetime(2026, 1, 3, 0, 0)):
        local = moment.astimezone()
        assert present.when(local.isoformat()) == local.strftime("%a %d %b %Y, %H:%M")
    now = datetime.now().astimezone().replace(second=0, microsecond=0)
    assert present.when(now.isoformat()) == f"today, {now:%H:%M}"
    assert present.when(None) == present.when("") == ""


@pytest.mark.parametrize("locale", LOCALES)
def test_times_are_24_hour_in_every_language(locale):
    with lang.using(locale):
        assert clock(datetime(2025, 11, 22, 21, 30)) == "21:30"
        assert clock(datetime(2025, 11, 22, 9, 5)) in ("09:05", "9:05")
        assert "PM" not in day_and_time(MOMENT) and "AM" not in day_and_time(datetime(2025, 11, 22, 9, 5))


@pytest.mark.parametrize("locale, shown_day", [("en", "Sat 22 Nov"), ("de", "Sa., 22. Nov."), ("it", "sab 22 nov")])
def test_the_finish_time_is_the_languages_clock(locale, shown_day):
    class Game:
        options = {"finish_at": MOMENT.astimezone().isoformat()}
    with lang.using(locale):
        finish = present.finish_time(Game(), now=MOMENT.astimezone() - timedelta(minutes=30))
    assert (finish["at"], finish["day"], finish["minutes_left"]) == ("21:30", shown_day, 31)
    assert day(MOMENT) == "Sat 22 Nov"

"""Issue 14: a variant is one module. A variant known only to the tests, registered by a fixture, gets every
page, PDF and API answer from its declarations: nothing outside scoring/ names it."""
from __future__ import annotations

import pytest

from scoring import get_variant, register, unregister
from scoring.declare import points

from .helpers import registered
from .pages import Doc, post, record, started
from .sheet_helpers import pdf_pages
from .toy_variant import VARIANT as TOY

PLAYERS = {"sides[0].players[0]": "Ann", "sides[1].players[0]": "Bo", "sides[2].players[0]": "Cy"}
TIERS = {"options.house_rules.min_meld_tiers[0].at": "600", "options.house_rules.min_meld_tiers[0].min": "60"}


@pytest.fixture
def toy():
    with registered(TOY):
        yield TOY


@pytest.fixture
def toy_game(client, toy):
    """A game of the test-only variant started from the new-game form: three chairs, the house rules as shown."""
    data = {"layout": "solo", "count": "3", **PLAYERS, **TIERS, "options.house_rules.bell_counts": "on"}
    return started(client, toy.id, data)


def page_text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return " ".join(Doc(response.get_data(as_text=True)).texts.get("main", response.get_data(as_text=True)).split())


def test_the_chooser_and_new_game_form_word_it_from_its_declarations(client, toy):
    assert "Toy Canasta" in client.get("/games/new").get_data(as_text=True)
    form = client.get(f"/games/new/{toy.id}").get_data(as_text=True)
    for words in ("Chair 1", "Chair 2", "Sit anywhere; the bell decides.", "Long canasta bonus", "Bells a round",
                  "The bell counts", "Bigger opening melds", "Add a player"):
        assert words in form
    assert 'name="options.decks"' not in form  # it declares no decks
    assert 'name="options.house_rules.bell_counts" checked' in form.replace('id="options-house_rules-bell_counts" ', "")


def test_a_game_of_it_is_recorded_corrected_and_shown_on_every_page(client, toy, toy_game):
    hand_form = client.get(f"/games/{toy_game}/hands/new").get_data(as_text=True)
    for name in ("entries[0].long_canastas", "entries[2].short_canastas", "entries[1].melded", "entries[1].bell_rung"):
        assert f'name="{name}"' in hand_form or f'name="{name}:chip"' in hand_form
    preview = post(client, f"/games/{toy_game}/hands/preview", {"number": "1", "entries[0].long_canastas": "1",
                                                                  "entries[0].melded": "45"}, htmx=True)
    assert "Long canastas" in preview.get_data(as_text=True) and "745" in preview.get_data(as_text=True)

    record(client, toy_game, 1, {"entries[0].long_canastas": "1", "entries[0].melded": "45",
                                 "entries[1].bell_rung": "on", "entries[2].short_canastas": "2"})
    game = client.get(f"/api/games/{toy_game}").get_json()
    # 700 + 45; the bell 50; 2 × 200
    assert [s["score"] for s in game["sides"]] == [745, 50, 400]
    assert [s["next_min_meld"] for s in game["sides"]] == [60, 30, 30]
    detail = client.get(f"/games/{toy_game}/hands/1/detail").get_data(as_text=True)
    assert "Long canastas" in detail and "Bell bonus" in detail and "2 × 200" in detail
    correction = Doc(client.get(f"/games/{toy_game}/hands/1/edit").get_data(as_text=True))
    assert correction.values["entries[0].melded"] == "45" and correction.checked["entries[1].bell_rung"] == "on"
    assert "Ann" in page_text(client, f"/games/{toy_game}") and "745" in page_text(client, f"/games/{toy_game}/table")

    record(client, toy_game, 2, {"entries[0].long_canastas": "1", "entries[0].melded": "45"})
    over = client.get(f"/games/{toy_game}").get_data(as_text=True)
    assert "Game over" in over and "New game, same players" in over  # it does not redraw seats


def test_the_hand_form_and_breakdown_use_its_short_labels_and_card_words(client, toy, toy_game):
    page = client.get(f"/games/{toy_game}/hands/new").get_data(as_text=True)
    assert '<legend>Short <span class="rest">five-card' in page  # its declared short label
    assert '<legend>Long<span class="visually-hidden">' in page  # "… canastas" under the heading Canastas
    form = Doc(page)
    for heading, names in (("Canastas", ("long_canastas", "short_canastas")), ("Cards", ("melded",)),
                           ("Bell", ("bell_rung",))):
        group = form.group(f"{heading}, Bo")  # the groups it declares, named by heading and side
        inputs = [e.get("name") for e in group.walk() if e.tag == "input"]
        assert all(f"entries[1].{n}" in inputs or f"entries[1].{n}:chip" in inputs for n in names), heading
    preview = post(client, f"/games/{toy_game}/hands/preview", {"number": "1", "entries[0].melded:mode": "count",
                                                                  "entries[0].melded.faces": "1",
                                                                  "entries[0].melded.pips": "2"}, htmx=True)
    assert "2 pips × 5 + 1 face card × 10" in " ".join(preview.get_data(as_text=True).split())


def test_every_pdf_of_it_shows_its_columns_and_rules(client, toy, toy_game):
    record(client, toy_game, 1, {"entries[0].long_canastas": "1", "entries[0].melded": "45"})
    sheet = pdf_pages(client.get(f"/games/{toy_game}/sheet.pdf").data)[0]["text"]
    assert "Toy Canasta" in sheet and "Lg Sh Meld Bell Score Total" in sheet
    assert "Lg long canastas" in sheet and "Bell rang the bell" in sheet
    blank = pdf_pages(client.get(f"/games/{toy_game}/blank-sheet.pdf?hands=12").data)[0]["text"]
    assert "Lg Sh Meld Bell" in blank and "Long 45" not in blank
    card = pdf_pages(client.get(f"/variants/{toy.id}/card.pdf").data)[0]["text"]
    for words in ("Toy Canasta · rules at a glance", "10 to K 10", "Long Nine cards of one rank 700",
                  "Ringing the bell first +50", "Nobody goes out", "after the round in which anyone reaches 1,000",
                  "600 and up 60"):
        assert words in card
    printed = client.get(f"/variants/{toy.id}/blank-sheet.pdf?side=Ann&side=Bo")
    assert printed.status_code == 200 and "Lg Sh Meld Bell" in pdf_pages(printed.data)[0]["text"]


def test_the_api_and_openapi_document_list_it(client, toy):
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert [f["name"] for f in listed[toy.id]["fields"]] == ["long_canastas", "short_canastas", "melded", "bell_rung",
                                                             "adjustment", "adjustment_reason"]  # every variant's
    document = client.get("/api/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert toy.id in schemas["NewGame"]["properties"]["variant"]["enum"]
    assert set(schemas["ToyTestEntry"]["properties"]) == {"long_canastas", "short_canastas", "melded", "bell_rung",
                                                          "adjustment", "adjustment_reason"}  # RULES.md §14, every variant
    assert schemas["ToyTestHouseRules"]["properties"]["min_meld_tiers"]["default"] == [[600, 60]]
    max_hands = schemas["NewOptions"]["properties"]["max_hands"]["description"]
    assert "Toy Canasta, players alone: 50 rounds" in max_hands and "Toy Canasta, players alone: 50 rounds" in schemas["Variant"]["properties"]["sides"]["description"]
    assert "Toy Canasta bell_counts (default true: even when nobody hears it)" in \
        schemas["NewOptions"]["properties"]["house_rules"]["description"]
    assert "Toy" not in document["paths"]["/api/games/{game_id}/sides/{side}/{action}"]["post"]["summary"]  # no marks
    refused = client.post("/api/games", json={"variant": toy.id, "sides": [{"name": "Solo"}]})
    assert refused.status_code == 422 and "2 to 4 players alone" in refused.get_data(as_text=True)


def test_unregistering_forgets_it(client):
    register(TOY)
    unregister(TOY.id)
    assert get_variant(TOY.id) is None and client.get(f"/games/new/{TOY.id}").status_code == 404


def test_a_second_variant_with_a_known_id_is_refused_and_the_first_stays(toy):
    another = type(TOY)()  # a second variant object under the same id
    with pytest.raises(ValueError) as refused:
        register(another)
    assert str(refused.value) == "a variant with id 'toy-test' is already registered"
    assert get_variant(TOY.id) is TOY and another is not TOY


def test_unregistering_an_id_never_registered_does_nothing():
    unregister("no-such-variant")  # a fixture tearing down after a failed register must not raise
    assert get_variant("no-such-variant") is None and get_variant("classic") is not None


@pytest.mark.parametrize("n, words", [
    (0, "0"), (50, "50"), (10330, "10,330"), (-5, "\u22125"), (-415, "\u2212415"), (-15000, "\u221215,000"),
])
def test_points_in_rules_text_have_thousands_commas_and_a_true_minus_sign(n, words):
    # what a variant's rules text (rules card, house rules) shows: "−415", never "-415"
    assert points(n) == words


@pytest.mark.parametrize(("variant_id", "headed"), [
    ("ponytail", {"Canastas"}), ("american", {"Canastas", "Threes laid out"}), ("samba", {"Canastas", "Threes"}),
    ("classic", {"Canastas"}), ("burraco", {"Burracos"}),
])
def test_a_group_heading_is_drawn_only_over_the_short_names_it_completes(variant_id, headed):
    """"Natural" needs "Canastas" over it; "Red threes" and "Melded points" say it all (hand_form.needs_heading)."""
    from web.forms import hand_form
    variant = get_variant(variant_id)
    groups = hand_form.field_groups(variant, [f.name for f in variant.fields if f.kind == "flag"])
    drawn = {str(h) for h, fields in groups
             if h and len(fields) > 1 and not hand_form.is_rare(fields) and hand_form.needs_heading(fields, variant.words)}
    assert drawn == headed

"""Wording that needed the English source changed (issue 39, the walk-throughs' language points): a count said with
its plural pair, a side named where a number stood, a placeholder per side, plurals of 0 in Brazilian Portuguese."""
from __future__ import annotations

import lang
from scoring.variants.samba import BOLIVIA

from tests.helpers import refusals, setup
from tests.pages import post, read, url

PAIRS = [["Ana", "Beto"], ["Carmen", "Diego"]]
CLASSIC = {"variant": "classic", "sides": [{"name": "Nosotros", "players": ["Ann", "Bob"]},
                                            {"name": "Ellos", "players": ["Cy", "Di"]}]}


def test_the_escaleras_a_bolivia_side_needs_are_counted_in_the_number_they_are():
    variant, sides, options = setup("bolivia", PAIRS)
    entries = [{"natural_canastas": 1, "wild_canastas": 1, "melded": 175, "went_out": True}, {}]
    with lang.using("es"):
        [(field, said)] = refusals(variant, sides, options, entries)
        card = BOLIVIA.going_out_text(options["house_rules"])
    assert field == "entries[0].went_out"
    assert "hace falta tener 1 escalera entre sus canastas" in said and "0 escaleras" in said, said
    assert "al menos 1 escalera." in card and "1 escaleras" not in card, card
    [(_, english)] = refusals(variant, sides, options, entries)
    assert "needs 1 escalera among its canastas" in english and "has 0 escaleras" in english, english


def test_a_total_refused_on_the_paper_slip_names_its_side_and_agrees_with_it(client):
    game = client.post("/api/games", json=CLASSIC).get_json()["id"]
    path = url(client.application, "paper.paper_slip", game_id=game)
    doc = read(client.get(path, headers={"Accept-Language": "it"}))
    r = client.post(path, headers={"Accept-Language": "it"}, data={
        **doc.values, "csrf_token": doc.values.get("csrf_token", ""),
        "hands[1].entries[0].total": "50", "hands[1].entries[1].total": "7"})
    assert r.status_code == 422
    said = read(r).by_id("hands-1-entries-1-total-error").text
    assert "I punti di Ellos nella mano 1 devono essere un multiplo di 5" in said, said
    r = post(client, path, {**read(client.get(path)).values, "hands[1].entries[0].total": "12",
                            "hands[1].entries[1].total": "20"})
    assert "Nosotros's score in hand 1 must be a multiple of 5" in read(r).by_id("hands-1-entries-0-total-error").text


def test_the_second_side_is_offered_another_name_than_the_first(client):
    page = read(client.get(url(client.application, "setup.new_game", variant_id="classic"),
                           headers={"Accept-Language": "pt-BR"}))
    holders = [e.get("placeholder") for e in page.walk() if e.tag == "input" and e.get("name", "").endswith("].name")
               and e.get("name", "").startswith("sides[")]
    assert holders[:2] == ["ex.: Nós", "ex.: Eles"], holders


def test_none_played_takes_the_plural_in_brazilian_portuguese():
    with lang.using("pt_BR"):
        assert lang.ngettext("%(num)s hand played", "%(num)s hands played", 0) == "0 mãos jogadas"
        assert lang.ngettext("%(num)s hand played", "%(num)s hands played", 1) == "1 mão jogada"
        assert lang.ngettext("%(num)s hand played", "%(num)s hands played", 2) == "2 mãos jogadas"

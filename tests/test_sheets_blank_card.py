"""Blank sheets for pen (per game and per variant) and the rules card of every variant."""
from __future__ import annotations

import pytest

from scoring import VARIANTS
from scoring.variants import pony
from tests.helpers import FIVE
from tests.sheet_helpers import char_sizes, hand_row_heights, pdf_pages, render_png


def get_pdf(client, url, **query):
    response = client.get(url, query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/pdf"
    return response.data


@pytest.mark.parametrize("hands, pages", [(1, 1), (12, 1), (13, 2), (24, 2), (25, 3)])
def test_twelve_hands_to_a_page(client, make_game, hands, pages):
    game = make_game()
    printed = pdf_pages(get_pdf(client, f"/games/{game['id']}/blank-sheet.pdf", hands=hands))
    assert len(printed) == pages
    assert all("Us" in p["text"] and "Them" in p["text"] and "Total" in p["text"] for p in printed)
    numbers = [line.split()[0] for p in printed for line in p["text"].splitlines() if line.split()]
    assert [n for n in numbers if n.isdigit() and int(n) <= hands][:hands] == [str(n) for n in range(1, hands + 1)]


def test_default_is_twelve_rows_with_the_games_rules_at_the_foot(client, make_game):
    # sevens_canasta: the older name of sevens_canasta_bonus, still read (RULES.md §14); a minimum table changed too
    # makes the house-rules line two lines long, and the rules no longer fit under twelve rows
    game = make_game(house_rules={"sevens_canasta": 6000})
    data = get_pdf(client, f"/games/{game['id']}/blank-sheet.pdf")
    [page] = pdf_pages(data)
    text = page["text"]
    assert "12" in text.split() and "13" not in text.split()
    assert "Natural sevens Seven 7s, no wild card 6,000" in text  # the game's own snapshot, not the default
    assert "below 15,000 50" in text and "30,000 and up 120" in text
    assert "Sevens canasta 6,000 (usually 5,000)" in text
    render_png(data, "blank-sheet-ponytail")


def test_variant_blank_sheet_before_a_game_exists(client):
    data = get_pdf(client, "/variants/pony/blank-sheet.pdf", side=["Zoë", "José", "<i>♠</i>"], paper="letter")
    [page] = pdf_pages(data)
    assert all(name in page["text"] for name in ("Zoë", "José", "<i>♠</i>"))
    assert page["width"] > page["height"] and {page["width"], page["height"]} == {612, 792}
    for kind, (_, _, _, word) in pony.CANASTAS.items():
        assert f"{word.capitalize()} " in page["text"]
        assert f"+{pony.HOUSE_RULES[f'surprise_{kind}_canasta_bonus']:,}" in page["text"]


@pytest.mark.parametrize("variant, names", [("ponytail", ["Side 1", "Side 2"]), ("pony", ["Side 1", "Side 2"]),
                                            ("five-person", [f"Side {i}" for i in range(1, 6)])])
def test_variant_blank_sheet_names_sides_when_none_given(client, variant, names):
    text = "\n".join(p["text"] for p in pdf_pages(get_pdf(client, f"/variants/{variant}/blank-sheet.pdf")))
    assert all(n in text for n in names) and f"Side {len(names) + 1}" not in text


def test_five_person_blank_sheet_shows_partners(client, make_game):
    game = make_game(FIVE)
    text = "\n".join(p["text"] for p in pdf_pages(get_pdf(client, f"/games/{game['id']}/blank-sheet.pdf")))
    assert "partner Cleo" in text and "Opening minimum 75" in text


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_rules_card_is_one_page_of_the_variants_own_numbers(client, variant_id):
    variant = VARIANTS[variant_id]
    data = get_pdf(client, f"/variants/{variant_id}/card.pdf")
    pages = pdf_pages(data)
    assert len(pages) == 1
    text = pages[0]["text"]
    assert f"{variant.name} · rules at a glance" in text
    for key, value in variant.card_values.items():
        assert f"{variant.card_names[key]} {value}" in text
    for key, bonus in variant.house_rules.items():
        if key.endswith("canasta"):
            assert f"{bonus:,}" in text, key
    limit = variant.default_options()["max_hands"]
    ends = f"{variant.target:,}" if variant.target is not None else f"after {limit} {variant.words.rounds}"
    assert ends in " ".join(text.split()) and "Going out" in text and "End of the game" in text
    assert data == get_pdf(client, f"/variants/{variant_id}/card.pdf")  # invariant: same bytes every time
    render_png(data, f"rules-card-{variant_id}")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_rules_card_is_one_page_at_9_pt_and_up(client, variant_id, paper):
    data = get_pdf(client, f"/variants/{variant_id}/card.pdf", paper=paper)
    assert len(pdf_pages(data)) == 1
    assert min(char_sizes(data)) >= 9


@pytest.mark.parametrize("variant_id, words", [
    ("ponytail", "for players alone, after 4 hands (partnerships: no limit)"),                   # RULES.md §1
    ("pony", "taken even if the side"),                            # RULES.md §2
    ("five-person", "the player or their partner (two seats after) must have a canasta"),      # RULES.md §3
    ("five-person", "at least 115 melded points; 110 with a joker"),                           # RULES.md §4
])
def test_rules_card_says_this_rounds_rules(client, variant_id, words):
    text = pdf_pages(get_pdf(client, f"/variants/{variant_id}/card.pdf"))[0]["text"]
    assert words in " ".join(text.split())


def seatings() -> list[tuple[str, int, int]]:
    """Every (variant, players per side, number of sides) a game can have."""
    return [(v.id, shape["players_per_side"], n) for v in VARIANTS.values() for shape in v.describe_sides.values()
            for n in range(shape["sides"][0], shape["sides"][1] + 1)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant_id, per_side, count", seatings(),
                         ids=[f"{v}-{n}x{p}" for v, p, n in seatings()])
def test_every_blank_sheet_holds_twelve_pen_rows_on_one_page(client, make_game, variant_id, per_side, count, paper):
    names = [f"Player {i}" for i in range(per_side * count)]
    sides = [{"name": f"Side {k}", "players": names[per_side * k:per_side * (k + 1)]} for k in range(count)]
    game = make_game({"variant": variant_id, "sides": sides})
    data = get_pdf(client, f"/games/{game['id']}/blank-sheet.pdf", hands=12, paper=paper)
    assert len(pdf_pages(data)) == 1
    assert min(char_sizes(data)) >= 9
    heights = hand_row_heights(data, 12)
    assert heights and len(heights) % 11 == 0  # rows 1 to 12 of every band of sides
    assert min(heights) >= 22.68  # 8 mm, to write in by pen


def test_ponytail_card_meld_tiers(client):
    text = pdf_pages(get_pdf(client, "/variants/ponytail/card.pdf"))[0]["text"]
    assert "below 15,000 50" in text and "15,000 to 29,995 90" in text and "30,000 and up 120" in text
    assert "natural, dirty, natural sevens and wild-card" in " ".join(text.split())


@pytest.mark.parametrize("query, field", [({"hands": "0"}, "hands"), ({"hands": "201"}, "hands"),
                                          ({"hands": "abc"}, "hands"), ({"hands": "1.5"}, "hands"),
                                          ({"hands": "-3"}, "hands"), ({"paper": "legal"}, "paper")])
def test_bad_blank_sheet_parameters_are_422(client, make_game, query, field):
    game = make_game()
    for url in (f"/games/{game['id']}/blank-sheet.pdf", "/variants/ponytail/blank-sheet.pdf"):
        response = client.get(url, query_string=query)
        assert response.status_code == 422
        assert [e["field"] for e in response.get_json()["errors"]] == [field]


@pytest.mark.parametrize("sides, field", [(["Ann", "ann"], "side[1]"), (["Ann", ""], "side[1]"),
                                          (["A" * 41, "Bo"], "side[0]"), (["Solo"], "side"),
                                          ([f"P{i}" for i in range(7)], "side")])
def test_bad_side_names_are_refused_like_the_api(client, sides, field):
    response = client.get("/variants/ponytail/blank-sheet.pdf", query_string={"side": sides})
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == [field]


@pytest.mark.parametrize("url", ["/variants/bridge/card.pdf", "/variants/bridge/blank-sheet.pdf",
                                 "/games/nosuchgame/blank-sheet.pdf"])
def test_unknown_ids_are_404(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert response.is_json and response.get_json()["errors"][0]["field"] is None

"""A score sheet's row adds up on paper: every part of a side's score has a column (Modern American's penalties and
incomplete melds, RULES.md §11), a hand copied from paper draws in every variant's sheet (API.md, "A hand copied
from paper"), and the American sheets print the opening's clean triple with its number (RULES.md §11)."""
from __future__ import annotations

import pytest

from scoring import VARIANTS

from .examples import AMERICAN
from .sheet_helpers import hand_rows, pdf_pages, render_png

MINUS = "\u2212"


def get_pdf(client, url, language="en", **query):
    response = client.get(url, query_string=query, headers={"Accept-Language": language})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/pdf"
    return response.data


def flat(data: bytes) -> str:
    return " ".join(" ".join(p["text"].split()) for p in pdf_pages(data))


def american_game(client) -> str:
    game = client.post("/api/games", json=AMERICAN.game).get_json()
    for hand in AMERICAN.hands:
        assert client.post(f"/api/games/{game['id']}/hands", json=hand.payload).status_code == 201
    return game["id"]


def test_the_american_sheet_prints_the_penalties_so_each_row_adds_up(client):
    gid = american_game(client)
    data = get_pdf(client, f"/games/{gid}/sheet.pdf")
    render_png(data, "american-sheet-penalties")
    rows = {n: [w for w, _ in words] for n, words in hand_rows(data).items()}
    # hand 1, Them: no canasta, 1 red + 2 black threes against (−100 −300), 230 melded against, 185 in hand, and
    # the incomplete aces meld −2,500: the row's parts −100 −300 −230 −185 −2,500 = −3,315 (RULES.md §11)
    them = rows["1"][-7:]  # Them's block, the row's last
    assert them == ["1", "2", "230", "185", f"{MINUS}2,500", f"{MINUS}3,315", f"{MINUS}3,315"], rows["1"]
    # hand 2, Us: one natural canasta (red three 0), 340 melded, 260 in hand, one player holding three sevens
    assert rows["2"][:6] == ["1", "1", "340", "260", f"{MINUS}1,500", f"{MINUS}920"], rows["2"]
    text = flat(data)
    assert "Pen penalties and incomplete melds" in text  # the hand form's heading of those parts


def test_every_american_part_of_a_score_has_a_column():
    """Each entry field of Modern American is printed in a column of its own or in the penalties' column."""
    variant = VARIANTS["american"]
    printed = {c.field for c in variant.columns} | {p for c in variant.columns for p in c.parts}
    qualifiers = {"incomplete_wild_jokers"}  # says which penalty incomplete_wild costs: its part is incomplete_wild
    assert {f.name for f in variant.fields} - printed == qualifiers


@pytest.mark.parametrize("language, words", [
    ("en", ("Sp", "A", "7s", "W", "Pen", "below 3,000: 125, with a clean triple",
            "5,000 and up: 180, with a clean triple")),
    ("it", ("Pen", "125, con un tris pulito", "180, con un tris pulito")),
    ("de", ("Str", "125, mit einem reinen Drilling", "180, mit einem reinen Drilling")),
])
def test_the_american_blank_sheet_has_the_rare_columns_and_the_clean_triple(client, language, words):
    for url in ("/variants/american/blank-sheet.pdf", f"/games/{american_game(client)}/blank-sheet.pdf"):
        data = get_pdf(client, url, language)
        pages = pdf_pages(data)
        assert len(pages) == 1
        heads = pages[0]["text"].split()
        text = " ".join(heads)
        for said in words:
            assert (said in heads) if len(said) <= 4 else (said in text), (language, url, said)
    render_png(data, f"american-blank-{language}")


def test_the_american_score_sheet_says_the_next_opening_with_its_clean_triple(client):
    text = flat(get_pdf(client, f"/games/{american_game(client)}/sheet.pdf", "it"))
    assert "155, con un tris pulito" in text and "125, con un tris pulito" in text


def sides_for(variant) -> list[dict]:
    n = min(shape["sides"][0] for shape in variant.describe_sides.values()) if variant.describe_sides else 2
    per = min(shape["players_per_side"] for shape in variant.describe_sides.values()) if variant.describe_sides else 1
    return [{"name": f"Side {k + 1}", "players": [f"P{k}{j}" for j in range(per)]} for k in range(n)]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_hand_copied_from_paper_draws_in_every_variants_sheet(client, variant_id):
    sides = sides_for(VARIANTS[variant_id])
    game = client.post("/api/games", json={"variant": variant_id, "sides": sides})
    assert game.status_code == 201, game.get_json()
    gid = game.get_json()["id"]
    paper = {"entries": [{"total": -45}] + [{"total": 100 + 5 * k} for k in range(1, len(sides))]}
    assert client.post(f"/api/games/{gid}/hands", json=paper).status_code == 201
    for language in ("en", "de"):
        data = get_pdf(client, f"/games/{gid}/sheet.pdf", language)
        text = flat(data)
        assert f"{MINUS}45" in text and "105" in text, (variant_id, text[:600])
        label = "Score copied from paper" if language == "en" else "Vom Papier übernommene Punkte"
        assert label in text, (variant_id, language, text[-800:])
    render_png(data, f"paper-hand-{variant_id}-de")
    blank = get_pdf(client, f"/games/{gid}/blank-sheet.pdf")
    assert len(pdf_pages(blank)) == 1

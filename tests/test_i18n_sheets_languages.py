"""The printed sheets in each real language (issue 25): every rules card still fits its one page, speaks the language
of its catalog (its title and headings, not English), writes numbers the language's way, and prints its accents."""
from __future__ import annotations

import pytest

import lang
from scoring import VARIANTS

from .examples import CLASSIC
from .sheet_helpers import pdf_pages

LANGUAGES = [code for code in lang.LANGUAGES if code != lang.DEFAULT]
ACCENTED = {"es": "ñ", "pt_BR": "ã", "it": "à", "de": "ß"}  # a letter each language's own words put on the page


def text_of(data: bytes) -> str:
    return "\n".join(p["text"] for p in pdf_pages(data))


def said(code: str, text) -> str:
    with lang.using(code):
        return str(text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rules_card_is_one_page_in_its_language(client, code, variant_id, paper):
    answer = client.get(f"/variants/{variant_id}/card.pdf", query_string={"lang": code, "paper": paper})
    assert answer.status_code == 200
    pages = pdf_pages(answer.data)
    assert len(pages) == 1
    text = pages[0]["text"]
    variant = VARIANTS[variant_id]
    assert said(code, variant.name) in text.replace("\n", " ")
    english = text_of(client.get(f"/variants/{variant_id}/card.pdf", query_string={"lang": "en", "paper": paper}).data)
    assert english.splitlines()[0] not in text  # the title line is the language's, not English
    assert said(code, lang.L_("Card values")) in text


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_played_score_sheet_in_its_language(client, make_game, code):
    game = make_game({**CLASSIC.game, "sides": [{"name": "Núñez & João", "players": ["Núñez", "João"]},
                                                {"name": "Weiß", "players": ["Weiß", "Renée"]}]})
    hand = CLASSIC.hands[0].payload  # RULES.md §7's worked example
    assert client.post(f"/api/games/{game['id']}/hands", json=hand, headers={"Idempotency-Key": f"k-{code}"}
                       ).status_code == 201
    text = text_of(client.get(f"/games/{game['id']}/sheet.pdf", query_string={"lang": code}).data)
    assert "Núñez & João" in text and "Weiß" in text  # every accented letter of the names prints
    with lang.using(code):
        target, minus = lang.number(game["options"]["target"]), lang.number(-215)
    assert target == "5.000" and target in text  # the target, grouped the way these languages group thousands
    assert minus in text and "840" in text  # RULES.md §7's totals
    assert said(code, VARIANTS["classic"].name) in text.replace("\n", " ")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_languages_own_letters_print_on_its_rules_cards(client, code):
    text = "".join(text_of(client.get(f"/variants/{v}/card.pdf", query_string={"lang": code}).data) for v in VARIANTS)
    assert ACCENTED[code] in text

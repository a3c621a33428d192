"""The rules cards and score sheets of Modern American Canasta, Samba and Bolivia, read back by pdfplumber: their own
numbers and words (RULES.md §11–§13), a house rule a table changed, and each in its language."""
import pytest

from .examples import AMERICAN, BOLIVIA, SAMBA
from .sheet_helpers import pdf_pages


def text_of(data: bytes) -> str:
    pages = pdf_pages(data)
    assert len(pages) == 1, [p["text"][-200:] for p in pages]
    return " ".join(pages[0]["text"].split())


def test_the_american_rules_card_has_its_numbers_and_special_hands(client):
    text = text_of(client.get("/variants/american/card.pdf").data)
    for said in ("below 3,000 125", "3,000 to 4,995 155", "5,000 and up 180", "clean triple",  # RULES.md:702-707
                 "Natural aces Seven aces, no wild card 2,500", "Seven 2s Seven 2s 3,000",  # RULES.md:636-644
                 "100/300/500/1,000",  # the threes table, RULES.md:647-649
                 "Garbage 3,000", "Dream hand +4 8,500", "Triples 3,500",  # RULES.md:680-690
                 "needs 2 canastas of any kinds", "reaches 8,500", "A Dream hand wins the game at once"):
        assert said in text, said


@pytest.mark.parametrize("language, words", [
    ("es", ("Manos especiales", "Basura 3.000", "trío limpio", "Canasta americana moderna")),
    ("pt-BR", ("Mãos especiais", "Lixo 3.000", "trinca limpa", "Canastra Americana Moderna")),
    ("it", ("Mani speciali", "Spazzatura 3.000", "tris pulito", "Canasta americana moderna")),
    ("de", ("Sonderblätter", "Kehraus 3.000", "reinen Drilling", "Modernes amerikanisches Canasta")),
])
def test_the_american_rules_card_in_each_language(client, language, words):
    text = text_of(client.get("/variants/american/card.pdf", headers={"Accept-Language": language}).data)
    for said in words:
        assert said in text, (language, said)


@pytest.mark.parametrize("variant, words", [
    ("samba", ("Sambas Seven in sequence of one suit, no wild card 1,500", "7,000 and up 160", "reaches 10,000",
               "needs 2 canastas of any kinds")),
    ("bolivia", ("Escaleras Seven in sequence of one suit, no wild card 1,500",
                 "Bolivias Seven wild cards, jokers and 2s 2,500", "7,000 and up 150", "reaches 15,000",
                 "among them at least 1 escalera", "Black 3 left in hand −100 each")),
])
def test_the_samba_and_bolivia_rules_cards(client, variant, words):
    text = text_of(client.get(f"/variants/{variant}/card.pdf").data)
    for said in words:
        assert said in text, (variant, said)


def played(client, example, **options):
    body = {**example.game, **({"options": options} if options else {})}
    game = client.post("/api/games", json=body).get_json()
    for hand in example.hands:
        assert client.post(f"/api/games/{game['id']}/hands", json=hand.payload).status_code == 201
    return game["id"]


def test_the_american_score_sheet_prints_the_special_hand_and_the_threes(client):
    gid = played(client, AMERICAN)
    text = text_of(client.get(f"/games/{gid}/sheet.pdf").data)
    assert "Garbage 3,000 −315" in text  # hand 2: B's special hand, its score and running total
    assert "4,245 4,245" in text and "−3,315 −3,315" in text
    assert "Sp special hand" in text and "B3 black threes" in text
    blank = text_of(client.get(f"/games/{gid}/blank-sheet.pdf").data)
    assert "Score sheet · Modern American Canasta" in blank and "Target 8,500" in blank


def test_a_changed_house_rule_shows_on_the_american_sheet(client):
    gid = played(client, AMERICAN, house_rules={"special_hands": {"garbage": 2000}})  # RULES.md:781 Pagat's Garbage
    text = text_of(client.get(f"/games/{gid}/sheet.pdf").data)
    assert "Garbage 2,000 −1,315" in text
    assert "garbage 3,000" in text.lower() and "2,000" in text  # the house rules line: default and this game's


@pytest.mark.parametrize("example, words", [
    (SAMBA, ("Score sheet · Samba", "8,540", "−515", "S sambas")),
    (BOLIVIA, ("Score sheet · Bolivia", "10,695", "4,195", "E escaleras", "Bo bolivias", "B3 black threes held")),
])
def test_samba_and_bolivia_score_sheets(client, example, words):
    text = text_of(client.get(f"/games/{played(client, example)}/sheet.pdf").data)
    for said in words:
        assert said in text, said

"""GET /games/{id}/sheet.pdf: the game as played, read back from the PDF the way a player reads it."""
from __future__ import annotations

import os

import pytest

from tests.sheet_helpers import HAND_1, HAND_2, char_sizes, hand_rows, pdf_pages, played, render_png

MINUS = "\u2212"

ODD_NAMES = {"variant": "ponytail", "sides": [{"name": "Zoë & José", "players": ["Zoë", "José"]},
                                              {"name": "<b>♠♥♦♣</b>", "players": ["Ann", "Bob"]}]}


def sheet(client, game_id, **query):
    response = client.get(f"/games/{game_id}/sheet.pdf", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/pdf"
    return response.data


def row(text: str, number: int) -> str:
    """The printed line of hand `number` (the first line that starts with it)."""
    return next(line for line in text.splitlines() if line.split()[:1] == [str(number)])


def rows(text: str, number: int) -> str:
    """Every printed line of hand `number`, one per band of sides, joined in page order."""
    hands = text.split("Totals so far")[0].split("Final totals")[0]  # the standings table also starts with numbers
    return " ".join(line for line in hands.splitlines() if line.split()[:1] == [str(number)])


def shown(n: int) -> str:
    return f"{n:,}".replace("-", MINUS)


def big_words(data: bytes) -> dict[str, list[str]]:
    """Hand number → the words of its row set at 11 pt or more, band after band."""
    return {n: [w for w, size in words if size >= 11] for n, words in hand_rows(data).items()}


def test_names_hands_totals_and_result_print_as_recorded(client, make_game):
    game_id = played(client, make_game, ODD_NAMES, [HAND_1, HAND_2])
    client.post(f"/api/games/{game_id}/end")
    [page] = pdf_pages(sheet(client, game_id))
    text = page["text"]
    for name in ("Zoë & José", "<b>♠♥♦♣</b>", "Zoë", "José", "Ann & Bob", "Ponytail Canasta"):
        assert name in text  # markup in a name prints literally, accents and suits survive
    assert row(text, 1).split()[-2:] == ["1,355", "1,355"]
    assert "10,330 10,330" in row(text, 1)
    assert row(text, 2).split()[-2:] == [f"{MINUS}415", "940"]
    assert "10,555 20,885" in row(text, 2)
    assert "1,455" in row(text, 2)  # melded counted card by card prints as points
    assert "Result: Zoë & José won with 20,885, by 19,945 (ended by the table)." in text
    assert {page["width"], page["height"]} == {595, 842}  # A4 (landscape when the columns need it)


def test_a_game_in_progress_says_so_and_who_leads(client, make_game):
    game_id = played(client, make_game, ODD_NAMES, [HAND_1])
    text = pdf_pages(sheet(client, game_id))[0]["text"]
    assert "In progress after 1 hand: Zoë & José leads by 8,975." in text
    assert "Totals so far" in text


def test_a_new_game_prints_its_sides_and_no_hands(client, make_game):
    game = make_game()
    text = pdf_pages(sheet(client, game["id"]))[0]["text"]
    assert "In progress, no hands recorded yet." in text and "No hands recorded yet." in text
    assert "Us (Ann & Bob)" in text


def test_options_and_changed_house_rules_are_printed(client, make_game):
    game = make_game(target=20000, max_hands=8, house_rules={"red_three": 150, "unpicked_pony_counts": False})
    text = pdf_pages(sheet(client, game["id"]))[0]["text"]
    assert "Target 20,000 · ends after 8 hands · 6 decks" in text
    assert "Red three, each 150 (usually 100)" in text
    assert "Unpicked pony counts against no (usually yes)" in text
    assert "Going out" not in text  # only rules that differ from the defaults are listed


def test_same_game_same_bytes(client, make_game):
    game_id = played(client, make_game, ODD_NAMES, [HAND_1, HAND_2])
    assert sheet(client, game_id) == sheet(client, game_id)


def test_letter_paper(client, make_game):
    game = make_game()
    page = pdf_pages(sheet(client, game["id"], paper="letter"))[0]
    assert (page["width"], page["height"]) == (612, 792)


def four_side_hand(n: int) -> dict:
    """A plausible hand for four players alone; one of them goes out every other hand."""
    entries = []
    for side in range(4):
        e = {"natural_canastas": (n + side) % 3, "dirty_canastas": (n * side) % 2, "red_threes": (n + side) % 3,
             "black_threes": (n + 2 * side) % 2, "melded": 300 + 5 * ((n * 7 + side * 13) % 40),
             "in_hand": 5 * ((n + side * 3) % 20)}
        if n % 2 == 0 and side == (n // 2) % 4:
            e.update(natural_canastas=1, dirty_canastas=1, sevens_canastas=1, wild_canastas=1, went_out=True,
                     in_hand=0, melded=600)
        entries.append(e)
    return {"entries": entries}


@pytest.fixture
def long_game(client, make_game):
    payload = {"variant": "ponytail", "sides": [{"name": n, "players": [n]} for n in ("Zoë", "José", "♠♥♦♣", "Mo")],
               "options": {"target": 1_000_000, "max_hands": None}}  # players alone: no 4-hand limit
    return played(client, make_game, payload, [four_side_hand(n) for n in range(1, 61)])


def test_a_long_game_runs_over_pages_with_the_header_repeated(client, long_game):
    data = sheet(client, long_game)
    pages = pdf_pages(data)
    game = client.get(f"/api/games/{long_game}").get_json()
    assert len(pages) >= 3
    # the chart of running totals comes last and may have a page of its own (issue 15)
    assert "Running totals, hand by hand" in pages[-1]["text"]
    for page in [p for p in pages[:-1] if not p["text"].startswith("Running totals")]:
        # four sides alone do not fit across at a readable size: two bands of two, heads on every page
        assert page["text"].count("Score Total") in (2, 4)  # a band's heads, or the end of one and the next
        assert ("Zoë" in page["text"] and "José" in page["text"]) or ("♠♥♦♣" in page["text"] and "Mo" in page["text"])
    text = "\n".join(p["text"] for p in pages)
    for hand in game["hands"]:
        printed = rows(text, hand["number"]).split()
        at = 0
        for t in [shown(s["running_total"]) for s in hand["scores"]]:  # every side's total, in side order
            at = printed.index(t, at) + 1
    leader = max(game["sides"], key=lambda s: s["score"])
    assert f"{leader['name']} leads by" in text
    assert os.path.getsize(render_png(data, "game-4-sides-60-hands")) > 20_000


def test_five_person_prints_partners_own_and_deal_scores(client, make_game):
    five = {"variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]}
    hand = {"entries": [{"melded": 420}, {"in_hand": 35}, {"melded": 210}, {"melded": 95}, {"in_hand": 120}]}
    game_id = played(client, make_game, five, [hand])
    data = sheet(client, game_id)
    text = "\n".join(p["text"] for p in pdf_pages(data))
    assert "partner Cleo" in text and "Own Deal Total" in text
    # RULES.md §6: own scores 420, −35, 210, 95, −120 and deal scores 630, 60, 90, 515, −155
    assert "420 420 630 630" in rows(text, 1) and f"{MINUS}120 {MINUS}155 {MINUS}155" in rows(text, 1)
    # own, deal and total of every player at 11 pt, the entries smaller
    assert big_words(data)["1"] == ["420", "630", "630", f"{MINUS}35", "60", "60", "210", "90", "90",
                                  "95", "515", "515", f"{MINUS}120", f"{MINUS}155", f"{MINUS}155"]
    render_png(data, "game-five-person")


def three_side_hand(n: int) -> dict:
    """Three partnerships; one goes out in turn (entries chosen so no entry prints like a score)."""
    entries = [{"natural_canastas": 1, "melded": 305 + 10 * side, "in_hand": 15 * (n % 3)} for side in range(3)]
    entries[n % 3].update(dirty_canastas=1, sevens_canastas=1, wild_canastas=1, went_out=True, in_hand=0)
    return {"entries": entries}


SHEETS = {
    "2 sides": (ODD_NAMES, [HAND_1, HAND_2]),
    "3 sides": ({"variant": "ponytail", "sides": [{"name": f"S{k}", "players": [f"A{k}", f"B{k}"]} for k in range(3)],
                 "options": {"decks": 8, "target": 1_000_000}}, [three_side_hand(n) for n in range(1, 31)]),
    "5 sides": ({"variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev",
                                                                                         "Eve")]},
                [{"entries": [{"melded": 420}, {"in_hand": 35}, {"melded": 210}, {"melded": 95}, {"in_hand": 120}]}] * 4),
}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", sorted(SHEETS))
def test_nothing_is_printed_below_9_pt_and_scores_at_11(client, make_game, which, paper):
    payload, hands = SHEETS[which]
    game_id = played(client, make_game, payload, hands)
    data = sheet(client, game_id, paper=paper)
    assert min(char_sizes(data)) >= 9
    game = client.get(f"/api/games/{game_id}").get_json()
    own = "own" in game["hands"][0]["scores"][0]
    printed = big_words(data)
    for hand in game["hands"]:
        expected = [shown(v) for s in hand["scores"]
                    for v in ((s["own"], s["total"], s["running_total"]) if own else (s["total"], s["running_total"]))]
        assert printed[str(hand["number"])] == expected  # the hand's scores and totals, at 11 pt or more
    render_png(data, f"game-{which.replace(' ', '-')}-{paper}")


def test_a_long_game_grows_down_the_pages(client, make_game):
    payload, hands = SHEETS["3 sides"]
    short = sheet(client, played(client, make_game, payload, hands[:5]))
    long = sheet(client, played(client, make_game, payload, hands))
    assert len(pdf_pages(short)) == 1 and len(pdf_pages(long)) >= 2
    last = pdf_pages(long)[-1]["text"]
    assert rows(last, 30).startswith("30 ") and last.count("Score Total") == 3  # the heads again, over the last rows


@pytest.mark.parametrize("query, field", [({"paper": "a3"}, "paper"), ({"paper": ""}, "paper")])
def test_bad_paper_is_refused(client, make_game, query, field):
    game = make_game()
    response = client.get(f"/games/{game['id']}/sheet.pdf", query_string=query)
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == [field]


def test_unknown_game_is_404(client):
    response = client.get("/games/nosuchgame/sheet.pdf")
    assert response.status_code == 404
    assert response.get_json() == {"errors": [{"field": None, "message": "There is no game with id “nosuchgame”."}]}


def test_pdfs_are_drawn_with_reportlabs_c_accelerator():
    # without rl_accel (reportlab[accel] in requirements.txt) reportlab falls back to pure Python,
    # silently, and a 50-hand sheet takes about half as long again (bench/RESULTS.md)
    from reportlab.lib import rl_accel

    assert [getattr(rl_accel, name).__module__ for name in ("fp_str", "asciiBase85Encode", "instanceStringWidthTTF")] \
        == ["_rl_accel"] * 3

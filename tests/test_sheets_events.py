"""A club night on paper (issue 26): the results sheet and a round's seating, read back from the PDF."""
from __future__ import annotations

import io
import os

import pdfplumber
import pytest

from sheets.event_sheets import results_pdf, seating_pdf
from tests.sheet_helpers import ACCENTED, club_night, pdf_pages, render_png

def cards(data: bytes) -> list[str]:
    """The big words of each table card (15 pt and up: the table's number and who sits there), card by card:
    page by page, row by row, left card before right."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages):
            words = page.extract_words(extra_attrs=["size"], keep_blank_chars=True)
            titles = [w for w in words if round(w["size"]) == 34 and w["text"].startswith("Table ")]
            for title in titles:
                left = title["x0"] < page.width / 2
                below = sorted((w for w in words if 15 <= w["size"] < 34 and (w["x0"] < page.width / 2) == left
                                and 0 < w["top"] - title["top"] < 200), key=lambda w: w["top"])
                mine = [w["text"] for w in below if not any(0 < w["top"] - t["top"] < w["top"] - title["top"]
                                                            for t in titles if (t["x0"] < page.width / 2) == left)]
                found.append(((number, round(title["top"]), not left), " ".join([title["text"], *mine])))
    return [words for _, words in sorted(found)]


def text_of(data: bytes) -> str:
    return "\n".join(p["text"] for p in pdf_pages(data))


def line_with(text: str, *words: str) -> str:
    return next(line for line in text.splitlines() if all(w in line for w in words))


def test_results_of_ten_entrants_and_four_rounds_on_one_page():
    event, rows, results, audit = club_night()
    data = results_pdf(event, rows, results, audit, "a4")
    pages = pdf_pages(data)
    assert len(pages) == 1 and (pages[0]["width"], pages[0]["height"]) == (595, 842)
    text = pages[0]["text"]
    assert "Tuesday club · Café Olé" in text and "Classic Canasta" in text and "24 November 2026" in text
    # the standings in their order, with fractional wins as numbers
    order = [line.split()[0] for line in text.split("Standings")[1].split("Table Side")[0].splitlines()[2:]]
    assert order == [str(p) for p in range(1, 11)]
    standing = text.split("Standings")[1].split("Round 1")[0]
    assert [name for _, name in sorted((standing.index(r["name"]), r["name"]) for r in rows)] == \
        [r["name"] for r in rows]
    assert line_with(standing, "Àlex & Nicolà").split()[-4:] == ["4", "3.5", "19,100", "2,300"]
    assert line_with(standing, "Françoise & Weiß").split()[-3] == "2.33"
    assert line_with(standing, "Pair 6").split()[-3] == "0.33"
    assert "VP" not in standing
    save_png(data, "event-results")


def test_results_name_every_table_of_every_round_with_scores_and_winner():
    event, rows, results, audit = club_night()
    text = text_of(results_pdf(event, rows, results, audit, "a4"))
    for round_ in event["round_list"]:
        # each round's band names its movement (issue 39 item 12)
        part = text.split(f"Round {round_['number']} · round robin\n")[1].split(
            f"Round {round_['number'] + 1} · round robin\n")[0]
        for table in round_["tables"]:
            got = results[table["game"]]
            a, b = got["sides"]
            line = line_with(part, a["name"], b["name"])
            if got["winner"] == [0]:  # table, side, score, side, score, winner, by how much
                assert line == f"{table['table']} {a['name']} {a['score']:,} {b['name']} {b['score']:,} " \
                               f"{a['name']} {a['score'] - b['score']:,}"
            else:
                assert line == f"{table['table']} {a['name']} {a['score']:,} {b['name']} {b['score']:,} shared"


def test_results_list_byes_and_the_audit_log_with_accents():
    event, rows, results, audit = club_night(n=9, byes=True)
    text = text_of(results_pdf(event, rows, results, audit, "a4"))
    assert text.count("sits out: Pair 9 (a bye counts as a game won, margin 0)") == 4
    assert "What changed, when, from which device" in text
    line = line_with(text, "20:14")
    assert "24 Nov 20:14" in line and "Núñez's phone" in line and "Table 3, hand 4 corrected" in line
    for name in ACCENTED:
        assert name in text
    for letter in "ñãçßüéà":
        assert letter in text


def test_victory_points_column_only_when_the_event_ranks_by_them():
    event, rows, results, audit = club_night(standings="vp")
    text = text_of(results_pdf(event, rows, results, audit, "a4"))
    assert "Place Entrant Played Wins Points Margin VP" in text
    assert line_with(text, "Àlex & Nicolà", "3.5").split()[-1] == "37"
    assert "ranked by victory points" in text


def test_a_big_event_flows_over_pages_with_the_heads_repeated():
    event, rows, results, audit = club_night(n=40, rounds=7)
    rows = [{"entrant": e, "name": event["entrants"][e]["name"], "place": e + 1, "played": 7, "wins": 7 - e // 6,
             "points": 30000 - 100 * e, "margin": 0, "vp": None} for e in range(40)]
    data = results_pdf(event, rows, results, audit * 10, "letter")
    pages = pdf_pages(data)
    assert len(pages) >= 3 and (pages[0]["width"], pages[0]["height"]) == (612, 792)
    for page in pages:  # every page that carries a table carries its head
        body = page["text"]
        if any(line.split()[:1] and line.split()[0].isdigit() for line in body.splitlines()[1:-1]):
            assert ("Place Entrant" in body or "Table Side Score" in body or "When Device" in body), body[:200]
    text = "\n".join(p["text"] for p in pages)
    assert all(f"Round {k}" in text for k in range(1, 8)) and "Pair 40" in text
    save_png(data, "event-results-big", page=2)


def test_a_round_in_progress_says_not_finished():
    event, rows, results, audit = club_night()
    game = event["round_list"][3]["tables"][0]["game"]
    results[game] = {**results[game], "finished": False, "winner": []}
    text = text_of(results_pdf(event, rows, results, [], "a4"))
    assert "not finished" in text and "Nothing changed after the games were recorded." in text


def test_same_event_same_bytes():
    event, rows, results, audit = club_night()
    assert results_pdf(event, rows, results, audit, "a4") == results_pdf(event, rows, results, audit, "a4")


# -- seating -----------------------------------------------------------------------------------------------------

def test_seating_of_a_small_round_is_one_page_with_the_list_and_a_card_per_table():
    event, *_ = club_night(n=9, byes=True)
    data = seating_pdf(event, 2, "a4")
    [page] = pdf_pages(data)
    text = page["text"]
    round_ = event["round_list"][1]
    for table in round_["tables"]:
        a, b = (event["entrants"][e]["name"] for e in table["entrants"])
        assert f"Table {table['table']}: {a} v {b}" in text
    assert "Sits out: Pair 9" in text
    assert cards(data) == [f"Table {t['table']} " + " ".join(event["entrants"][e]["name"] for e in t["entrants"])
                           for t in round_["tables"]]  # one card each, in table order, names in big type
    for name in ACCENTED:
        assert text.count(name) >= 2  # in the list and on its card
    save_png(data, "event-seating")


@pytest.mark.parametrize("tables, pages", [(6, 1), (7, 2), (20, 3)])
def test_seating_capacity(tables, pages):
    """The whole list is always on page 1 (up to 40 tables); 6 tables fit list and cards on one page,
    then cards go 8 to a page."""
    event, *_ = club_night(n=2 * tables, rounds=1)
    data = seating_pdf(event, 1, "a4")
    printed = pdf_pages(data)
    assert len(printed) == pages
    first = printed[0]["text"]
    assert all(f"Table {t}:" in first for t in range(1, tables + 1))
    assert [c.split()[1] for c in cards(data)] == [str(t) for t in range(1, tables + 1)]


def test_a_round_not_played_is_refused():
    event, *_ = club_night(rounds=2)
    with pytest.raises(ValueError, match="no round 3"):
        seating_pdf(event, 3, "a4")


def save_png(data: bytes, name: str, page: int = 1) -> None:
    """Page `page` as a PNG in test-artifacts/ to look at (it has ink on it)."""
    assert os.path.getsize(render_png(data, name, page)) > 20_000


def test_three_at_a_table_prints_each_side_with_its_score_and_the_seating_names_all_three():
    people = ["Ñandú", "Gonçalo", "Weißmüller", "Andrés", "Lúcia", "Björn"]
    event = {"id": "ev3", "name": "Threesome night", "variant": "classic", "entrants":
             [{"name": p, "players": [p]} for p in people], "table_size": 3, "rounds": 1, "movement": "draw",
             "standings": "points", "finished": False, "created": "2026-11-24T19:30:00",
             "round_list": [{"number": 1, "byes": [], "tables": [
                 {"table": 1, "game": "a", "entrants": [0, 1, 2], "finished": True},
                 {"table": 2, "game": "b", "entrants": [3, 4, 5], "finished": False}]}]}
    results = {"a": {"sides": [{"name": n, "score": s} for n, s in zip(people[:3], (3000, 5200, -40))],
                     "winner": [1], "finished": True},
               "b": {"sides": [{"name": n, "score": s} for n, s in zip(people[3:], (100, 0, 0))],
                     "winner": [], "finished": False}}
    rows = [{"entrant": e, "name": people[e], "place": k + 1, "played": 1 if e < 3 else 0, "wins": 0,
             "points": 0, "margin": 0, "vp": None} for k, e in enumerate(range(6))]
    text = text_of(results_pdf(event, rows, results, [], "a4"))
    assert "1 Ñandú 3,000 · Gonçalo 5,200 · Weißmüller −40 Gonçalo 2,200" in text
    assert "2 Andrés 100 · Lúcia 0 · Björn 0 not finished" in text
    seating = seating_pdf(event, 1, "letter")
    assert "Table 1: Ñandú v Gonçalo v Weißmüller" in pdf_pages(seating)[0]["text"]
    assert cards(seating) == ["Table 1 Ñandú Gonçalo Weißmüller", "Table 2 Andrés Lúcia Björn"]

"""Taking a game home: the scores as CSV, the chart on the page and the sheet, the result to share."""
from __future__ import annotations

import csv
import io
import re

import pdfplumber

from .pages import read, url
from .player_helpers import WIN_FIRST, WIN_SECOND, play
from .sheet_helpers import render_png


def with_start(*names, start=None, **options):
    sides = [{"name": n, "players": [n]} for n in names]
    if start is not None:
        sides[0]["start_score"] = start
    return {"variant": "pony", "sides": sides, **({"options": options} if options else {})}


def rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def test_scores_csv_has_a_row_per_hand_and_each_sides_parts_score_and_total(client):
    game = play(client, {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                          {"name": "Them", "players": ["Cy", "Di"]}]},
                WIN_FIRST, WIN_SECOND, end=False)
    r = client.get(url(client.application, "downloads.game_scores", game_id=game["id"]))
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert r.headers["Content-Disposition"] == f'attachment; filename="meldbook-{game["id"]}-scores.csv"'
    table = rows(r)
    head = table[0]
    assert head[0] == "Hand" and "Us: Natural canastas" in head and "Them: Melded points" in head
    assert head[-2:] == ["Them: hand score", "Them: running total"]
    records = [dict(zip(head, row)) for row in table[1:]]
    assert [(r["Hand"], r["Us: hand score"], r["Us: running total"], r["Them: hand score"], r["Them: running total"])
            for r in records] == [("1", "1000", "1000", "600", "600"), ("2", "600", "1600", "1000", "1600")]
    # a count and the points it scored, each in its own column (tests/test_scores_csv_columns.py)
    assert (records[0]["Us: Natural canastas"], records[0]["Us: Natural canastas (points)"]) == ("1", "500")
    assert records[0]["Them: Dirty canastas (points)"] == "300"


def test_scores_csv_starts_with_the_brought_forward_row_and_escapes_formulas(client):
    game = play(client, with_start("=SUM(A1)", "+Bo", "@Cy", start=2500), [{"melded": 100}] * 3, end=False)
    table = rows(client.get(url(client.application, "downloads.game_scores", game_id=game["id"])))
    assert table[0][0] == "Hand" and all(not c.startswith(("=", "+", "-", "@")) for c in table[0])
    assert {"'=SUM(A1): running total", "'+Bo: hand score", "'@Cy: running total"} <= set(table[0])
    first = dict(zip(table[0], table[1]))
    assert (first["Hand"], first["'=SUM(A1): running total"], first["'+Bo: running total"]) == (
        "Brought forward", "2500", "0")
    assert dict(zip(table[0], table[2]))["'=SUM(A1): running total"] == "2600"


def test_an_unknown_games_csv_is_404_in_words(client):
    r = client.get(url(client.application, "downloads.game_scores", game_id="nosuchgame"))
    assert r.status_code == 404
    assert read(r).landmark("main").by_text("There is no game with id “nosuchgame”.", tag="p")


def test_the_game_page_draws_the_running_totals_with_words_for_them(client):
    game = play(client, with_start("Ann", "Bo", "Cy", start=1200), [{"melded": 100}, {"melded": 50}, {}], end=False)
    doc = read(client.get(url(client.application, "pages.game", game_id=game["id"])))
    chart = doc.one("img", re.compile("^Running totals, hand by hand "))
    assert chart.tag == "svg"
    desc = chart.description or chart.name
    assert "brought forward from paper" in desc and "Ann: 1,200, 1,300." in desc and "Bo: 0, 50." in desc
    lines = [e for e in chart.walk() if e.tag == "polyline"]
    assert len(lines) == 3 and not any("style" in e.attrs for e in chart.walk())
    assert "series-0" in lines[0].get("class", "")
    figure = chart.parent
    assert [item for item in figure.items()] == ["Ann 1,300", "Bo 50", "Cy 0"]  # the key, each line's last total
    empty = client.post("/api/games", json=with_start("Ann", "Bo", "Cy")).get_json()
    doc = read(client.get(url(client.application, "pages.game", game_id=empty["id"])))
    assert doc.all("img", re.compile("^Running totals")) == []


def test_a_finished_game_offers_to_share_the_result(client):
    game = play(client, with_start("Ann", "Bo", "Cy", start=1200), [{"melded": 100}, {"melded": 50}, {}])
    doc = read(client.get(url(client.application, "pages.game", game_id=game["id"])))
    share = doc.button("Share the result")
    assert share.get("data-share-text") == "Pony Canasta: Ann won by 1,250. Ann 1,300 · Bo 50 · Cy 0 (1 hand)."
    script = url(client.application, "static", filename="share.js")
    assert script in [e.get("src") for e in doc.walk() if e.tag == "script"]
    assert client.get(script).status_code == 200
    unfinished = play(client, with_start("Ann", "Bo", "Cy"), end=False)
    assert read(client.get(url(client.application, "pages.game", game_id=unfinished["id"]))).all(
        "button", "Share the result") == []


def test_the_score_sheet_has_the_brought_forward_row_and_the_chart(client):
    game = play(client, with_start("Ann", "Bo", "Cy", start=1200), [{"melded": 100}, {"melded": 50}, {}],
                [{"melded": 200}, {}, {"melded": 400}])
    data = client.get(f"/games/{game['id']}/sheet.pdf").data
    render_png(data, "sheet-brought-forward")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        lines = (page.extract_text() or "").splitlines()
        assert any(line.startswith("b/f") and "1,200" in line for line in lines)
        assert any("b/f brought forward" in line for line in lines)
        assert any(line.startswith("Running totals, hand by hand") for line in lines)
        # one line per side below the chart's title, through hand 0 (brought forward), 1 and 2
        title = next(w for w in page.extract_words() if w["text"] == "Running")
        drawn = [c for c in page.curves if c["top"] > title["bottom"]]
        assert sorted(len(c["pts"]) for c in drawn) == [3, 3, 3]
        assert len({c["stroking_color"] for c in drawn}) == 3

"""A whole burraco evening in Chromium, in Italian (issue 32): four pairs, two tables, Mitchell, turns of 3 deals,
FIBUR's 3-deal VP scale. The director makes the night on the form and starts turn 1; table 1's phone records its
three deals on the hand form (RULES.md §9's worked example), table 2 plays on paper and the director copies its slip
while table 2's phone watches; the TV shows the seating by lines, VP and MP, then the turn's results. Turn 2 starts
(turn 1 closes): the director corrects a deal of table 1's finished game and penalises a pair, and the standings, the
screen and the log follow. Screenshots of the director's page, a table's phone, the TV and the results PDF."""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from playwright.sync_api import expect

from tests.examples import BURRACO
from tests.sheet_helpers import pdf_pages, render_png

from .devices import PHONE, Page
from .table import answer_nobody, enter, type_points
from .layout import LAPTOP, TV, broken_words, overflowing

pytestmark = pytest.mark.browser

PAIRS = ["Ada & Bea", "Carlo & Dino", "Elsa & Fede", "Gino & Ugo"]  # Mitchell: the first two sit North-South
SLIP = [(450, 120), (-60, 785), (300, 215)]  # table 2's paper: Carlo & Dino 690, Gino & Ugo 1,120


@pytest.fixture
def room(chromium, server):
    """The director's laptop, the room's TV and two table phones, all in Italian; none may have complained."""
    opened = {"director": Page(chromium, server, LAPTOP, locale="it-IT"),
              "screen": Page(chromium, server, TV, locale="it-IT"),
              "table 1": Page(chromium, server, PHONE, locale="it-IT"),
              "table 2": Page(chromium, server, PHONE, locale="it-IT")}
    yield opened
    for device in opened.values():
        device.context.close()
    assert {k: d.console for k, d in opened.items()} == {k: [] for k in opened}


def make_evening(page) -> str:
    page.goto("/events/new")
    page.get_by_label("Nome della serata").fill("Venerdì al circolo")
    page.get_by_label("Burraco", exact=True).check()
    page.get_by_label("Smazzate per turno").fill("3")
    page.get_by_label("Minuti per turno").fill("90")
    page.get_by_label("Chi gioca").fill("\n".join(PAIRS))
    page.get_by_label("Turni", exact=True).fill("2")
    page.get_by_label("Mitchell", exact=True).check()
    page.get_by_label("Punti vittoria", exact=True).check()
    page.get_by_label("Scala dei punti vittoria", exact=True).select_option("fibur-3")
    page.get_by_role("button", name="Crea la serata del circolo").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Venerdì al circolo")
    return page.url.rstrip("/").rsplit("/", 1)[1]


def open_table(page, event_id: str, table: int) -> str:
    page.goto(f"/events/{event_id}/tables")
    page.get_by_role("link", name=re.compile(f"^Tavolo {table}")).click()
    expect(page).to_have_url(re.compile(r"/games/\w+$"))
    return page.url


def board(screen) -> dict[str, list[str]]:
    """The TV's standings: each pair's VP, MP and margin, in the order shown."""
    rows = screen.locator(".screen-standings tbody tr")
    return {row.locator(".name bdi").text_content(): [row.locator(c).text_content() for c in (".figure", "td.points",
                                                                                            ".margin")]
            for row in rows.all()}


def test_a_burraco_evening_in_italian_phones_paper_screen_a_late_correction_and_a_penalty(room):
    director, screen = room["director"].page, room["screen"].page
    event_id = make_evening(director)
    director.get_by_role("button", name="Inizia il turno 1").click()
    expect(director.get_by_role("heading", name="Turno 1 di 2")).to_be_visible()

    screen.goto(f"/events/{event_id}/screen")
    seats = screen.locator(".board-seating li")
    expect(seats).to_have_text([re.compile(r"^Tavolo 1\s*NS\s*Ada & Bea\s*EO\s*Elsa & Fede\s*Non iniziato$"),
                                re.compile(r"^Tavolo 2\s*NS\s*Carlo & Dino\s*EO\s*Gino & Ugo\s*Non iniziato$")],
                               use_inner_text=True)  # the pairs one a line: the " v " between them is not shown
    expect(screen.locator(".screen-standings thead th")).to_have_text(["Posizione", "Nome", "VP", "MP", "Scarto"])

    # table 2's phone opens its table and watches; its pairs play on paper
    watcher = room["table 2"].page
    paper_game = open_table(watcher, event_id, 2)

    # table 1's phone records the worked example's three deals on the hand form: 1,540 – 1,455
    phone = room["table 1"].page
    game_1 = open_table(phone, event_id, 1)
    expect(phone.locator(".club-seat")).to_contain_text("Turno 1 di 2 · Tavolo 1")
    for number, hand in enumerate(BURRACO.hands, start=1):
        phone.get_by_role("link", name=f"Registra smazzata {number}").click()
        for side, entry in enumerate(hand.entries):
            enter(phone, side, entry)
        answer_nobody(phone)  # deal 3: the stock ran out, nobody closed
        phone.get_by_role("button", name=f"Registra smazzata {number}").click()
        expect(phone.get_by_label("Totale di Ada & Bea")).to_have_text(f"{hand.running[0]:,}".replace(",", "."))
    expect(phone.get_by_label("Totale di Elsa & Fede")).to_have_text("1.455")
    expect(phone.get_by_role("heading", name="Partita finita")).to_be_visible()
    assert broken_words(phone, ".game-over") == [] and overflowing(phone, ".final") == []
    room["table 1"].shot("burraco-evening-it-phone-table-1")
    finished = re.compile(r"^Tavolo 1\s*NS\s*Ada & Bea\s*1\.540\s*EO\s*Elsa & Fede\s*1\.455\s*Finita$")
    expect(seats.first).to_have_text(finished, use_inner_text=True)  # the TV, never reloaded
    expect(screen.locator(".board-next")).to_have_count(0)  # table 2 still plays

    # the director copies table 2's slip; its phone sees the deals arrive, each marked as copied from paper
    director.get_by_role("link", name="Copia il foglio del tavolo 2").click()
    for number, (first, second) in enumerate(SLIP, start=1):
        director.locator(f'input[name="hands[{number}].entries[0].total"]').fill(str(first))
        director.locator(f'input[name="hands[{number}].entries[1].total"]').fill(str(second))
    director.get_by_role("button", name="Copia il foglio").click()
    expect(director).to_have_url(paper_game)
    expect(director.locator(".game-paper")).to_have_text("Inserita da un foglio segnapunti")
    expect(watcher.get_by_label("Totale di Gino & Ugo")).to_have_text("1.120")
    expect(watcher.locator(".history .paper-mark")).to_have_text(["dal foglio"] * 3)
    director.get_by_role("link", name="← Venerdì al circolo").click()
    paper_table = director.locator(".event-table").filter(has_text="Tavolo 2")
    expect(paper_table).to_contain_text("Finita: 690 – 1.120 · Vince: Gino & Ugo")
    expect(paper_table.locator(".paper-mark")).to_have_text("inserita dal foglio")
    expect(director.locator(".event-table .paper-mark")).to_have_count(1)  # table 1 used its phone
    room["director"].shot("burraco-evening-it-director-paper")

    # the TV: turn 1's results by fibur-3 — 85 (55–150) is 11–9, 430 (355–500) is 14–6 — and what comes next
    expect(screen.get_by_role("heading", name="Risultati del turno 1")).to_be_visible()
    expect(screen.locator(".board-next")).to_have_text(
        "Turno 2: i posti compaiono qui quando l'arbitro lo avvia.")
    assert board(screen) == {"Gino & Ugo": ["14", "1.120", "+430"], "Ada & Bea": ["11", "1.540", "+85"],
                             "Elsa & Fede": ["9", "1.455", "−85"], "Carlo & Dino": ["6", "690", "−430"]}
    assert broken_words(screen, ".board") == [] and overflowing(screen, ".board-seating li, .screen-standings") == []
    room["screen"].shot("burraco-evening-it-screen-turn-1")

    # turn 2 starts (turn 1 closes): Mitchell moves East-West one table on
    director.get_by_role("button", name="Inizia il turno 2").click()
    expect(director.get_by_role("heading", name="Turno 2 di 2")).to_be_visible()
    expect(seats).to_have_text([re.compile(r"^Tavolo 1\s*NS\s*Ada & Bea\s*EO\s*Gino & Ugo"),
                                re.compile(r"^Tavolo 2\s*NS\s*Carlo & Dino\s*EO\s*Elsa & Fede")],
                               use_inner_text=True)

    # the referee corrects deal 3 of table 1's finished game: Ada & Bea melded 110, not 310 (265, not 465)
    director.goto(game_1)
    director.locator("details.hand summary").filter(has_text="Smazzata 3").click()
    director.get_by_role("link", name="Correggi smazzata 3").click()
    type_points(director, 0, "melded", 110)
    director.get_by_role("button", name="Salva smazzata 3").click()
    expect(director.get_by_label("Totale di Ada & Bea")).to_have_text("1.340")

    # and penalises Gino & Ugo one VP for turn 1
    director.get_by_role("link", name="← Venerdì al circolo").click()
    director.get_by_label("Coppia o giocatore").select_option(label="Gino & Ugo")
    director.get_by_label("Turno", exact=True).select_option("1")
    director.get_by_label("Punti vittoria (VP)").fill("-1")
    director.get_by_label("Punti partita (MP)").fill("0")
    director.get_by_label("Motivo").fill("ritardo all'inizio")
    director.get_by_role("button", name="Aggiungi la penalità o il premio").click()
    expect(director.locator(".adjustment-list li")).to_contain_text("ritardo all'inizio")

    # Elsa & Fede now win table 1 by 115: 11–9 the other way; Gino & Ugo 14 − 1
    expected = {"Gino & Ugo": ["13", "1.120", "+430"], "Elsa & Fede": ["11", "1.455", "+115"],
                "Ada & Bea": ["9", "1.340", "−115"], "Carlo & Dino": ["6", "690", "−430"]}
    standings = director.locator("#standings-title + .table-scroll tbody tr")
    expect(standings.locator(".name bdi")).to_have_text(list(expected))
    expect(standings.locator(".figure")).to_have_text([v[0] for v in expected.values()])
    expect(screen.locator(".screen-standings tbody .figure")).to_have_text([v[0] for v in expected.values()])
    assert board(screen) == expected
    expect(screen.locator(".screen-standings .adjusted")).to_have_text("(VP −1)")  # its 0 MP not said
    log = director.locator(".event-log tbody tr td:nth-child(2)")
    expect(log).to_have_count(2)
    expect(log.filter(has_text="smazzata 3 corretta")).to_have_text(
        "Turno 1, tavolo 1: smazzata 3 corretta: Ada & Bea 1.540 → 1.340; è cambiato il vincitore: Elsa & Fede "
        "(prima: Ada & Bea)")
    expect(log.filter(has_text="Rettifica")).to_have_text(
        "Rettifica a Gino & Ugo nel turno 1: VP −1, punti 0 (ritardo all'inizio).")
    by = director.locator(".event-log .device").all_text_contents()
    assert by[0] == by[1] and by[0].startswith("Dispositivo senza nome")  # one laptop, named alike both times
    room["director"].shot("burraco-evening-it-director")
    room["screen"].shot("burraco-evening-it-screen-after-penalty")

    # the results PDF says the same
    for _ in range(30):  # a loaded machine answers 503 "being prepared" (Retry-After) while the sheet is drawn
        answer = director.request.get(f"/events/{event_id}/results.pdf", headers={"Accept-Language": "it-IT"})
        if answer.status != 503:
            break
        director.wait_for_timeout(1_000)
    assert answer.ok, answer.status
    text = " ".join(p["text"] for p in pdf_pages(answer.body()))
    assert "Gino & Ugo" in text and "ritardo all'inizio" in text and "1.340" in text
    with pdfplumber.open(io.BytesIO(answer.body())) as pdf:  # the penalty's −1 in the sheet's type, not Helvetica
        assert {c["fontname"] for p in pdf.pages for c in p.chars if "Helvetica" in c["fontname"]} == set()
    render_png(answer.body(), "burraco-evening-it-results")

"""Big events in sections (API.md "Big events: sections", Settled turn 6): the split, each section's movement and
byes, the tables numbered on from section to section, the section letter of round_list's tables, the standings of
one field with each row's section and section place, ?section= on every page and file, and the refusals."""
from __future__ import annotations

import csv
import io
import random
import re

import pytest

from app import create_app
from scoring.events import Entrant, Event, Round, TableGame, pair_round, sections, standings
from tests.event_page_helpers import FORM, errors_at
from tests.events_helpers import entrants, finish_round
from tests.pages import post, read


def _event(n: int, k: int | None, movement: str = "mitchell", rounds: int = 4) -> Event:
    return Event(name="N", variant="classic", options={}, entrants=tuple(Entrant(f"P{i}", (f"A{i}",)) for i in range(n)),
                 table_size=2, rounds=rounds, movement=movement, standings="points", sections=k)


def _new(client, n=13, k=3, movement="mitchell", rounds=3, **more):
    body = {"name": "National", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(n),
            "table_size": 2, "rounds": rounds, "movement": movement, "standings": "points", "sections": k, **more}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _start(client, event_id):
    answer = client.post(f"/api/events/{event_id}/rounds")
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


# -- the split --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, k, expected", [
    (12, 3, [4, 4, 4]), (13, 3, [5, 4, 4]), (14, 3, [5, 5, 4]),  # every remainder of 3
    (20, 4, [5, 5, 5, 5]), (21, 4, [6, 5, 5, 5]), (22, 4, [6, 6, 5, 5]), (23, 4, [6, 6, 6, 5]),
    (10, 2, [5, 5]), (11, 2, [6, 5]), (52, 26, [2] * 26),
])
def test_the_first_n_mod_k_sections_are_one_entrant_larger(n, k, expected):
    found = sections.split(n, k)
    assert [len(s.entrants) for s in found] == expected
    assert [e for s in found for e in s.entrants] == list(range(n))  # in entrants order, each once
    assert [s.letter for s in found] == [chr(ord("A") + i) for i in range(k)]


@pytest.mark.parametrize("n, k, numbers", [
    (24, 2, [range(1, 7), range(7, 13)]),  # API.md's A 1–12, B 13–24 … in small
    (13, 3, [range(1, 4), range(4, 6), range(6, 8)]),  # 5, 4, 4 entrants: 3, 2, 2 tables
    (15, 3, [range(1, 4), range(4, 7), range(7, 10)]),  # 5 each: ⌈5/2⌉ = 3, the table of the bye counted
])
def test_tables_are_numbered_on_from_section_to_section(n, k, numbers):
    assert [s.numbers for s in sections.split(n, k)] == numbers


# -- each section seated by its movement --------------------------------------------------------------------------

def _mitchell_rounds(n: int, k: int, how_many: int):
    """`how_many` Mitchell rounds of a sectioned event, every game finished (the first seat wins)."""
    event, played = _event(n, k, rounds=how_many), []
    for number in range(1, how_many + 1):
        pairing = sections.seat_each(event, played, (), lambda one, r, a: pair_round(one, r, number,
                                                                                      random.Random(0), None, a))
        played.append(Round(tuple(TableGame(t, (150, 100), (0,), True) for t in pairing.tables), pairing.byes))
        yield pairing


@pytest.mark.parametrize("n, k, round_number, tables, numbers, byes", [
    # 13 in 3: A has 0–4 (North-South 0, 1, 2; East-West 3, 4 move one table on), B 5–8, C 9–12
    (13, 3, 1, [(0, 3), (1, 4), (5, 7), (6, 8), (9, 11), (10, 12)], [1, 2, 4, 5, 6, 7], [2]),
    (13, 3, 2, [(1, 3), (2, 4), (5, 8), (6, 7), (9, 12), (10, 11)], [2, 3, 4, 5, 6, 7], [0]),
    # 15 in 3 of 5, round 3: each section's East-West pairs two tables on, its second North-South pair out
    (15, 3, 3, [(0, 4), (2, 3), (5, 9), (7, 8), (10, 14), (12, 13)], [1, 3, 4, 6, 7, 9], [1, 6, 11]),
    # 10 in 2 of 5: a bye in each section, at the table its East-West entrant does not reach
    (10, 2, 1, [(0, 3), (1, 4), (5, 8), (6, 9)], [1, 2, 4, 5], [2, 7]),
])
def test_every_section_plays_its_own_mitchell_and_byes(n, k, round_number, tables, numbers, byes):
    pairing = list(_mitchell_rounds(n, k, round_number))[-1]
    assert list(pairing.tables) == tables
    assert list(pairing.table_numbers()) == numbers
    assert list(pairing.byes) == byes


def test_no_two_entrants_of_different_sections_ever_meet():
    of = sections.letters(16, 3)  # 6, 5, 5: three Mitchell rounds in each
    for pairing in _mitchell_rounds(16, 3, 3):
        assert all(len({of[e] for e in t}) == 1 for t in pairing.tables)


def test_a_sections_danish_seats_by_the_fields_order_restricted_to_it():
    """Section B's Danish pairs B's 1st v 2nd … by the field's standings (here: by points, B's last entrant best)."""
    event = _event(8, 2, movement="danish", rounds=2)
    games = (TableGame((0, 1), (100, 90), (0,), True), TableGame((2, 3), (80, 70), (0,), True),
             TableGame((4, 5), (10, 20), (1,), True), TableGame((6, 7), (30, 400), (1,), True))
    played = [Round(games)]
    field = [row.entrant for row in standings(event, games)]
    pairing = sections.seat_each(event, played, (), lambda one, r, a: pair_round(one, r, 2, random.Random(0),
                                                                                  "danish", a))
    restricted = {letter: [e for e in field if sections.letters(8, 2)[e] == letter] for letter in "AB"}
    expected = [tuple(restricted[x][i:i + 2]) for x in "AB" for i in (0, 2)]
    assert list(pairing.tables) == expected == [(0, 1), (2, 3), (7, 6), (5, 4)]


# -- the API: round_list, one transaction, standings ------------------------------------------------------------

def test_a_round_starts_in_every_section_at_once_each_table_with_its_letter(client):
    event = _new(client)
    started = _start(client, event["id"])
    assert [(t["section"], t["table"], t["entrants"]) for t in started["tables"]] == [
        ("A", 1, [0, 3]), ("A", 2, [1, 4]), ("B", 4, [5, 7]), ("B", 5, [6, 8]), ("C", 6, [9, 11]),
        ("C", 7, [10, 12])]
    shown = client.get(f"/api/events/{event['id']}").get_json()
    assert shown["sections"] == 3
    assert [t["section"] for t in shown["round_list"][0]["tables"]] == ["A", "A", "B", "B", "C", "C"]


def test_an_event_in_no_sections_says_none_and_its_tables_no_letter(client):
    event = client.post("/api/events", json={"name": "Club", "variant": "classic", "options": {"target": 5000},
                                             "entrants": entrants(4), "table_size": 2, "rounds": 1,
                                             "movement": "swiss", "standings": "points"}).get_json()
    started = _start(client, event["id"])
    assert event["sections"] is None and all("section" not in t for t in started["tables"])


def test_the_standings_rank_one_field_with_section_and_section_place(client):
    event = _new(client, n=8, k=2, movement="danish", rounds=1)
    started = _start(client, event["id"])
    finish_round(client, started, lambda t: (150 + 5 * t["table"], 100))  # no two level on every tie-break
    rows = client.get(f"/api/events/{event['id']}/standings").get_json()
    assert [r["place"] for r in rows] == list(range(1, 9))
    assert [r["section"] for r in rows] == [sections.letters(8, 2)[r["entrant"]] for r in rows]
    assert [t["table"] for t in started["tables"]] == [1, 2, 3, 4]  # A 1–2, B 3–4
    for letter in "AB":  # each section's places, in the field's order, are 1 to 4
        mine = [r for r in rows if r["section"] == letter]
        assert [r["section_place"] for r in mine] == list(range(1, 5))


@pytest.mark.parametrize("field, expected", [
    # (entrant, place) in the field's order; entrants 0, 1 are section A, 2, 3 section B
    ([(0, 1), (2, 2), (1, 3), (3, 4)], [1, 1, 2, 2]),
    ([(0, 1), (1, 1), (2, 3), (3, 4)], [1, 1, 1, 2]),  # a shared field place is a shared section place
    ([(2, 1), (0, 2), (3, 2), (1, 4)], [1, 1, 2, 2]),
])
def test_section_place_is_the_rank_among_its_sections_entrants(field, expected):
    rows = [{"entrant": e, "place": p} for e, p in field]
    assert [r["section_place"] for r in sections.mark_rows(rows, 4, 2)] == expected


def test_games_between_tied_entrants_count_only_where_they_met():
    """A and B's winners level on points: they never met, so the margin splits them; within A, the game
    between two level entrants decides."""
    event = _event(8, 2, movement="danish", rounds=1)
    games = [TableGame((0, 1), (200, 100), (0,), True), TableGame((2, 3), (100, 100), (0, 1), True),
             TableGame((4, 5), (200, 50), (0,), True), TableGame((6, 7), (10, 10), (0, 1), True)]
    rows = standings(event, games)
    assert [(r.entrant, r.place, r.tie_break) for r in rows[:2]] == [(4, 1, "margin"), (0, 2, "margin")]


# -- the refusals -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, n, words", [
    ("3", 13, "must be a whole number, not text"),
    (2.5, 13, "no fractions"),
    (True, 13, "not true/false"),
    (1, 13, "from 2 to 26"),
    (27, 60, "from 2 to 26"),
    (-2, 13, "cannot be negative"),
    (7, 13, "leave a section with 1, fewer than one table of 2; with 13 entrants choose at most 6 sections"),
    (3, 5, "leave a section with 1"),
])
def test_a_wrong_sections_is_refused_naming_it(client, value, n, words):
    answer = client.post("/api/events", json={"name": "N", "variant": "classic", "entrants": entrants(n),
                                              "table_size": 2, "rounds": 2, "movement": "mitchell",
                                              "standings": "points", "sections": value})
    assert answer.status_code == 422
    refusals = [e for e in answer.get_json()["errors"] if e["field"] == "sections"]
    assert len(refusals) == 1 and words in refusals[0]["message"]
    assert client.get("/api/events").get_json() == []


def test_a_round_robin_of_sections_counts_its_rounds_by_the_smallest_section(client):
    answer = client.post("/api/events", json={"name": "N", "variant": "classic", "entrants": entrants(9),
                                              "table_size": 2, "rounds": 4, "movement": "round-robin",
                                              "standings": "points", "sections": 2})
    assert answer.status_code == 422  # sections of 5 and 4: the 4's round robin has 3 rounds
    assert [e["field"] for e in answer.get_json()["errors"]] == ["rounds"]


def test_the_sections_tables_together_stay_within_a_rounds_most_tables(client):
    answer = client.post("/api/events", json={"name": "N", "variant": "classic", "entrants": entrants(512),
                                              "table_size": 2, "rounds": 2, "movement": "mitchell",
                                              "standings": "points", "sections": 26})
    assert answer.status_code == 422  # 26 sections of 19 or 20: 10 tables each, 260 in all
    assert "need 260 tables a round; at most 256" in answer.get_json()["errors"][0]["message"]


# -- ?section= on every page and file -----------------------------------------------------------------------------

@pytest.fixture
def played(client):
    """13 pairs in 3 sections, round 1 finished (table t's first seat wins 150 + 5t to 100), round 2 started."""
    event = _new(client)
    finish_round(client, _start(client, event["id"]), lambda t: (150 + 5 * t["table"], 100))
    _start(client, event["id"])
    return event


PAGES = ["/events/{id}", "/events/{id}/screen", "/events/{id}/results.pdf", "/events/{id}/results.csv",
         "/events/{id}/results.html", "/events/{id}/live", "/events/{id}/screen/live", "/events/{id}/tables"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("asked, status", [("B", 200), ("b", 200), ("", 200), ("Z", 404), ("<x>", 404),
                                           ("AB", 404)])
def test_every_page_and_file_takes_a_section_and_refuses_an_unknown_one(client, played, page, asked, status):
    answer = client.get(page.format(id=played["id"]), query_string={"section": asked})
    assert answer.status_code == status
    if status == 404 and page.endswith((".csv", ".pdf")) is False and "/live" not in page:
        assert "its sections are A, B and C" in answer.get_data(as_text=True)


def test_a_section_of_an_event_in_no_sections_is_a_clear_404(client):
    event = client.post("/api/events", json={"name": "Club", "variant": "classic", "entrants": entrants(4),
                                             "table_size": 2, "rounds": 1, "movement": "swiss",
                                             "standings": "points"}).get_json()
    answer = client.get(f"/events/{event['id']}/screen?section=A")
    assert answer.status_code == 404 and "not split into sections" in answer.get_data(as_text=True)


def _table_marks(page) -> list[str]:
    return [e.text for e in read(page).walk() if "table-no" in e.get("class", "").split()]


@pytest.mark.parametrize("asked, marks", [
    ("B", ["Table B 4", "Table B 5"]),
    (None, ["Table A 2", "Table A 3", "Table B 4", "Table B 5", "Table C 6", "Table C 7"]),
])
@pytest.mark.parametrize("page", ["/events/{id}", "/events/{id}/screen", "/events/{id}/tables"])
def test_the_pages_show_each_tables_section_and_only_the_sections_asked(client, played, page, asked, marks):
    answer = client.get(page.format(id=played["id"]), query_string={"section": asked} if asked else {})
    assert _table_marks(answer) == marks


@pytest.mark.parametrize("page", ["/events/{id}", "/events/{id}/screen", "/events/{id}/results.html"])
def test_a_sections_standings_are_its_entrants_with_the_fields_places(client, played, page):
    whole = client.get(f"/api/events/{played['id']}/standings").get_json()
    answer = read(client.get(page.format(id=played["id"]), query_string={"section": "B"}))
    table = next(e for e in answer.walk() if e.tag == "table" and "standings" in e.get("class", "").split())
    shown = [[c.text for c in row.elements() if c.tag in ("td", "th")] for row in table.walk() if row.tag == "tr"][1:]
    expected = [r for r in whole if r["section"] == "B"]
    assert [(row[0], row[1].split(" (")[0].split(" Level")[0]) for row in shown] == [
        (str(r["place"]), r["name"]) for r in expected]


def test_results_csv_of_a_section_keeps_its_entrants_rows_and_the_fields_places(client, played):
    text = client.get(f"/events/{played['id']}/results.csv?section=B").get_data(as_text=True)
    rounds_part, standings_part = text.split("\r\n\r\n")
    round_rows = list(csv.DictReader(io.StringIO(rounds_part)))
    standing_rows = list(csv.DictReader(io.StringIO(standings_part)))
    assert sorted({int(r["entrant"]) for r in round_rows}) == [5, 6, 7, 8]
    assert {r["table"] for r in round_rows} == {"4", "5"}  # whole numbers, unique in the event
    whole = client.get(f"/api/events/{played['id']}/standings").get_json()
    assert [(r["place"], r["entrant"]) for r in standing_rows] == [
        (str(r["place"]), str(r["entrant"])) for r in whole if r["section"] == "B"]


def test_the_director_page_offers_each_section_and_its_screen(client, played):
    page = read(client.get(f"/events/{played['id']}"))
    nav = page.one("navigation", "Sections")
    assert [a.text for a in nav.walk() if a.tag == "a"] == ["All", "A", "B", "C"]
    assert [a.text for a in page.walk() if "section-screen" in a.get("class", "").split()] == [
        "Section A's screen", "Section B's screen", "Section C's screen"]


def test_a_players_own_page_and_the_game_page_say_the_tables_section(client, played):
    own = read(client.get(f"/events/{played['id']}/me/6"))
    assert any(re.fullmatch(r"Table B 5.*", e.text) for e in own.walk() if "own-table" in e.get("class", "").split())
    mine = next(r for r in client.get(f"/api/events/{played['id']}/standings").get_json() if r["entrant"] == 6)
    assert [e.text for e in own.walk() if "own-section-place" in e.get("class", "").split()] == [
        f"Section B, place {mine['section_place']}"]
    game = client.get(f"/api/events/{played['id']}").get_json()["round_list"][1]["tables"][2]
    assert "Table B 4" in read(client.get(f"/games/{game['game']}")).text()


def test_export_import_backup_and_restore_keep_the_sections(client, played, tmp_path):
    from service import transfer

    database = client.application.config["DATABASE"]
    transfer.export_to(database, str(tmp_path / "export.json"))
    transfer.import_from(str(tmp_path / "export.json"), str(tmp_path / "imported.sqlite"))
    transfer.backup_to(database, str(tmp_path / "backup.sqlite"))
    transfer.restore_from(str(tmp_path / "backup.sqlite"), str(tmp_path / "restored.sqlite"))
    original = client.get(f"/api/events/{played['id']}").get_json()
    for copy in ("imported.sqlite", "restored.sqlite"):
        other = create_app({"TESTING": True, "DATABASE": str(tmp_path / copy), "SECRET_KEY": "t"}).test_client()
        again = other.get(f"/api/events/{played['id']}").get_json()
        assert again["sections"] == 3
        assert [[(t["section"], t["table"]) for t in r["tables"]] for r in again["round_list"]] == [
            [(t["section"], t["table"]) for t in r["tables"]] for r in original["round_list"]]
        assert other.get(f"/api/events/{played['id']}/standings").get_json() == client.get(
            f"/api/events/{played['id']}/standings").get_json()


# -- the new-event form ---------------------------------------------------------------------------------------

def test_the_form_makes_an_event_in_sections(client):
    lines = "\n".join(f"P{i} & Q{i}" for i in range(9))
    answer = post(client, "/events/new", {**FORM, "entrants": lines, "movement": "mitchell", "rounds": "2",
                                          "sections": "2"})
    assert answer.status_code == 303
    made = client.get("/api/events").get_json()[0]
    assert client.get(f"/api/events/{made['id']}").get_json()["sections"] == 2


@pytest.mark.parametrize("typed, words", [("x", "Sections must be a whole number"), ("30", "from 2 to 26"),
                                          ("4", "choose at most 2 sections")])
def test_the_form_refuses_sections_at_the_field(client, typed, words):
    answer = post(client, "/events/new", {**FORM, "sections": typed})
    assert answer.status_code == 422
    assert words in errors_at(read(answer)).get("sections-error", "")


def test_the_form_says_how_many_tables_a_section_gets(client):
    page = read(client.get("/events/new"))
    box = page.by_id("sections")
    assert box.labels[0].text == "Sections" and "A section of 9 pairs gets 5 tables" in box.description


def test_a_round_that_cannot_start_names_the_tables_still_playing_by_section(client, played):
    answer = client.post(f"/api/events/{played['id']}/rounds")
    assert answer.status_code == 409
    words = answer.get_json()["errors"][0]["message"]
    assert words.startswith("A new round starts when every table has finished; still playing: round 2, table A 2, "
                            "round 2, table A 3, round 2, table B 4")
    page = post(client, f"/events/{played['id']}/rounds", {"idempotency_key": "k"})
    assert page.status_code == 409
    assert "Tables A 2, A 3, B 4, B 5, C 6 and C 7 are still playing." in read(page).text()


def test_once_a_sections_mitchell_is_used_up_the_danish_follows_in_every_section(client):
    """13 pairs in 3: A (5) has 3 Mitchell rounds, B and C (4 each) 2; after 2 the Danish is offered, and a third
    Mitchell is refused (409) for the sections that have none left."""
    event = _new(client, rounds=3)
    for _ in range(2):
        finish_round(client, _start(client, event["id"]), lambda t: (150 + 5 * t["table"], 100))
    page = read(client.get(f"/events/{event['id']}"))
    assert page.by_id("round-movement").value == "danish"
    refused = client.post(f"/api/events/{event['id']}/rounds", json={"movement": "mitchell"})
    assert refused.status_code == 409 and "4 entrants has 2 rounds" in refused.get_json()["errors"][0]["message"]
    danish = client.post(f"/api/events/{event['id']}/rounds", json={"movement": "danish"}).get_json()
    assert [(t["section"], t["table"]) for t in danish["tables"]] == [
        ("A", 1), ("A", 2), ("B", 4), ("B", 5), ("C", 6), ("C", 7)]
    assert len(danish["byes"]) == 1 and sections.letters(13, 3)[danish["byes"][0]] == "A"


def test_a_tables_pin_page_says_its_section(client):
    event = _new(client, pin="1234")
    table = _start(client, event["id"])["tables"][2]
    page = read(client.get(f"/games/{table['game']}/unlock"))
    assert [e.text for e in page.walk() if "unlock-seat" in e.get("class", "").split()] == ["Table B 4 · Round 1"]

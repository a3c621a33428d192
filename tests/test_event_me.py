"""API.md "Every player's own page": GET /events/{id}/me/{entrant} — where the entrant sits now (table, line,
opponents), where it goes next when the movement already says it (Mitchell: North-South stays, East-West moves; any
other movement: decided after the round), a bye shown as one, its results round by round and its place so far; 404
out of range; `?entrant=` on the event page; it reads no PIN and shows none; the phone's language; its poll 204
while nothing changed; the "find me" list; a QR code of each entrant's page on its seating card."""
from __future__ import annotations

import re

import pytest

from tests.results_helpers import client_call, finished_evening, new_evening, play_round
from tests.sheet_helpers import pdf_pages
from tests.test_event_pins import AS_DIRECTOR, DIRECTOR, started

HAND = {"entries": [{"melded": 300}, {"melded": 100}]}


def text(client, path, **headers) -> str:
    answer = client.get(path, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True))).replace("&amp;", "&")


def night(client, n: int, movement: str, **more) -> str:
    body = {"name": "Giovedì", "variant": "classic", "options": {"target": 100000},
            "entrants": [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(n)], "rounds": 3,
            "movement": movement, "standings": "points", **more}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def start(client, event_id, movement=None) -> dict:
    answer = client.post(f"/api/events/{event_id}/rounds", json={"movement": movement} if movement else None)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def finish(client, round_):
    for t in round_["tables"]:
        assert client.post(f"/api/games/{t['game']}/hands", json=HAND).status_code == 201
        assert client.post(f"/api/games/{t['game']}/end").status_code == 200


def seat_of(round_, entrant):
    return next(((t["table"], t["entrants"]) for t in round_["tables"] if entrant in t["entrants"]), None)


def test_mitchell_north_south_stays_and_east_west_is_told_its_next_table(client):
    event_id = night(client, 6, "mitchell")
    first = start(client, event_id)
    for entrant in range(6):
        table, seated = seat_of(first, entrant)
        page = text(client, f"/events/{event_id}/me/{entrant}")
        opponent = f"Pair {next(e for e in seated if e != entrant)}"
        assert f"Table {table} · {'North-South' if entrant < 3 else 'East-West'}" in page
        assert f"Opponent: {opponent}" in page
        if entrant < 3:
            assert f"you stay at table {entrant + 1} (North-South keeps its table)" in page
        else:  # API.md: East-West j at table ((j + k − 1) mod t) + 1, here k = 2
            assert f"Next Mitchell round: table {(entrant - 3 + 1) % 3 + 1} (East-West moves)" in page
    finish(client, first)
    second = start(client, event_id)
    for entrant in range(3, 6):  # where round 1's page said it would be
        assert seat_of(second, entrant)[0] == (entrant - 3 + 1) % 3 + 1
        assert f"Table {seat_of(second, entrant)[0]} · East-West" in text(client, f"/events/{event_id}/me/{entrant}")


def test_mitchell_with_an_odd_count_shows_the_bye_now_and_the_next_bye_before_it_comes(client):
    event_id = night(client, 5, "mitchell")
    first = start(client, event_id)
    [bye] = first["byes"]
    page = text(client, f"/events/{event_id}/me/{bye}")
    assert "You sit out this round (a bye)." in page and "Table " not in page.split("Next")[0].split("Round 1 of 3")[1]
    finish(client, first)
    pages = {e: text(client, f"/events/{event_id}/me/{e}") for e in range(5)}
    told = [e for e, p in pages.items() if "Next Mitchell round: you sit out (a bye)." in p]
    second = start(client, event_id)
    assert told == second["byes"]
    assert "Round 1 : bye" in text(client, f"/events/{event_id}/me/{bye}")


@pytest.mark.parametrize("movement", ["round-robin", "swiss", "draw", "danish"])
def test_any_other_movement_says_the_next_table_is_decided_after_the_round(client, movement):
    event_id = night(client, 4, movement if movement != "danish" else "swiss")
    round_ = start(client, event_id, movement if movement == "danish" else None)
    for entrant in range(4):
        table, seated = seat_of(round_, entrant)
        page = text(client, f"/events/{event_id}/me/{entrant}")
        assert f"Table {table} " in page and "North-South" not in page
        assert f"Opponent: Pair {next(e for e in seated if e != entrant)}" in page
        assert "Your next table is decided after this round" in page


def test_results_round_by_round_place_so_far_and_the_last_round(client):
    call = client_call(client)
    event_id = finished_evening(call)  # tests/results_helpers: Ada & Bea first with 34 VP
    page = text(client, f"/events/{event_id}/me/0")
    assert "Round 1 : table 1, v Elsa & Fede : 400–100 · 13 VP · won" in page
    assert "Round 2 : table 1, v Gino & Ugo : 100–300 · 8 VP" in page
    assert "Your place Place 1 of 4 · 34 VP" in page
    assert "The night is over: these are your final results." in page
    assert "Adjustment: points +5 (a scoring slip put right)" in page
    assert "Adjustment: VP −1 (late start)" in text(client, f"/events/{event_id}/me/2")


def test_before_round_one_and_while_a_table_plays(client):
    call = client_call(client)
    event_id = new_evening(call)["id"]
    assert "Round 1 has not started yet" in text(client, f"/events/{event_id}/me/3")
    play_round(call, event_id, 1, finish=False)
    assert "Round 1 : table 1, v Ada & Bea : still playing" in text(client, f"/events/{event_id}/me/2")


@pytest.mark.parametrize("path", ["/me/4", "/me/99", "/me/-1", "/me/x"])
def test_an_entrant_out_of_range_is_404(client, path):
    event_id = new_evening(client_call(client))["id"]
    assert client.get(f"/events/{event_id}{path}").status_code == 404
    assert client.get(f"/events/nosuch{path}").status_code == 404


def test_the_event_page_with_entrant_opens_its_own_page(client):
    event_id = night(client, 4, "swiss", director_pin=DIRECTOR)
    answer = client.get(f"/events/{event_id}?entrant=2")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/events/{event_id}/me/2"
    assert client.get(f"/events/{event_id}?entrant=abc").headers["Location"].endswith("/tables#find-me")


def test_it_reads_no_pin_and_shows_no_tables_pin(client):
    event, round_ = started(client)  # a director's PIN and a PIN for each table
    pins = [t["pin"] for t in round_["tables"]]
    for entrant in range(6):
        page = client.get(f"/events/{event['id']}/me/{entrant}")
        body = page.get_data(as_text=True)
        assert page.status_code == 200 and "PIN" not in body and not any(p in body for p in pins)
    # not even to the director's own browser session
    client.post(f"/events/{event['id']}/unlock", data={"pin": DIRECTOR})
    body = client.get(f"/events/{event['id']}/me/0", headers=AS_DIRECTOR).get_data(as_text=True)
    assert not any(p in body for p in pins)


@pytest.mark.parametrize("language, words", [
    ("de", "Nord-Süd"), ("it", "la tua pagina"), ("es", "Norte-Sur"), ("pt-BR", "Norte-Sul")])
def test_the_page_speaks_the_phones_language(client, language, words):
    call = client_call(client)
    event_id = new_evening(call)["id"]
    play_round(call, event_id, 1, finish=False)
    page = client.get(f"/events/{event_id}/me/0", headers={"Accept-Language": language}).get_data(as_text=True)
    assert f'lang="{language}"' in page and words.lower() in page.lower()


def test_the_poll_is_204_until_the_night_changes(client):
    call = client_call(client)
    event_id = new_evening(call)["id"]
    play_round(call, event_id, 1, finish=False)
    page = client.get(f"/events/{event_id}/me/2").get_data(as_text=True)
    poll = re.search(r'data-poll="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert client.get(poll).status_code == 204
    game = client.get(f"/api/events/{event_id}").get_json()["round_list"][0]["tables"][0]["game"]
    assert client.post(f"/api/games/{game}/end").status_code == 200
    changed = client.get(poll)
    assert changed.status_code == 200 and 'id="own"' in changed.get_data(as_text=True)
    assert "100–400" in changed.get_data(as_text=True)


def test_the_table_picker_lists_every_entrants_own_page(client):
    event_id = new_evening(client_call(client))["id"]
    page = client.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert all(f'href="/events/{event_id}/me/{i}"' in page for i in range(4))


def test_each_seating_card_carries_a_qr_code_of_each_entrants_page(client):
    call = client_call(client)
    event_id = new_evening(call)["id"]
    play_round(call, event_id, 1, finish=False)
    pdf = client.get(f"/events/{event_id}/seating.pdf?round=1").data
    words = " ".join(p["text"] for p in pdf_pages(pdf))
    assert all(f"Your page: {n}" in words for n in ("Ada & Bea", "Carlo & Dino", "Elsa & Fede", "Gino & Ugo"))
    assert client.get(f"/events/{event_id}/me/1/qr.svg").mimetype == "image/svg+xml"


def test_the_event_page_has_the_find_me_list(client):
    """Issue 42: "a 'find me' list on the event page", as on the table picker: every entrant's own page."""
    made = client.post("/api/events", json={"name": "Find me", "variant": "classic", "options": {"target": 5000},
                                            "entrants": [{"name": n, "players": n.split(" & ")}
                                                         for n in ("Ann & Bob", "Cy & Di")],
                                            "rounds": 1, "movement": "round-robin", "standings": "points"})
    event_id = made.get_json()["id"]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'id="find-me"' in page
    for n in (0, 1):
        assert f'href="/events/{event_id}/me/{n}"' in page

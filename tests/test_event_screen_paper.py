"""What the room and the director see of a tournament round (issue 32, items 5 and 6): the screen's seating of the
round in play by its lines, each table's MP, the VP and MP columns, the closed round's results until the next
starts; a table's game copied from its paper slip marked on the director's list and on its game page."""
from __future__ import annotations

from tests.pages import post, read
from tests.event_page_helpers import create, finish, rounds

VP_NIGHT = {"movement": "mitchell", "standings": "vp", "vp_scale_name": "fibur-3", "vp_scale": "0 10 10\n55 11 9"}
PAIRS = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"]


def with_class(doc, name: str) -> list:
    return [e for e in doc.walk() if name in e.get("class", "").split()]


def seating(doc) -> list[str]:
    return [" ".join(li.text.split()) for li in with_class(doc, "board-seating")[0].walk() if li.tag == "li"]


def test_the_screen_seats_the_round_by_its_lines_with_each_table_s_mp_then_shows_its_results(client):
    event_id = create(client, **VP_NIGHT)
    assert start_round(client, event_id, "a") == 303
    tables = rounds(client, event_id)[0]["tables"]
    hand = [{"melded": 120}, {"melded": 35}]
    assert client.post(f"/api/games/{tables[0]['game']}/hands", json={"entries": hand}).status_code == 201
    board = read(client.get(f"/events/{event_id}/screen"))
    heads = with_class(board, "screen-standings")[0].cells()[0]
    assert heads == ["Place", "Name", "VP", "MP", "Margin"]
    # Mitchell: North-South Ann & Bob and Cy & Di keep tables 1 and 2, East-West Ed & Flo and Gus & Hal come to them
    assert seating(board) == ["Table 1 NS Ann & Bob 120 v EW Ed & Flo 35 Hand 2",
                              "Table 2 NS Cy & Di v EW Gus & Hal Not started"]
    assert "Round 1 seating" in board.text() and not with_class(board, "board-next")

    finish(client, tables[0]["game"])  # 270 – 135 after its two hands
    finish(client, tables[1]["game"], 100, 150)
    board = read(client.get(f"/events/{event_id}/screen"))
    assert "Round 1 results" in board.text() and "Round 1 seating" not in board.text()
    assert seating(board) == ["Table 1 NS Ann & Bob 270 v EW Ed & Flo 135 Finished",
                              "Table 2 NS Cy & Di 100 v EW Gus & Hal 150 Finished"]
    assert [e.text for e in with_class(board, "won")] == ["NS Ann & Bob 270", "EW Gus & Hal 150"]
    assert [e.text for e in with_class(board, "board-next")] == [
        "Round 2: the seating shows here when the director starts it."]
    heads, *rows = with_class(board, "screen-standings")[0].cells()
    figures = {row[1]: row[2:] for row in rows}
    # the scale as the form sent it: a margin of 135 (55 or more) is 11–9, one of 50 the 10–10 row
    assert figures["Ann & Bob"] == ["11", "270", "+135"] and figures["Ed & Flo"] == ["9", "135", "−135"]
    # level on VP, never met: the margin splits them, and each row says so
    assert figures["Gus & Hal"] == ["10", "150", "+50 (split the tie)"]
    assert figures["Cy & Di"] == ["10", "100", "−50 (split the tie)"]
    assert "An underlined figure is the one that split entrants who were level." in board.text()

    assert start_round(client, event_id, "b") == 303
    board = read(client.get(f"/events/{event_id}/screen"))
    assert "Round 2 seating" in board.text() and not with_class(board, "board-next")
    assert seating(board) == ["Table 1 NS Ann & Bob v EW Gus & Hal Not started",
                              "Table 2 NS Cy & Di v EW Ed & Flo Not started"]


def start_round(client, event_id: str, key: str) -> int:
    return post(client, f"/events/{event_id}/rounds", {"idempotency_key": key}).status_code


def test_a_night_not_seated_by_mitchell_names_no_lines_and_its_last_round_says_no_next(client):
    event_id = create(client, rounds="1")
    assert start_round(client, event_id, "a") == 303
    for t in rounds(client, event_id)[0]["tables"]:
        finish(client, t["game"])
    board = read(client.get(f"/events/{event_id}/screen"))
    assert not with_class(board, "line") and not with_class(board, "board-next")
    assert "Round 1 results" in board.text() and "MP" not in board.text()


def test_a_table_copied_from_its_paper_slip_is_marked_on_the_director_s_list_and_its_game_page(client):
    event_id = create(client, **VP_NIGHT)
    assert start_round(client, event_id, "a") == 303
    by_phone, by_paper = (t["game"] for t in rounds(client, event_id)[0]["tables"])
    assert client.post(f"/api/games/{by_phone}/hands", json={"entries": [{"melded": 120}, {"melded": 35}]}
                       ).status_code == 201
    slip = {"hands[1].entries[0].total": "250", "hands[1].entries[1].total": "-40",
            "hands[2].entries[0].total": "90", "hands[2].entries[1].total": "310", "idempotency_key": "s1"}
    assert post(client, f"/games/{by_paper}/paper", slip).status_code == 303

    director = read(client.get(f"/events/{event_id}"))
    marks = {" ".join(li.text.split()).split(" ")[1]: bool(with_class(li, "paper-mark"))
             for li in with_class(director, "event-table")}
    assert marks == {"1": False, "2": True}
    assert [e.text for e in with_class(director, "paper-mark")] == ["entered from paper"]

    page = read(client.get(f"/games/{by_paper}"))
    assert [e.text for e in with_class(page, "game-paper")] == ["Entered from a paper slip"]
    assert [e.text for e in with_class(page, "paper-mark")][1:] == ["from paper", "from paper"]  # each hand's row
    assert not with_class(read(client.get(f"/games/{by_phone}")), "paper-mark")

    # a hand then recorded on the phone: the game was partly copied, and only its paper rows say so
    assert client.post(f"/api/games/{by_paper}/hands", json={"entries": [{"melded": 50}, {"melded": 60}]}
                       ).status_code == 201
    page = read(client.get(f"/games/{by_paper}"))
    assert [e.text for e in with_class(page, "paper-mark")] == ["Partly entered from a paper slip", "from paper",
                                                                 "from paper"]


def test_a_penalty_and_a_slip_from_the_director_s_page_are_logged_under_the_device_s_name(client):
    event_id = create(client, **VP_NIGHT)
    assert start_round(client, event_id, "a") == 303
    first, second = (t["game"] for t in rounds(client, event_id)[0]["tables"])
    finish(client, first)
    slip = {"hands[1].entries[0].total": "550", "hands[1].entries[1].total": "-40", "idempotency_key": "s1"}
    assert post(client, f"/games/{second}/paper", slip).status_code == 303  # 550 reaches the target: finished
    assert start_round(client, event_id, "b") == 303  # round 1 closes: changes to it are logged
    assert post(client, f"/events/{event_id}/device-name", {"device_name": "Referee's laptop", "back": "director"}
                ).status_code == 303
    slip = {"hands[1].entries[0].total": "550", "hands[1].entries[1].total": "-90", "idempotency_key": "s2"}
    assert post(client, f"/games/{second}/paper", slip).status_code == 303
    adjustment = {"entrant": "3", "round": "1", "vp": "-1", "points": "0", "reason": "late start",
                  "idempotency_key": "p1"}
    assert post(client, f"/events/{event_id}/adjustments", adjustment).status_code == 303
    log = read(client.get(f"/events/{event_id}"))
    devices = [e.text for e in with_class(log, "device") if e.tag == "td"]
    assert devices == ["Referee's laptop", "Referee's laptop"], devices

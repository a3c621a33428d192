"""API.md "Tournaments as federations run them": the shipped VP scales (GET /api/vp-scales, by name, at every
boundary), a bye's VP and MP, the director's adjustments (added, refused naming the field, taken back, in the
standings, the log, the director's page and the results PDF), and results.csv read back."""
import csv
import io

import pytest

from scoring.events import SCALES, vp_of
from tests.pages import post
from tests.sheet_helpers import pdf_pages
from tests.events_helpers import entrants, finish, start

FIBUR_3 = [(0, 50, 10, 10), (55, 150, 11, 9), (155, 250, 12, 8), (255, 350, 13, 7), (355, 500, 14, 6),
           (505, 650, 15, 5), (655, 800, 16, 4), (805, 1000, 17, 3), (1005, 1250, 18, 2), (1255, 1500, 19, 1),
           (1505, None, 20, 0)]
FIBUR_4 = [(0, 100, 10, 10), (105, 300, 11, 9), (305, 500, 12, 8), (505, 700, 13, 7), (705, 900, 14, 6),
           (905, 1100, 15, 5), (1105, 1300, 16, 4), (1305, 1500, 17, 3), (1505, 1700, 18, 2), (1705, 2000, 19, 1),
           (2005, None, 20, 0)]
SHIPPED = {"fibur-3": FIBUR_3, "fibur-4": FIBUR_4}


def boundaries(scale):
    """(MP difference, winner VP, loser VP) at both ends of every band, as API.md lists them."""
    for low, high, win, lose in scale:
        yield low, win, lose
        yield (high, win, lose) if high is not None else (low + 1000, win, lose)


def test_get_vp_scales_lists_the_shipped_scales_with_their_rows(client):
    answer = client.get("/api/vp-scales").get_json()
    assert [s["id"] for s in answer] == ["fibur-3", "fibur-4"] and all(s["name"] for s in answer)
    for s in answer:
        assert s["rows"] == [[low, win, lose] for low, _, win, lose in SHIPPED[s["id"]]]


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_scale_gives_api_md_s_vp_at_every_boundary(name):
    rows = SCALES[name]["rows"]
    for margin, win, lose in boundaries(SHIPPED[name]):
        assert (vp_of(rows, True, 1, margin), vp_of(rows, False, 1, margin)) == (win, lose), margin
    assert vp_of(rows, True, 2, 0) == 10  # a tie: the 0 row's winner VP each


def event_body(n=2, rounds=1, movement="draw", **changes):
    return {"name": "Venerdì", "variant": "classic", "options": {"target": 100000}, "entrants": entrants(n),
            "rounds": rounds, "movement": movement, "standings": "vp", "vp_scale": "fibur-3", **changes}


def new_event(client, **changes):
    answer = client.post("/api/events", json=event_body(**changes))
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def win_by(client, game_id, margin):
    """The first seat wins by `margin` MP (hands of at most 900 melded: what two decks allow), then the game ends."""
    left = margin
    while True:
        part = min(left, 900)
        entries = [{"melded": 100 + part}, {"melded": 100}]
        assert client.post(f"/api/games/{game_id}/hands", json={"entries": entries}).status_code == 201
        left -= part
        if not left:
            break
    assert client.post(f"/api/games/{game_id}/end").status_code == 200


def results_csv(client, event_id, **headers):
    answer = client.get(f"/events/{event_id}/results.csv", headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    text = answer.get_data(as_text=True)
    rounds, standings = text.split("\r\n\r\n")
    return list(csv.DictReader(io.StringIO(rounds))), list(csv.DictReader(io.StringIO(standings)))


@pytest.mark.parametrize("name", SHIPPED)
def test_an_event_by_a_shipped_scale_keeps_its_rows_and_scores_every_boundary(client, name):
    cases = list(boundaries(SHIPPED[name]))
    event = new_event(client, rounds=len(cases), vp_scale=name)
    assert event["vp_scale_name"] == name and event["vp_scale"] == [list(r) for r in SCALES[name]["rows"]]
    for number, (margin, win, lose) in enumerate(cases, start=1):
        table = start(client, event["id"])["tables"][0]
        win_by(client, table["game"], margin)
    rounds, _ = results_csv(client, event["id"], **{"Accept-Language": "de"})
    for number, (margin, win, lose) in enumerate(cases, start=1):
        got = sorted((int(r["mp"]) - int(r["opponent_mp"]), int(r["vp"])) for r in rounds if r["round"] == str(number))
        assert got == [(-margin, lose if margin else win), (margin, win)], (number, margin)


def test_a_bye_gets_the_event_s_bye_vp_and_mp(client):
    event = new_event(client, n=3, rounds=2, movement="mitchell", bye={"vp": 14, "points": 355})
    round_1 = start(client, event["id"])
    assert round_1["byes"] == [1]
    finish(client, round_1["tables"][0]["game"], 300, 100)
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert (rows[1]["points"], rows[1]["margin"], rows[1]["vp"], rows[1]["played"]) == (355, 355, 14, 1)
    assert (rows[0]["vp"], rows[2]["vp"]) == (12, 8)  # 200 MP: 12–8
    csv_rows, _ = results_csv(client, event["id"])
    bye = next(r for r in csv_rows if r["entrant"] == "1")
    assert (bye["table"], bye["opponent"], bye["mp"], bye["opponent_mp"], bye["vp"]) == ("", "", "355", "", "14")
    default = new_event(client, n=3, rounds=1, movement="mitchell")
    start(client, default["id"])
    row = next(r for r in client.get(f"/api/events/{default['id']}/standings").get_json() if r["entrant"] == 1)
    assert (row["points"], row["vp"]) == (0, 10)  # default: 0 MP and the 0 row's winner VP


def test_results_csv_leaves_a_table_still_in_play_empty_not_a_0_0_game(client):
    """Issue 39: a table of a round still in play was listed with mp 0 and opponent_mp 0, like a 0–0 game."""
    event = new_event(client, n=6, movement="mitchell")
    tables = start(client, event["id"])["tables"]
    win_by(client, tables[0]["game"], 200)  # finished
    hand = {"entries": [{"melded": 300}, {"melded": 100}]}  # one hand played, not finished
    assert client.post(f"/api/games/{tables[1]['game']}/hands", json=hand).status_code == 201
    rows, _ = results_csv(client, event["id"])  # table 3 not started
    by_table = {}
    for r in rows:
        by_table.setdefault(r["table"], []).append((r["mp"], r["opponent_mp"], r["vp"]))
    assert sorted(by_table["1"]) == [("100", "300", "8"), ("300", "100", "12")]
    assert by_table["2"] == by_table["3"] == [("", "", "")] * 2


@pytest.mark.parametrize("bye, field", [
    ({"vp": 14}, "bye"), ({"vp": -1, "points": 0}, "bye.vp"), ({"vp": 1, "points": 352}, "bye.points"),
    ({"vp": "x", "points": 0}, "bye.vp"), ([14, 355], "bye"),
])
def test_a_wrong_bye_is_refused_naming_its_field(client, bye, field):
    answer = client.post("/api/events", json=event_body(bye=bye))
    assert answer.status_code == 422 and field in [e["field"] for e in answer.get_json()["errors"]]


def test_a_vp_scale_name_not_shipped_is_refused(client):
    answer = client.post("/api/events", json=event_body(vp_scale="fibur-9"))
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "vp_scale"
    assert "fibur-3" in answer.get_json()["errors"][0]["message"]


def played_event(client):
    event = new_event(client, n=4, rounds=2, movement="mitchell")
    round_1 = start(client, event["id"])
    for t in round_1["tables"]:
        finish(client, t["game"], 400, 100)  # 300 MP: 13–7
    return event


def standing(client, event_id, entrant):
    return next(r for r in client.get(f"/api/events/{event_id}/standings").get_json() if r["entrant"] == entrant)


def test_an_adjustment_counts_at_once_is_logged_and_can_be_taken_back(client):
    event = played_event(client)
    before = standing(client, event["id"], 0)
    answer = client.post(f"/api/events/{event['id']}/adjustments",
                         json={"entrant": 0, "round": 1, "vp": -1, "points": -50, "reason": "late start"})
    assert answer.status_code == 201
    made = answer.get_json()
    assert set(made) == {"id", "entrant", "round", "vp", "points", "reason", "at"}
    assert (made["entrant"], made["round"], made["vp"], made["points"], made["reason"]) == (0, 1, -1, -50, "late start")
    after = standing(client, event["id"], 0)
    assert (after["vp"], after["points"], after["margin"]) == (before["vp"] - 1, before["points"] - 50,
                                                               before["margin"] - 50)
    assert after["played"] == before["played"]
    assert client.get(f"/api/events/{event['id']}").get_json()["adjustments"] == [made]
    log = client.get(f"/api/events/{event['id']}/log").get_json()
    assert "late start" in log[-1]["what"] and "Pair 0" in log[-1]["what"]
    rows, _ = results_csv(client, event["id"])
    mine = next(r for r in rows if r["entrant"] == "0" and r["round"] == "1")
    assert (mine["adjustment_vp"], mine["adjustment_points"]) == ("-1", "-50")
    gone = client.delete(f"/api/events/{event['id']}/adjustments/{made['id']}")
    assert gone.status_code == 200 and gone.get_json() == made
    assert standing(client, event["id"], 0) == before
    assert len(client.get(f"/api/events/{event['id']}/log").get_json()) == 2  # added, then taken back
    assert client.delete(f"/api/events/{event['id']}/adjustments/{made['id']}").status_code == 404


def test_an_adjustment_ranks_by_vp_at_once(client):
    event = played_event(client)
    award = {"entrant": 3, "round": 1, "vp": 10, "points": 0, "reason": "opponent's misdeal"}
    assert client.post(f"/api/events/{event['id']}/adjustments", json=award).status_code == 201
    assert client.get(f"/api/events/{event['id']}/standings").get_json()[0]["entrant"] == 3


@pytest.mark.parametrize("body, field", [
    ({"entrant": 4, "round": 1, "vp": -1, "reason": "x"}, "entrant"),
    ({"entrant": 0, "round": 2, "vp": -1, "reason": "x"}, "round"),
    ({"entrant": 0, "round": 0, "vp": -1, "reason": "x"}, "round"),
    ({"entrant": 0, "round": 1, "vp": 1.5, "reason": "x"}, "vp"),
    ({"entrant": 0, "round": 1, "vp": "1", "reason": "x"}, "vp"),
    ({"entrant": 0, "round": 1, "points": 7, "reason": "x"}, "points"),
    ({"entrant": 0, "round": 1, "vp": 0, "points": 0, "reason": "x"}, "vp"),
    ({"entrant": 0, "round": 1, "vp": -1, "reason": ""}, "reason"),
    ({"entrant": 0, "round": 1, "vp": -1, "reason": "x" * 201}, "reason"),
    ({"entrant": 0, "round": 1, "vp": -1}, "reason"),
    ({"entrant": 0, "round": 1, "vp": -1, "reason": "x", "table": 2}, "table"),
])
def test_a_wrong_adjustment_is_refused_naming_its_field_and_stores_nothing(client, body, field):
    event = played_event(client)
    answer = client.post(f"/api/events/{event['id']}/adjustments", json=body)
    assert answer.status_code == 422 and field in [e["field"] for e in answer.get_json()["errors"]]
    assert client.get(f"/api/events/{event['id']}").get_json()["adjustments"] == []
    assert client.get(f"/api/events/{event['id']}/log").get_json() == []


def test_an_adjustment_sent_twice_under_one_key_is_made_once(client):
    event = played_event(client)
    body = {"entrant": 1, "round": 1, "vp": -2, "reason": "slow play"}
    first = client.post(f"/api/events/{event['id']}/adjustments", json=body, headers={"Idempotency-Key": "a1"})
    again = client.post(f"/api/events/{event['id']}/adjustments", json=body, headers={"Idempotency-Key": "a1"})
    assert first.get_json() == again.get_json()
    assert len(client.get(f"/api/events/{event['id']}").get_json()["adjustments"]) == 1


def test_results_csv_reads_back_every_round_and_the_standings(client):
    event = played_event(client)
    client.post(f"/api/events/{event['id']}/adjustments",
                json={"entrant": 2, "round": 1, "vp": 1, "points": 5, "reason": "award"})
    answer = client.get(f"/events/{event['id']}/results.csv", headers={"Accept-Language": "it"})
    text = answer.get_data(as_text=True)
    assert text.splitlines()[0] == ("round,table,entrant,name,opponent,mp,opponent_mp,vp,adjustment_vp,"
                                    "adjustment_points,members")  # members: API.md "Players' federation numbers"
    rounds, standings = results_csv(client, event["id"], **{"Accept-Language": "it"})
    assert [(r["round"], r["table"], r["entrant"], r["opponent"], r["mp"], r["opponent_mp"], r["vp"],
             r["adjustment_vp"], r["adjustment_points"]) for r in rounds] == [
        ("1", "1", "0", "2", "400", "100", "13", "0", "0"), ("1", "2", "1", "3", "400", "100", "13", "0", "0"),
        ("1", "1", "2", "0", "100", "400", "7", "1", "5"), ("1", "2", "3", "1", "100", "400", "7", "0", "0")]
    api = client.get(f"/api/events/{event['id']}/standings").get_json()
    assert list(standings[0]) == ["place", "entrant", "name", "played", "wins", "points", "margin", "vp", "members"]
    assert [{k: str(row[k]) for k in standings[0] if k != "members"} for row in api] == [
        {k: v for k, v in row.items() if k != "members"} for row in standings]
    assert client.get("/events/nope/results.csv").status_code == 404


def test_the_director_s_page_results_pdf_and_standings_show_adjustments(client):
    event = played_event(client)
    page = f"/events/{event['id']}"
    form = {"entrant": "1", "round": "1", "vp": "-1", "points": "0", "reason": "telefono in sala",
            "idempotency_key": "adj-form-1"}
    assert post(client, f"{page}/adjustments", form).status_code == 303
    assert post(client, f"{page}/adjustments", form).status_code == 303  # a double tap
    adjustments = client.get(f"/api/events/{event['id']}").get_json()["adjustments"]
    assert [(a["entrant"], a["vp"], a["reason"]) for a in adjustments] == [(1, -1, "telefono in sala")]
    html = client.get(page).get_data(as_text=True)
    assert "telefono in sala" in html and "Penalties and awards" in html and "results.csv" in html
    refused = post(client, f"{page}/adjustments", {**form, "reason": "", "idempotency_key": "adj-form-2"})
    assert refused.status_code == 303
    assert "Reason: reason must be" in client.get(page).get_data(as_text=True)
    text = "\n".join(p["text"] for p in pdf_pages(client.get(f"{page}/results.pdf").data))
    assert "Penalties and awards" in text and "telefono in sala" in text
    took = post(client, f"{page}/adjustments/{adjustments[0]['id']}/delete")
    assert took.status_code == 303 and client.get(f"/api/events/{event['id']}").get_json()["adjustments"] == []

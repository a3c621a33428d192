"""The new-club-night form and the director's page for tournaments (issue 32): Mitchell and Danish, a VP scale
chosen by name with its rows shown and editable, deals and minutes a round, what a bye gets, and the movement of
each round chosen at "Start round"."""
from __future__ import annotations

from scoring.events import SCALES
from tests.pages import post, read
from tests.event_page_helpers import FORM, create, errors_at, finish, rounds


def test_the_form_offers_every_movement_and_each_shipped_scale_with_its_rows(client):
    page = read(client.get("/events/new"))
    for key in ("round-robin", "swiss", "draw", "mitchell", "danish"):
        assert page.by_id(f"movement-{key}") is not None
    scale = page.by_id("vp_scale_name")
    html = client.get("/events/new").get_data(as_text=True)
    assert 'value="fibur-3"' in html and 'value="fibur-4"' in html and 'data-fills="vp_scale"' in html
    assert "55 11 9" in html and "2005 20 0" in html  # the rows are on the page, to fill the rows box
    assert scale is not None and page.by_id("deals_per_round") is not None and page.by_id("round_minutes") is not None


def test_a_burraco_evening_from_the_form(client):
    event_id = create(client, movement="mitchell", standings="vp", vp_scale_name="fibur-3",
                      vp_scale="0 10 10\n55 11 9\n155 12 8\n255 13 7\n355 14 6\n505 15 5\n655 16 4\n805 17 3\n"
                               "1005 18 2\n1255 19 1\n1505 20 0", deals_per_round="3", round_minutes="60",
                      **{"bye.vp": "14", "bye.points": "355", "options.target": ""})
    event = client.get(f"/api/events/{event_id}").get_json()
    assert (event["movement"], event["vp_scale_name"], event["deals_per_round"], event["round_minutes"],
            event["bye"]) == ("mitchell", "fibur-3", 3, 60, {"vp": 14, "points": 355})
    assert event["vp_scale"] == [list(r) for r in SCALES["fibur-3"]["rows"]]


def test_a_shipped_scale_with_a_row_changed_is_the_club_s_own(client):
    event_id = create(client, standings="vp", vp_scale_name="fibur-4", vp_scale="0 10 10\n100 12 8")
    event = client.get(f"/api/events/{event_id}").get_json()
    assert event["vp_scale_name"] is None and event["vp_scale"] == [[0, 10, 10], [100, 12, 8]]


def test_the_form_puts_refusals_of_deals_minutes_and_bye_at_their_inputs(client):
    answer = post(client, "/events/new", {**FORM, "deals_per_round": "0", "round_minutes": "300",
                                          "bye.vp": "2", "bye.points": "7"})
    assert answer.status_code == 422
    errors = errors_at(read(answer))
    assert set(errors) >= {"deals_per_round-error", "round_minutes-error", "bye-error"}, errors
    assert client.get("/api/events").get_json() == []


def test_the_director_chooses_each_round_s_movement_at_start_round(client):
    event_id = create(client, movement="mitchell", rounds="3")
    page = read(client.get(f"/events/{event_id}"))
    choice = page.by_id("round-movement")
    assert choice is not None
    html = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert '<option value="mitchell" selected>' in html and 'value="danish"' in html
    assert post(client, f"/events/{event_id}/rounds", {"idempotency_key": "a"}).status_code == 303
    for t in rounds(client, event_id)[0]["tables"]:
        finish(client, t["game"])
    assert post(client, f"/events/{event_id}/rounds", {"idempotency_key": "b", "movement": "danish"}
                ).status_code == 303
    assert [r["movement"] for r in rounds(client, event_id)] == ["mitchell", "danish"]
    assert "Seated by: Danish" in client.get(f"/events/{event_id}").get_data(as_text=True)


def test_a_mitchell_round_past_its_last_is_refused_in_words_on_the_director_s_page(client):
    event_id = create(client, movement="mitchell", rounds="3", entrants="Ann & Bob\nCy & Di\n")  # t = 1
    assert post(client, f"/events/{event_id}/rounds", {"idempotency_key": "a"}).status_code == 303
    for t in rounds(client, event_id)[0]["tables"]:
        finish(client, t["game"])
    assert '<option value="danish" selected>' in client.get(f"/events/{event_id}").get_data(as_text=True)
    refused = post(client, f"/events/{event_id}/rounds", {"idempotency_key": "b", "movement": "mitchell"})
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "The mitchell movement of 2 entrants has 1 round" in text and "every table has finished" not in text
    assert post(client, f"/events/{event_id}/rounds", {"idempotency_key": "c", "movement": "danish"}
                ).status_code == 303

"""The pages of a table's result confirmed by both sides: the game page hands the phone across, the hand-across page
(the totals large, one button), a wrong PIN keeping what was typed, each side's totals form, the disagreement shown
to both phones and decided by the director, the director's page marking the table waiting, the event form."""
from __future__ import annotations

from tests.pages import post, token
from tests.test_event_confirm import AS_DIRECTOR, DIRECTOR, HAND, night


def text(answer) -> str:
    return answer.get_data(as_text=True)


def test_the_phone_is_handed_across_and_east_west_accepts(client, app):
    event, round_ = night(client)
    t = round_["tables"][0]
    assert post(client, f"/games/{t['game']}/unlock", {"pin": t["pin"]}).status_code == 303
    assert client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pin"]}).status_code == 201
    page = text(client.get(f"/games/{t['game']}"))
    assert "Hand the phone to East–West: check and accept" in page
    page = text(client.get(f"/games/{t['game']}/confirm"))
    assert "East–West: check and accept" in page and "We accept these totals" in page
    assert page.count('type="submit"') == 1 and 'name="pin"' not in page  # the phone that entered the PIN
    # the director's page and the screen mark it waiting
    assert "Waiting for E–W" in text(client.get(f"/events/{event['id']}/screen"))
    answer = post(client, f"/games/{t['game']}/confirm")
    assert answer.status_code == 303
    page = text(client.get(f"/games/{t['game']}/confirm"))
    assert "East–West accepted these totals" in page
    assert client.get(f"/api/games/{t['game']}").get_json()["confirmed"] is True
    assert post(client, f"/games/{t['game']}/confirm").status_code == 303  # a double tap: nothing twice
    log = [e for e in client.get(f"/api/events/{event['id']}/log").get_json() if "confirm" in e["change"]]
    assert len(log) == 1


def test_a_wrong_pin_on_the_hand_across_page_is_refused_and_nothing_counts(client):
    event, round_ = night(client)
    t = round_["tables"][0]
    client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pin"]})
    page = text(client.get(f"/games/{t['game']}/confirm"))
    assert 'name="pin"' in page
    wrong = "0000" if t["pin"] != "0000" else "1111"
    answer = post(client, f"/games/{t['game']}/confirm", {"pin": wrong})
    assert answer.status_code == 403 and "not this side&#39;s PIN" in text(answer)
    assert client.get(f"/api/games/{t['game']}").get_json()["confirmed"] is False
    assert post(client, f"/games/{t['game']}/confirm", {"pin": t["pin"]}).status_code == 303
    assert client.get(f"/api/games/{t['game']}").get_json()["confirmed"] is True


def test_both_sides_disagree_on_their_phones_and_the_director_decides(client, app):
    event, _ = night(client, "both")
    t = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][0]
    game, (first, second) = t["game"], t["pins"]
    north, east = app.test_client(), app.test_client()
    page = text(north.get(f"/games/{game}/confirm"))
    assert "Which side are you?" in page
    # a wrong PIN keeps the totals typed
    answer = post(north, f"/games/{game}/results?side=0", {"totals.0": "150", "totals.1": "0", "pin": second,
                                                           "idempotency_key": "k" * 20})
    assert answer.status_code == 403 and 'value="150"' in text(answer)
    assert post(north, f"/games/{game}/results?side=0", {"totals.0": "150", "totals.1": "0", "pin": first,
                                                         "idempotency_key": "k" * 20}).status_code == 303
    assert post(east, f"/games/{game}/results?side=1", {"totals.0": "100", "totals.1": "50", "pin": second,
                                                        "idempotency_key": "m" * 20}).status_code == 303
    for phone in (north, east):
        page = text(phone.get(f"/games/{game}/confirm"))
        assert "The two sides' totals differ" in page and "Decide these totals" not in page
    director = app.test_client()
    assert post(director, f"/events/{event['id']}/unlock", {"pin": DIRECTOR}).status_code == 303
    assert "Totals differ: the director decides" in text(director.get(f"/events/{event['id']}"))
    page = text(director.get(f"/games/{game}/confirm"))
    assert "Decide these totals" in page
    assert post(director, f"/games/{game}/results", {"decide": "1", "decide.0": "150", "decide.1": "0",
                                                     "idempotency_key": "d" * 20}).status_code == 303
    body = client.get(f"/api/games/{game}").get_json()
    assert (body["confirmed"], [s["score"] for s in body["sides"]]) == (True, [150, 0])
    assert "Result recorded" in text(east.get(f"/games/{game}/confirm"))


def test_the_event_form_chooses_who_confirms(client):
    page = text(client.get("/events/new"))
    assert 'name="confirm"' in page and "Who confirms a table's result" in page


def test_the_confirm_page_follows_the_table_by_itself(client):
    """Its data-poll answers 204 while the game is as drawn, and the page again once the other side sent or the
    director decided; the poll is one the poll gate answers from the game's row (no Flask for an idle poll)."""
    import re

    from web.plumbing.polls import PollGate

    event, _ = night(client, "both")
    t = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][0]
    game, (first, second) = t["game"], t["pins"]
    page = text(client.get(f"/games/{game}/confirm?side=1"))
    poll = re.search(r'data-poll="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert poll.startswith(f"/games/{game}/confirm/live?") and "side=1" in poll
    assert client.get(poll).status_code == 204
    assert client.post(f"/api/games/{game}/results", json={"side": 0, "totals": [150, 0]},
                       headers={"X-Table-PIN": first}).status_code == 200
    changed = client.get(poll)
    assert changed.status_code == 200 and 'id="confirm"' in text(changed)
    assert client.post(f"/api/games/{game}/results", json={"side": 1, "totals": [100, 50]},
                       headers={"X-Table-PIN": second}).status_code == 200
    again = text(client.get(poll))
    assert "confirm-versions" in again, again[again.find("<main"):][:1500]
    gate = client.application.wsgi_app
    assert isinstance(gate, PollGate) and gate._recognised({"REQUEST_METHOD": "GET", "PATH_INFO": f"/games/{game}/confirm/live"})


def test_a_table_waiting_for_acceptance_is_not_still_playing_on_the_directors_page(client, app):
    """The director's page and the refused start of the next round say what a finished table waits for (E–W to
    accept), not that it is still playing."""
    event, round_ = night(client)
    first, second = round_["tables"]
    assert client.post(f"/api/games/{first['game']}/hands", json=HAND,
                       headers={"X-Table-PIN": first["pin"]}).status_code == 201
    director = app.test_client()
    assert post(director, f"/events/{event['id']}/unlock", {"pin": DIRECTOR}).status_code == 303
    page = text(director.get(f"/events/{event['id']}"))
    assert "Table 1 has finished, not counted yet: Waiting for E–W." in page
    assert "1 of 2 tables still playing" in page
    refused = post(director, f"/events/{event['id']}/rounds", {})
    said = text(refused)
    assert refused.status_code == 409 and "Table 2 is still playing." in said
    assert "Round 1, table 1 waits for East–West to accept its result." in said
    assert "Tables 1 and 2 are still playing" not in said
    said = text(director.post(f"/events/{event['id']}/rounds", data={"csrf_token": token(director)},
                              headers={"Accept-Language": "de"}))
    assert "Tisch 2 spielt noch." in said and "Runde 1, Tisch 1 wartet darauf, dass Ost-West das Ergebnis bestätigt." in said
    assert client.post(f"/api/games/{second['game']}/hands", json=HAND,
                       headers={"X-Table-PIN": second["pin"]}).status_code == 201
    said = text(post(director, f"/events/{event['id']}/rounds", {}))
    assert "is still playing" not in said and "Round 1, table 2 waits for East–West to accept its result." in said


def test_the_log_says_every_confirmation_in_the_directors_language(client, app):
    """The director's log reads each acceptance, send, disagreement and decision in the page's language (said again
    from the entry's data, as a late change is), naming the sides as the table does."""
    event, _ = night(client, "both")
    t = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][0]
    url = f"/api/games/{t['game']}/results"
    client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": t["pins"][0]})
    client.post(url, json={"side": 1, "totals": [1000, 50]}, headers={"X-Table-PIN": t["pins"][1]})
    client.post(url, json={"decide": [150, 0]}, headers=AS_DIRECTOR)
    said = [e["what"] for e in client.get(f"/api/events/{event['id']}/log").get_json()]
    assert said == ["Table 1, round 1: North–South sent 150 – 0.",
                    "Table 1, round 1: the sides disagree (North–South sent 150 – 0, East–West 1,000 – 50); the "
                    "director decides.",
                    "Table 1, round 1: the director decided 150 – 0."]
    director = app.test_client()
    assert post(director, f"/events/{event['id']}/unlock", {"pin": DIRECTOR}).status_code == 303
    page = text(director.get(f"/events/{event['id']}", headers={"Accept-Language": "de"}))
    for words in ["Tisch 1, Runde 1: Nord-Süd sendete 150 – 0.",
                  "Tisch 1, Runde 1: die Parteien sind uneinig (Nord-Süd sendete 150 – 0, Ost-West 1.000 – 50); "
                  "die Turnierleitung entscheidet.",
                  "Tisch 1, Runde 1: die Turnierleitung entschied 150 – 0."]:
        assert words in page


def own(client, event_id, entrant) -> str:
    import re
    page = text(client.get(f"/events/{event_id}/me/{entrant}"))
    return re.sub(r"\s+", " ", page[page.find('id="own"'):])


def test_the_own_page_says_a_finished_table_is_not_counted_yet_and_sends_the_side_that_acts(client):
    """A player's own page on a night that confirms: a finished table waiting for East–West's acceptance is not
    counted yet (no VP, no win shown), and East–West's page (only) links to the page where it accepts; with `both`
    the side whose totals are awaited is sent to enter them, and a disagreement says the director decides."""
    event, round_ = night(client)
    t = round_["tables"][0]
    north, east = t["entrants"]
    client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pin"]})
    for entrant in (north, east):
        page = own(client, event["id"], entrant)
        assert "Not counted yet: East–West checks and accepts the totals." in page and "not counted yet" in page
        assert " won" not in page
    assert f'href="/games/{t["game"]}/confirm"' in own(client, event["id"], east)
    assert "/confirm" not in own(client, event["id"], north)
    client.post(f"/api/games/{t['game']}/confirm", json={"side": 1}, headers={"X-Table-PIN": t["pin"]})
    assert "Not counted yet" not in own(client, event["id"], east) and "Finished" in own(client, event["id"], east)

    event, _ = night(client, "both")
    t = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][0]
    north, east = t["entrants"]
    url = f"/api/games/{t['game']}/results"
    client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": t["pins"][0]})
    page = own(client, event["id"], east)
    assert "Not counted yet: waiting for your side's totals." in page
    assert f'href="/games/{t["game"]}/confirm?side=1"' in page
    page = own(client, event["id"], north)
    assert "Not counted yet: waiting for the other side's totals." in page and "/confirm" not in page
    client.post(url, json={"side": 1, "totals": [100, 50]}, headers={"X-Table-PIN": t["pins"][1]})
    assert "Not counted yet: the versions differ, and the director decides." in own(client, event["id"], north)


def test_results_to_take_home_mark_a_waiting_table_not_counted_yet(client):
    """results.html of a night that confirms: a table finished but not accepted yet shows its scores as played,
    marked "not counted yet", with no winner (the standings leave it out); once accepted, as any other."""
    from tests.html import Doc

    event, round_ = night(client)
    t = round_["tables"][0]
    client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pin"]})

    def first_table():
        doc = Doc(text(client.get(f"/events/{event['id']}/results.html")))
        return [e for e in doc.walk() if e.tag == "tbody"][1]  # the standings' first, then round 1's tables'

    def won(table) -> list[str]:
        return [e.text for e in table.walk() if "won" in e.get("class", "").split()]

    table = first_table()
    assert "not counted yet" in table.text and won(table) == []
    client.post(f"/api/games/{t['game']}/confirm", json={"side": 1}, headers={"X-Table-PIN": t["pin"]})
    table = first_table()
    assert "not counted yet" not in table.text and won(table) != []


def test_the_director_decides_from_the_page_when_a_side_cannot_send(client, app):
    """With `both`, a side whose phone is gone never sends: the director's page of the table shows what the other
    side sent and the decision form, and the decision counts at once; a player's page shows no decision form."""
    event, _ = night(client, "both")
    t = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][0]
    client.post(f"/api/games/{t['game']}/results", json={"side": 0, "totals": [150, 0]},
                headers={"X-Table-PIN": t["pins"][0]})
    assert "confirm-decide" not in text(client.get(f"/games/{t['game']}/confirm"))
    director = app.test_client()
    assert post(director, f"/events/{event['id']}/unlock", {"pin": DIRECTOR}).status_code == 303
    page = text(director.get(f"/games/{t['game']}/confirm"))
    assert "confirm-decide" in page and "If a side cannot send its totals" in page and "Sent by" in page
    answer = post(director, f"/games/{t['game']}/results", {"decide": "1", "decide.0": "150", "decide.1": "0",
                                                            "idempotency_key": "d" * 20})
    assert answer.status_code == 303
    game = client.get(f"/api/games/{t['game']}").get_json()
    assert (game["confirmed"], [s["score"] for s in game["sides"]]) == (True, [150, 0])


def test_east_west_never_accepts_totals_it_was_not_shown(client):
    """The hand-across page shows 100 – 0; before East–West taps, another phone corrects the hand: the tap is refused
    (409) with the new totals on the page, nothing accepted; tapped again on them, accepted; a double tap then
    stores nothing twice."""
    from tests.pages import read

    event, round_ = night(client)
    t = round_["tables"][0]
    assert post(client, f"/games/{t['game']}/unlock", {"pin": t["pin"]}).status_code == 303
    client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pin"]})
    shown = read(client.get(f"/games/{t['game']}/confirm")).form_values()["revision"]
    client.put(f"/api/games/{t['game']}/hands/1", json={"entries": [{"melded": 200}, {}]},
               headers={"X-Table-PIN": t["pin"]})
    answer = post(client, f"/games/{t['game']}/confirm", {"revision": shown})
    assert answer.status_code == 409 and "The totals changed since this page showed them" in text(answer)
    assert client.get(f"/api/games/{t['game']}").get_json()["confirmed"] is False
    now = read(answer).form_values()["revision"]
    assert now != shown and post(client, f"/games/{t['game']}/confirm", {"revision": now}).status_code == 303
    assert post(client, f"/games/{t['game']}/confirm", {"revision": now}).status_code == 303  # a double tap
    log = [e["change"]["confirm"]["action"] for e in client.get(f"/api/events/{event['id']}/log").get_json()
           if "confirm" in e["change"]]
    assert log == ["accepted"] and client.get(f"/api/games/{t['game']}").get_json()["confirmed"] is True


def test_a_both_sides_table_played_to_the_end_on_the_phone_waits_for_both_sides_totals(client):
    """With `both`, a table whose phone recorded its hands to the end still waits for each side's totals: the screen
    says so (not "Waiting for E–W", which is the accepting night's)."""
    event, _ = night(client, "both")
    t = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][0]
    client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pins"][0]})
    screen = text(client.get(f"/events/{event['id']}/screen"))
    assert "Waiting for both sides&#39; totals" in screen
    assert "Waiting for E–W" not in screen

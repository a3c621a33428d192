"""API.md "A table's result, confirmed by both sides" through the JSON API: `confirm: accept` (the second side
accepts; side 0, an unfinished game and a missing PIN refused; a correction waits again) and `confirm: both` (each
side's totals; agreeing ones finish the game, differing ones wait for the director), the log and the standings."""
from __future__ import annotations

from tests.test_events_api import entrants

DIRECTOR = "9876"
AS_DIRECTOR = {"X-Director-PIN": DIRECTOR}
HAND = {"entries": [{"melded": 100}, {}]}


def night(client, confirm="accept", **changes) -> tuple[dict, dict]:
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(4),
            "table_size": 2, "rounds": 2, "movement": "round-robin", "standings": "points", "deals_per_round": 1,
            "director_pin": DIRECTOR, "table_pins": True, "confirm": confirm, **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    event = answer.get_json()
    answer = client.post(f"/api/events/{event['id']}/rounds", headers=AS_DIRECTOR)
    assert answer.status_code == 201, answer.get_json()
    return event, answer.get_json()


def event_of(client, event_id, **headers) -> dict:
    return client.get(f"/api/events/{event_id}", headers=headers).get_json()


def field_of(answer, status) -> str:
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()["errors"][0]["field"]


def test_confirm_is_one_of_three_and_both_needs_a_directors_pin(client):
    body = {"name": "N", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(4),
            "table_size": 2, "rounds": 1, "movement": "round-robin", "standings": "points"}
    assert field_of(client.post("/api/events", json={**body, "confirm": "maybe"}), 422) == "confirm"
    assert field_of(client.post("/api/events", json={**body, "confirm": "both"}), 422) == "confirm"
    made = client.post("/api/events", json=body).get_json()
    assert made["confirm"] == "none"
    game = client.post(f"/api/events/{made['id']}/rounds").get_json()["tables"][0]["game"]
    assert "confirmed" not in client.get(f"/api/games/{game}").get_json()


def test_accept_the_second_side_accepts_and_until_then_the_table_counts_nowhere(client):
    event, round_ = night(client)
    table = round_["tables"][0]
    game, pin = table["game"], {"X-Table-PIN": table["pin"]}
    # unfinished: refused 409
    assert field_of(client.post(f"/api/games/{game}/confirm", json={"side": 1}, headers=pin), 409) is None
    assert client.post(f"/api/games/{game}/hands", json=HAND, headers=pin).status_code == 201
    shown = client.get(f"/api/games/{game}").get_json()
    assert (shown["finished"], shown["confirmed"]) == (True, False)
    listed = event_of(client, event["id"])["round_list"][0]["tables"][0]
    assert (listed["finished"], listed["confirmed"]) == (True, False)
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert all(rows[e]["played"] == 0 and rows[e]["points"] == 0 for e in table["entrants"])
    # the side that recorded may not accept; no PIN: 403; another table's PIN: 403
    assert field_of(client.post(f"/api/games/{game}/confirm", json={"side": 0}, headers=pin), 409) == "side"
    assert field_of(client.post(f"/api/games/{game}/confirm", json={"side": 1}), 403) == "pin"
    other = {"X-Table-PIN": round_["tables"][1]["pin"]}
    assert field_of(client.post(f"/api/games/{game}/confirm", json={"side": 1}, headers=other), 403) == "pin"
    assert field_of(client.post(f"/api/games/{game}/confirm", json={"side": "x"}, headers=pin), 422) == "side"
    answer = client.post(f"/api/games/{game}/confirm", json={"side": 1}, headers=pin)
    assert answer.status_code == 200 and answer.get_json()["confirmed"] is True
    again = client.post(f"/api/games/{game}/confirm", json={"side": 1}, headers=pin)  # a double tap
    assert again.status_code == 200 and again.get_json()["revision"] == answer.get_json()["revision"]
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert [rows[e]["played"] for e in table["entrants"]] == [1, 1]
    assert rows[table["entrants"][0]]["points"] == answer.get_json()["sides"][0]["score"]
    # a correction makes it wait again
    assert client.put(f"/api/games/{game}/hands/1", json={"entries": [{"melded": 200}, {}]},
                      headers=pin).status_code == 200
    assert client.get(f"/api/games/{game}").get_json()["confirmed"] is False
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert [rows[e]["played"] for e in table["entrants"]] == [0, 0]
    # the director accepts for a side
    answer = client.post(f"/api/games/{game}/confirm", json={}, headers=AS_DIRECTOR)
    assert answer.status_code == 200 and answer.get_json()["confirmed"] is True
    log = [e for e in client.get(f"/api/events/{event['id']}/log").get_json() if "confirm" in e["change"]]
    assert [e["change"]["confirm"]["action"] for e in log] == ["accepted", "waiting", "accepted"]
    assert all(e["game"] == game and e["at"] and e["device"] for e in log)


def test_a_waiting_table_holds_the_next_round_and_the_event_unfinished(client):
    event, round_ = night(client)
    for t in round_["tables"]:
        assert client.post(f"/api/games/{t['game']}/hands", json=HAND, headers={"X-Table-PIN": t["pin"]}).status_code == 201
    assert client.post(f"/api/events/{event['id']}/rounds", headers=AS_DIRECTOR).status_code == 409
    for t in round_["tables"]:
        assert client.post(f"/api/games/{t['game']}/confirm", json={"side": 1},
                           headers={"X-Table-PIN": t["pin"]}).status_code == 200
    assert client.post(f"/api/events/{event['id']}/rounds", headers=AS_DIRECTOR).status_code == 201


def test_both_each_side_sends_and_agreeing_totals_finish_the_game(client):
    event, round_ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    assert "pin" not in listed and len(listed["pins"]) == 2 and listed["pins"][0] != listed["pins"][1]
    assert "pins" not in event_of(client, event["id"])["round_list"][0]["tables"][0]
    game, (first, second) = listed["game"], listed["pins"]
    url = f"/api/games/{game}/results"
    # each side's own PIN: the first side's does not open the second side's send
    assert field_of(client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": first}), 403) == "pin"
    assert field_of(client.post(url, json={"side": 0, "totals": [150, 0]}), 403) == "pin"
    assert field_of(client.post(url, json={"side": 0, "totals": [150]}, headers={"X-Table-PIN": first}), 422) == "totals"
    assert field_of(client.post(url, json={"side": 0, "totals": [151, 0]}, headers={"X-Table-PIN": first}), 422) == "totals"
    sent = client.post(url, json={"side": 0, "totals": [100, 0]}, headers={"X-Table-PIN": first,
                                                                             "Idempotency-Key": "a1"})
    assert sent.status_code == 200 and sent.get_json()["results"] == [{"side": 0, "totals": [100, 0]}]
    # a side may send again, replacing its own, until the other has
    sent = client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first})
    assert sent.get_json()["results"] == [{"side": 0, "totals": [150, 0]}]
    done = client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second,
                                                                             "Idempotency-Key": "b1"})
    assert done.status_code == 200, done.get_json()
    body = done.get_json()
    assert (body["finished"], body["confirmed"], [s["score"] for s in body["sides"]]) == (True, True, [150, 0])
    assert "results" not in body and body["hands"][0]["from_paper"]
    again = client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second,
                                                                              "Idempotency-Key": "b1"})
    assert again.status_code == 200 and again.get_json()["revision"] == body["revision"]  # a resend
    assert field_of(client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first}),
                    409) == "side"
    assert len(client.get(f"/api/games/{game}").get_json()["hands"]) == 1
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert rows[listed["entrants"][0]]["points"] == 150


def test_both_differing_totals_wait_for_the_directors_decision(client):
    event, round_ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    game, (first, second) = listed["game"], listed["pins"]
    url = f"/api/games/{game}/results"
    client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first})
    differ = client.post(url, json={"side": 1, "totals": [100, 50]}, headers={"X-Table-PIN": second}).get_json()
    assert differ["results"] == [{"side": 0, "totals": [150, 0]}, {"side": 1, "totals": [100, 50]}]
    assert differ["finished"] is False and differ["confirmed"] is False
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert rows[listed["entrants"][0]]["played"] == 0
    # only the director decides
    assert field_of(client.post(url, json={"decide": [150, 0]}, headers={"X-Table-PIN": first}), 403) == "director_pin"
    assert field_of(client.post(url, json={"decide": [150, 0], "side": 0}, headers=AS_DIRECTOR), 422) is None
    decided = client.post(url, json={"decide": [150, 0]}, headers=AS_DIRECTOR)
    assert decided.status_code == 200, decided.get_json()
    assert (decided.get_json()["confirmed"], [s["score"] for s in decided.get_json()["sides"]]) == (True, [150, 0])
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert rows[listed["entrants"][0]]["played"] == 1
    log = [e["change"]["confirm"]["action"] for e in client.get(f"/api/events/{event['id']}/log").get_json()
           if "confirm" in e["change"]]
    assert log == ["sent", "disagreed", "decided"]


def test_results_are_refused_on_an_accept_night_and_confirm_on_a_night_without(client):
    event, round_ = night(client)
    t = round_["tables"][0]
    assert client.post(f"/api/games/{t['game']}/results", json={"side": 0, "totals": [0, 0]},
                       headers={"X-Table-PIN": t["pin"]}).status_code == 409


def test_export_and_import_keep_the_confirmations_and_wrong_ones_are_refused(app, client, tmp_path):
    import json

    import checks
    import db
    from db import export
    from tests.events_helpers import imported_client

    event, _ = night(client, "both")
    tables = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"]
    (a, b) = tables
    client.post(f"/api/games/{a['game']}/results", json={"side": 0, "totals": [150, 0]},
                headers={"X-Table-PIN": a["pins"][0]})
    client.post(f"/api/games/{a['game']}/results", json={"side": 1, "totals": [150, 0]},
                headers={"X-Table-PIN": a["pins"][1]})
    client.post(f"/api/games/{b['game']}/results", json={"side": 0, "totals": [50, 0]},
                headers={"X-Table-PIN": b["pins"][0]})
    document = json.loads(json.dumps(export.export_games(db.connect(app.config["DATABASE"]))))
    [exported] = document["events"]
    assert exported["confirm"] == "both" and "side_pins" not in exported["confirmations"]
    for pin in a["pins"] + b["pins"]:  # neither side's PIN leaves the database (an imported night gets new ones)
        assert f'"{pin}"' not in json.dumps(exported)
    assert checks.check_document(document) == []
    moved = imported_client(tmp_path / "moved.sqlite", document)
    assert moved.get(f"/api/events/{event['id']}/standings").get_json() == \
        client.get(f"/api/events/{event['id']}/standings").get_json()
    assert moved.get(f"/api/games/{a['game']}").get_json()["confirmed"] is True
    assert moved.get(f"/api/games/{b['game']}").get_json()["results"] == [{"side": 0, "totals": [50, 0]}]
    new_pins = moved.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"][1][
        "pins"]
    assert len(set(new_pins)) == 2 and new_pins != b["pins"]  # new PINs, one a side, and each opens its own side
    assert moved.post(f"/api/games/{b['game']}/results", json={"side": 1, "totals": [50, 0]},
                      headers={"X-Table-PIN": new_pins[0]}).status_code == 403
    assert moved.post(f"/api/games/{b['game']}/results", json={"side": 1, "totals": [50, 0]},
                      headers={"X-Table-PIN": new_pins[1]}).status_code == 200
    broken = json.loads(json.dumps(document))
    broken["events"][0]["confirm"] = "sometimes"
    assert any("confirm" in e for e in checks.check_document(broken))
    broken = json.loads(json.dumps(document))
    broken["events"][0]["confirmations"]["results"][0]["game"] = "nowhere"
    assert any("confirmations.results" in e for e in checks.check_document(broken))


def test_both_agreeing_totals_copy_finish_and_accept_in_one_transaction(client, monkeypatch):
    """A crash after the totals are copied and the game ended, before it is accepted (the disk full, the server
    stopped): nothing of the agreeing send stays, neither the copied hand nor an ended, unaccepted game, nor the
    second side's totals; sent again, the table finishes once."""
    import pytest

    from db import confirm as confirm_store

    event, _ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    game, (first, second) = listed["game"], listed["pins"]
    url = f"/api/games/{game}/results"
    assert client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first}).status_code == 200
    before = client.get(f"/api/games/{game}").get_json()

    def crash(*args, **kwargs):
        raise OSError("the server stopped here")

    monkeypatch.setattr(confirm_store, "put_acceptance", crash)
    with pytest.raises(OSError):
        client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second})
    monkeypatch.undo()
    after = client.get(f"/api/games/{game}").get_json()
    assert (after["hands"], after["finished"], after["confirmed"]) == ([], False, False)
    assert after["results"] == [{"side": 0, "totals": [150, 0]}] and after["revision"] == before["revision"]
    log = [e["change"]["confirm"]["action"] for e in client.get(f"/api/events/{event['id']}/log").get_json()
           if "confirm" in e["change"]]
    assert log == ["sent"]
    done = client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second}).get_json()
    assert (done["finished"], done["confirmed"], len(done["hands"])) == (True, True, 1)
    assert [s["score"] for s in done["sides"]] == [150, 0]


def test_both_sides_agreeing_on_other_totals_than_the_finished_game_wait_for_the_director(client, app):
    """The table's phone recorded its hands to the end (100 – 0); then both sides send 150 – 0 (the first side
    corrected its send): the sides agree with each other, not with the game. That is a disagreement (API.md: nothing
    counts, both phones and the director see the versions, the director decides), never a 409; a resend stores
    nothing twice; the director's decision becomes the game's result."""
    event, _ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    game, (first, second) = listed["game"], listed["pins"]
    url = f"/api/games/{game}/results"
    assert client.post(f"/api/games/{game}/hands", json=HAND, headers={"X-Table-PIN": first}).status_code == 201
    played = client.get(f"/api/games/{game}").get_json()
    assert (played["finished"], played["confirmed"], [s["score"] for s in played["sides"]]) == (True, False, [100, 0])
    assert client.post(url, json={"side": 0, "totals": [100, 0]}, headers={"X-Table-PIN": first}).status_code == 200
    assert client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first}).status_code == 200
    sent = client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second,
                                                                             "Idempotency-Key": "e1"})
    assert sent.status_code == 200, sent.get_json()
    body = sent.get_json()
    assert (body["finished"], body["confirmed"], [s["score"] for s in body["sides"]]) == (True, False, [100, 0])
    assert body["results"] == [{"side": 0, "totals": [150, 0]}, {"side": 1, "totals": [150, 0]}]
    again = client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second,
                                                                              "Idempotency-Key": "e1"})
    assert again.status_code == 200 and again.get_json()["revision"] == body["revision"]  # a resend: nothing twice
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert rows[listed["entrants"][0]]["played"] == 0
    log = [e["change"]["confirm"] for e in client.get(f"/api/events/{event['id']}/log").get_json()
           if "confirm" in e["change"]]
    assert [e["action"] for e in log] == ["sent", "sent", "disagreed"]
    assert log[-1]["game_totals"] == [100, 0]
    # both phones and the director see the versions: the sides' and the recorded hands'
    for side in (0, 1):
        page = client.get(f"/games/{game}/confirm?side={side}").get_data(as_text=True)
        assert "confirm-versions" in page and "The recorded hands" in page
        assert "differ from the recorded hands</h1>" in page and "The two sides" not in page
    assert "Both sides sent other totals than the recorded hands: the director decides." in client.get(
        f"/games/{game}").get_data(as_text=True)
    decided = client.post(url, json={"decide": [150, 0]}, headers=AS_DIRECTOR)
    assert decided.status_code == 200, decided.get_json()
    body = decided.get_json()
    assert (body["finished"], body["confirmed"], [s["score"] for s in body["sides"]]) == (True, True, [150, 0])
    # the recorded hand keeps what was played and says why its score is not that: the director's award
    assert [(e.get("adjustment"), e.get("adjustment_reason")) for e in body["hands"][0]["entries"]] == [
        (50, "The director's decision"), (None, None)]
    again = client.post(url, json={"decide": [150, 0]}, headers=AS_DIRECTOR)  # a double tap: nothing twice
    assert again.status_code == 200 and again.get_json()["revision"] == body["revision"]
    rows = {r["entrant"]: r for r in client.get(f"/api/events/{event['id']}/standings").get_json()}
    assert (rows[listed["entrants"][0]]["played"], rows[listed["entrants"][0]]["points"]) == (1, 150)
    log = [e["change"]["confirm"]["action"] for e in client.get(f"/api/events/{event['id']}/log").get_json()
           if "confirm" in e["change"]]
    assert log[-1] == "decided"


def test_both_a_correction_after_the_sides_agreed_waits_for_the_directors_decision(client):
    """Both sides agreed (150 – 0) and the game took it; then its hand is corrected (200 – 0): the table waits again,
    the sides cannot send again (409), so it is a disagreement the director decides, and his decision stands."""
    event, _ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    game, (first, second) = listed["game"], listed["pins"]
    url = f"/api/games/{game}/results"
    client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first})
    assert client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": second}).get_json()[
        "confirmed"] is True
    assert client.put(f"/api/games/{game}/hands/1", json={"entries": [{"total": 200}, {"total": 0}]},
                      headers=AS_DIRECTOR).status_code == 200
    assert client.get(f"/api/games/{game}").get_json()["confirmed"] is False
    page = client.get(f"/games/{game}/confirm?side=1").get_data(as_text=True)
    assert "confirm-versions" in page and "The recorded hands" in page
    decided = client.post(url, json={"decide": [150, 0]}, headers=AS_DIRECTOR)
    assert decided.status_code == 200, decided.get_json()
    body = decided.get_json()
    assert (body["confirmed"], [s["score"] for s in body["sides"]], len(body["hands"])) == (True, [150, 0], 1)


def refused_start(client, event_id, language="en") -> str:
    answer = client.post(f"/api/events/{event_id}/rounds", headers={**AS_DIRECTOR, "Accept-Language": language})
    assert answer.status_code == 409, answer.get_json()
    return answer.get_json()["errors"][0]["message"]


def test_a_refused_round_says_which_tables_wait_for_what_not_that_they_are_still_playing(client):
    """API.md: a finished table waiting for acceptance (or the other side's totals, or the director's decision)
    counts nowhere and holds the next round; the refusal says what each waits for, in the request's language."""
    event, round_ = night(client)
    (a, b) = round_["tables"]
    client.post(f"/api/games/{a['game']}/hands", json=HAND, headers={"X-Table-PIN": a["pin"]})
    said = refused_start(client, event["id"])
    assert "Round 1, table 1 waits for East–West to accept its result." in said
    assert "still playing: round 1, table 2." in said and "round 1, table 1," not in said
    for language, words in [("de", "Runde 1, Tisch 1 wartet darauf, dass Ost-West das Ergebnis bestätigt."),
                            ("es", "Ronda 1, mesa 1: espera que Este-Oeste confirme su resultado."),
                            ("it", "Turno 1, tavolo 1: aspetta che Est-Ovest firmi il risultato."),
                            ("pt-BR", "Rodada 1, mesa 1: aguarda Leste-Oeste confirmar o resultado.")]:
        assert words in refused_start(client, event["id"], language)

    event, _ = night(client, "both")
    (a, b) = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"]
    url = f"/api/games/{a['game']}/results"
    client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": a["pins"][0]})
    url = f"/api/games/{b['game']}/results"
    client.post(url, json={"side": 1, "totals": [150, 0]}, headers={"X-Table-PIN": b["pins"][1]})
    said = refused_start(client, event["id"])
    assert "Round 1, table 1 waits for East–West's totals." in said
    assert "Round 1, table 2 waits for North–South's totals." in said and "still playing" not in said
    client.post(url, json={"side": 0, "totals": [100, 50]}, headers={"X-Table-PIN": b["pins"][0]})
    assert "Round 1, table 2 waits for the director's decision (the versions differ)." in refused_start(
        client, event["id"])


def test_a_refused_total_names_the_side_by_its_name_and_the_field_sent(client):
    """A slip's total refused (not a multiple of 5, beyond ±1,000,000) says whose total, by the side's name, under
    the field that was sent (a decision's under `decide`), in the request's language; nothing is stored."""
    event, _ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    game, first = listed["game"], listed["pins"][0]
    names = [s["name"] for s in client.get(f"/api/games/{game}").get_json()["sides"]]
    url = f"/api/games/{game}/results"
    for body, headers, field, words in [
            ({"side": 0, "totals": [151, 0]}, {"X-Table-PIN": first}, "totals",
             f"The total of {names[0]} must be a multiple of 5 (every card counts 5 or more): 151 is not."),
            ({"side": 0, "totals": [0, 1000005]}, {"X-Table-PIN": first}, "totals",
             f"The total of {names[1]} must be from −1,000,000 to 1,000,000 (got 1,000,005)."),
            ({"decide": [0, 52]}, AS_DIRECTOR, "decide",
             f"The total of {names[1]} must be a multiple of 5 (every card counts 5 or more): 52 is not.")]:
        answer = client.post(url, json=body, headers=headers)
        assert answer.status_code == 422 and answer.get_json()["errors"] == [{"field": field, "message": words}]
    answer = client.post(url, json={"side": 0, "totals": [151, 0]}, headers={"X-Table-PIN": first,
                                                                            "Accept-Language": "de"})
    assert answer.get_json()["errors"][0]["message"].startswith(f"Die Summe von {names[0]} muss")
    assert "results" not in client.get(f"/api/games/{game}").get_json()


def test_both_a_side_sending_the_same_totals_again_stores_nothing_twice(client):
    """A side's send repeated with the same totals (a double tap with no key, a phone sending again after a lost
    answer) before the other side has sent: answered with the game as it is, no new revision, no second log entry;
    other totals replace its own."""
    event, _ = night(client, "both")
    listed = event_of(client, event["id"], **AS_DIRECTOR)["round_list"][0]["tables"][0]
    game, first = listed["game"], listed["pins"][0]
    url = f"/api/games/{game}/results"
    sent = client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first}).get_json()
    again = client.post(url, json={"side": 0, "totals": [150, 0]}, headers={"X-Table-PIN": first})
    assert again.status_code == 200 and again.get_json()["revision"] == sent["revision"]
    changed = client.post(url, json={"side": 0, "totals": [200, 0]}, headers={"X-Table-PIN": first}).get_json()
    assert changed["results"] == [{"side": 0, "totals": [200, 0]}] and changed["revision"] > sent["revision"]
    log = [e["change"]["confirm"] for e in client.get(f"/api/events/{event['id']}/log").get_json()
           if "confirm" in e["change"]]
    assert [(e["action"], e["totals"]) for e in log] == [("sent", [150, 0]), ("sent", [200, 0])]


def test_the_refusal_carries_what_each_waiting_table_waits_for(client, app):
    """service.events.RoundCannotStart carries, of the tables not counted, those that wait and what for, so a page
    never works it out again (docs/DEVELOPING.md "What leaves the service")."""
    import pytest

    import db
    from service import events

    event, round_ = night(client)
    client.post(f"/api/games/{round_['tables'][0]['game']}/hands", json=HAND,
                headers={"X-Table-PIN": round_["tables"][0]["pin"]})
    with pytest.raises(events.RoundCannotStart) as caught:
        events.start_round(db.connect(app.config["DATABASE"]), event["id"])
    assert (caught.value.playing, caught.value.waiting) == (((1, 1), (1, 2)), {(1, 1): "accept"})

"""Issue 39 items 18, 19 and 21 (RULES.md §14 "Named rule sets", settled turn 6): a set saved with a PIN is changed
or deleted only with it (X-Rule-Set-PIN, or a session that entered it), wrong tries counted per set and device as a
table's are; at most 500 sets; names cleaned and compared as players' names are; export and import carry the PIN's
hash, never the PIN; an import of many sets with one name takes a number of statements in proportion to the sets."""
from __future__ import annotations

import json
import sqlite3

import pytest

import checks
import db.rule_sets
from db import connect, export, imports, migrate
from scoring import rule_sets as rules
from service import rule_sets as service

from .pages import post, read
from .pin_helpers import PIN, STRANGER, WRONG, Clock

THURSDAY = {"name": "Our Thursday rules", "variant": "classic",
            "options": {"target": 7500, "house_rules": {"going_out_bonus": 200}}}
HEADER = "X-Rule-Set-PIN"


def saved(client, payload=THURSDAY, **extra):
    answer = client.post("/api/rule-sets", json={**payload, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def refusal(answer) -> tuple[int, str | None, str]:
    error = answer.get_json()["errors"][0]
    return answer.status_code, error["field"], error["message"]


def test_a_set_with_a_pin_is_changed_and_deleted_only_with_it(client, app):
    found = saved(client, pin=PIN)
    assert found["has_pin"] is True and "pin" not in found and "pin_hash" not in found
    assert saved(client, {**THURSDAY, "name": "Open"})["has_pin"] is False
    changed = {"name": "Our rules", "options": {"target": 5000}}
    status, field, message = refusal(client.put(f"/api/rule-sets/{found['id']}", json=changed))
    assert (status, field) == (403, "pin") and "X-Rule-Set-PIN" in message
    status, field, message = refusal(client.put(f"/api/rule-sets/{found['id']}", json=changed, headers={HEADER: WRONG}))
    assert (status, field) == (403, "pin") and "not this rule set's PIN" in message
    assert refusal(client.delete(f"/api/rule-sets/{found['id']}"))[0] == 403
    assert client.get(f"/api/rule-sets/{found['id']}").get_json()["name"] == THURSDAY["name"]  # nothing changed
    right = client.put(f"/api/rule-sets/{found['id']}", json=changed, headers={HEADER: PIN})
    assert right.status_code == 200 and right.get_json()["name"] == "Our rules" and right.get_json()["has_pin"]
    assert client.delete(f"/api/rule-sets/{found['id']}", headers={HEADER: PIN}).status_code == 200
    assert client.get(f"/api/rule-sets/{found['id']}").status_code == 404


@pytest.mark.parametrize("pin", ["123", "123456789", 1234, "12a4", "１２３４"])
def test_a_pin_that_is_no_pin_is_refused_naming_it(client, pin):
    status, field, message = refusal(client.post("/api/rule-sets", json={**THURSDAY, "pin": pin}))
    assert (status, field) == (422, "pin") and "4 to 8 digits" in message
    assert [s for s in client.get("/api/rule-sets").get_json() if not s["preset"]] == []


def test_wrong_pins_at_a_set_lock_that_device_out_as_at_a_table(app):
    app.config["CLOCK"] = clock = Clock()
    client = app.test_client()
    found = saved(client, pin=PIN)
    stranger = app.test_client()
    stranger.environ_base.update(STRANGER)
    for _ in range(app.config["PIN_MAX_FAILURES"]):
        assert stranger.delete(f"/api/rule-sets/{found['id']}", headers={HEADER: WRONG}).status_code == 403
    locked = stranger.delete(f"/api/rule-sets/{found['id']}", headers={HEADER: PIN})  # not even checked now
    assert locked.status_code == 429 and int(locked.headers["Retry-After"]) > 0
    conn = sqlite3.connect(app.config["DATABASE"])
    counted = conn.execute("SELECT rule_set_id, client FROM rule_set_pin_failures").fetchall()
    conn.close()
    assert counted == [(found["id"], STRANGER["REMOTE_ADDR"])]  # per set and device
    # another device with the right PIN is not held up by the stranger
    assert client.put(f"/api/rule-sets/{found['id']}", json={"name": "Ours"}, headers={HEADER: PIN}).status_code == 200
    clock.now += 3600 * 2
    assert stranger.delete(f"/api/rule-sets/{found['id']}", headers={HEADER: PIN}).status_code == 200


def test_the_page_asks_for_the_pin_to_delete_a_protected_set(client):
    found = saved(client, pin=PIN)
    open_one = saved(client, {**THURSDAY, "name": "Open"})
    page = read(client.get("/rule-sets"))
    boxes = page.all("textbox", "The rule set's PIN", visible=False)
    assert [box.form.get("action") for box in boxes] == [f"/rule-sets/{found['id']}/delete"]  # the open set asks none
    assert post(client, f"/rule-sets/{found['id']}/delete", {"pin": WRONG}).status_code == 303
    assert "not this rule set's PIN" in read(client.get("/rule-sets")).text()
    assert client.get(f"/api/rule-sets/{found['id']}").status_code == 200
    assert post(client, f"/rule-sets/{found['id']}/delete", {"pin": PIN}).status_code == 303
    assert client.get(f"/api/rule-sets/{found['id']}").status_code == 404
    assert post(client, f"/rule-sets/{open_one['id']}/delete").status_code == 303


def test_a_shared_set_kept_from_the_page_may_get_a_pin(client):
    page = read(client.get("/rule-sets"))
    assert page.field("PIN for this rule set (optional)") is not None
    shared = json.dumps({k: THURSDAY[k] for k in ("name", "variant", "options")})
    assert post(client, "/rule-sets/add", {"set": shared, "pin": PIN}).status_code == 303
    kept = [s for s in client.get("/api/rule-sets").get_json() if not s["preset"]]
    assert [s["has_pin"] for s in kept] == [True]
    refused = post(client, "/rule-sets/add", {"set": json.dumps({**json.loads(shared), "name": "B"}), "pin": "12"})
    assert refused.status_code == 422 and "4 to 8 digits" in read(refused).text()


def test_names_are_cleaned_and_compared_as_players_names(client):
    found = saved(client, {**THURSDAY, "name": "Thurs\u200bday\u202e rules"})
    assert found["name"] == "Thursday rules"
    taken = client.post("/api/rule-sets", json={**THURSDAY, "name": "THURSDAY RULES\ufe0f"})
    assert taken.status_code == 409 and taken.get_json()["errors"][0]["field"] == "name"
    assert refusal(client.post("/api/rule-sets", json={**THURSDAY, "name": "\u200b\u200d"}))[1] == "name"


def test_the_501st_set_is_refused_saying_how_to_delete_old_ones(client, monkeypatch):
    monkeypatch.setattr(rules, "MOST_SETS", 3)
    for n in range(3):
        saved(client, {**THURSDAY, "name": f"Set {n}"})
    status, field, message = refusal(client.post("/api/rule-sets", json={**THURSDAY, "name": "One more"}))
    assert (status, field) == (422, "name") and "3 rule sets already" in message and "DELETE /api/rule-sets" in message


def test_the_real_limit_is_500():
    assert rules.MOST_SETS == 500


def exported(sets: list[dict]) -> dict:
    return {"format": export.FORMAT, "version": export.VERSION, "games": [], "events": [], "rule_sets": sets,
            "members": [], "seasons": []}


def a_set(n: int, **extra) -> dict:
    return {"id": f"s{n}", "name": "Ours", "variant": "classic", "options": {"target": 1000 + 5 * n},
            "created": "2026-01-01T00:00:00+00:00", "updated": "2026-01-01T00:00:00+00:00", **extra}


def test_export_and_import_carry_the_pins_hash_never_the_pin(tmp_path, client, app):
    found = saved(client, pin=PIN)
    sets = export.export_games(connect(app.config["DATABASE"]))["rule_sets"]
    assert [s["id"] for s in sets] == [found["id"]] and sets[0]["pin_hash"].startswith("scrypt")
    assert PIN not in json.dumps(sets).replace(sets[0]["pin_hash"], "")
    fresh = connect(str(tmp_path / "fresh.sqlite"))
    migrate(fresh)
    assert checks.check_document(exported(sets)) == []
    imports.import_games(fresh, [], rule_sets=sets)
    assert service.stored_pin_hash(fresh, found["id"]) == sets[0]["pin_hash"]
    bad = checks.check_document(exported([{**sets[0], "pin_hash": "plain 0427"}]))
    assert len(bad) == 1 and "pin_hash" in bad[0]


def test_an_import_refuses_a_set_with_a_shipped_presets_id():
    errors = checks.check_document(exported([{**a_set(1), "id": "pagat-hand-and-foot"}]))
    assert len(errors) == 1 and "pagat-hand-and-foot" in errors[0] and "id" in errors[0]


def test_an_import_of_many_sets_with_one_name_takes_statements_in_proportion(tmp_path):
    def statements(count: int) -> int:
        db = connect(str(tmp_path / f"sets{count}.sqlite"))
        migrate(db)
        said: list[str] = []
        db.conn.set_trace_callback(said.append)
        made = imports.import_games(db, [], rule_sets=[a_set(n) for n in range(count)])
        db.conn.set_trace_callback(None)
        names = [r[0] for r in db.execute("SELECT name FROM rule_sets ORDER BY rowid")]
        assert names == ["Ours"] + [f"Ours ({n})" for n in range(2, count + 1)] and len(made["renamed"]) == count - 1
        return len(said)
    small, large = statements(50), statements(200)
    assert large <= 4 * small + 40  # linear (it was quadratic: every name tried again from "(2)")


def test_an_import_past_the_limit_is_refused_and_stores_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(db.rule_sets, "MOST_SETS", 3)
    conn = connect(str(tmp_path / "g.sqlite"))
    migrate(conn)
    with pytest.raises(ValueError, match="at most 3"):
        imports.import_games(conn, [], rule_sets=[a_set(n) for n in range(4)])
    assert conn.execute("SELECT count(*) FROM rule_sets").fetchone()[0] == 0


def test_the_new_game_form_saves_a_set_with_a_pin_and_asks_for_it_to_save_changes(client):
    from .pages import url

    doc = read(client.get("/games/new/classic"))
    typed = {**doc.values, **doc.checked, "options.house_rules.going_out_bonus": "250", "rule_set_name": "Thursdays",
             "rule_set_pin": PIN, "save": "new"}
    save = url(client.application, "setup.save_rule_set", variant_id="classic")
    assert post(client, save, typed).status_code == 303
    found = next(s for s in client.get("/api/rule-sets").get_json() if not s["preset"])
    assert found["has_pin"] is True
    other = client.application.test_client()  # another device, which has not entered the set's PIN
    doc = read(other.get(f"/games/new/classic?rule_set={found['id']}"))
    assert doc.field("The rule set's PIN (to save changes to it)") is not None
    changes = {**doc.values, **doc.checked, "options.house_rules.going_out_bonus": "300", "save": "changes"}
    refused = post(other, save, {**changes, "rule_set_pin": WRONG})
    assert refused.status_code == 403
    assert "not this rule set's PIN" in read(refused).by_id("rule_set_pin-error").text
    assert client.get(f"/api/rule-sets/{found['id']}").get_json()["options"]["house_rules"]["going_out_bonus"] == 250
    assert post(other, save, {**changes, "rule_set_pin": PIN}).status_code == 303
    assert client.get(f"/api/rule-sets/{found['id']}").get_json()["options"]["house_rules"]["going_out_bonus"] == 300

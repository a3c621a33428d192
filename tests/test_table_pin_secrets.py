"""Issue 39 item 21: a club night's table PINs are stored hashed, as every other PIN. The digits the director sees and
prints are worked out from the night's secret (db/pin_hash.py), which no export, backup or API answer carries; an
imported or restored night gets new PINs (the command says so); a database from before keeps its printed PINs."""
from __future__ import annotations

import json
import sqlite3

import db
from db import export
from db.pin_hash import hash_pin, pin_matches, round_shifts, table_pin

from tests.cli_helpers import client_for, run_app

DIRECTOR = "9876"
AS_DIRECTOR = {"X-Director-PIN": DIRECTOR}
HAND = {"entries": [{"melded": 100}, {}]}


def entrants(n: int) -> list[dict]:
    return [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(n)]


def night(client, n: int = 8) -> dict:
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(n),
            "table_size": 2, "rounds": 3, "movement": "round-robin", "standings": "points",
            "director_pin": DIRECTOR, "table_pins": True}
    event = client.post("/api/events", json=body).get_json()
    answer = client.post(f"/api/events/{event['id']}/rounds", headers=AS_DIRECTOR)
    assert answer.status_code == 201, answer.get_json()
    return event


def shown(client, event_id: str) -> list[list[str]]:
    """Each round's tables' PINs as the director sees them."""
    rounds = client.get(f"/api/events/{event_id}", headers=AS_DIRECTOR).get_json()["round_list"]
    return [[t["pin"] for t in r["tables"]] for r in rounds]


def rows(path, sql: str, args=()) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def opens(client, game_id: str, pin: str) -> bool:
    return client.post(f"/api/games/{game_id}/hands", json=HAND, headers={"X-Table-PIN": pin}).status_code == 201


def test_no_table_pin_is_stored_in_plain_and_each_is_worked_out_again_from_the_nights_secret(tmp_path):
    path = tmp_path / "night.sqlite"
    client = client_for(path)
    event = night(client)
    [pins] = shown(client, event["id"])
    assert len(set(pins)) == 4 and all(len(p) == 4 and p.isdigit() for p in pins)
    assert rows(path, "SELECT pin FROM event_tables") == [(None,)] * 4
    [(secret,)] = rows(path, "SELECT pin_secret FROM events WHERE id = ?", [event["id"]])
    stored = rows(path, "SELECT t.table_no, t.pin_shifts, g.pin_hash FROM event_tables t JOIN games g "
                        "ON g.id = t.game_id ORDER BY t.table_no")
    for (table, shifts, pin_hash), pin in zip(stored, pins):
        assert table_pin(secret, 1, table, 0, json.loads(shifts)[0]) == pin  # what the director prints, again
        assert pin_matches(pin, pin_hash) and pin not in pin_hash
    assert secret not in json.dumps(client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json())
    assert shown(client_for(path), event["id"]) == [pins]  # another server on the file shows the same digits


def test_no_two_tables_of_a_round_share_a_pin_however_many_tables():
    """200 tables: HMAC digits alone would surely repeat; the shifts keep them apart, and give them back."""
    secret = "ab" * 32
    shifts = round_shifts(secret, 2, list(range(1, 201)), sides=2)
    pins = [table_pin(secret, 2, t, side, s[side]) for t, s in zip(range(1, 201), shifts) for side in (0, 1)]
    assert len(set(pins)) == 400 and any(s != [0, 0] for s in shifts)
    assert table_pin(secret, 2, 7, 1) != table_pin(secret, 2, 7, 0) or shifts[6][1] != 0


def test_an_export_carries_no_table_pin_nor_secret_and_an_imported_night_gets_new_pins(tmp_path):
    path = tmp_path / "night.sqlite"
    client = client_for(path)
    event = night(client, n=16)
    [old] = shown(client, event["id"])
    [(secret,)] = rows(path, "SELECT pin_secret FROM events")
    run_app("export", tmp_path / "out.json", "--db", path)
    text = (tmp_path / "out.json").read_text()
    assert secret not in text and "pin_secret" not in text and "pin_shifts" not in text
    exported = json.loads(text)["events"][0]["round_list"][0]["tables"]
    assert all("pin" not in t for t in exported)
    done = run_app("import", tmp_path / "out.json", "--db", tmp_path / "other.sqlite")
    assert done.returncode == 0, done.stderr
    assert "New table PINs for “Tuesday club”: print their seating slips again." in done.stdout
    other = client_for(tmp_path / "other.sqlite")
    [new] = shown(other, event["id"])
    assert len(set(new)) == 8 and new != old
    [(new_secret,)] = rows(tmp_path / "other.sqlite", "SELECT pin_secret FROM events")
    assert new_secret and new_secret != secret
    game = exported[0]["game"]
    assert not opens(other, game, old[0]) or old[0] == new[0]
    assert opens(other, game, new[0])


def test_a_backup_carries_no_secret_and_a_night_restored_from_it_gets_new_pins_that_open_its_tables(tmp_path):
    path = tmp_path / "night.sqlite"
    client = client_for(path)
    event = night(client, n=16)
    [old] = shown(client, event["id"])
    [(secret,)] = rows(path, "SELECT pin_secret FROM events")
    done = run_app("backup", tmp_path / "copy.sqlite", "--db", path)
    assert done.returncode == 0, done.stderr
    assert rows(tmp_path / "copy.sqlite", "SELECT pin_secret FROM events") == [(None,)]
    assert secret.encode() not in (tmp_path / "copy.sqlite").read_bytes()
    done = run_app("restore", tmp_path / "copy.sqlite", "--db", tmp_path / "restored.sqlite")
    assert done.returncode == 0, done.stderr
    assert "New table PINs for “Tuesday club”" in done.stdout
    restored = client_for(tmp_path / "restored.sqlite")
    [new] = shown(restored, event["id"])
    assert len(set(new)) == 8 and new != old
    game = rows(tmp_path / "restored.sqlite", "SELECT game_id FROM event_tables ORDER BY table_no")[0][0]
    assert opens(restored, game, new[0])


def test_a_database_with_plain_table_pins_keeps_the_printed_digits_and_wipes_them(tmp_path):
    """A database from before this change (the plain PINs in event_tables.pin): the migration keeps every printed
    PIN working and shown to the director, and no plain PIN stays."""
    path = tmp_path / "old.sqlite"
    client = client_for(path)
    event = night(client)
    printed = ["0420", "9999", "0000", "1234"]
    conn = sqlite3.connect(path)
    for table, pin in enumerate(printed, start=1):
        conn.execute("UPDATE event_tables SET pin = ? WHERE table_no = ?", [pin, table])
        conn.execute("UPDATE games SET pin_hash = ? WHERE id = (SELECT game_id FROM event_tables WHERE table_no = ?)",
                     [hash_pin(pin), table])
    conn.execute("ALTER TABLE events DROP COLUMN pin_secret")
    conn.execute("ALTER TABLE event_tables DROP COLUMN pin_shifts")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = '_table_pin_secrets'")
    conn.execute(f"PRAGMA user_version = {conn.execute('PRAGMA user_version').fetchone()[0] - 1}")
    conn.commit()
    conn.close()
    conn = db.connect(str(path))
    db.migrate(conn)
    conn.conn.close()
    assert rows(path, "SELECT pin FROM event_tables") == [(None,)] * 4
    again = client_for(path)
    assert shown(again, event["id"]) == [printed]
    game = rows(path, "SELECT game_id FROM event_tables WHERE table_no = 2")[0][0]
    assert opens(again, game, "9999")


def test_the_export_of_a_database_keeps_no_pin_of_the_rounds_for_a_whole_or_one_games_download(tmp_path):
    path = tmp_path / "night.sqlite"
    client = client_for(path)
    night(client)
    conn = db.connect(str(path))
    try:
        for with_pin in (True, False):
            document = export.export_games(conn, with_pin=with_pin)
            tables = [t for e in document["events"] for r in e["round_list"] for t in r["tables"]]
            assert tables and all(set(t) == {"table", "game", "entrants"} for t in tables)
    finally:
        conn.conn.close()

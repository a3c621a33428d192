"""What is kept of a game's derived state between requests, and when it is asked for again."""
import db
from web import derived
from web.derived import Recent


def test_recent_forgets_the_oldest_first():
    kept = Recent(2)
    kept.put("a", 1)
    kept.put("b", 2)
    kept.put("a", 3)  # put again: now the newest
    kept.put("c", 4)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (3, None, 4)


def test_a_slow_reader_never_replaces_a_newer_state():
    conn = type("Db", (), {"path": "/nowhere"})()
    derived.put(conn, {"id": "g", "revision": 5, "updated": "t5"})
    derived.put(conn, {"id": "g", "revision": 4, "updated": "t4"})
    assert derived.fresh(conn, "g")["revision"] == 5
    derived.forget(conn, "g")
    assert derived.fresh(conn, "g") is None


def test_own_writes_show_at_once(client, make_game):
    game = make_game()
    client.get(f"/api/games/{game['id']}")  # now kept
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    assert client.get(f"/api/games/{game['id']}").get_json()["sides"][0]["score"] == 50


def test_another_process_change_shows_once_the_state_is_confirmed(app, client, make_game, monkeypatch):
    # an `import` while the server runs writes with its own connection, not through this process
    game = make_game()
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0
    other = db.connect(app.config["DATABASE"])
    other.execute("INSERT INTO hands (game_id, entries, recorded_at) VALUES (?, ?, ?)",
                  [game["id"], '[{"melded": 100}, {}]', "2026-11-22T20:00:00+00:00"])
    other.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", [game["id"]])
    other.conn.close()
    # within FRESH_FOR the state confirmed a moment ago is served…
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0
    # …and once it is due for confirmation, the new revision is read and derived
    monkeypatch.setattr(derived, "FRESH_FOR", 0)
    again = client.get(f"/api/games/{game['id']}").get_json()
    assert (again["hands_played"], again["sides"][0]["score"]) == (1, 100)


def test_a_late_confirmation_never_brings_back_an_older_state(monkeypatch):
    # a reader found revision 5 kept and confirmed it against the database; before it marks it
    # confirmed, a write commits and keeps revision 6
    conn = type("Db", (), {"path": "/late"})()
    derived.put(conn, {"id": "g", "revision": 5, "updated": "t5"})
    seen_by_the_reader = derived.games.get(("/late", "g"))
    derived.put(conn, {"id": "g", "revision": 6, "updated": "t6"})
    real_get = derived.games.get
    reads = iter([seen_by_the_reader])
    monkeypatch.setattr(derived.games, "get", lambda key: next(reads, None) or real_get(key))
    assert derived.get(conn, {"id": "g", "revision": 5, "updated": "t5"})["revision"] == 5
    monkeypatch.undo()
    assert derived.fresh(conn, "g")["revision"] == 6

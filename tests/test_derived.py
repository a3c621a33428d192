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
    assert derived.games.get(("/nowhere", "g"))["revision"] == 5
    derived.forget(conn, "g")
    assert derived.games.get(("/nowhere", "g")) is None


def test_own_writes_show_at_once(client, make_game):
    game = make_game()
    client.get(f"/api/games/{game['id']}")  # now kept
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    assert client.get(f"/api/games/{game['id']}").get_json()["sides"][0]["score"] == 50


def test_another_process_change_shows_on_the_next_request(app, client, make_game):
    # an `import` while the server runs writes with its own connection, not through this process
    game = make_game()
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0
    other = db.connect(app.config["DATABASE"])
    other.execute("INSERT INTO hands (game_id, entries, recorded_at) VALUES (?, ?, ?)",
                  [game["id"], '[{"melded": 100}, {}]', "2026-11-22T20:00:00+00:00"])
    other.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", [game["id"]])
    other.conn.close()
    again = client.get(f"/api/games/{game['id']}").get_json()
    assert (again["hands_played"], again["sides"][0]["score"]) == (1, 100)


def test_a_late_reader_never_brings_back_an_older_state():
    # a reader derived revision 5; before it keeps it, a write commits and keeps revision 6
    conn = type("Db", (), {"path": "/late"})()
    derived.put(conn, {"id": "g", "revision": 6, "updated": "t6"})
    derived.put(conn, {"id": "g", "revision": 5, "updated": "t5"})
    assert derived.games.get(("/late", "g"))["revision"] == 6
    assert derived.get(conn, {"id": "g", "revision": 5, "updated": "t5"}) is None

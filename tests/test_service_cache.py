"""What is kept of a game's derived state between requests, and when it is asked for again."""
import os
import re
import time
from types import SimpleNamespace

import db
from service import cache
from service.cache import Recent
from web.plumbing.database import get_db
from web.plumbing.security import CSRF_COOKIE

from .conftest import PONY_THREE


def state(revision: int, updated: str, **more):
    """A game state as the cache sees it (the typed game has these and more)."""
    return SimpleNamespace(id=more.pop("id", "g"), revision=revision, updated=updated, **more)


def row(revision: int, updated: str, game_id: str = "g") -> dict:
    """A stored game's version row (db.games.get_version)."""
    return {"id": game_id, "revision": revision, "updated": updated}


def test_recent_forgets_the_oldest_first():
    kept = Recent(2, sizeof=lambda value: 1)  # room for two
    kept.put("a", 1)
    kept.put("b", 2)
    kept.put("a", 3)  # put again: now the newest
    kept.put("c", 4)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (3, None, 4)


def test_a_slow_reader_never_replaces_a_newer_state():
    cache.keep("slow.sqlite", state(5, "t5"))
    cache.keep("slow.sqlite", state(4, "t4"))
    assert cache.kept("slow.sqlite", row(5, "t5")).revision == 5
    cache.forget("slow.sqlite", "g")
    assert cache.kept("slow.sqlite", row(5, "t5")) is None


def test_games_of_two_database_files_are_kept_apart(tmp_path):
    first, second = str(tmp_path / "one.sqlite"), str(tmp_path / "other.sqlite")
    cache.keep(first, state(1, "t1", kept_in="first"))
    assert cache.kept(second, row(1, "t1")) is None
    cache.keep(second, state(1, "t1", kept_in="second"))
    assert cache.kept(first, row(1, "t1")).kept_in == "first"


def test_what_is_made_from_a_state_goes_with_it():
    made = []
    game = state(1, "t1", id="m")
    cache.keep("made.sqlite", game)
    for _ in range(2):
        assert cache.made_from("made.sqlite", game, "json", lambda: made.append(1) or b"body") == b"body"
    assert made == [1]  # made once for this state
    newer = state(2, "t2", id="m")
    cache.keep("made.sqlite", newer)
    assert cache.made_from("made.sqlite", newer, "json", lambda: b"new") == b"new"
    # a state no longer kept (an older one a slow reader holds) is made anew, never given the newer one's
    assert cache.made_from("made.sqlite", game, "json", lambda: b"old") == b"old"


def test_the_json_answer_is_the_kept_state_of_this_revision(client, make_game):
    game = make_game()
    first = client.get(f"/api/games/{game['id']}")
    assert first.get_json()["revision"] == game["revision"] and first.headers["ETag"] == f'"{game["revision"]}"'
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    after = client.get(f"/api/games/{game['id']}")
    assert after.get_json()["revision"] == game["revision"] + 1 and after.get_json()["hands_played"] == 1
    assert after.headers["ETag"] == f'"{game["revision"] + 1}"'


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
    cache.keep("late.sqlite", state(6, "t6", id="late"))
    cache.keep("late.sqlite", state(5, "t5", id="late"))
    assert cache.kept("late.sqlite", row(6, "t6", "late")).revision == 6
    assert cache.kept("late.sqlite", row(5, "t5", "late")) is None


def test_each_device_gets_its_own_csrf_token_in_the_scoreboard(app, make_game):
    game = make_game(PONY_THREE)  # Pony: the scoreboard has failed-meld forms, each with a token
    phones = [app.test_client(), app.test_client()]
    pages = [p.get(f"/games/{game['id']}").get_data(as_text=True) for p in phones]
    scoreboards = [p.get(f"/games/{game['id']}/live").get_data(as_text=True) for p in phones]
    for page, scoreboard, phone in zip(pages, scoreboards, phones):
        own = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)[1]
        assert own == phone.get_cookie(CSRF_COOKIE).value
        for html in (page, scoreboard):
            fields = re.findall(r'name="csrf_token" value="([^"]*)"', html)
            assert len(fields) >= 3 and set(fields) == {own} and "\x00" not in html
    # a failed meld posted from the second phone's shared scoreboard is accepted
    token = re.search(r'name="csrf_token" value="([^"]*)"', scoreboards[1])[1]
    answer = phones[1].post(f"/games/{game['id']}/sides/0/failed-meld",
                            data={"csrf_token": token, "revision": str(game["revision"])})
    assert answer.status_code == 303
    assert phones[0].get(f"/api/games/{game['id']}").get_json()["sides"][0]["failed_melds"] == 1


QUIET = time.time_ns() - 60 * 1_000_000_000  # a minute before these tests ran


def settle(path: str) -> None:
    """Make the database and its -wal file look last written at QUIET, whatever was written since:
    what then tells a write apart is the commit count, the files' sizes and their inodes."""
    when = QUIET
    for name in (path, path + "-wal"):
        os.utime(name, ns=(when, when))


def statements(app, client, path: str) -> tuple[list[str], dict]:
    """The SQL a GET of `path` runs on the app's connection, and its JSON."""
    with app.app_context():
        conn = get_db().conn
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        answer = client.get(path)
    finally:
        conn.set_trace_callback(None)
    assert answer.status_code == 200
    return seen, answer.get_json()


def test_a_quiet_database_is_not_asked_again_but_any_write_is_seen(app, client, make_game):
    game = make_game()
    url = f"/api/games/{game['id']}"
    settle(app.config["DATABASE"])
    first, _ = statements(app, client, url)
    assert len(first) == 1 and "revision" in first[0], first  # confirmed by one small query
    again, body = statements(app, client, url)
    assert again == [] and body["hands_played"] == 0  # nothing written since: no query at all
    # another process (an import) writes; a minute later the files are quiet again, but not as they were
    other = db.connect(app.config["DATABASE"])
    other.execute("INSERT INTO hands (game_id, entries, recorded_at) VALUES (?, ?, ?)",
                  [game["id"], '[{"melded": 100}, {}]', "2026-11-22T20:00:00+00:00"])
    other.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", [game["id"]])
    other.conn.close()
    settle(app.config["DATABASE"])
    seen, body = statements(app, client, url)
    assert seen and (body["hands_played"], body["sides"][0]["score"]) == (1, 100)
    # this server's own write is seen at once too
    assert client.post(f"{url}/hands", json={"entries": [{"melded": 50}, {}]}).status_code == 201
    settle(app.config["DATABASE"])
    seen, body = statements(app, client, url)
    assert seen and body["hands_played"] == 2 and body["sides"][0]["score"] == 150
    assert statements(app, client, url)[0] == []


def test_the_quiet_mark_changes_with_every_write(tmp_path):
    path = str(tmp_path / "quiet.sqlite")
    conn = db.connect(path)
    conn.execute("CREATE TABLE t (n INTEGER)")
    assert db.quiet_mark(path) is None  # just written: its file times cannot yet tell the next write apart
    settle(path)
    mark = db.quiet_mark(path)
    assert mark is not None and db.quiet_mark(path) == mark
    with db.write(conn):
        pass  # a commit in this process that changed no page: the files stay as they were
    settle(path)
    assert db.quiet_mark(path) not in (None, mark)
    mark = db.quiet_mark(path)
    conn.execute("INSERT INTO t VALUES (1)")  # not through db.write: only the -wal file tells
    settle(path)
    assert db.quiet_mark(path) not in (None, mark)
    conn.conn.close()  # the last connection closes: SQLite removes the -wal file, so there is no mark
    assert not os.path.exists(path + "-wal") and db.quiet_mark(path) is None


def test_the_quiet_mark_finds_the_wal_file_of_a_database_reached_through_a_link(tmp_path):
    real = tmp_path / "real" / "games.sqlite"
    real.parent.mkdir()
    link = tmp_path / "games.sqlite"
    conn = db.connect(str(real))
    conn.execute("CREATE TABLE t (n INTEGER)")
    link.symlink_to(real)
    settle(str(real))
    assert db.quiet_mark(str(link)) is not None and db.quiet_mark(str(link)) == db.quiet_mark(str(real))
    conn.conn.close()

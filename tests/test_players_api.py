"""GET /api/players and /api/players/{name}: games, wins (ties too), partners, opponents, bests, ratings."""
from __future__ import annotations

import pytest

from .player_helpers import LEVEL, WIN_FIRST, WIN_SECOND, listed, pairs, play, player


@pytest.fixture
def week(client):
    """Ann & Bob beat Cy & Di twice, lose once, tie once; Ann & Cy beat Bob & Di; one game still in play."""
    games = [play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST, WIN_FIRST),
             play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST),
             play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_SECOND),
             play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), LEVEL),
             play(client, pairs(("Ann", "Cy"), ("Bob", "Di")), WIN_FIRST),
             play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_SECOND, end=False)]
    return games


def test_the_list_gives_every_field_for_every_player(client, week):
    players = listed(client)
    assert sorted(players) == ["Ann", "Bob", "Cy", "Di"]
    assert {n: (p["games"], p["wins"]) for n, p in players.items()} == {
        # 6 games each; wins: the 2 won, the tie, and game 5 for Ann and Cy
        "Ann": (6, 4), "Bob": (6, 3), "Cy": (6, 3), "Di": (6, 2)}
    for p in players.values():
        assert set(p) == {"name", "games", "wins", "rating", "last_played", "member"}
        assert set(p["rating"]) == {"ponytail"}
        assert set(p["rating"]["ponytail"]) == {"mu", "sigma", "ordinal"}
        r = p["rating"]["ponytail"]
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=1e-3)
        assert p["last_played"] == week[-1]["hands"][-1]["recorded_at"]
    # Ann won most and lost least: the best rating; Di the worst
    order = sorted(players, key=lambda n: -players[n]["rating"]["ponytail"]["ordinal"])
    assert order[0] == "Ann" and order[-1] == "Di"


def test_a_tie_is_a_win_for_every_tied_side(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), LEVEL)
    assert {n: p["wins"] for n, p in listed(client).items()} == {"Ann": 1, "Bob": 1, "Cy": 1, "Di": 1}


def test_a_game_in_progress_counts_as_played_but_neither_won_nor_rated(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST, end=False)
    ann = listed(client)["Ann"]
    assert (ann["games"], ann["wins"], ann["rating"]) == (1, 0, {})


def test_one_player_has_partners_opponents_and_bests(client, week):
    ann = player(client, "ann")  # names match ignoring case and spacing
    assert ann["name"] == "Ann"
    assert ann["partners"] == [{"name": "Bob", "games": 5, "wins": 3}, {"name": "Cy", "games": 1, "wins": 1}]
    assert ann["opponents"] == [{"name": "Di", "games": 6, "wins": 4}, {"name": "Cy", "games": 5, "wins": 3},
                                {"name": "Bob", "games": 1, "wins": 1}]
    best = ann["best_hand"]["ponytail"]
    # 1,000 was scored in hand 1 of three games (played within the same second: any of them)
    assert (best["score"], best["hand"]) == (1000, 1) and best["game"] in {week[i]["id"] for i in (0, 1, 4)}
    assert ann["best_game"] == {"ponytail": {"score": 2000, "game": week[0]["id"], "won": True,
                                             "finished_at": week[0]["ended_at"]}}
    assert ann["rating"] == listed(client)["Ann"]["rating"]
    recent = ann["recent_games"]
    assert sorted(g["id"] for g in recent) == sorted(g["id"] for g in week)
    assert [g["last_played"] for g in recent] == sorted((g["last_played"] for g in recent), reverse=True)


def test_an_unknown_player_is_404_in_words(client, week):
    r = client.get("/api/players/Zed")
    assert r.status_code == 404
    assert r.get_json()["errors"][0]["message"].startswith("There is no player called “Zed”")


def test_ratings_follow_a_corrected_hand(client):
    game = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    before = listed(client)
    assert before["Ann"]["rating"]["ponytail"]["mu"] > before["Cy"]["rating"]["ponytail"]["mu"]
    r = client.put(f"/api/games/{game['id']}/hands/1", json={"entries": WIN_SECOND})
    assert r.status_code == 200
    after = listed(client)
    assert after["Ann"]["rating"] == before["Cy"]["rating"] and after["Cy"]["rating"] == before["Ann"]["rating"]
    assert (after["Ann"]["wins"], after["Cy"]["wins"]) == (0, 1)


def test_ratings_and_wins_forget_a_deleted_game(client, app):
    first = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    alone = listed(client)
    second = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    assert listed(client)["Ann"]["rating"] != alone["Ann"]["rating"]
    with app.app_context():
        import service
        from web.plumbing.database import get_db
        service.delete_game(get_db(), second["id"])
    assert listed(client) == alone
    client.delete(f"/api/games/{first['id']}/hands/1")  # a finished game's hand deleted: 0 to 0, a tie
    tied = listed(client)
    assert tied["Cy"]["wins"] == 1 and tied["Ann"]["rating"]["ponytail"]["mu"] == pytest.approx(25.0)


def test_a_lone_player_side_and_a_five_person_game(client):
    sides = [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]
    client.post("/api/games", json={"variant": "five-person", "sides": sides})
    asha = player(client, "Asha")
    assert asha["partners"] == [] and [o["name"] for o in asha["opponents"]] == ["Ben", "Cleo", "Dev", "Eve"]
    assert asha["best_hand"] == {"five-person": None} and asha["best_game"] == {"five-person": None}

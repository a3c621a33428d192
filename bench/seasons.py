"""A club's season for the season standings figure: 400 players, paired anew each night, over 40 finished nights of
one round (100 tables each), written straight through db/ (as bench/players.py writes a club's history) and put in
one season; then GET /api/seasons/{id}/standings timed on the server."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from db import connect, migrate, write
from db import events as event_store
from db import games as store
from db import seasons as season_store
from scoring import get_variant
from scoring.game import to_store

SEASON_ID = "benchseason"


def _stored(variant, raw: list[dict]) -> list[dict]:
    entries, errors = variant.parse_hand({"entries": raw}, len(raw))
    if errors:
        raise ValueError(errors)
    return to_store(variant, {"entries": raw}, entries)


def build_season(path: str, players: int, nights: int, seed: int = 43) -> str:
    """A database at `path` holding `nights` finished classic nights of `players` players in pairs (drawn anew each
    night, every pair at one table of one round, ranked by points), all in one season; returns the season's id."""
    rng = random.Random(seed)
    db = connect(path)
    migrate(db)
    classic = get_variant("classic")
    names = [f"Player {n:03d}" for n in range(players)]
    moment = datetime(2027, 1, 5, 19, 0, tzinfo=timezone.utc)
    events = []
    with write(db):
        for night in range(nights):
            rng.shuffle(names)
            entrants = [{"name": f"{names[i]} & {names[i + 1]}", "players": [names[i], names[i + 1]]}
                        for i in range(0, players, 2)]
            sides = [{"name": e["name"], "players": e["players"]} for e in entrants]
            options = classic.default_options(sides[:2])
            at = moment + timedelta(days=7 * night)
            start = at.isoformat(timespec="seconds")
            event_id = f"night{night:03d}"
            event_store.insert_event(db, {"id": event_id, "name": f"Night {night + 1}", "variant": "classic",
                                          "options": options, "entrants": entrants, "table_size": 2, "rounds": 1,
                                          "movement": "draw", "standings": "points", "vp_scale": None,
                                          "created": start})
            event_store.insert_round(db, event_id, 1, [], start)
            for table in range(len(entrants) // 2):
                game_id = f"n{night:03d}t{table:03d}"
                pair = [2 * table, 2 * table + 1]
                store.insert_game(db, {"id": game_id, "variant": "classic", "options": options, "created": start,
                                       "updated": start, "revision": 1, "marks": {},
                                       "sides": [sides[i] for i in pair]})
                event_store.insert_table(db, event_id, 1, table + 1, game_id, pair)
                raw = [{"melded": 5 * rng.randint(10, 600)} for _ in pair]
                store.add_hand(db, game_id, _stored(classic, raw), start)
                end = (at + timedelta(hours=2)).isoformat(timespec="seconds")
                store.touch_game(db, game_id, end, ended_at=end)
            events.append(event_id)
        season_store.insert_season(db, {"id": SEASON_ID, "name": "Bench season", "created": start, "events": events,
                                        "counting": {"figure": None, "best": 30, "min_events": 5,
                                                     "place_points": None}})
    db.conn.close()
    return SEASON_ID

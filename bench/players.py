"""A club's history for the players figures: thousands of finished games written straight through db/.

Games go in through the same named queries the app uses (insert_game, add_hand, touch_game),
in one transaction, so 2,000 games take about a second instead of minutes of API calls.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from db import connect, migrate, write
from db import games as store
from scoring import get_variant
from scoring.game import to_store

CLUB = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo", "Ned", "Ola", "Pip",
        "Quin", "Ros", "Sam", "Tess"]


def _stored(variant, raw: list[dict]) -> list[dict]:
    """A hand as the app stores it (every field, as numbers), from a few values per side."""
    entries, errors = variant.parse_hand({"entries": raw}, len(raw))
    if errors:
        raise ValueError(errors)
    return to_store(variant, {"entries": raw}, entries)


def build_history(path: str, games: int, seed: int = 15) -> str:
    """A database at `path` holding `games` finished games of the club (Ponytail pairs and Pony threes).

    Returns a name that plays in many of them, for the player page figure.
    """
    rng = random.Random(seed)
    db = connect(path)
    migrate(db)
    ponytail, pony = get_variant("ponytail"), get_variant("pony")
    moment = datetime(2026, 1, 5, 19, 0, tzinfo=timezone.utc)
    with write(db):
        for n in range(games):
            if n % 4:
                variant = ponytail
                four = rng.sample(CLUB, 4)
                sides = [{"name": f"{four[0]} & {four[1]}", "players": four[:2]},
                         {"name": f"{four[2]} & {four[3]}", "players": four[2:]}]
            else:
                variant = pony
                sides = [{"name": p, "players": [p]} for p in rng.sample(CLUB, 3)]
            options = variant.default_options(sides)
            game_id = f"bench{n:05d}"
            at = moment + timedelta(hours=3 * n)
            start = at.isoformat(timespec="seconds")
            store.insert_game(db, {"id": game_id, "variant": variant.id, "options": options, "created": start,
                                   "updated": start, "revision": 1, "marks": {},
                                   "sides": sides})
            for h in range(rng.randint(4, 10)):
                raw = [{"melded": 5 * rng.randint(10, 400)} for _ in sides]
                store.add_hand(db, game_id, _stored(variant, raw),
                               (at + timedelta(minutes=12 * (h + 1))).isoformat(timespec="seconds"))
            end = (at + timedelta(hours=2)).isoformat(timespec="seconds")
            store.touch_game(db, game_id, end, ended_at=end)  # the table stopped: a finished game
    db.conn.close()
    return CLUB[0]

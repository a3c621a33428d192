"""What the Hand and Foot new-game form tests share: the variant, its house-rules field, a pairs seating and the
form posted (kept here so that no test module imports another)."""
from __future__ import annotations

from .pages import post, url

VARIANT = "hand-and-foot"
RULES = "options.house_rules"
PAIRS = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
         "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di"}


def start(client, data: dict):
    """Post the new-game form; the game started (its API object), or the refused form."""
    response = post(client, url(client.application, "setup.create_game", variant_id=VARIANT), data)
    if response.status_code != 303:
        return response
    return client.get("/api" + response.headers["Location"]).get_json()

"""What the club-night page tests share: the new-night form, a night made and a round started through the pages, a
game finished, the refusals said at their fields (kept here so that no test module imports another)."""
from __future__ import annotations

from tests.pages import post

FORM = {"name": "Tuesday club", "variant": "classic", "options.target": "500", "options.max_hands": "",
        "entrants": "Ann & Bob\nCy and Di\n\nEd & Flo\nGus & Hal\n", "table_size": "2", "rounds": "3",
        "movement": "round-robin", "standings": "wins", "vp_scale": "0 10 10\n500 15 5"}


def create(client, **changes):
    answer = post(client, "/events/new", {**FORM, **changes})
    assert answer.status_code == 303, answer.get_data(as_text=True)
    return answer.headers["Location"].rsplit("/", 1)[1]


def start(client, event_id, key="k1"):
    return post(client, f"/events/{event_id}/rounds", {"idempotency_key": key})


def finish(client, game_id, first=150, second=100):
    entries = [{"melded": first}, {"melded": second}]
    assert client.post(f"/api/games/{game_id}/hands", json={"entries": entries}).status_code == 201
    assert client.post(f"/api/games/{game_id}/end").status_code == 200


def rounds(client, event_id):
    return client.get(f"/api/events/{event_id}").get_json()["round_list"]


def field_errors(page, field_id: str) -> list[str]:
    """What the input (or the group of choices) says is wrong with it: the messages it is described by."""
    box = page.by_id(field_id) or next(e for e in page.walk() if e.tag == "fieldset"
                                       and f"{field_id}-error" in e.get("aria-describedby", ""))
    return [d for d in box.descriptions if d]


def errors_at(page) -> dict[str, str]:
    return {e.get("id"): e.text for e in page.walk() if "field-error" in e.get("class", "").split()}

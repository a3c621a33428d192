"""A refused hand form says what is wrong at its top (issue 31, item 1): one summary, read out (role=alert) and focused
on arrival (autofocus), each message a link to its field, the form's first field first; each field names every one of
its messages in aria-describedby."""
from __future__ import annotations

from tests.pages import post, read

CLASSIC = {"variant": "classic", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                           {"name": "Them", "players": ["Cy", "Di"]}]}


def refused(client, typed: dict) -> tuple:
    game = client.post("/api/games", json=CLASSIC).get_json()
    response = post(client, f"/games/{game['id']}/hands/new",
                    {"number": "1", "revision": str(game["revision"]), "idempotency_key": "k" * 22, **typed})
    assert response.status_code == 422
    page = read(response)
    return page, page.by_id("error-summary")


def test_the_summary_is_read_out_focused_and_leads_to_each_field_in_the_form_s_order(client):
    # Them's box is refused first (a number read two ways stops the rules' checks), Us's after: the form's order wins
    page, summary = refused(client, {"entries[1].melded": "1,0,10", "entries[0].in_hand": "1.5"})
    assert (summary.get("role"), summary.get("tabindex"), summary.get("autofocus")) == ("alert", "-1", "")
    links = [a for a in summary.walk() if getattr(a, "tag", "") == "a"]
    assert [a.get("href") for a in links] == ["#entries-0-in_hand-entry", "#entries-1-melded-entry"]
    assert [a.text.split(":")[0] for a in links] == ["Us", "Them"]  # the message names the field: the side is added
    for a in links:
        assert page.by_id(a.get("href")[1:]) is not None


def test_a_message_that_does_not_name_its_field_is_given_its_field_and_side(client):
    page, summary = refused(client, {"entries[0].melded": "900", "entries[0].in_hand": "400"})
    link = next(a for a in summary.walk() if getattr(a, "tag", "") == "a")
    assert link.text == ("In-hand points (Us): All sides together recorded 1,300 card points, but 2 decks hold only "
                         "1,180.")
    box = page.by_id("entries-0-in_hand")
    assert box.get("aria-invalid") == "true"
    assert box.descriptions[-1] == "All sides together recorded 1,300 card points, but 2 decks hold only 1,180."


def test_the_form_without_a_refusal_has_no_summary(client):
    game = client.post("/api/games", json=CLASSIC).get_json()
    assert read(client.get(f"/games/{game['id']}/hands/new")).by_id("error-summary") is None

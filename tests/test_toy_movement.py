"""Issue 40: a movement is one module and a variant is one module. A toy movement (tests/toy_movement.py) and a toy
variant (tests/toy_variant.py), each registered by a fixture, are seen on the new-event form, through the API and
its checks, in the OpenAPI document, on a sheet and on a club night's pages, though nothing outside their modules
names them."""
from __future__ import annotations

import io

import pdfplumber
import pytest

from scoring import register, unregister
from scoring.events import movements
from .toy_movement import MOVEMENT
from .toy_variant import VARIANT as TOY


@pytest.fixture
def toys():
    register(TOY)
    movements.register(MOVEMENT)
    yield
    movements.unregister(MOVEMENT.name)
    unregister(TOY.id)


def _night(client) -> dict:
    answer = client.post("/api/events", json={
        "name": "Toy night", "variant": TOY.id, "movement": MOVEMENT.name, "rounds": 2, "standings": "points",
        "entrants": [{"name": n} for n in ("Ann & Bo", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ivy")]})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def test_the_new_event_form_offers_it_with_its_help_line(client, toys):
    page = client.get("/events/new").get_data(as_text=True)
    assert "Toy Ladder" in page and "A test-only movement: the list&#39;s order, every round." in page
    assert "Toy Canasta" in page


def test_the_api_seats_a_club_night_of_the_toy_variant_by_it(client, toys):
    event = _night(client)
    assert event["movement"] == MOVEMENT.name and event["variant"] == TOY.id
    started = client.post(f"/api/events/{event['id']}/rounds")
    assert started.status_code == 201, started.get_json()
    tables = [t["entrants"] for t in started.get_json()["tables"]]
    assert tables == [[0, 1], [2, 3]] and started.get_json()["byes"] == [4]
    game = client.get(f"/api/games/{started.get_json()['tables'][0]['game']}").get_json()
    assert game["variant"] == TOY.id and [s["name"] for s in game["sides"]] == ["Ann & Bo", "Cy & Di"]


def test_the_api_refuses_it_once_unregistered(client, toys):
    movements.unregister(MOVEMENT.name)
    refused = client.post("/api/events", json={"name": "Toy night", "variant": TOY.id, "movement": MOVEMENT.name,
                                               "entrants": [{"name": "A"}, {"name": "B"}]})
    assert refused.status_code == 422
    assert any(e["field"] == "movement" for e in refused.get_json()["errors"])


def test_the_openapi_document_lists_it_wherever_a_movement_is_named(client, toys):
    document = client.get("/api/openapi.json").get_json()
    new_event = document["components"]["schemas"]["NewEvent"]["properties"]
    assert MOVEMENT.name in new_event["movement"]["enum"] and TOY.id in new_event["variant"]["enum"]


def test_the_directors_page_and_a_sheet_name_it(client, toys):
    event = _night(client)
    assert client.post(f"/api/events/{event['id']}/rounds").status_code == 201
    page = client.get(f"/events/{event['id']}").get_data(as_text=True)
    assert "Toy Ladder" in page and "Ann &amp; Bo" in page
    pdf = client.get(f"/events/{event['id']}/results.pdf")
    for _ in range(40):  # drawn off the request path: 503 "being prepared" with Retry-After meanwhile
        if pdf.status_code == 200:
            break
        import time
        time.sleep(0.25)
        pdf = client.get(f"/events/{event['id']}/results.pdf")
    assert pdf.status_code == 200
    with pdfplumber.open(io.BytesIO(pdf.data)) as document:
        text = "\n".join(p.extract_text() or "" for p in document.pages)
    assert "toy ladder" in text.lower() and "Toy Canasta" in text

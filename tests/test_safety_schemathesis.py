"""API.md, Safety (every route): "No 500 from input", checked by Schemathesis against /api/openapi.json.

Schemathesis reads the OpenAPI document and sends every operation valid and invalid input (and
methods a route does not have); no answer may be a server error, and every answer must be one
the document describes. Most requests name a game that exists, so they reach past the 404.
"""
import json

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks
from schemathesis.specs.openapi import checks as openapi_checks

from app import create_app
from web.views.openapi import DOCUMENT

from .faults import PONYTAIL

PONY = {"variant": "pony", "sides": [{"name": n, "players": [n]} for n in ("P1", "P2", "P3")]}
FIVE = {"variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("A", "B", "C", "D", "E")]}
HAND = {"entries": [{"melded": 50, "natural_canastas": 1}, {"melded": 90}]}
CHECKS = [checks.not_a_server_error, openapi_checks.status_code_conformance, openapi_checks.content_type_conformance,
          openapi_checks.response_schema_conformance, openapi_checks.unsupported_method]


class LaterApp:
    """The WSGI app Schemathesis calls: the one `fuzzed_app` makes (the schema is read when the module loads)."""

    target = None

    def __call__(self, environ, start_response):
        return self.target(environ, start_response)


LATER = LaterApp()
schema = schemathesis.openapi.from_dict(json.loads(json.dumps(DOCUMENT)))
schema.app = LATER


@pytest.fixture(scope="module")
def fuzzed_app(tmp_path_factory):
    """The app on a fresh database with games of each kind: with hands, Pony, Five-person, finished, with a PIN."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "games.sqlite"),
                      "SECRET_KEY": "fuzz"})
    client = app.test_client()
    ids = [client.post("/api/games", json=payload).get_json()["id"]
           for payload in (PONYTAIL, PONY, FIVE, PONYTAIL, {**PONYTAIL, "pin": "2468"})]
    for _ in range(3):
        client.post(f"/api/games/{ids[0]}/hands", json=HAND)
    client.post(f"/api/games/{ids[3]}/end")
    # club nights: one with a round under way, one with every round played
    event = {"name": "Club", "variant": "ponytail", "entrants": PONYTAIL["sides"], "rounds": 1,
             "movement": "round-robin", "standings": "wins"}
    events = [client.post("/api/events", json=event).get_json()["id"] for _ in range(2)]
    for event_id in events:
        client.post(f"/api/events/{event_id}/rounds")
    for table in client.get(f"/api/events/{events[1]}").get_json()["round_list"][0]["tables"]:
        client.post(f"/api/games/{table['game']}/end")
    assert client.get("/api/openapi.json").get_json() == schema.raw_schema  # what is served is what is checked
    app.config["FUZZ_GAMES"] = ids
    app.config["FUZZ_EVENTS"] = events
    LATER.target = app
    yield app
    LATER.target = None


@schema.parametrize()
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_input_makes_a_server_error(case, fuzzed_app):
    games = fuzzed_app.config["FUZZ_GAMES"]
    sent = (case.path_parameters or {}).get("game_id")
    if isinstance(sent, str) and len(sent) % 4:  # three in four requests name a real game
        case.path_parameters["game_id"] = games[len(sent) % len(games)]
    events = fuzzed_app.config["FUZZ_EVENTS"]
    sent = (case.path_parameters or {}).get("event_id")
    if isinstance(sent, str) and len(sent) % 4:  # and three in four name a real event
        case.path_parameters["event_id"] = events[len(sent) % len(events)]
    case.call_and_validate(checks=CHECKS)

"""GET /api/openapi.json describes the API; every documented route answers as documented."""
import re

import pytest

from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS

PIN = "2580"
BIG = "x" * (70 * 1024)
BIGGER = "x" * (530 * 1024)  # over POST /api/events's own limit (512 kB)


def resolve(document, schema):
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def problems(document, schema, value, where="$"):
    """Where `value` breaks `schema` (the JSON Schema subset the document uses); empty when it fits."""
    schema = resolve(document, schema)
    found = []
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        checks = {"object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
                  "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
                  "null": lambda v: v is None, "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
                  "integer": lambda v: isinstance(v, int) and not isinstance(v, bool)}
        if not any(checks[k](value) for k in kinds):
            return [f"{where}: {value!r:.60} is not {kinds}"]
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} not in {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        found.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "oneOf" in schema:
        fits = [s for s in schema["oneOf"] if not problems(document, s, value, where)]
        if len(fits) != 1:
            found.append(f"{where}: fits {len(fits)} of oneOf, not exactly one")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                found.append(f"{where}: missing {key!r}")
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                found += problems(document, properties[key], item, f"{where}.{key}")
            elif extra is False:
                found.append(f"{where}: {key!r} is not documented")
            elif isinstance(extra, dict):
                found += problems(document, extra, item, f"{where}.{key}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            found.append(f"{where}: fewer than {schema['minItems']} items")
        for i, item in enumerate(value):
            found += problems(document, schema.get("items", {}), item, f"{where}[{i}]")
    if isinstance(value, int) and not isinstance(value, bool) and value < schema.get("minimum", value):
        found.append(f"{where}: {value} is below {schema['minimum']}")
    return found


@pytest.fixture
def document(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


@pytest.fixture
def world(app, client):
    """Games to call the routes on; one wrong PIN already blocks a game, so 429 is quick to reach."""
    app.config["PIN_MAX_FAILURES"] = 1

    def create(payload, **extra):
        return client.post("/api/games", json={**payload, **extra}).get_json()["id"]

    def with_hand(game_id, headers=None):
        client.post(f"/api/games/{game_id}/hands", json={"entries": [{}, {}]}, headers=headers or {})
        return game_id

    def blocked():
        game_id = with_hand(create(PONYTAIL_PAIRS, pin=PIN), {"X-Table-PIN": PIN})
        # the one wrong try allowed is answered as wrong and starts the wait at once
        assert client.post(f"/api/games/{game_id}/end", headers={"X-Table-PIN": "0000"}).status_code == 403
        return game_id

    def finished():
        game_id = with_hand(create(PONYTAIL_PAIRS))
        client.post(f"/api/games/{game_id}/end")
        return game_id

    return {"create": create, "with_hand": with_hand, "blocked": blocked, "finished": finished}


HAND = {"entries": [{"melded": 50}, {}]}
JSON = "application/json"


def scenarios(client, w):
    """(path, method, status) -> a function making that request; the test checks each answer."""
    pairs = lambda: w["with_hand"](w["create"](PONYTAIL_PAIRS))  # noqa: E731
    locked = lambda: w["with_hand"](w["create"](PONYTAIL_PAIRS, pin=PIN), {"X-Table-PIN": PIN})  # noqa: E731
    hands, one = "/api/games/{game_id}/hands", "/api/games/{game_id}/hands/{number}"
    meld, end = "/api/games/{game_id}/sides/{side}/{action}", "/api/games/{game_id}/end"
    g = "/api/games/{game_id}"
    table = {
        ("/api/openapi.json", "get", 200): lambda: client.get("/api/openapi.json"),
        ("/api/variants", "get", 200): lambda: client.get("/api/variants"),
        ("/api/games", "get", 200): lambda: (pairs(), client.get("/api/games"))[1],
        ("/api/games", "post", 201): lambda: client.post("/api/games", json={**PONYTAIL_PAIRS, "pin": PIN}),
        ("/api/games", "post", 400): lambda: client.post("/api/games", data="{", content_type=JSON),
        ("/api/games", "post", 413): lambda: client.post("/api/games", data=BIG, content_type=JSON),
        ("/api/games", "post", 415): lambda: client.post("/api/games", data="{}", content_type="text/plain"),
        ("/api/games", "post", 422): lambda: client.post("/api/games", json={"variant": "gin"}),
        (g, "get", 200): lambda: client.get(f"/api/games/{pairs()}"),
        (g, "get", 404): lambda: client.get("/api/games/nosuchgame"),
        (g + "/download", "get", 200): lambda: client.get(f"/api/games/{locked()}/download"),
        (g + "/download", "get", 404): lambda: client.get("/api/games/nosuchgame/download"),
        ("/games/{game_id}/sheet.pdf", "get", 200): lambda: client.get(f"/games/{pairs()}/sheet.pdf?paper=letter"),
        ("/games/{game_id}/sheet.pdf", "get", 404): lambda: client.get("/games/nosuchgame/sheet.pdf"),
        ("/games/{game_id}/sheet.pdf", "get", 422): lambda: client.get(f"/games/{pairs()}/sheet.pdf?paper=a0"),
        ("/games/{game_id}/blank-sheet.pdf", "get", 200): lambda: client.get(f"/games/{pairs()}/blank-sheet.pdf?hands=3"),
        ("/games/{game_id}/blank-sheet.pdf", "get", 404): lambda: client.get("/games/nosuchgame/blank-sheet.pdf"),
        ("/games/{game_id}/blank-sheet.pdf", "get", 422): lambda: client.get(f"/games/{pairs()}/blank-sheet.pdf?hands=0"),
    }
    for path, method, ok, url in [(hands, "post", 201, "/api/games/{}/hands"), (one, "put", 200, "/api/games/{}/hands/1")]:
        send = getattr(client, method)
        table.update({
            (path, method, ok): lambda url=url, send=send: send(url.format(pairs()), json=HAND),
            (path, method, 400): lambda url=url, send=send: send(url.format(pairs()), data="[1,", content_type=JSON),
            (path, method, 413): lambda url=url, send=send: send(url.format(pairs()), data=BIG, content_type=JSON),
            (path, method, 415): lambda url=url, send=send: send(url.format(pairs()), data="x", content_type="text/csv"),
            (path, method, 422): lambda url=url, send=send: send(url.format(pairs()), json={"entries": [{"melded": 3}, {}]}),
        })
    writes = {
        (hands, "post"): lambda game_id, **kw: client.post(f"/api/games/{game_id}/hands", json=HAND, **kw),
        (one, "put"): lambda game_id, **kw: client.put(f"/api/games/{game_id}/hands/1", json=HAND, **kw),
        (one, "delete"): lambda game_id, **kw: client.delete(f"/api/games/{game_id}/hands/1", **kw),
        (meld, "post"): lambda game_id, **kw: client.post(f"/api/games/{game_id}/sides/0/failed-meld", **kw),
        (end, "post"): lambda game_id, **kw: client.post(f"/api/games/{game_id}/end", **kw),
    }
    for (path, method), write in writes.items():
        table.update({
            (path, method, 403): lambda write=write: write(locked()),
            (path, method, 404): lambda write=write: write("nosuchgame"),
            (path, method, 429): lambda write=write: write(w["blocked"](), headers={"X-Table-PIN": PIN}),
        })
        table[(path, method, 409)] = lambda write=write: write(pairs(), headers={"If-Match": '"99"'})  # stale
    for path, method in ((one, "delete"), (meld, "post"), (end, "post")):  # they take no body, or {"revision": N}
        write = writes[(path, method)]
        table.update({
            (path, method, 400): lambda write=write: write(pairs(), data="{oops", content_type=JSON),
            (path, method, 415): lambda write=write: write(pairs(), data="revision=1", content_type="text/plain"),
            (path, method, 422): lambda write=write: write(pairs(), json={"revision": 1, "colour": "red"}),
        })
    table[(hands, "post", 409)] = lambda: writes[(hands, "post")](w["finished"]())
    table[(one, "delete", 200)] = lambda: writes[(one, "delete")](pairs())
    table[(end, "post", 200)] = lambda: writes[(end, "post")](pairs())
    table[(meld, "post", 200)] = lambda: writes[(meld, "post")](w["create"](PONY_THREE))
    table[(meld, "post", 422)] = lambda: writes[(meld, "post")](pairs())
    players = {
        ("/api/players", "get", 200): lambda: (w["finished"](), client.get("/api/players"))[1],
        ("/api/players/{name}", "get", 200): lambda: (w["finished"](), client.get("/api/players/ann"))[1],
        ("/api/players/{name}", "get", 404): lambda: client.get("/api/players/Nobody"),
    }
    # P1 plays only in games without a PIN; Ann plays in the world's games with one
    for action, who, good in (("rename", "P1", {"name": "Bea"}), ("merge", "P1", {"into": "Ann"})):
        path, url = f"/api/players/{{name}}/{action}", f"/api/players/{who}/{action}"
        ann = f"/api/players/Ann/{action}"
        change = {"rename": {"name": "Anne"}, "merge": {"into": "Asha"}}[action]
        players.update({
            (path, "post", 403): lambda ann=ann, change=change: (locked(), w["create"](FIVE),
                                                                 client.post(ann, json=change))[2],
            (path, "post", 429): lambda ann=ann, change=change: (w["blocked"](), w["create"](FIVE), client.post(
                ann, json=change, headers={"X-Table-PIN": PIN}))[2],
            (path, "post", 200): lambda url=url, good=good: (pairs(), w["create"](PONY_THREE),
                                                             client.post(url, json=good))[2],
            (path, "post", 400): lambda url=url: (pairs(), client.post(url, data="{", content_type=JSON))[1],
            (path, "post", 413): lambda url=url: (pairs(), client.post(url, data=BIG, content_type=JSON))[1],
            (path, "post", 415): lambda url=url: (pairs(), client.post(url, data="x", content_type="text/csv"))[1],
            (path, "post", 404): lambda action=action, good=good: client.post(f"/api/players/Nobody/{action}", json=good),
            (path, "post", 422): lambda url=url: (pairs(), w["create"](PONY_THREE),
                                                  client.post(url, json={"name": "", "into": ""}))[2],
        })
    table.update(players)
    table.update(event_scenarios(client))
    table.update(rule_set_scenarios(client))
    table.update(season_scenarios(client, w))
    table.update(confirm_scenarios(client))
    return table


def confirm_scenarios(client):
    """A table's result confirmed by both sides (API.md): a night of `confirm` accept or both, its first table."""
    def table(mode="accept", finished=True):
        body = {**EVENT, "entrants": EVENT["entrants"][:2], "director_pin": PIN, "table_pins": True, "confirm": mode,
                "deals_per_round": 1}
        event_id = client.post("/api/events", json=body).get_json()["id"]
        t = client.post(f"/api/events/{event_id}/rounds", headers={"X-Director-PIN": PIN}).get_json()["tables"][0]
        if finished:
            client.post(f"/api/games/{t['game']}/end", headers={"X-Director-PIN": PIN})
        return t["game"]

    def locked_out(game):
        for _ in range(5):
            client.post(f"/api/games/{game}/confirm", json={"side": 1}, headers={"X-Table-PIN": "0000"})
        return game

    director = {"X-Director-PIN": PIN}
    found = {}
    for path, good, mode in (("/api/games/{game_id}/confirm", {"side": 1}, "accept"),
                             ("/api/games/{game_id}/results", {"side": 0, "totals": [0, 0]}, "both")):
        verb = path.rsplit("/", 1)[1]
        found.update({
            (path, "post", 200): lambda good=good, mode=mode, verb=verb: client.post(
                f"/api/games/{table(mode)}/{verb}", json=good, headers=director),
            (path, "post", 400): lambda mode=mode, verb=verb: client.post(
                f"/api/games/{table(mode)}/{verb}", data="{", content_type=JSON, headers=director),
            (path, "post", 403): lambda good=good, mode=mode, verb=verb: client.post(
                f"/api/games/{table(mode)}/{verb}", json=good),
            (path, "post", 404): lambda good=good, verb=verb: client.post(f"/api/games/nosuch/{verb}", json=good),
            (path, "post", 409): lambda good=good, verb=verb: client.post(  # side 0 accepting; results of accept
                f"/api/games/{table('accept')}/{verb}", json=good if verb == "results" else {"side": 0},
                headers=director),
            (path, "post", 413): lambda mode=mode, verb=verb: client.post(
                f"/api/games/{table(mode)}/{verb}", data=BIG, content_type=JSON, headers=director),
            (path, "post", 415): lambda mode=mode, verb=verb: client.post(
                f"/api/games/{table(mode)}/{verb}", data="{}", content_type="text/plain", headers=director),
            (path, "post", 422): lambda mode=mode, verb=verb: client.post(
                f"/api/games/{table(mode)}/{verb}", json={"side": "x"}, headers=director),
            (path, "post", 429): lambda good=good, mode=mode, verb=verb: client.post(
                f"/api/games/{locked_out(table(mode))}/{verb}", json=good, headers={"X-Table-PIN": "0000"}),
        })
    return found


def season_scenarios(client, w):
    """The seasons' routes (API.md "Seasons") and a player's federation number (API.md "Players' federation
    numbers")."""
    def season(**body):
        return client.post("/api/seasons", json={"name": "Winter", **body}).get_json()["id"]

    def played():  # a season of one finished night
        event_id = client.post("/api/events", json=EVENT).get_json()["id"]
        for t in client.post(f"/api/events/{event_id}/rounds").get_json()["tables"]:
            client.post(f"/api/games/{t['game']}/hands", json={"entries": [{"total": 100}, {"total": 50}]})
            client.post(f"/api/games/{t['game']}/end")
        return season(events=[event_id])

    one, member = "/api/seasons/{season_id}", "/api/players/{name}"
    return {
        ("/api/seasons", "get", 200): lambda: (season(), client.get("/api/seasons"))[1],
        ("/api/seasons", "post", 201): lambda: client.post("/api/seasons", json={"name": "Spring"}),
        ("/api/seasons", "post", 400): lambda: client.post("/api/seasons", data="{", content_type=JSON),
        ("/api/seasons", "post", 413): lambda: client.post("/api/seasons", data=BIG, content_type=JSON),
        ("/api/seasons", "post", 415): lambda: client.post("/api/seasons", data="{}", content_type="text/plain"),
        ("/api/seasons", "post", 422): lambda: client.post("/api/seasons", json={"name": "X", "events": ["nosuch"]}),
        (one, "get", 200): lambda: client.get(f"/api/seasons/{played()}"),
        (one, "get", 404): lambda: client.get("/api/seasons/nosuchseason"),
        (one, "put", 200): lambda: client.put(f"/api/seasons/{played()}", json={"counting": {"best": 1}}),
        (one, "put", 400): lambda: client.put(f"/api/seasons/{season()}", data="{", content_type=JSON),
        (one, "put", 404): lambda: client.put("/api/seasons/nosuchseason", json={"name": "Y"}),
        (one, "put", 413): lambda: client.put(f"/api/seasons/{season()}", data=BIG, content_type=JSON),
        (one, "put", 415): lambda: client.put(f"/api/seasons/{season()}", data="{}", content_type="text/plain"),
        (one, "put", 422): lambda: client.put(f"/api/seasons/{season()}", json={"counting": {"best": 0}}),
        (one + "/standings", "get", 200): lambda: client.get(f"/api/seasons/{played()}/standings"),
        (one + "/standings", "get", 404): lambda: client.get("/api/seasons/nosuchseason/standings"),
        ("/seasons/{season_id}/standings.pdf", "get", 200): lambda: client.get(f"/seasons/{played()}/standings.pdf"),
        ("/seasons/{season_id}/standings.pdf", "get", 404): lambda: client.get("/seasons/nosuch/standings.pdf"),
        (member, "put", 200): lambda: (w["finished"](), client.put("/api/players/ann", json={"member": None}))[1],
        (member, "put", 400): lambda: client.put("/api/players/ann", data="{", content_type=JSON),
        (member, "put", 404): lambda: client.put("/api/players/Nobody", json={"member": "IT-1"}),
        (member, "put", 413): lambda: client.put("/api/players/ann", data=BIG, content_type=JSON),
        (member, "put", 415): lambda: client.put("/api/players/ann", data="{}", content_type="text/plain"),
        (member, "put", 422): lambda: (w["finished"](), client.put("/api/players/ann", json={"member": ""}))[1],
    }


RULES = {"name": "Thursdays", "variant": "classic", "options": {"house_rules": {"going_out": 200}}}


def rule_set_scenarios(client):
    """The named rule sets' routes (RULES.md §14, "Named rule sets")."""
    made = iter(range(10 ** 6))

    def kept():
        return client.post("/api/rule-sets", json={**RULES, "name": f"Thursdays {next(made)}"}).get_json()["id"]

    many, one, preset = "/api/rule-sets", "/api/rule-sets/{set_id}", "/api/rule-sets/pagat-hand-and-foot"
    table = {
        (many, "get", 200): lambda: (kept(), client.get(many))[1],
        (many, "post", 201): lambda: client.post(many, json={**RULES, "name": "New"}, headers={"Idempotency-Key": "r"}),
        (many, "post", 409): lambda: (kept(), client.post(many, json={**RULES, "name": "Thursdays 0"}))[1],
        (one, "get", 200): lambda: client.get(preset),
        (one, "get", 404): lambda: client.get("/api/rule-sets/nosuchset"),
        (one, "put", 200): lambda: client.put(f"/api/rule-sets/{kept()}", json={**RULES, "name": "Fridays"}),
        (one, "put", 404): lambda: client.put("/api/rule-sets/nosuchset", json=RULES),
        (one, "put", 409): lambda: client.put(preset, json=RULES),
        (one, "delete", 200): lambda: client.delete(f"/api/rule-sets/{kept()}"),
        (one, "delete", 404): lambda: client.delete("/api/rule-sets/nosuchset"),
        (one, "delete", 409): lambda: client.delete(preset),
    }

    def guarded():  # a set saved with a PIN (issue 39 item 18), from a device of its own (its wrong tries)
        return client.post("/api/rule-sets", json={**RULES, "name": f"Guarded {next(made)}", "pin": "2468"}).get_json()["id"]

    def locked_out(method: str):
        set_id, stranger = guarded(), client.application.test_client()
        stranger.environ_base["REMOTE_ADDR"] = f"10.9.8.{next(made) % 250}"
        for _ in range(client.application.config["PIN_MAX_FAILURES"]):
            getattr(stranger, method)(f"/api/rule-sets/{set_id}", json=RULES, headers={"X-Rule-Set-PIN": "1111"})
        return getattr(stranger, method)(f"/api/rule-sets/{set_id}", json=RULES, headers={"X-Rule-Set-PIN": "2468"})
    table.update({
        (one, "put", 403): lambda: client.put(f"/api/rule-sets/{guarded()}", json=RULES),
        (one, "delete", 403): lambda: client.delete(f"/api/rule-sets/{guarded()}", headers={"X-Rule-Set-PIN": "1357"}),
        (one, "put", 429): lambda: locked_out("put"),
        (one, "delete", 429): lambda: locked_out("delete"),
    })
    for path, method, url in ((many, "post", lambda: many), (one, "put", lambda: f"/api/rule-sets/{kept()}")):
        send = getattr(client, method)
        table.update({
            (path, method, 400): lambda url=url, send=send: send(url(), data="{", content_type=JSON),
            (path, method, 413): lambda url=url, send=send: send(url(), data=BIG, content_type=JSON),
            (path, method, 415): lambda url=url, send=send: send(url(), data="{}", content_type="text/plain"),
            (path, method, 422): lambda url=url, send=send: send(url(), json={**RULES, "name": ""}),
        })
    return table


EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000},
         "entrants": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in ("Ann", "Bob", "Cy")],
         "rounds": 1, "movement": "round-robin", "standings": "wins"}


ADJUSTMENT = {"entrant": 0, "round": 1, "vp": -1, "points": -50, "reason": "late start"}


def event_scenarios(client):
    """The club nights' routes (API.md, "Club nights (events)")."""
    def event():
        return client.post("/api/events", json=EVENT).get_json()["id"]

    def played():  # its one round started and every table finished
        event_id = event()
        for t in client.post(f"/api/events/{event_id}/rounds").get_json()["tables"]:
            client.post(f"/api/games/{t['game']}/end")
        return event_id

    def started():  # its one round started
        event_id = event()
        client.post(f"/api/events/{event_id}/rounds")
        return event_id

    def taken_back():
        event_id = started()
        made = client.post(f"/api/events/{event_id}/adjustments", json=ADJUSTMENT).get_json()
        return client.delete(f"/api/events/{event_id}/adjustments/{made['id']}")

    def directed():  # with a director's PIN and its one round started by the director
        event_id = client.post("/api/events", json={**EVENT, "director_pin": PIN, "table_pins": True}).get_json()["id"]
        client.post(f"/api/events/{event_id}/rounds", headers={"X-Director-PIN": PIN})
        return event_id

    def locked_out(event_id=None):  # a director's night this client sent five wrong PINs to: it waits
        event_id = event_id or directed()
        for _ in range(5):
            client.get(f"/api/events/{event_id}", headers={"X-Director-PIN": "0000"})
        return event_id

    def adjusted(event_id):
        made = client.post(f"/api/events/{event_id}/adjustments", json=ADJUSTMENT, headers={"X-Director-PIN": PIN})
        return f"/api/events/{event_id}/adjustments/{made.get_json()['id']}"

    wrong = {"X-Director-PIN": "0000"}

    def taken_back_waiting():  # an adjustment made, then five wrong PINs: taking it back waits too
        event_id = directed()
        path = adjusted(event_id)
        locked_out(event_id)
        return client.delete(path, headers=wrong)

    e, rounds = "/api/events/{event_id}", "/api/events/{event_id}/rounds"
    adjust = e + "/adjustments"
    me = "/events/{event_id}/me/{entrant}"
    return {
        (e, "get", 403): lambda: client.get(f"/api/events/{directed()}", headers=wrong),
        (e, "get", 429): lambda: client.get(f"/api/events/{locked_out()}", headers={"X-Director-PIN": PIN}),
        (rounds, "post", 403): lambda: client.post(f"/api/events/{directed()}/rounds"),
        (rounds, "post", 429): lambda: client.post(f"/api/events/{locked_out()}/rounds", headers=wrong),
        (adjust, "post", 403): lambda: client.post(f"/api/events/{directed()}/adjustments", json=ADJUSTMENT),
        (adjust, "post", 429): lambda: client.post(f"/api/events/{locked_out()}/adjustments", json=ADJUSTMENT,
                                                   headers=wrong),
        (adjust + "/{adjustment_id}", "delete", 403): lambda: client.delete(adjusted(directed())),
        (adjust + "/{adjustment_id}", "delete", 429): lambda: taken_back_waiting(),
        ("/api/events", "get", 200): lambda: (event(), client.get("/api/events"))[1],
        ("/api/events", "post", 201): lambda: client.post("/api/events", json=EVENT),
        ("/api/events", "post", 400): lambda: client.post("/api/events", data="{", content_type=JSON),
        ("/api/events", "post", 413): lambda: client.post("/api/events", data=BIGGER, content_type=JSON),
        ("/api/events", "post", 415): lambda: client.post("/api/events", data="{}", content_type="text/plain"),
        ("/api/events", "post", 422): lambda: client.post("/api/events", json={**EVENT, "rounds": 0}),
        (e, "get", 200): lambda: client.get(f"/api/events/{played()}"),
        (e, "get", 404): lambda: client.get("/api/events/nosuchevent"),
        (rounds, "post", 201): lambda: client.post(f"/api/events/{event()}/rounds", headers={"Idempotency-Key": "k"}),
        (rounds, "post", 400): lambda: client.post(f"/api/events/{event()}/rounds", headers={"Idempotency-Key": "é"}),
        (rounds, "post", 404): lambda: client.post("/api/events/nosuchevent/rounds"),
        (rounds, "post", 409): lambda: client.post(f"/api/events/{played()}/rounds"),
        (e + "/standings", "get", 200): lambda: client.get(f"/api/events/{played()}/standings"),
        (e + "/standings", "get", 404): lambda: client.get("/api/events/nosuchevent/standings"),
        (e + "/log", "get", 200): lambda: client.get(f"/api/events/{played()}/log"),
        (e + "/log", "get", 404): lambda: client.get("/api/events/nosuchevent/log"),
        (rounds, "post", 422): lambda: client.post(f"/api/events/{event()}/rounds", json={"movement": "howell"}),
        (adjust, "post", 201): lambda: client.post(f"/api/events/{started()}/adjustments", json=ADJUSTMENT),
        (adjust, "post", 400): lambda: client.post(f"/api/events/{started()}/adjustments", data="{",
                                                   content_type=JSON),
        (adjust, "post", 404): lambda: client.post("/api/events/nosuchevent/adjustments", json=ADJUSTMENT),
        (adjust, "post", 413): lambda: client.post(f"/api/events/{started()}/adjustments", data=BIG,
                                                   content_type=JSON),
        (adjust, "post", 415): lambda: client.post(f"/api/events/{started()}/adjustments", data="{}",
                                                   content_type="text/plain"),
        (adjust, "post", 422): lambda: client.post(f"/api/events/{event()}/adjustments", json=ADJUSTMENT),
        (adjust + "/{adjustment_id}", "delete", 200): lambda: taken_back(),
        (adjust + "/{adjustment_id}", "delete", 404): lambda: client.delete(
            f"/api/events/{event()}/adjustments/nosuch"),
        ("/api/vp-scales", "get", 200): lambda: client.get("/api/vp-scales"),
        ("/events/{event_id}/results.csv", "get", 200): lambda: client.get(f"/events/{played()}/results.csv"),
        ("/events/{event_id}/results.csv", "get", 404): lambda: client.get("/events/nosuchevent/results.csv"),
        ("/events/{event_id}/results.html", "get", 200): lambda: client.get(f"/events/{played()}/results.html"),
        ("/events/{event_id}/results.html", "get", 404): lambda: client.get("/events/nosuchevent/results.html"),
        (me, "get", 200): lambda: client.get(f"/events/{started()}/me/0"),
        (me, "get", 404): lambda: client.get(f"/events/{started()}/me/99"),
        (me + "/live", "get", 200): lambda: client.get(f"/events/{started()}/me/1/live?key=old"),
        (me + "/live", "get", 404): lambda: client.get("/events/nosuchevent/me/0/live"),
        (me + "/qr.svg", "get", 200): lambda: client.get(f"/events/{started()}/me/0/qr.svg"),
        (me + "/qr.svg", "get", 404): lambda: client.get(f"/events/{started()}/me/99/qr.svg"),
        (me, "get", 400): lambda: client.get(f"/events/{started()}/me/0.5"),
        (me + "/live", "get", 400): lambda: client.get(f"/events/{started()}/me/0.5/live"),
        (me + "/qr.svg", "get", 400): lambda: client.get(f"/events/{started()}/me/0.5/qr.svg"),
    }


def documented(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "delete", "patch"):
                for status in operation["responses"]:
                    yield path, method, int(status)


def test_document_is_openapi_3_1_and_refs_resolve(document):
    assert document["openapi"].startswith("3.1")
    text = repr(document)
    for name in re.findall(r"#/components/schemas/(\w+)", text):
        assert name in document["components"]["schemas"]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            declared = {p["name"] for p in item.get("parameters", []) + operation.get("parameters", []) if p["in"] == "path"}
            assert declared == set(re.findall(r"{(\w+)}", path)), (path, method)
            assert operation["responses"] and operation["operationId"]


def test_every_api_route_is_documented(app, document):
    routes = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:>]+:)?(\w+)>", r"{\1}", rule.rule)
        routes |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    documented_routes = {(p, m) for p, m, _ in documented(document)}
    assert {r for r in routes if r[0].startswith("/api/")} == {r for r in documented_routes if r[0].startswith("/api/")}
    assert documented_routes <= routes  # the printable sheets of API.md, too


def test_every_documented_answer_happens_as_documented(client, document, world):
    table = scenarios(client, world)
    assert set(documented(document)) == set(table), "each documented status needs a scenario here, and no more"
    for (path, method, status), call in sorted(table.items()):
        response = call()
        assert response.status_code == status, (path, method, status, response.get_data(as_text=True)[:300])
        content = document["paths"][path][method]["responses"][str(status)]["content"]
        assert response.mimetype in content
        if response.mimetype == "application/pdf":
            assert response.data.startswith(b"%PDF-")
            continue
        if response.mimetype in ("text/csv", "text/html", "image/svg+xml"):  # results.csv, a page, a QR code
            assert response.get_data(as_text=True).strip()
            continue
        schema = content[response.mimetype]["schema"]
        assert problems(document, schema, response.get_json()) == [], (path, method, status)


def test_documented_request_bodies_fit_what_the_api_takes(client, document):
    schemas = document["components"]["schemas"]
    for example in ({**PONYTAIL_PAIRS, "options": {"target": 10000}, "pin": "1234"},):
        assert problems(document, schemas["NewGame"], example) == []
        assert client.post("/api/games", json=example).status_code == 201
    assert problems(document, schemas["NewGame"], {**PONYTAIL_PAIRS, "colour": "red"}) != []
    assert problems(document, schemas["HandInput"], {"entries": [{"melded": {"jokers": 2}}, {"went_out": True}]}) == []


def test_validator_catches_a_wrong_answer(document):
    # the schema check above must be able to fail
    game = document["components"]["schemas"]["Game"]
    assert problems(document, game, {"id": "x"}) != []
    assert problems(document, {"$ref": "#/components/schemas/Error"}, {"errors": []}) != []
    assert problems(document, {"$ref": "#/components/schemas/Error"}, {"errors": [{"field": 1, "message": "m"}]}) != []


def test_the_document_states_the_default_hand_limit_and_house_rules(client):
    # RULES.md §1 (players alone: 4 hands), §2 (Pony's penalty with going out), §3 (finish_needs_canasta on)
    options = client.get("/api/openapi.json").get_json()["components"]["schemas"]["NewOptions"]["properties"]
    assert "players alone: 4 hands" in options["max_hands"]["description"]
    assert "null: no limit" in options["max_hands"]["description"]
    assert "finish_needs_canasta (default true" in options["house_rules"]["description"]
    assert "even when the side goes out later" in options["house_rules"]["description"]
    # RULES.md §14: one vocabulary, the older keys said with their names now; Classic's choice by its ids
    assert "Classic Canasta: natural_canasta → natural_canasta_bonus" in options["house_rules"]["description"]
    assert "min_meld_tiers → meld_minimums_by_score" in options["house_rules"]["description"]
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    classic = schemas["ClassicHouseRules"]["properties"]
    assert classic["red_threes_against"]["enum"] == ["no_meld", "no_canasta"]
    assert classic["four_red_threes_penalty"]["type"] == ["integer", "null"] and "natural_canasta" not in classic


def test_hand_and_foots_house_rules_of_every_round_fit_the_document_and_the_api_takes_them(client, document):
    # RULES.md §14 "Hand and Foot": a value for every round or a list, one a round; sevens may be needed
    schema = document["components"]["schemas"]["HandAndFootHouseRules"]
    rules = {"going_out_bonus": [100, 200, 300, 400], "go_out_needs": [{"natural": 1, "dirty": 1},
             {"natural": 1, "dirty": 1, "sevens": 1}], "sevens_canasta_bonus": 1000, "go_out_strict": True,
             "black_threes_canasta_bonus": 2000, "red_three_bonus_not_out": 50, "black_three_meld_bonus": 5,
             "joker_value": 20, "meld_minimums_by_score": [[None, 50], [1500, 90]]}
    assert problems(document, schema, rules) == []
    body = {"variant": "hand-and-foot", "sides": PONYTAIL_PAIRS["sides"], "options": {"house_rules": rules}}
    assert client.post("/api/games", json=body).status_code == 201
    for wrong in ({"going_out_bonus": ["100"]}, {"go_out_needs": {"clean": 1}}, {"go_out_strict": 1}):
        assert problems(document, schema, wrong) != [], wrong

"""API.md "Who may change what" on the pages, on paper and through export and import: the director's page asks for
the director's PIN before it shows its controls, the page forms are refused until it is entered, a table phone
enters its own table's PIN, each table's card in the seating PDF shows its PIN to the director alone, and an
imported night stays protected."""
from __future__ import annotations

from app import create_app
import checks
from db import export, imports
from tests.pages import post, read
from tests.pin_helpers import unhashed_text
from tests.sheet_helpers import pdf_pages
from tests.event_page_helpers import FORM, field_errors
from tests.events_helpers import AS_DIRECTOR, DIRECTOR, HAND, night, started
from web.plumbing.database import get_db

NIGHT = {**FORM, "director_pin": DIRECTOR, "table_pins": "on"}


def test_the_form_makes_a_night_with_a_directors_pin_and_a_pin_for_each_table(client):
    answer = post(client, "/events/new", NIGHT)
    assert answer.status_code == 303
    assert client.get(answer.headers["Location"]).status_code == 200  # who typed the director's PIN is the director
    event = client.get(answer.headers["Location"].replace("/events/", "/api/events/")).get_json()
    assert (event["has_director_pin"], event["table_pins"], event["has_pin"]) == (True, True, False)
    page = read(post(client, "/events/new", {**NIGHT, "director_pin": "12", "pin": "0427"}))
    assert "4 to 8 digits" in " ".join(field_errors(page, "director_pin"))
    assert "do not go together" in " ".join(field_errors(page, "table_pins"))
    assert len(client.get("/api/events").get_json()) == 1


def test_the_directors_page_asks_for_the_pin_then_shows_the_controls_and_each_tables_pin(app, client):
    event, round_ = started(client)
    page = client.get(f"/events/{event['id']}")
    assert page.status_code == 303 and page.headers["Location"].endswith(f"/events/{event['id']}/unlock")
    form = read(client.get(page.headers["Location"]))
    assert form.heading("Enter the director's PIN", level=1) and form.by_id("pin") is not None
    assert "Start round" not in form.text() and round_["tables"][0]["pin"] not in form.text()
    wrong = post(client, f"/events/{event['id']}/unlock", {"pin": "1111"})
    assert wrong.status_code == 403 and "not this club night's director's PIN" in read(wrong).text()
    assert post(client, f"/events/{event['id']}/unlock", {"pin": DIRECTOR}).status_code == 303
    shown = read(client.get(f"/events/{event['id']}")).text()
    for t in round_["tables"]:
        assert f"Table {t['table']}'s PIN: {t['pin']}" in shown
    assert app.test_client().get(f"/events/{event['id']}/live").status_code == 204  # the room is the director's


def test_the_page_forms_are_refused_until_the_directors_pin_is_entered(app, client):
    event, _ = started(client)
    for game in client.get(f"/api/events/{event['id']}").get_json()["round_list"][0]["tables"]:
        assert client.post(f"/api/games/{game['game']}/end", headers=AS_DIRECTOR).status_code == 200
    before = client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json()
    adjustment = {"entrant": "1", "round": "1", "vp": "0", "points": "-50", "reason": "late"}
    for path, data in ((f"/events/{event['id']}/rounds", {"idempotency_key": "k1"}),
                       (f"/events/{event['id']}/adjustments", adjustment)):
        answer = post(client, path, data)
        assert answer.status_code == 303 and "/unlock" in answer.headers["Location"]
        htmx = post(client, path, data, htmx=True)
        assert "/unlock" in htmx.headers["HX-Redirect"]
    assert client.get(f"/api/events/{event['id']}", headers=AS_DIRECTOR).get_json() == before
    post(client, f"/events/{event['id']}/unlock", {"pin": DIRECTOR})
    assert post(client, f"/events/{event['id']}/rounds", {"idempotency_key": "k1"}).status_code == 303
    assert len(client.get(f"/api/events/{event['id']}").get_json()["round_list"]) == 2


def test_a_table_phone_enters_its_own_tables_pin_and_records_there_only(app, client):
    event, round_ = started(client)
    one, two = round_["tables"][0], round_["tables"][1]
    phone = app.test_client()
    game_id = phone.get(f"/events/{event['id']}/tables/1").headers["Location"].rsplit("/", 1)[1]
    assert game_id == one["game"]
    refused = post(phone, f"/games/{game_id}/unlock", {"pin": two["pin"], "next": f"/games/{game_id}"})
    assert refused.status_code == 403 and "not this table's PIN" in read(refused).text()
    assert post(phone, f"/games/{game_id}/unlock", {"pin": one["pin"], "next": f"/games/{game_id}"}).status_code == 303
    assert phone.post(f"/api/games/{one['game']}/hands", json=HAND).status_code == 201
    assert phone.post(f"/api/games/{two['game']}/hands", json=HAND).status_code == 403  # its own table only
    assert client.get(f"/api/games/{two['game']}").get_json()["hands"] == []
    named = post(phone, f"/events/{event['id']}/device-name", {"device_name": "Ann's phone", "back": "tables"})
    assert named.headers["Location"].endswith("/tables#device-name")  # naming itself needs no director's PIN


def test_each_tables_card_in_the_seating_pdf_shows_its_pin_to_the_director_only(app, client):
    event, round_ = started(client)
    path = f"/events/{event['id']}/seating.pdf?round=1"
    public = " ".join(p["text"] for p in pdf_pages(client.get(path).data))
    assert "Table PIN" not in public and not any(t["pin"] in public for t in round_["tables"])
    director = " ".join(p["text"] for p in pdf_pages(client.get(path, headers=AS_DIRECTOR).data))
    assert all(f"Table PIN: {t['pin']}" in director for t in round_["tables"])
    post(client, f"/events/{event['id']}/unlock", {"pin": DIRECTOR})  # the director's session prints them too
    assert "Table PIN" in " ".join(p["text"] for p in pdf_pages(client.get(path).data))


def test_an_exported_night_keeps_its_directors_pin_and_gets_new_table_pins_when_imported(app, client, tmp_path):
    event, round_ = started(client)
    with app.app_context():
        document = export.export_games(get_db())
    exported = document["events"][0]
    assert exported["director_pin_hash"] and exported["table_pins"] is True and DIRECTOR not in unhashed_text(document)
    assert checks.check_document(document) == []  # what `import` checks first
    broken = {**document, "events": [{**exported, "round_list": [
        {**exported["round_list"][0], "tables": [{**t, "pin": "12"} for t in exported["round_list"][0]["tables"]]}]}]}
    assert any("4 digits" in p for p in checks.check_document(broken))
    again = create_app({"DATABASE": str(tmp_path / "other.sqlite"), "TESTING": True, "SECRET_KEY": "test"})
    with again.app_context():
        imports.import_games(get_db(), document["games"], events=document["events"])
    other = again.test_client()
    path = f"/api/events/{event['id']}"
    assert other.post(f"{path}/adjustments", json={"entrant": 0, "round": 1, "vp": 0, "points": 0,
                                                   "reason": "x"}).status_code == 403
    assert "pin" not in str(other.get(path).get_json()["round_list"])
    shown = other.get(path, headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"]
    # no table's PIN nor the secret it is worked out from leaves the database: the imported night has new ones
    assert all("pin" not in t for r in exported["round_list"] for t in r["tables"])
    assert [t["pin"] for t in shown] != [t["pin"] for t in round_["tables"]]
    one = shown[0]
    assert other.post(f"/api/games/{one['game']}/hands", json=HAND).status_code == 403
    assert other.post(f"/api/games/{one['game']}/hands", json=HAND,
                      headers={"X-Table-PIN": one["pin"]}).status_code == 201


def test_an_import_refuses_a_night_with_one_pin_and_a_pin_for_each_table(app, client):
    night(client, director_pin=None, table_pins=False, pin="0427")
    with app.app_context():
        document = export.export_games(get_db())
    document["events"][0]["table_pins"] = True
    assert any("do not go together" in p for p in checks.check_document(document))

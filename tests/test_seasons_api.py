"""API.md "Seasons: a club's circuit across nights" through the JSON API and the pages: create, read, change, the
standings derived from the nights (a correction or a changed counting shows at once), "season" in POST
/api/events, every refusal naming its field; the season page, its screen, PDF and results.html."""
import re

import pdfplumber
import pytest
import io

from tests.html import Doc
from tests.pages import post, read
from tests.season_helpers import finish, new_event, pairs, play_night, start

FOUR = pairs("Ann & Bob", "Cy & Di", "Ed & Fo", "Gu & Hy")


def season(client, **body):
    answer = client.post("/api/seasons", json={"name": "Winter circuit 2027", **body})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def standings(client, season_id):
    answer = client.get(f"/api/seasons/{season_id}/standings")
    assert answer.status_code == 200
    return [(r["player"], r["place"], r["total"], r["events"]) for r in answer.get_json()]


@pytest.fixture
def two_nights(client):
    a = play_night(client, "Night 1", FOUR, {"Ann & Bob": 300, "Cy & Di": 100, "Ed & Fo": 200, "Gu & Hy": 50},
                   standings="points")
    b = play_night(client, "Night 2", FOUR, {"Ann & Bob": 100, "Cy & Di": 400, "Ed & Fo": 150, "Gu & Hy": 50},
                   standings="points")
    return a, b


def test_a_season_is_made_read_listed_and_ranks_its_nights(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"], b["id"]])
    assert made == {"id": made["id"], "name": "Winter circuit 2027", "variant": "classic",
                    "events": [a["id"], b["id"]], "created": made["created"],
                    "counting": {"figure": None, "best": None, "min_events": 1, "place_points": None}}
    assert client.get(f"/api/seasons/{made['id']}").get_json() == made
    assert client.get("/api/seasons").get_json() == [made]
    # the first night ranks by points: Cy & Di 100 + 400, Ann & Bob 300 + 100, Ed & Fo 200 + 150, Gu & Hy 50 + 50
    assert standings(client, made["id"]) == [("Cy", 1, 500, 2), ("Di", 1, 500, 2), ("Ann", 3, 400, 2),
                                             ("Bob", 3, 400, 2), ("Ed", 5, 350, 2), ("Fo", 5, 350, 2),
                                             ("Gu", 7, 100, 2), ("Hy", 7, 100, 2)]


def test_put_replaces_only_what_it_gives_and_the_standings_follow(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"], b["id"]], counting={"figure": "points", "best": 1})
    changed = client.put(f"/api/seasons/{made['id']}", json={"counting": {"min_events": 2}})
    assert changed.status_code == 200
    # a counting given is whole: best falls back to its default (every night)
    assert changed.get_json()["counting"] == {"figure": None, "best": None, "min_events": 2, "place_points": None}
    assert changed.get_json()["name"] == "Winter circuit 2027" and changed.get_json()["events"] == [a["id"], b["id"]]
    assert standings(client, made["id"])[0] == ("Cy", 1, 500, 2)
    client.put(f"/api/seasons/{made['id']}", json={"events": [b["id"]], "name": "Spring"})
    assert client.get(f"/api/seasons/{made['id']}").get_json()["name"] == "Spring"
    # min_events 2 and one night left: everyone is listed, unranked
    assert {r[1] for r in standings(client, made["id"])} == {None}


def test_a_night_corrected_after_the_season_counted_it_changes_the_season(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"], b["id"]])
    assert standings(client, made["id"])[0][:3] == ("Cy", 1, 500)
    game = next(t["game"] for t in b["round_list"][0]["tables"] if 1 in t["entrants"])  # Cy & Di's table
    before = client.get(f"/api/games/{game}").get_json()
    seat = next(i for i, s in enumerate(before["sides"]) if s["name"] == "Cy & Di")
    totals = [{"total": 0}, {"total": 0}]
    totals[seat] = {"total": 100}
    totals[1 - seat] = {"total": before["sides"][1 - seat]["score"]}
    assert client.put(f"/api/games/{game}/hands/1", json={"entries": totals}).status_code == 200
    assert ("Cy", 200) in [(r[0], r[2]) for r in standings(client, made["id"])]
    assert standings(client, made["id"])[0][:3] == ("Ann", 1, 400)


def test_an_unfinished_night_counts_once_it_is_finished(client, two_nights):
    a, _ = two_nights
    playing = new_event(client, pairs("Ann & Bob", "Iv & Jo"), name="Night 3", standings="points")
    made = season(client, events=[a["id"], playing["id"]])
    assert ("Iv", "Jo") not in {r[0] for r in standings(client, made["id"])}  # only in an unfinished night: no row
    table = start(client, playing["id"])["tables"][0]
    assert [r[3] for r in standings(client, made["id"]) if r[0] == "Ann"] == [1]
    ann_first = table["entrants"][0] == 0  # the draw seats either pair first
    finish(client, table["game"], *((500, 100) if ann_first else (100, 500)))
    assert [(r[0], r[2], r[3]) for r in standings(client, made["id"]) if r[0] in ("Ann", "Iv")] == [
        ("Ann", 800, 2), ("Iv", 100, 1)]


def test_season_in_a_new_event_adds_it_at_the_end(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"]])
    event = new_event(client, FOUR, name="Night 3", season=made["id"])
    assert client.get(f"/api/seasons/{made['id']}").get_json()["events"] == [a["id"], event["id"]]
    refused = client.post("/api/events", json={"name": "N", "variant": "burraco", "entrants": FOUR, "rounds": 1,
                                               "movement": "draw", "standings": "points", "season": made["id"]})
    assert refused.status_code == 422 and [e["field"] for e in refused.get_json()["errors"]] == ["season"]
    unknown = client.post("/api/events", json={"name": "N", "variant": "classic", "entrants": FOUR, "rounds": 1,
                                               "movement": "draw", "standings": "points", "season": "nosuch"})
    assert unknown.status_code == 422 and [e["field"] for e in unknown.get_json()["errors"]] == ["season"]
    assert len(client.get("/api/events").get_json()) == 3  # the refused ones stored nothing


@pytest.mark.parametrize("body, fields", [
    ({"events": ["nosuch"]}, ["events[0]"]),
    ({"counting": {"best": 0}}, ["counting.best"]),
    ({"counting": {"place_points": "everyone"}}, ["counting.place_points"]),
    ({"name": ""}, ["name"]),
    ({"colour": "red"}, ["colour"]),
])
def test_a_bad_season_is_refused_naming_its_field_and_stores_nothing(client, body, fields):
    answer = client.post("/api/seasons", json={"name": "W", **body})
    assert answer.status_code == 422
    assert [e["field"] for e in answer.get_json()["errors"]] == fields
    assert client.get("/api/seasons").get_json() == []


def test_an_event_counts_in_one_season_and_a_season_plays_one_variant(client, two_nights):
    a, b = two_nights
    season(client, events=[a["id"]])
    twice = client.post("/api/seasons", json={"name": "Other", "events": [a["id"]]})
    assert twice.status_code == 422 and twice.get_json()["errors"][0]["field"] == "events[0]"
    other = new_event(client, FOUR, variant="burraco", standings="points")
    mixed = client.post("/api/seasons", json={"name": "Mixed", "events": [b["id"], other["id"]]})
    assert mixed.status_code == 422 and [e["field"] for e in mixed.get_json()["errors"]] == ["events"]
    by_vp = client.post("/api/seasons", json={"name": "VP", "events": [b["id"]], "counting": {"figure": "vp"}})
    assert by_vp.status_code == 422 and [e["field"] for e in by_vp.get_json()["errors"]] == ["events"]


def test_unknown_seasons_are_404(client):
    for answer in (client.get("/api/seasons/nosuch"), client.get("/api/seasons/nosuch/standings"),
                   client.put("/api/seasons/nosuch", json={"name": "X"}), client.get("/seasons/nosuch")):
        assert answer.status_code == 404


def test_the_season_page_marks_the_counted_nights_and_lists_the_unranked_below(client, two_nights):
    a, b = two_nights
    extra = play_night(client, "Night 3", pairs("Ann & Bob", "Iv & Jo"), {"Ann & Bob": 50, "Iv & Jo": 100},
                       standings="points")
    made = season(client, events=[a["id"], b["id"], extra["id"]], counting={"best": 2, "min_events": 2})
    page = read(client.get(f"/seasons/{made['id']}"))
    tables = page.rows
    ranked = tables["season-standings"][1:]
    assert ranked[0][:4] == ["1", "Cy", "500", "2"]
    ann = next(r for r in ranked if r[1] == "Ann")
    # Ann's 300 and 100 count; the third night's 50 is dropped (in brackets, said "not counted")
    assert ann[4:] == ["300 (counted)", "100 (counted)", "(50) (not counted)"]
    assert [r[1] for r in tables["season-unranked"][1:]] == ["Iv", "Jo"]


def test_a_season_is_made_from_its_page_and_a_refusal_is_said_at_its_box(client, two_nights):
    a, b = two_nights
    refused = post(client, "/seasons", {"name": "Winter", "counts": "figure", "best": "0", "events": [a["id"]]})
    assert refused.status_code == 422
    assert "counting.best must be a whole number from 1 to 200" in read(refused).text("best-error")
    assert client.get("/api/seasons").get_json() == []
    made = post(client, "/seasons", {"name": "Winter", "counts": "list", "place_points": "25 18 15 12",
                                     "best": "1", "events": [a["id"], b["id"]]})
    assert made.status_code == 303
    [kept] = client.get("/api/seasons").get_json()
    assert kept["counting"] == {"figure": None, "best": 1, "min_events": 1, "place_points": [25, 18, 15, 12]}
    assert kept["events"] == [a["id"], b["id"]]


def test_the_screen_polls_the_seasons_key(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"]])
    screen = read(client.get(f"/seasons/{made['id']}/screen"))
    poll = next(e.get("data-poll") for e in screen.walk() if e.get("data-poll"))
    assert client.get(poll).status_code == 204
    client.put(f"/api/seasons/{made['id']}", json={"events": [a["id"], b["id"]]})
    assert client.get(poll).status_code == 200


def test_the_standings_pdf_lists_the_players(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"], b["id"]], counting={"best": 1})
    answer = client.get(f"/seasons/{made['id']}/standings.pdf")
    assert answer.mimetype == "application/pdf"
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        words = pdf.pages[0].extract_text()
    assert "Winter circuit 2027" in words and "Cy" in words and "(100)" in words


def test_results_html_is_self_contained_in_the_requests_language(client, two_nights):
    a, b = two_nights
    made = season(client, events=[a["id"], b["id"]])
    answer = client.get(f"/seasons/{made['id']}/results.html", headers={"Accept-Language": "it"})
    html = answer.get_data(as_text=True)
    assert re.search(r'<html lang="it">', html)
    assert "<script" not in html and "<link" not in html and "@import" not in html
    assert not re.findall(r'\ssrc="(?!data:)', html)
    assert not re.findall(r'(?:href="|url\()(?:https?:)?//', html)
    assert "Winter circuit 2027" in html and Doc(html).rows["season-standings"][1][1] == "Cy"

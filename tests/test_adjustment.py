"""A table's penalty or award for one side in one hand (RULES.md §14: `adjustment` with `adjustment_reason`), in every
variant: each refusal, the effect on totals and breakdown, the page's breakdown, the score sheet, the CSV and the hand
form's fold."""
from __future__ import annotations

import csv
import io

import pdfplumber
import pytest

from app import create_app
from scoring import VARIANTS

from .pages import hand_form, post, read, url


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One app for the module: every test makes its own games."""
    folder = tmp_path_factory.mktemp("adjustment")
    return create_app({"TESTING": True, "DATABASE": str(folder / "m.sqlite"), "SECRET_KEY": "test"}).test_client()


def start(client, variant_id: str) -> tuple[dict, int]:
    """A game of the variant's usual seating; returns (game, sides)."""
    v = next(v for v in client.get("/api/variants").get_json() if v["id"] == variant_id)
    shape = next(iter(v["sides"].values()))
    n, per = shape["sides"][0], shape["players_per_side"]
    sides = [{"name": f"Side {i}", "players": [f"P{i}{j}" for j in range(per)]} for i in range(n)]
    r = client.post("/api/games", json={"variant": variant_id, "sides": sides})
    assert r.status_code == 201, r.get_json()
    return r.get_json(), n


def hand(n: int, **first) -> dict:
    """A hand of nothing scored but the first side's given values."""
    return {"entries": [first] + [{} for _ in range(n - 1)]}


REFUSED = [  # (what the first side sends, the field refused, words of the message)
    ({"adjustment": 12, "adjustment_reason": "x"}, "adjustment", "must be a multiple of 5"),
    ({"adjustment": -1_000_005, "adjustment_reason": "x"}, "adjustment", "from −1,000,000 to 1,000,000"),
    ({"adjustment": "50", "adjustment_reason": "x"}, "adjustment", "must be a whole number of points"),
    ({"adjustment": -50}, "adjustment_reason", "needs its reason (adjustment_reason)"),
    ({"adjustment": -50, "adjustment_reason": "   "}, "adjustment_reason", "at most 100 characters"),
    ({"adjustment": -50, "adjustment_reason": "x" * 101}, "adjustment_reason", "is too long (101 characters; at most 100)"),
    ({"adjustment": 0, "adjustment_reason": "card exposed"}, "adjustment", "A reason was given but no points"),
]


def sheet_text(client, game_id: str) -> str:
    data = client.get(f"/games/{game_id}/sheet.pdf").data
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return "\n".join(p.extract_text() for p in pdf.pages)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_a_penalty_and_an_award_in_every_variant(shared, variant_id):
    client = shared
    game, n = start(client, variant_id)
    hands = f"/api/games/{game['id']}/hands"
    for sent, field, words in REFUSED:
        r = client.post(hands, json=hand(n, **sent))
        assert r.status_code == 422, sent
        errors = r.get_json()["errors"]
        assert [e["field"] for e in errors] == [f"entries[0].{field}"], errors
        assert words in errors[0]["message"]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []  # nothing stored
    # a penalty for the first side; an award (reason trimmed) for the last, in the same hand
    entries = [{"adjustment": -50, "adjustment_reason": "card exposed"}] + [{} for _ in range(n - 1)]
    entries[-1] = {"adjustment": 1_000_000, "adjustment_reason": "  best  manners "}
    r = client.post(hands, json={"entries": entries})
    assert r.status_code == 201, r.get_json()
    recorded = r.get_json()["hand"]
    assert recorded["entries"][0]["adjustment"] == -50
    assert recorded["entries"][0]["adjustment_reason"] == "card exposed"
    assert recorded["entries"][-1]["adjustment_reason"] == "best manners"
    assert all("adjustment" not in e for e in recorded["entries"][1:-1])  # none: nothing stored for it
    first, last = recorded["scores"][0], recorded["scores"][-1]
    assert first["breakdown"]["adjustment"] == -50 and first["total"] == -50 and first["running_total"] == -50
    assert last["breakdown"]["adjustment"] == 1_000_000 and last["total"] == 1_000_000
    sides = client.get(f"/api/games/{game['id']}").get_json()["sides"]
    assert [s["score"] for s in sides] == [-50] + [0] * (n - 2) + [1_000_000]
    detail = read(client.get(f"/games/{game['id']}/hands/1/detail")).text()
    assert "Penalty or award card exposed −50" in detail and "Penalty or award best manners +1,000,000" in detail
    text = sheet_text(client, game["id"])
    assert "−50*" in text  # the Score marked; the list under the hands says why
    assert "* Penalties and awards (in the Score above):" in text and "Side 0 −50: card exposed" in text
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game['id']}/scores.csv").get_data(as_text=True))))
    head = rows[0]
    assert rows[1][head.index("Side 0: Penalty or award (points)")] == "-50"
    assert rows[1][head.index("Side 0: Reason for the penalty or award")] == "card exposed"


def test_on_top_of_a_special_hand_said_so(shared):
    game, _ = start(shared, "american")
    r = shared.post(f"/api/games/{game['id']}/hands", json={"entries": [
        {"special_hand": "garbage", "adjustment": -100, "adjustment_reason": "talked across the table"}, {}]})
    assert r.status_code == 201, r.get_json()
    score = r.get_json()["hand"]["scores"][0]
    assert score["breakdown"] == {"special_hand": 3000, "adjustment": -100} and score["total"] == 2900
    detail = read(shared.get(f"/games/{game['id']}/hands/1/detail")).text()
    assert "talked across the table (added on top of the special hand) −100" in detail


def test_beside_a_total_copied_from_paper(shared):
    game, _ = start(shared, "classic")
    hands = f"/api/games/{game['id']}/hands"
    r = shared.post(hands, json={"entries": [{"total": 1230, "adjustment": -12, "adjustment_reason": "x"}]
                    + [{"total": -45}]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "entries[0].adjustment"
    r = shared.post(hands, json={"entries": [{"total": 1230, "adjustment": -100, "adjustment_reason": "reneged"},
                                             {"total": -45}]})
    assert r.status_code == 201, r.get_json()
    got = r.get_json()["hand"]
    assert got["from_paper"] is True
    assert [s["breakdown"] for s in got["scores"]] == [{"paper": 1230, "adjustment": -100}, {"paper": -45}]
    assert [s["running_total"] for s in got["scores"]] == [1130, -45]
    # corrected on the slip (totals only there): the penalty stays with the hand
    slip = read(shared.get(f"/games/{game['id']}/paper"))
    assert post(shared, f"/games/{game['id']}/paper", {**slip.values, "hands[1].entries[0].total": "1300"}
                ).status_code == 303
    [again] = shared.get(f"/api/games/{game['id']}").get_json()["hands"]
    assert [s["breakdown"] for s in again["scores"]] == [{"paper": 1300, "adjustment": -100}, {"paper": -45}]


def test_refusals_in_every_language(shared):
    game, n = start(shared, "ponytail")
    said = set()
    for language in ("en", "es", "pt-BR", "it", "de"):
        r = shared.post(f"/api/games/{game['id']}/hands", json=hand(n, adjustment=12, adjustment_reason="x"),
                        headers={"Accept-Language": language})
        message = r.get_json()["errors"][0]["message"]
        assert "5" in message and "12" in message
        said.add(message)
    assert len(said) == 5  # each language its own words


def test_the_hand_form_folds_it_and_records_a_penalty(shared):
    client = shared
    game, _ = start(client, "classic")
    form = hand_form(client, game)
    fold = form.disclosure("Penalty or award")
    assert not fold.expanded  # closed: on Cancel's line until opened
    assert fold.field("Reason, Side 1").get("name") == "entries[1].adjustment_reason"
    values = {**{k: v for k, v in form.form_values().items() if k != "csrf_token"}, "went_out": "none"}
    path = url(client.application, "hands.record_hand", game_id=game["id"])
    # points typed without a reason: refused at the reason's input, the fold open to show it
    refused = read(post(client, path, {**values, "entries[1].adjustment": "50"}))
    assert refused.disclosure("Penalty or award").expanded
    reason = refused.field("Reason, Side 1")
    assert reason.invalid and "needs its reason" in reason.description
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []
    r = post(client, path, {**values, "entries[1].adjustment": "50", "entries[1].adjustment:sign": "penalty",
                            "entries[1].adjustment_reason": "card exposed", "entries[0].adjustment": "100",
                            "entries[0].adjustment:sign": "award", "entries[0].adjustment_reason": "fair play"})
    assert r.status_code == 303
    scores = client.get(f"/api/games/{game['id']}").get_json()["hands"][0]["scores"]
    assert [s["breakdown"].get("adjustment") for s in scores] == [100, -50]
    # the correction form opens with them filled in
    edit = read(client.get(url(client.application, "hands.edit_hand", game_id=game["id"], number=1)))
    assert edit.form_values()["entries[1].adjustment"] == "50"
    assert edit.form_values()["entries[1].adjustment:sign"] == "penalty"
    assert edit.form_values()["entries[0].adjustment:sign"] == "award"
    assert edit.form_values()["entries[0].adjustment_reason"] == "fair play"


def test_an_export_with_penalties_passes_the_import_checks(shared):
    import db
    import checks
    from db import export

    game, _ = start(shared, "american")
    special = {"special_hand": "garbage", "adjustment": -100, "adjustment_reason": "x"}
    assert shared.post(f"/api/games/{game['id']}/hands", json={"entries": [special, {}]}).status_code == 201
    conn = db.connect(shared.application.config["DATABASE"])
    try:
        document = export.export_games(conn)
    finally:
        conn.conn.close()
    assert any(e.get("adjustment") == -100 for g in document["games"] for h in g["hands"] for e in h["entries"])
    assert checks.check_document(document) == []

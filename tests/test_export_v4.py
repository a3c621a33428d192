"""Issue 40: an export of version 4 made before the variants moved into scoring/variants/ (every variant's worked
example, played through and ended early; tests/data/make_export_v4.py) imports and every game reads back as that
code answered it: the same options, hands, hand scores, totals, minimums, winner and dealing."""
import json
from pathlib import Path

from click.testing import CliRunner

from app import create_app
from commands import import_command
from scoring import VARIANTS, derive_game
from scoring.game import HandRecord

DATA = Path(__file__).parent / "data"
EXPORT = DATA / "export-v4-every-variant.json"
ANSWERS = json.loads((DATA / "export-v4-every-variant-games.json").read_text(encoding="utf-8"))
KEPT = ("id", "variant", "variant_name", "options", "sides", "hands", "finished", "finish_reasons", "winner",
        "margin", "dealing", "hands_played", "has_pin", "playing_off")  # not its revision or times: an import's own


def test_the_file_is_an_export_of_version_4_of_every_variant():
    document = json.loads(EXPORT.read_text(encoding="utf-8"))
    assert document["version"] == 4 and "members" not in document and "seasons" not in document
    assert {g["variant"] for g in document["games"]} == set(VARIANTS) - {"toy"}  # a test's toy variant is not shipped
    assert all(g["hands"] for g in ANSWERS.values())


def test_an_export_of_version_4_imports_and_every_game_scores_as_it_did(tmp_path):
    db = tmp_path / "imported.sqlite"
    result = CliRunner().invoke(import_command, [str(EXPORT), "--db", str(db)])
    assert result.exit_code == 0, result.output
    client = create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "t"}).test_client()
    for game_id, then in ANSWERS.items():
        now = client.get(f"/api/games/{game_id}").get_json()
        assert {k: now[k] for k in KEPT} == {k: then[k] for k in KEPT}, then["variant"]


def test_each_game_of_the_export_replays_through_the_engine_to_the_same_scores():
    """Without the database or the import: the stored entries replayed by scoring.derive_game give each hand's
    score, breakdown and running total, and each side's score, as that code answered them."""
    document = json.loads(EXPORT.read_text(encoding="utf-8"))
    for stored in document["games"]:
        then = ANSWERS[stored["id"]]
        variant = VARIANTS[stored["variant"]]
        hands = [HandRecord(h["entries"], h["recorded_at"]) for h in stored["hands"]]
        now = derive_game(variant, stored["options"], then["sides"], hands, ended=stored["ended_at"] is not None,
                          marks=stored.get("marks") or None)
        assert [h["scores"] for h in now["hands"]] == [h["scores"] for h in then["hands"]], stored["variant"]
        assert [s["score"] for s in now["sides"]] == [s["score"] for s in then["sides"]]
        assert (now["winner"], now["finished"]) == (then["winner"], then["finished"])

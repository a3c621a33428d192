"""RULES.md §14, Named rule sets: export, import and backups carry them. A saved set round-trips through
`python app.py export` / `import` onto a fresh database and scores a game there as it did here; one already there is
skipped, one whose name is taken there is kept under another name, and the import's line says which."""
from __future__ import annotations

import json

from .cli_helpers import client_for, run_app

THURSDAY = {"name": "Our Thursday rules", "variant": "samba",
            "options": {"target": 8000, "house_rules": {"natural_canasta_bonus": 600, "going_out_bonus": 300,
                                                        "go_out_canastas": 1}}}
HAND = {"entries": [{"natural_canastas": 1, "melded": 300, "went_out": True}, {"in_hand": 85}]}
SIDES = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def played(client, set_id: str) -> tuple[dict, list[dict]]:
    """A new game made from the set, with one hand: its options and the hand's scores."""
    made = client.post("/api/games", json={"variant": "samba", "sides": SIDES, "rule_set": set_id})
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    hand = client.post(f"/api/games/{game['id']}/hands", json=HAND)
    assert hand.status_code == 201, hand.get_json()
    return game["options"], hand.get_json()["hand"]["scores"]


def saved(client) -> list[dict]:
    return [{k: s[k] for k in ("name", "variant", "options")} for s in client.get("/api/rule-sets").get_json()
            if not s["preset"]]


def test_a_saved_rule_set_round_trips_through_export_and_import(tmp_path):
    source, fresh = tmp_path / "source.sqlite", tmp_path / "fresh.sqlite"
    here = client_for(source)
    made = here.post("/api/rule-sets", json=THURSDAY)
    assert made.status_code == 201, made.get_json()
    options, scores = played(here, made.get_json()["id"])
    assert options["house_rules"]["natural_canasta_bonus"] == 600 and options["target"] == 8000
    # 600 natural canasta + 300 melded + 300 going out (with one canasta, as the set allows); 85 in hand against them
    assert [s["total"] for s in scores] == [1200, -85]

    out = run_app("export", tmp_path / "all.json", "--db", source)
    assert out.returncode == 0, out.stderr
    document = json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    assert [s["name"] for s in document["rule_sets"]] == ["Our Thursday rules"]
    back = run_app("import", tmp_path / "all.json", "--db", fresh)
    assert back.returncode == 0, back.stderr
    assert back.stdout.strip().endswith("Imported 1 games into " + str(fresh) + ". Rule sets: 1 added.")

    there = client_for(fresh)
    assert saved(there) == [THURSDAY]
    [kept] = [s for s in there.get("/api/rule-sets").get_json() if not s["preset"]]
    assert kept["id"] == made.get_json()["id"]
    again_options, again = played(there, kept["id"])
    assert again_options == options
    assert [(s["total"], s["breakdown"]) for s in again] == [(s["total"], s["breakdown"]) for s in scores]

    # a backup carries them too: restored onto a new database, the set is there
    assert run_app("backup", tmp_path / "copy.bak", "--db", source).returncode == 0
    restored = tmp_path / "restored.sqlite"
    assert run_app("restore", tmp_path / "copy.bak", "--db", restored).returncode == 0
    assert saved(client_for(restored)) == [THURSDAY]


def test_a_set_already_there_is_skipped_and_a_taken_name_kept_apart(tmp_path):
    source, target = tmp_path / "source.sqlite", tmp_path / "target.sqlite"
    sunday = {"name": "Sunday", "variant": "samba", "options": {"target": 3000}}
    here, there = client_for(source), client_for(target)
    for rule_set in (THURSDAY, sunday):
        assert here.post("/api/rule-sets", json=rule_set).status_code == 201
    theirs = {**THURSDAY, "options": {"target": 10000}}  # the same name, other rules: theirs must not change
    for rule_set in (theirs, {**sunday, "name": "sunday"}):  # the same set under another id (and case)
        assert there.post("/api/rule-sets", json=rule_set).status_code == 201
    assert run_app("export", tmp_path / "sets.json", "--db", source).returncode == 0
    first = run_app("import", tmp_path / "sets.json", "--db", target)
    assert first.returncode == 0, first.stderr
    assert ("Rule sets: “Our Thursday rules” added as “Our Thursday rules (2)” (a different set of this variant has "
            "its name here); 1 already here, skipped (“Sunday”).") in first.stdout
    assert sorted(map(json.dumps, saved(there))) == sorted(map(json.dumps, [
        theirs, {**THURSDAY, "name": "Our Thursday rules (2)"}, {**sunday, "name": "sunday"}]))
    # the same file again adds nothing: its Thursday set is here now, as "(2)"
    again = run_app("import", tmp_path / "sets.json", "--db", target)
    assert again.returncode == 0 and "Rule sets: 2 already here, skipped" in again.stdout, again.stdout
    assert len(saved(there)) == 3


def test_a_wrong_rule_set_refuses_the_whole_file(tmp_path):
    source = tmp_path / "source.sqlite"
    assert client_for(source).post("/api/rule-sets", json=THURSDAY).status_code == 201
    assert run_app("export", tmp_path / "sets.json", "--db", source).returncode == 0
    document = json.loads((tmp_path / "sets.json").read_text(encoding="utf-8"))
    document["rule_sets"][0]["options"]["house_rules"]["going_out_bonus"] = 12
    (tmp_path / "bad.json").write_text(json.dumps(document), encoding="utf-8")
    target = tmp_path / "target.sqlite"
    out = run_app("import", tmp_path / "bad.json", "--db", target)
    assert out.returncode == 1 and "nothing was imported" in out.stderr and "Rule set 1" in out.stderr, out.stderr
    assert "going_out_bonus" in out.stderr and "multiple of 5" in out.stderr
    assert saved(client_for(target)) == []

"""An export of version 4 (no federation numbers, no seasons) of every variant's worked example, with each game as
the API answered it then: run from the root of a checkout as `.venv/bin/python tests/data/make_export_v4.py
OUT-export.json OUT-games.json` (test_export_v4 reads them). Made by the branch point of issue 40's variants/
package (commit 45d8f4e), before the variants moved."""
import json
import sys
import tempfile

sys.path.insert(0, ".")
from click.testing import CliRunner

from app import create_app
from commands import export_command
from tests.examples import EXAMPLES

out_export, out_games = sys.argv[1], sys.argv[2]
folder = tempfile.mkdtemp()
app = create_app({"TESTING": True, "DATABASE": f"{folder}/made.sqlite", "SECRET_KEY": "t"})
c = app.test_client()
made = []
for ex in EXAMPLES:
    sides = [{"name": p[0] if len(p) == 1 else " & ".join(p), "players": p} for p in ex.players]
    g = c.post("/api/games", json={"variant": ex.variant, "sides": sides}).get_json()
    assert "id" in g, g
    for hand in ex.hands:
        r = c.post(f"/api/games/{g['id']}/hands", json=hand.payload)
        assert r.status_code == 201, r.get_json()
    made.append(g["id"])
    # the same again with the first hand only, ended early (finished)
    g2 = c.post("/api/games", json={"variant": ex.variant, "sides": sides}).get_json()
    assert c.post(f"/api/games/{g2['id']}/hands", json=ex.hands[0].payload).status_code == 201
    assert c.post(f"/api/games/{g2['id']}/end").status_code == 200
    made.append(g2["id"])
games = {i: c.get(f"/api/games/{i}").get_json() for i in made}
result = CliRunner().invoke(export_command, [f"{folder}/export.json", "--db", app.config["DATABASE"]])
assert result.exit_code == 0, result.output
document = json.load(open(f"{folder}/export.json", encoding="utf-8"))
document = {k: v for k, v in document.items() if k not in ("members", "seasons")} | {"version": 4}
json.dump(document, open(out_export, "w"), indent=1, ensure_ascii=False)
json.dump(games, open(out_games, "w"), indent=1, ensure_ascii=False)
print(len(games), "games;", sorted({g["variant"] for g in games.values()}))

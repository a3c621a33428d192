"""Games made by Meldbook's main of 2026-11-25 (before issue 24), every variant, finished and not: run from the root
of that checkout as `.venv/bin/python tests/data/make_made_by_main.py OUT.sqlite OUT.json` (test_migrations reads them)."""
import json
import sys

sys.path.insert(0, ".")
from app import create_app
from tests.examples import EXAMPLES

out_db, out_json = sys.argv[1], sys.argv[2]
app = create_app({"TESTING": True, "DATABASE": out_db, "SECRET_KEY": "t"})
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
    # the same again, ended early (finished), and one left in play with nothing recorded
    g2 = c.post("/api/games", json={"variant": ex.variant, "sides": sides}).get_json()
    c.post(f"/api/games/{g2['id']}/hands", json=ex.hands[0].payload)
    c.post(f"/api/games/{g2['id']}/end")
    made.append(g2["id"])
# Pony with failed melds pending, and a PIN game begun on paper
pony = next(ex for ex in EXAMPLES if ex.variant == "pony")
sides = [{"name": p[0] if len(p) == 1 else " & ".join(p), "players": p} for p in pony.players]
sides[0]["start_score"] = 1200
g = c.post("/api/games", json={"variant": "pony", "sides": sides, "pin": "2468"}).get_json()
pin = {"X-Table-PIN": "2468"}
c.post(f"/api/games/{g['id']}/hands", json=pony.hands[0].payload, headers=pin)
assert c.post(f"/api/games/{g['id']}/sides/1/failed-meld", headers=pin).status_code == 200
assert c.post(f"/api/games/{g['id']}/sides/1/failed-meld", headers=pin).status_code == 200
made.append(g["id"])
games = [c.get(f"/api/games/{i}").get_json() for i in made]
json.dump(games, open(out_json, "w"), indent=1, ensure_ascii=False)
print(len(games), "games;", sum(g["finished"] for g in games), "finished")

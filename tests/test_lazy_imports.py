"""The PDF, QR-code and rating libraries are loaded when first used, so a server that never prints holds less memory."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SERVE_A_GAME = """
import sys
from app import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "test", "TESTING": True})
client = app.test_client()
game = client.post("/api/games", json={"variant": "ponytail", "sides": [{"name": "A", "players": ["Ann", "Bob"]},
                                                                        {"name": "B", "players": ["Cy", "Di"]}]})
game_id = game.get_json()["id"]
assert client.post(f"/api/games/{game_id}/hands", json={"entries": [{"melded": 50}, {}]}).status_code == 201
for path in (f"/games/{game_id}", f"/api/games/{game_id}", f"/games/{game_id}/live", "/"):
    assert client.get(path).status_code == 200, path
print(" ".join(sorted(m for m in ("reportlab", "segno", "openskill") if m in sys.modules)))
for path in (f"/games/{game_id}/qr.svg", f"/games/{game_id}/sheet.pdf", "/players"):
    assert client.get(path).status_code == 200, path
print(" ".join(sorted(m for m in ("reportlab", "segno", "openskill") if m in sys.modules)))
"""


def test_playing_a_game_loads_no_pdf_qr_or_rating_library_until_one_is_asked_for(tmp_path):
    done = subprocess.run([sys.executable, "-c", SERVE_A_GAME, str(tmp_path / "games.sqlite")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    before, after = done.stdout.splitlines()
    assert before == ""
    assert after == "openskill reportlab segno"

"""Issue 32: `bench/run.py --tournament` plays the burraco tournament (here at its quick size: 8 pairs at 4 tables,
3 Mitchell turns and a Danish of 3 deals) and prints its three figures beside their budgets. Timings are not
asserted."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bench import tournament
from bench.run import FIGURES

ROOT = Path(__file__).resolve().parent.parent


def test_the_tournament_alone_plays_every_turn_and_prints_its_figures_with_their_budgets():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--tournament", "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr  # 2: the bench itself broke (a refused deal, a 500)
    assert set(tournament.FIGURES) <= set(FIGURES)
    rows = [line for line in done.stdout.splitlines() if line.startswith("burraco tournament: ")]
    assert [r.split("  ")[0] for r in rows] == [name for name, _ in tournament.FIGURES]
    for row, (_, budget) in zip(rows, tournament.FIGURES):
        assert budget in row and row.rstrip().endswith(("ok", "MISSED")), row
    assert re.search(r"burraco tournament: 100 tables x 2 phones \+ 4 screens, one core +0 errors", done.stdout)
    assert "3 Mitchell, then a Danish" in done.stdout and "4 deals through the hand form" in done.stdout
    assert "of 3 budgets met" in done.stdout

"""The benchmark script (bench/run.py --quick) runs and prints every figure of issue 6; timings are not asserted."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.run import FIGURES

ROOT = Path(__file__).resolve().parent.parent


def test_quick_bench_runs_and_prints_every_figure_with_its_budget():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr  # 2 would mean the bench itself broke
    lines = done.stdout.splitlines()
    for name, budget in FIGURES:
        # the name column is padded, so "club night" does not also find "club night event: …"
        row = [line for line in lines if line.startswith(name + "  ")]
        assert len(row) == 1, f"{name!r} is not printed once:\n{done.stdout}"
        assert budget in row[0] and row[0].rstrip().endswith(("ok", "MISSED")), row[0]
    assert f"of {len(FIGURES)} budgets met" in done.stdout

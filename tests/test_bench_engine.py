"""Issue 24: the engine figures include a whole 4-round Hand and Foot game, printed beside its budget, and
`bench/run.py --engine` measures the engine alone (no server, no browser). Timings are not asserted."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import engine, workload
from bench.run import FIGURES
from scoring import derive_game, get_variant, new_game

ROOT = Path(__file__).resolve().parent.parent
HAND_AND_FOOT = "engine: validate + score + derive a 4-round Hand and Foot game"


def test_the_engine_alone_prints_both_engine_figures_with_their_budgets():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--engine", "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    budgets = dict(FIGURES)
    assert HAND_AND_FOOT in budgets and budgets[HAND_AND_FOOT].startswith("<= ")
    rows = [line for line in done.stdout.splitlines() if line.startswith("engine: ")]
    assert [r.split("  ")[0] for r in rows] == [name for name, _ in FIGURES if name.startswith("engine: ")]
    for row in rows:
        name = row.split("  ")[0]
        assert budgets[name] in row and row.rstrip().endswith(("ok", "MISSED")), row
    engine_rows = sum(1 for name, _ in FIGURES if name.startswith("engine: "))  # issue 33 added five (3 + Burraco, Buraco)
    assert engine_rows == 7 and re.search(rf"^\d of {engine_rows} budgets met", done.stdout, re.M), done.stdout
    assert "club night" not in done.stdout  # nothing but the engine was measured


def test_the_hand_and_foot_workload_is_whole_valid_games_of_every_kind_of_entry():
    variant = get_variant("hand-and-foot")
    sides, options = new_game(variant, workload.hand_and_foot_payload())
    seen = set()
    for seed in range(50):
        posted = workload.hand_and_foot_rounds(4, seed)
        state = derive_game(variant, options, sides, engine.stored_hands(variant, sides, options, posted))
        assert state["finished"] and state["finish_reasons"] == ["max_hands"]
        seen |= {k for p in posted for e in p["entries"] for k, v in e.items() if v}
    # off by default (RULES.md §8, §14)
    assert seen == {f.name for f in variant.fields} - {"sevens_canastas", "black_threes_canastas", "black_threes_melded"}
    assert engine.hand_and_foot_ms(3, 2, 1) > 0


@pytest.mark.parametrize("variant_id", ["american", "samba", "bolivia"])
def test_the_new_variants_workloads_are_valid_games_still_in_play(variant_id):
    from bench import variants
    assert variants.engine_ms(variant_id, 40, 1) > 0  # every hand checked (prepare_hand refuses a bad one)
    assert len(variants.hands(variant_id, 200)) == 200

"""The worked examples of RULES.md §9 (Burraco) and §10 (Buraco), written down once for the engine, API and browser
tests. Every number is RULES.md's own (the line it stands on is given); the arithmetic is written beside it."""
from __future__ import annotations

from .examples import Example, Hand

PAIRS = [{"name": "NS", "players": ["Ann", "Bob"]}, {"name": "EW", "players": ["Cy", "Di"]}]

# RULES.md §9 lines 464–482: a tournament turn of 3 smazzate (max_hands 3, target null); A = NS, B = EW
BURRACO = Example(
    id="burraco-turn", section="RULES.md §9, worked example (lines 464–482)", variant="burraco", sides=PAIRS,
    options={"max_hands": 3, "target": None},
    hands=[
        # line 466–470: A = 200 + 150 + 100 + 100 + 385 − 25; B = 100 + 170 − 95 − 100
        Hand(entries=[{"natural_canastas": 1, "semiclean_canastas": 1, "dirty_canastas": 1, "melded": 385,
                       "in_hand": {"tens": 2, "fives": 1}, "went_out": True},
                      {"dirty_canastas": 1, "melded": 170, "in_hand": 95, "kitty_not_taken": True}],
             totals=[910, 75], running=[910, 75], minimums=[0, 0],
             parts=[{"natural_canastas": 200, "semiclean_canastas": 150, "dirty_canastas": 100, "going_out": 100,
                     "melded": 385, "in_hand": -25},
                    {"dirty_canastas": 100, "melded": 170, "in_hand": -95, "kitty_not_taken": -100}]),
        # lines 471–475: B = 400 + 100 + 410 − 15; A's pozzetto taken, never played: its cards in hand, no −100
        Hand(entries=[{"dirty_canastas": 1, "melded": 205,
                       "in_hand": {"jokers": 1, "fifteens": 1, "tens": 7, "fives": 5}},
                      {"natural_canastas": 2, "melded": 410, "in_hand": 15, "went_out": True}],
             totals=[165, 895], running=[1075, 970], minimums=[0, 0],
             parts=[{"dirty_canastas": 100, "melded": 205, "in_hand": -140},
                    {"natural_canastas": 400, "going_out": 100, "melded": 410, "in_hand": -15}]),
        # lines 476–477: the stock ran out, nobody closed: 200 + 310 − 45; 100 + 150 + 330 − 95
        Hand(entries=[{"natural_canastas": 1, "melded": 310, "in_hand": 45},
                      {"dirty_canastas": 1, "semiclean_canastas": 1, "melded": 330, "in_hand": 95}],
             totals=[465, 485], running=[1540, 1455], minimums=[0, 0],
             parts=[{"natural_canastas": 200, "melded": 310, "in_hand": -45},
                    {"semiclean_canastas": 150, "dirty_canastas": 100, "melded": 330, "in_hand": -95}]),
    ])

# RULES.md §10 lines 584–593: two partnerships, aberto (the defaults)
BURACO = Example(
    id="buraco-pairs", section="RULES.md §10, worked example (lines 584–593)", variant="buraco", sides=PAIRS,
    hands=[
        # A = 400 + 100 + 100 + 420 − 30; B = 100 + 180 − 75 − 100 (a 2 held counts in tens)
        Hand(entries=[{"natural_canastas": 2, "dirty_canastas": 1, "melded": 420, "in_hand": 30, "went_out": True},
                      {"dirty_canastas": 1, "melded": 180, "in_hand": {"jokers": 1, "fifteens": 1, "tens": 3, "fives": 2},
                       "kitty_not_taken": True}],
             totals=[990, 105], running=[990, 105], minimums=[0, 0],
             parts=[{"natural_canastas": 400, "dirty_canastas": 100, "going_out": 100, "melded": 420, "in_hand": -30},
                    {"dirty_canastas": 100, "melded": 180, "in_hand": -75, "kitty_not_taken": -100}]),
    ])

BUR_EXAMPLES = [BURRACO, BURACO]

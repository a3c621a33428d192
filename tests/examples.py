"""The worked examples of RULES.md §6, §7, §8, §9 and §10, written down once.

The engine tests (tests/test_scoring_*.py), the API tests (tests/test_api_hands.py, tests/test_acceptance_*.py)
and the browser tests (tests/browser/test_ponytail.py, test_pony.py) all take their entries and expected numbers
from here, so a rule the code gets wrong fails each of them, and a number is corrected in one place.
Every number is RULES.md's own; the arithmetic is written beside it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

ONE_PER_HAND = ("went_out", "cut_bonus", "finished")  # who went out, cut, finished: one side a hand


@dataclass(frozen=True)
class Hand:
    entries: list[dict]            # one entry per side, as API.md's hand payload takes them
    totals: list[int]              # each side's score for the hand (Five-person: the deal score)
    running: list[int]             # each side's total after the hand
    minimums: list[int]            # each side's next minimum meld after the hand
    parts: list[dict]              # the breakdown's parts that are not 0, per side
    own: list[int] | None = None   # Five-person: each seat's own score

    @property
    def payload(self) -> dict:
        return {"entries": self.entries}


@dataclass(frozen=True)
class Example:
    id: str
    section: str                   # where RULES.md gives it
    variant: str
    sides: list[dict]              # API.md's sides: name and players
    hands: list[Hand]
    options: dict = field(default_factory=dict)

    @property
    def game(self) -> dict:
        """The body of POST /api/games for this example."""
        return {"variant": self.variant, "sides": self.sides, **({"options": self.options} if self.options else {})}

    @property
    def players(self) -> list[list[str]]:
        return [s["players"] for s in self.sides]

    def __str__(self):
        return self.id


PONYTAIL = Example(
    id="ponytail-pairs", section="RULES.md §6, Ponytail, two partnerships, hands 1 and 2", variant="ponytail",
    sides=[{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
    hands=[
        Hand(entries=[{"natural_canastas": 1, "dirty_canastas": 2, "sevens_canastas": 1, "wild_canastas": 1,
                       "red_threes": 3, "melded": 1230, "went_out": True},
                      {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 2, "cut_bonus": True,
                       "melded": 640, "in_hand": 185, "black_threes": 2}],
             # A = 500 + 600 + 5000 + 2500 + 300 + 200 + 1230; B = 500 + 300 + 200 + 100 + 640 − 185 − 200
             totals=[10330, 1355], running=[10330, 1355], minimums=[50, 50],
             parts=[{"natural_canastas": 500, "dirty_canastas": 600, "sevens_canastas": 5000, "wild_canastas": 2500,
                     "red_threes": 300, "going_out": 200, "melded": 1230},
                    {"natural_canastas": 500, "dirty_canastas": 300, "red_threes": 200, "cut_bonus": 100,
                     "melded": 640, "in_hand": -185, "black_threes": -200}]),
        Hand(entries=[{"natural_canastas": 2, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
                       "red_threes": 1, "melded": 1455, "went_out": True},
                      {"melded": 220, "in_hand": 410, "black_threes": 1, "unpicked_pony": 125}],
             # A = 1000 + 300 + 5000 + 2500 + 100 + 200 + 1455 → 20,885 (minimum 90 from 15,000 up);
             # B = 220 − 410 − 100 − 125 (the pony never picked up counts against B) → 940
             totals=[10555, -415], running=[20885, 940], minimums=[90, 50],
             parts=[{"natural_canastas": 1000, "dirty_canastas": 300, "sevens_canastas": 5000, "wild_canastas": 2500,
                     "red_threes": 100, "going_out": 200, "melded": 1455},
                    {"melded": 220, "in_hand": -410, "black_threes": -100, "unpicked_pony": -125}]),
    ])

PONY = Example(
    id="pony-three", section="RULES.md §6, Pony, individual, 3 players", variant="pony",
    sides=[{"name": n, "players": [n]} for n in ("P1", "P2", "P3")],
    hands=[
        Hand(entries=[{"wild_canastas": 1, "surprise_wild": 1, "sevens_canastas": 1, "natural_canastas": 2,
                       "black_canastas": 1, "red_treys": 5, "melded": 1610, "went_out": True},
                      {"natural_canastas": 1, "red_treys": 3, "melded": 540, "in_hand": 230, "black_treys": 1},
                      {}],
             # P1 = 2500 + 500 + 2500 + 1000 + 300 + 1100 + 100 + 1610; P2 = 500 + 300 + 540 − 230 − 100
             totals=[9610, 1010, 0], running=[9610, 1010, 0], minimums=[50, 50, 50],
             parts=[{"wild_canastas": 2500, "surprise_wild": 500, "sevens_canastas": 2500, "natural_canastas": 1000,
                     "black_canastas": 300, "red_treys": 1100, "going_out": 100, "melded": 1610},
                    {"natural_canastas": 500, "red_treys": 300, "melded": 540, "in_hand": -230, "black_treys": -100},
                    {}]),
    ])

FIVE_PERSON = Example(
    id="five-person-deal", section="RULES.md §6, Five-person, one deal", variant="five-person",
    sides=[{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")],
    hands=[
        Hand(entries=[{"pure_canastas": 1, "finished": True, "melded": 300, "in_hand": 30},  # 100 + 50 + 300 − 30
                      {"in_hand": 35},                                                      # −35
                      {"impure_canastas": 1, "kitties": 1, "melded": 120, "in_hand": 10},  # 50 + 50 + 120 − 10
                      {"melded": 100, "in_hand": 5},                                        # 95
                      {"in_hand": 120}],                                                    # −120
             # each seat's own score plus its partner's (two seats on): 420 + 210, −35 + 95, 210 − 120, 95 + 420,
             # −120 − 35; the opening minimum is 75 whatever the score
             own=[420, -35, 210, 95, -120],
             totals=[630, 60, 90, 515, -155], running=[630, 60, 90, 515, -155], minimums=[75] * 5,
             parts=[{"own_score": 420, "partner_share": 210}, {"own_score": -35, "partner_share": 95},
                    {"own_score": 210, "partner_share": -120}, {"own_score": 95, "partner_share": 420},
                    {"own_score": -120, "partner_share": -35}]),
    ])

CLASSIC = Example(
    id="classic-pairs", section="RULES.md §7, Classic Canasta, worked example", variant="classic",
    sides=[{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
    hands=[
        Hand(entries=[{"natural_canastas": 1, "melded": 140, "went_out": True, "concealed": True},
                      {"red_threes": 2, "in_hand": 15}],
             # A = 500 + 200 (went out concealed) + 140; B = −200 (2 red 3s, nothing melded) − 15;
             # next minimum 50 for A (0 to 1,495), 15 for B (below 0)
             totals=[840, -215], running=[840, -215], minimums=[50, 15],
             parts=[{"natural_canastas": 500, "concealed": 200, "melded": 140},
                    {"red_threes": -200, "in_hand": -15}]),
    ])

HAND_AND_FOOT = Example(
    id="hand-and-foot-pairs", section="RULES.md §8, Hand and Foot, worked example (round 1)", variant="hand-and-foot",
    sides=[{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
    hands=[
        Hand(entries=[{"natural_canastas": 2, "dirty_canastas": 2, "wild_canastas": 1, "red_threes": 3,
                       "exact_pickups": 1, "melded": 905, "in_hand": 30, "went_out": True},
                      {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 1, "melded": 410, "in_hand": 85,
                       "in_foot": 120, "red_threes_held": 1, "black_threes": 2}],
             # A = 1000 + 600 + 1500 + 300 + 100 (went out) + 100 (exact pick-up) + 905 − 30;
             # B = 500 + 300 + 100 + 410 − 85 − 120 (foot never taken up) − 500 (red three held) − 10;
             # next minimum 90 for both: round 2's, whatever the totals
             totals=[4475, 595], running=[4475, 595], minimums=[90, 90],
             parts=[{"natural_canastas": 1000, "dirty_canastas": 600, "wild_canastas": 1500, "red_threes": 300,
                     "going_out": 100, "exact_pickups": 100, "melded": 905, "in_hand": -30},
                    {"natural_canastas": 500, "dirty_canastas": 300, "red_threes": 100, "melded": 410, "in_hand": -85,
                     "in_foot": -120, "red_threes_held": -500, "black_threes": -10}]),
    ])

BURRACO_PAIRS = [{"name": "NS", "players": ["Ann", "Bob"]}, {"name": "EW", "players": ["Cy", "Di"]}]

# RULES.md §9 lines 464–482: a tournament turn of 3 smazzate (max_hands 3, target null); A = NS, B = EW
BURRACO = Example(
    id="burraco-turn", section="RULES.md §9, worked example (lines 464–482)", variant="burraco", sides=BURRACO_PAIRS,
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
    id="buraco-pairs", section="RULES.md §10, worked example (lines 584–593)", variant="buraco", sides=BURRACO_PAIRS,
    hands=[
        # A = 400 + 100 + 100 + 420 − 30; B = 100 + 180 − 75 − 100 (a 2 held counts in tens)
        Hand(entries=[{"natural_canastas": 2, "dirty_canastas": 1, "melded": 420, "in_hand": 30, "went_out": True},
                      {"dirty_canastas": 1, "melded": 180, "in_hand": {"jokers": 1, "fifteens": 1, "tens": 3, "fives": 2},
                       "kitty_not_taken": True}],
             totals=[990, 105], running=[990, 105], minimums=[0, 0],
             parts=[{"natural_canastas": 400, "dirty_canastas": 100, "going_out": 100, "melded": 420, "in_hand": -30},
                    {"dirty_canastas": 100, "melded": 180, "in_hand": -75, "kitty_not_taken": -100}]),
    ])

AMERICAN = Example(
    id="american-pairs", section="RULES.md §11, Modern American Canasta, worked example", variant="american",
    sides=[{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
    hands=[
        Hand(entries=[{"natural_canastas": 1, "mixed_canastas": 1, "sevens_canastas": 1, "red_threes": 2,
                       "black_threes_laid": 1, "melded": 480, "in_hand": 35, "went_out": True},
                      {"red_threes": 1, "black_threes_laid": 2, "melded": 230, "in_hand": 185,
                       "incomplete_aces": True}],
             # A = 500 + 300 + 2500 + 100 + (300 + 100) + 480 − 35; B, no canasta: −(100 + 300) − 230 − 185 − 2500
             totals=[4245, -3315], running=[4245, -3315], minimums=[155, 125],
             parts=[{"natural_canastas": 500, "mixed_canastas": 300, "sevens_canastas": 2500, "going_out": 100,
                     "red_threes": 300, "black_threes_laid": 100, "melded": 480, "in_hand": -35},
                    {"red_threes": -100, "black_threes_laid": -300, "melded": -230, "in_hand": -185,
                     "incomplete_aces": -2500}]),
        Hand(entries=[{"natural_canastas": 1, "red_threes": 1, "melded": 340, "in_hand": 260, "sevens_penalties": 1},
                      {"special_hand": "garbage"}],
             # A, one canasta (its red three counts 0): 500 + 340 − 260 − 1500; B lays Garbage: 3,000 and nothing else
             totals=[-920, 3000], running=[3325, -315], minimums=[155, 125],
             parts=[{"natural_canastas": 500, "melded": 340, "in_hand": -260, "sevens_penalties": -1500},
                    {"special_hand": 3000}]),
    ])

SAMBA = Example(
    id="samba-pairs", section="RULES.md §12, Samba, worked example", variant="samba",
    sides=[{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
    hands=[
        Hand(entries=[{"natural_canastas": 2, "mixed_canastas": 1, "sequence_canastas": 1, "red_threes": 2,
                       "melded": 820, "in_hand": 40, "went_out": True},
                      {"natural_canastas": 1, "red_threes": 3, "melded": 480, "in_hand": 235}],
             totals=[3980, 445], running=[3980, 445], minimums=[120, 50],
             parts=[{"natural_canastas": 1000, "mixed_canastas": 300, "sequence_canastas": 1500, "red_threes": 200,
                     "going_out": 200, "melded": 820, "in_hand": -40},
                    {"natural_canastas": 500, "red_threes": -300, "melded": 480, "in_hand": -235}]),
        Hand(entries=[{"natural_canastas": 1, "sequence_canastas": 2, "red_threes": 1, "melded": 760,
                       "went_out": True}, {"red_threes": 5, "melded": 150, "in_hand": 610}],
             totals=[4560, -960], running=[8540, -515], minimums=[160, 15],
             parts=[{"natural_canastas": 500, "sequence_canastas": 3000, "red_threes": 100, "going_out": 200,
                     "melded": 760}, {"red_threes": -500, "melded": 150, "in_hand": -610}]),
    ])

BOLIVIA = Example(
    id="bolivia-pairs", section="RULES.md §13, Bolivia, worked example", variant="bolivia",
    sides=[{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
    hands=[
        Hand(entries=[{"sequence_canastas": 1, "wild_canastas": 1, "natural_canastas": 1, "mixed_canastas": 1,
                       "red_threes": 6, "melded": 910, "in_hand": 55, "black_threes": 1, "went_out": True},
                      {"natural_canastas": 1, "mixed_canastas": 1, "melded": 530, "in_hand": 145, "black_threes": 2}],
             totals=[6755, 985], running=[6755, 985], minimums=[120, 50],
             parts=[{"natural_canastas": 500, "mixed_canastas": 300, "sequence_canastas": 1500,
                     "wild_canastas": 2500, "red_threes": 1000, "going_out": 200, "melded": 910, "in_hand": -55,
                     "black_threes": -100},
                    {"natural_canastas": 500, "mixed_canastas": 300, "melded": 530, "in_hand": -145,
                     "black_threes": -200}]),
        Hand(entries=[{"sequence_canastas": 2, "red_threes": 1, "melded": 640, "went_out": True},
                      {"wild_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "melded": 400, "in_hand": 90,
                       "black_threes": 1}],
             totals=[3940, 3210], running=[10695, 4195], minimums=[150, 120],
             parts=[{"sequence_canastas": 3000, "red_threes": 100, "going_out": 200, "melded": 640},
                    {"mixed_canastas": 300, "wild_canastas": 2500, "red_threes": 200, "melded": 400, "in_hand": -90,
                     "black_threes": -100}]),
    ])

EXAMPLES = [PONYTAIL, PONY, FIVE_PERSON, CLASSIC, HAND_AND_FOOT, AMERICAN, SAMBA, BOLIVIA, BURRACO, BURACO]

# (example, hand number from 1) for every hand of every example, for pytest.mark.parametrize
HANDS = [(example, number) for example in EXAMPLES for number in range(1, len(example.hands) + 1)]
HAND_IDS = [f"{example.id}-hand-{number}" for example, number in HANDS]


def nonzero(breakdown: dict) -> dict:
    """The parts of a breakdown that are not 0 (what `Hand.parts` lists)."""
    return {k: v for k, v in breakdown.items() if v}


def form_fields(entries: list[dict]) -> dict[str, str]:
    """The entries as the hand form posts them: `entries[i].field` for numbers and per-side flags,
    the side's number for who went out / cut / finished, `:mode` count and the card fields for card counts."""
    data: dict[str, str] = {}
    for i, entry in enumerate(entries):
        for name, value in entry.items():
            if name in ONE_PER_HAND:
                if value:
                    data[name] = str(i)
            elif value is True:
                data[f"entries[{i}].{name}"] = "on"
            elif isinstance(value, dict):
                data[f"entries[{i}].{name}:mode"] = "count"
                data.update({f"entries[{i}].{name}.{card}": str(n) for card, n in value.items()})
            elif value is not False:
                data[f"entries[{i}].{name}"] = str(value)
    return data

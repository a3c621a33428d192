"""The games the benchmark plays: realistic Ponytail hands and Hand and Foot rounds, the same every run (seeded)."""
from __future__ import annotations

import random

# A target no benchmark game reaches, so a 200-hand game is still being played.
TARGET = 1_000_000


def new_game_payload(sides: int, *, partnerships: bool = False) -> dict:
    """A Ponytail game: `sides` partnerships of two, or `sides` players alone."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
    if partnerships:
        teams = [{"name": f"Side {i + 1}", "players": names[2 * i:2 * i + 2]} for i in range(sides)]
    else:
        teams = [{"name": names[i], "players": [names[i]]} for i in range(sides)]
    # max_hands null: no hand limit (players alone would otherwise stop after 4 hands, RULES.md §1)
    return {"variant": "ponytail", "sides": teams, "options": {"target": TARGET, "max_hands": None}}


def hands(count: int, sides: int, seed: int = 6) -> list[dict]:
    """`count` valid hands as the API takes them, about one in eight won by someone going out."""
    rng = random.Random(seed)
    return [hand(rng, sides) for _ in range(count)]


def hand(rng: random.Random, sides: int) -> dict:
    """One hand: canastas, threes, card points (some counted card by card, as the card counter sends them)."""
    out = rng.randrange(sides) if rng.random() < 0.125 else None
    entries = []
    for i in range(sides):
        natural, dirty = rng.randint(0, 2), rng.randint(0, 2)
        entry = {"natural_canastas": natural, "dirty_canastas": dirty, "red_threes": rng.randint(0, 2)}
        least = 35 * natural + 50 * dirty
        if i == out:
            entry.update(natural_canastas=max(natural, 1), dirty_canastas=max(dirty, 1), sevens_canastas=1,
                         wild_canastas=1, went_out=True)
            least = 35 * max(natural, 1) + 50 * max(dirty, 1) + 35 + 140
        else:
            entry["black_threes"] = rng.randint(0, 1)
            if rng.random() < 0.5:
                entry["in_hand"] = {"jokers": rng.randint(0, 1), "tens": rng.randint(0, 4), "fives": rng.randint(0, 3)}
            else:
                entry["in_hand"] = 5 * rng.randint(0, 20)
        melded = least + 5 * rng.randint(0, 60)
        if rng.random() < 0.3:
            entry["melded"] = counted(melded)  # the card counter's answer: counts, not points
        else:
            entry["melded"] = melded
        entries.append(entry)
    return {"entries": entries}


def counted(points: int) -> dict[str, int]:
    """Melded points as the card counter sends them, in cards the decks can hold (RULES.md §4: no value counted past
    the pack, all sides together): up to 2 jokers, 10 twenties and 30 tens, then fives."""
    jokers = min(points // 50, 2)
    twenties = min((points - 50 * jokers) // 20, 10)
    tens = min((points - 50 * jokers - 20 * twenties) // 10, 30)
    return {"jokers": jokers, "twenties": twenties, "tens": tens,
            "fives": (points - 50 * jokers - 20 * twenties - 10 * tens) // 5}


def hand_and_foot_payload() -> dict:
    """A Hand and Foot game as most tables play it: two partnerships, its defaults (4 rounds, 5 decks)."""
    return {"variant": "hand-and-foot", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                   {"name": "Them", "players": ["Cy", "Di"]}]}


def hand_and_foot_rounds(count: int, seed: int) -> list[dict]:
    """`count` valid rounds of that game (RULES.md §8), nearly always ended by a side going out."""
    rng = random.Random(seed)
    return [hand_and_foot_round(rng) for _ in range(count)]


def hand_and_foot_round(rng: random.Random) -> dict:
    """One round for two partnerships: books, threes laid and held, exact pick-ups, card points (some counted card by
    card), a foot now and then never picked up."""
    out = rng.randrange(2) if rng.random() < 0.9 else None
    entries = []
    for i in range(2):
        clean, dirty, wild = rng.randint(0, 3), rng.randint(0, 3), int(rng.random() < 0.2)
        if i == out:  # the default go_out_needs: one clean and one dirty book
            clean, dirty = max(clean, 1), max(dirty, 1)
        entry = {"natural_canastas": clean, "dirty_canastas": dirty, "wild_canastas": wild,
                 "red_threes": rng.randint(0, 2), "red_threes_held": rng.randint(0, 1),
                 "black_threes": rng.randint(0, 1), "exact_pickups": rng.randint(0, 1), "went_out": i == out}
        melded = 35 * clean + 50 * dirty + 140 * wild + 5 * rng.randint(0, 60)
        entry["melded"] = counted(melded) if rng.random() < 0.3 else melded
        if rng.random() < 0.5:
            entry["in_hand"] = {"jokers": rng.randint(0, 1), "tens": rng.randint(0, 4), "fives": rng.randint(0, 3)}
        else:
            entry["in_hand"] = 5 * rng.randint(0, 20)
        if i != out and rng.random() < 0.3:
            entry["in_foot"] = 5 * rng.randint(4, 30)
        entries.append(entry)
    return {"entries": entries}


def form_fields(entries: list[dict]) -> dict[str, str]:
    """A hand as the page's hand form posts it (input names as in web/forms/hand_form.py)."""
    fields = {"went_out": "none", "cut_bonus": "none"}
    for i, entry in enumerate(entries):
        for name, value in entry.items():
            at = f"entries[{i}].{name}"
            if name in ("went_out", "cut_bonus"):
                if value:
                    fields[name] = str(i)  # one side per hand: a radio choice across the sides
            elif isinstance(value, dict):
                fields[f"{at}:mode"] = "count"
                fields.update({f"{at}.{card}": str(n) for card, n in value.items()})
            else:
                fields[at] = str(value)
    return fields


def burraco_deal(rng: random.Random, sides: int = 2) -> dict:
    """One deal of Burraco for two pairs (RULES.md §9): clean and dirty burracos, card values on the table and in
    hand; a side closes in about half the deals (with a burraco, its pozzetto taken)."""
    out = rng.randrange(sides) if rng.random() < 0.5 else None
    entries = []
    for i in range(sides):
        clean, dirty = rng.randint(0, 2), rng.randint(0, 1)
        if i == out:
            clean = max(clean, 1)
        entry = {"natural_canastas": clean, "dirty_canastas": dirty,
                 "melded": 35 * clean + 50 * dirty + 5 * rng.randint(0, 40)}
        if i == out:
            entry["went_out"] = True
        else:
            entry["in_hand"] = 5 * rng.randint(0, 20)
        entries.append(entry)
    return {"entries": entries}

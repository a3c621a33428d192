"""Pony Canasta by Irene Baron (RULES.md §2): growing canastas, surprise canastas, sets of red treys."""
from __future__ import annotations

from .base import Field, FieldError, SideScore, meld_minimum, plural
from .deck54 import DECK_POINTS, deck_limits, melded_covers_canastas, one_goes_out
from .variant import Variant, seats

CARD_VALUES = {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
CARD_NAMES = {"jokers": "Joker", "twenties": "A, 2", "tens": "K, Q, J, 10, 9, 8", "fives": "7, 6, 5, 4"}  # threes have no card value

# kind → (count field, surprise field, least melded points one such canasta holds, word)
CANASTAS = {
    "wild": ("wild_canastas", "surprise_wild", 140, "wild"),
    "sevens": ("sevens_canastas", "surprise_sevens", 35, "sevens"),
    "natural": ("natural_canastas", "surprise_natural", 35, "natural"),
    "black": ("black_canastas", "surprise_black", 50, "black"),
}

HOUSE_RULES = {
    "wild_canasta": 2500,
    "sevens_canasta": 2500,
    "natural_canasta": 500,
    "black_canasta": 300,
    "surprise_wild": 500,
    "surprise_sevens": 500,
    "surprise_natural": 300,
    "surprise_black": 100,
    "red_trey": 100,
    "red_trey_set": 1000,  # what each complete set of four red treys counts instead of 4 × 100
    "black_trey": 100,
    "going_out": 100,
    "failed_going_out": 100,
    "unpicked_pony_counts": True,
    "min_meld": 50,
    "min_meld_tiers": [[15000, 90], [30000, 120]],
    "failed_meld_step": 10,
}

FIELDS = (
    Field("wild_canastas", "count", "Wild canastas", "Only jokers and 2s"),
    Field("sevens_canastas", "count", "Sevens canastas", "Only 7s"),
    Field("natural_canastas", "count", "Natural canastas", "One rank, no wild card"),
    Field("black_canastas", "count", "Black canastas", "One rank with 1 to 3 wild cards"),
    Field("surprise_wild", "count", "…of them surprise wild", "Laid down whole from the hand"),
    Field("surprise_sevens", "count", "…of them surprise sevens", "Laid down whole from the hand"),
    Field("surprise_natural", "count", "…of them surprise natural", "Laid down whole from the hand"),
    Field("surprise_black", "count", "…of them surprise black", "Laid down whole from the hand"),
    Field("red_treys", "count", "Red treys", "100 each; every set of four 1,000"),
    Field("black_treys", "count", "Black treys", "Left in hand"),
    Field("melded", "points", "Melded points", "Card values of every card on the table, canastas included"),
    Field("in_hand", "points", "In-hand points", "Card values of cards left in hand"),
    Field("unpicked_pony", "points", "Unpicked pony", "Card values of a pony never picked up"),
    Field("went_out", "flag", "Went out"),
    Field("failed_going_out", "flag", "Could not go out", "Was given permission to go out and then could not"),
)


class Pony(Variant):
    id = "pony"
    name = "Pony Canasta"
    summary = "2 to 12 or more players, alone or in partnerships; two decks a player; surprise canastas; to 50,000."
    fields = FIELDS
    card_values = CARD_VALUES
    card_names = CARD_NAMES
    target = 50000
    house_rules = HOUSE_RULES
    describe_sides = {"individuals": {"sides": [2, 16], "players_per_side": 1},
                      "partnerships": {"sides": [2, 8], "players_per_side": 2}}
    decks_note = "Two decks for each player"
    describe_decks = 4
    has_failed_melds = True

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if sizes == {1} and 2 <= len(sides) <= 16:
            return []
        if sizes == {2} and 2 <= len(sides) <= 8:
            return []
        return [FieldError("sides", "Pony Canasta is played by 2 to 16 players alone, or by 2 to 8 partnerships "
                                    f"of two players; got {len(sides)} sides of "
                                    f"{' / '.join(str(len(s['players'])) for s in sides)} players.")]

    def default_decks(self, sides: list[dict]) -> int:
        return 2 * sum(len(s["players"]) for s in sides)

    def field_bounds(self, options: dict) -> dict[str, int]:
        d = options["decks"]
        canastas = {"wild_canastas": 6 * d // 7, "sevens_canastas": 4 * d // 7,
                    "natural_canastas": 54 * d // 7, "black_canastas": min(6 * d, 54 * d // 7)}
        bounds = dict(canastas)
        for count, surprise, _, _ in CANASTAS.values():
            bounds[surprise] = canastas[count]
        bounds.update(red_treys=2 * d, black_treys=2 * d, melded=DECK_POINTS * d, in_hand=DECK_POINTS * d,
                      unpicked_pony=DECK_POINTS * d)
        return bounds

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        # a side may both fail after permission and go out later in the round (RULES.md §2): no check ties them
        errors = deck_limits(entries, options["decks"], red="red_treys", black="black_treys",
                             red_word="red trey", black_word="black trey", wild_full="wild_canastas",
                             dirty="black_canastas", sevens="sevens_canastas", dirty_word="black canasta",
                             wild_word="wild canasta")
        errors += melded_covers_canastas(entries, {c: least for c, _, least, _ in CANASTAS.values()},
                                         {c: f"{word} canasta" for c, _, _, word in CANASTAS.values()})
        for i, e in enumerate(entries):
            for count, surprise, _, word in CANASTAS.values():
                if e[surprise] > e[count]:
                    errors.append(FieldError(f"entries[{i}].{surprise}",
                                             f"{plural(e[surprise], f'surprise {word} canasta')} recorded, but "
                                             f"{sides[i]['name']} has only {plural(e[count], f'{word} canasta')}."))
            if e["failed_going_out"] and len(sides[i]["players"]) < 2:
                errors.append(FieldError(f"entries[{i}].failed_going_out",
                                         f"{sides[i]['name']} plays alone and asks nobody's permission to go out, "
                                         "so there is no penalty for failing to go out."))
        errors += one_goes_out(entries, sides, "went_out", {c: word for c, _, _, word in CANASTAS.values()}, "go out")
        return errors

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        scores = []
        for i, e in enumerate(entries):
            parts = {}
            for kind, (count, surprise, _, _) in CANASTAS.items():
                parts[count] = e[count] * rules[f"{kind}_canasta"]
            for kind, (count, surprise, _, _) in CANASTAS.items():
                parts[surprise] = e[surprise] * rules[f"surprise_{kind}"]
            sets, rest = divmod(e["red_treys"], 4)
            parts.update(
                red_treys=sets * rules["red_trey_set"] + rest * rules["red_trey"],
                going_out=rules["going_out"] if e["went_out"] else 0,
                melded=e["melded"],
                in_hand=-e["in_hand"],
                black_treys=-e["black_treys"] * rules["black_trey"],
                failed_going_out=-rules["failed_going_out"] if e["failed_going_out"] else 0,
                unpicked_pony=-e["unpicked_pony"] if rules["unpicked_pony_counts"] else 0,
            )
            scores.append(SideScore(i, parts))
        return scores

    def min_meld(self, total: int, options: dict, failed_melds: int = 0) -> int:
        rules = options["house_rules"]
        return meld_minimum(total, rules["min_meld"], rules["min_meld_tiers"]) + failed_melds * rules["failed_meld_step"]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """Pony has no dealer: everyone scrambles the cards; the highest card drawn plays first."""
        return {"dealer": None, "pony_dealer": None, "cutter": None, "first_player": None,
                "seats": [p for _, p in seats(sides)],
                "note": "No dealer: everyone shuffles the cards face down on the table and takes a 12-card pony "
                        "and a 13-card hand; the highest card drawn plays first, then turns pass to the left."}


VARIANT = Pony()

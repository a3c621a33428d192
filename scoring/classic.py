"""Classic Canasta (RULES.md §7): the standard game, two 54-card decks, natural and mixed canastas, to 5,000."""
from __future__ import annotations

from .base import Field, FieldError, SideScore, last_side_with, plural, sides_sent
from .declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn, points
from .deck54 import CANASTA_CARDS, CARD_WORDS, THREES_PER_DECK, WILD_PER_DECK, melded_covers_canastas, one_goes_out
from .shape import ByScore
from .variant import Variant, deal_to_the_left

CARD_VALUES = {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
CARD_NAMES = {"jokers": "Joker", "twenties": "A, 2", "tens": "K, Q, J, 10, 9, 8", "fives": "7, 6, 5, 4, black 3"}
DECK_POINTS = 590  # 2 jokers × 50 + 8 × 20 (aces, 2s) + 24 × 10 (8 to K) + 18 × 5 (4 to 7, black 3s)
RED_THREES_ALL = 4  # the red 3s of two decks: all four together count 800

CANASTAS = (
    Canasta("natural_canastas", "natural", "natural_canasta", 35),
    Canasta("mixed_canastas", "mixed", "mixed_canasta", 50),
)

RULES = (
    HouseRule("natural_canasta", "points", 500, "Natural canasta"),
    HouseRule("mixed_canasta", "points", 300, "Mixed canasta"),
    HouseRule("red_three", "points", 100, "Red three", "Red three, each"),
    HouseRule("red_three_all_four", "points", 800, "All four red threes"),
    HouseRule("going_out", "points", 100, "Going out"),
    HouseRule("going_out_concealed", "points", 200, "Going out concealed (instead)"),
    HouseRule("min_meld", "points", 15, "Initial meld minimum below the first tier", "Meld minimum below 0"),
    HouseRule("min_meld_tiers", "tiers", [[0, 50], [1500, 90], [3000, 120]], "Higher minimums", "Meld minimum tiers"),
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("natural_canastas", "count", "Natural canastas", "Seven or more cards, no wild card", group="Canastas"),
    Field("mixed_canastas", "count", "Mixed canastas", "Seven or more cards with 1 to 3 wild cards", group="Canastas"),
    Field("red_threes", "count", "Red threes", "100 each, 800 for all four; against the side if it melded nothing",
          per_unit=False, group="Threes"),
    Field("melded", "points", "Melded points", "Card values of every card on the table, canastas included", group="Cards"),
    Field("in_hand", "points", "In-hand points", "Card values of cards left in hand, black threes included", group="Cards"),
    Field("went_out", "flag", "Went out", once="Who went out?", nobody=" (the stock ran out)"),
    Field("concealed", "flag", "Went out concealed", "Melded the whole hand in one turn, nothing melded before", group="Going out"),
)

COLUMNS = (
    SheetColumn("N", "count", "natural_canastas"), SheetColumn("M", "count", "mixed_canastas"),
    SheetColumn("R3", "count", "red_threes"), SheetColumn("Meld", "points", "melded"),
    SheetColumn("Left", "points", "in_hand"), SheetColumn("Out", "flag", "went_out"),
    SheetColumn("Conc", "flag", "concealed", optional=True), SCORE, TOTAL,
)


def red_threes_score(count: int, melded: int, rules: dict) -> int:
    """100 each, all four 800; against a side that melded nothing in the hand."""
    value = rules["red_three_all_four"] if count == RED_THREES_ALL else count * rules["red_three"]
    return value if melded else -value


class Classic(Variant):
    id = "classic"
    name = "Classic Canasta"
    summary = "2 partnerships of two, or 2 or 3 players alone; two decks; natural and mixed canastas; to 5,000."
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    valueless_cards = "Red 3"
    target = 5000
    rules = RULES
    canastas = CANASTAS
    columns = COLUMNS
    minimum = ByScore(negative_note=False)  # its tiers start at 0: the rows say what a score below 0 needs
    part_labels = {"going_out": "Going out"}
    describe_sides = {"partnerships": {"sides": [2, 2], "players_per_side": 2},
                      "individuals": {"sides": [2, 3], "players_per_side": 1}}
    decks_note = "Two 54-card decks (jokers included)"
    describe_decks = 2

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if (sizes == {2} and len(sides) == 2) or (sizes == {1} and 2 <= len(sides) <= 3):
            return []
        return [FieldError("sides", "Classic Canasta is played by 2 partnerships of two players, or by 2 or 3 "
                                    f"players alone; got {sides_sent(sides)}.")]

    def default_decks(self, sides: list[dict]) -> int:
        return 2

    def field_bounds(self, options: dict) -> dict[str, int]:
        d = options["decks"]
        # a mixed canasta holds a wild card: the jokers and 2s bound them (fewer than the cards would)
        return {"natural_canastas": 54 * d // CANASTA_CARDS, "mixed_canastas": WILD_PER_DECK * d,
                "red_threes": THREES_PER_DECK * d, "melded": DECK_POINTS * d, "in_hand": DECK_POINTS * d}

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        decks = options["decks"]
        d = plural(decks, "deck")
        errors = []
        reds = sum(e["red_threes"] for e in entries)
        if reds > THREES_PER_DECK * decks:
            errors.append(FieldError(f"entries[{last_side_with(entries, 'red_threes')}].red_threes",
                                     f"{plural(reds, 'red three')} recorded, but {d} hold only {THREES_PER_DECK * decks}."))
        mixed = sum(e["mixed_canastas"] for e in entries)
        if mixed > WILD_PER_DECK * decks:
            errors.append(FieldError(f"entries[{last_side_with(entries, 'mixed_canastas')}].mixed_canastas",
                                     f"{plural(mixed, 'mixed canasta')} need at least {mixed} wild cards, but {d} "
                                     f"hold only {WILD_PER_DECK * decks} jokers and 2s."))
        card_points = sum(e["melded"] + e["in_hand"] for e in entries)
        if card_points > DECK_POINTS * decks:
            i = last_side_with(entries, "melded", "in_hand")
            errors.append(FieldError(f"entries[{i}].{'in_hand' if entries[i]['in_hand'] else 'melded'}",
                                     f"All sides together recorded {card_points:,} card points, but {d} hold only "
                                     f"{DECK_POINTS * decks:,}."))
        errors += melded_covers_canastas(entries, {c.field: c.least for c in CANASTAS},
                                         {c.field: f"{c.word} canasta" for c in CANASTAS})
        errors += one_goes_out(entries, sides, "went_out", {}, "go out")
        for i, e in enumerate(entries):
            name = sides[i]["name"]
            if e["went_out"] and not (e["natural_canastas"] or e["mixed_canastas"]):
                errors.append(FieldError(f"entries[{i}].went_out", f"{name} cannot go out: going out needs at least "
                                                                   f"one canasta, and {name} has none."))
            if e["concealed"] and not e["went_out"]:
                errors.append(FieldError(f"entries[{i}].concealed", f"{name} is marked as going out concealed but not "
                                                                    "as going out; tick Went out too, or untick "
                                                                    "concealed."))
        return errors

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        return [SideScore(i, {
            "natural_canastas": e["natural_canastas"] * rules["natural_canasta"],
            "mixed_canastas": e["mixed_canastas"] * rules["mixed_canasta"],
            "red_threes": red_threes_score(e["red_threes"], e["melded"], rules),
            "going_out": rules["going_out"] if e["went_out"] and not e["concealed"] else 0,
            "concealed": rules["going_out_concealed"] if e["went_out"] and e["concealed"] else 0,
            "melded": e["melded"],
            "in_hand": -e["in_hand"],
        }) for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left; the player to the dealer's left plays first."""
        return deal_to_the_left(sides, hands_played)

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        return super().bonus_rows(rules) + [
            ("Red 3 laid down", f"+{points(rules['red_three'])} each"),
            ("All four red 3s", f"{points(rules['red_three_all_four'])} instead"),
            ("Red 3s of a side that melded nothing in the hand count against it", "minus"),
            ("Going out", f"+{points(rules['going_out'])}"),
            ("Going out concealed (the whole hand in one turn)", f"+{points(rules['going_out_concealed'])} instead"),
            ("Black 3s left in hand count as in-hand points (5 each)", "")]

    def going_out_text(self, rules: dict) -> str:
        return ("To go out a side needs at least one canasta, natural or mixed. At most one side goes out; "
                "going out concealed means melding the whole hand in one turn without having melded before.")


VARIANT = Classic()

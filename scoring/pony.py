"""Pony Canasta by Irene Baron (RULES.md §2): growing canastas, surprise canastas, sets of red treys."""
from __future__ import annotations

from .base import Field, FieldError, SideScore, plural, sides_sent
from .declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn, points
from .deck54 import CARD_NAMES, CARD_VALUES, CARD_WORDS, DECK_POINTS, deck_limits, melded_covers_canastas, one_goes_out
from .shape import SideMark
from .variant import Variant, seats

# kind → (count field, surprise field, least melded points one such canasta holds, word)
CANASTAS = {
    "wild": ("wild_canastas", "surprise_wild", 140, "wild"),
    "sevens": ("sevens_canastas", "surprise_sevens", 35, "sevens"),
    "natural": ("natural_canastas", "surprise_natural", 35, "natural"),
    "black": ("black_canastas", "surprise_black", 50, "black"),
}

RULES = (
    HouseRule("wild_canasta", "points", 2500, "Wild canasta"),
    HouseRule("sevens_canasta", "points", 2500, "Sevens canasta"),
    HouseRule("natural_canasta", "points", 500, "Natural canasta"),
    HouseRule("black_canasta", "points", 300, "Black canasta"),
    HouseRule("surprise_wild", "points", 500, "Surprise wild, extra", "Surprise wild extra"),
    HouseRule("surprise_sevens", "points", 500, "Surprise sevens, extra", "Surprise sevens extra"),
    HouseRule("surprise_natural", "points", 300, "Surprise natural, extra", "Surprise natural extra"),
    HouseRule("surprise_black", "points", 100, "Surprise black, extra", "Surprise black extra"),
    HouseRule("red_trey", "points", 100, "Red trey", "Red trey, each"),
    # what each complete set of four red treys counts instead of 4 × 100
    HouseRule("red_trey_set", "points", 1000, "Set of four red treys"),
    HouseRule("black_trey", "points", 100, "Black trey, left in hand (minus)", "Black trey in hand, each"),
    HouseRule("going_out", "points", 100, "Going out"),
    HouseRule("failed_going_out", "points", 100, "Could not go out (minus)", "Could not go out after asking",
              note="taken even when the side goes out later in the round"),
    HouseRule("unpicked_pony_counts", "flag", True, "An unpicked pony counts against the side",
              "Unpicked pony counts against"),
    HouseRule("min_meld", "points", 50, "Initial meld minimum"),
    HouseRule("min_meld_tiers", "tiers", [[15000, 90], [30000, 120]], "Higher minimums", "Meld minimum tiers"),
    HouseRule("failed_meld_step", "points", 10, "Failed initial meld raises the minimum by",
              "Failed meld raises minimum by"),
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("wild_canastas", "count", "Wild canastas", "Only jokers and 2s", group="Canastas"),
    Field("sevens_canastas", "count", "Sevens canastas", "Only 7s", group="Canastas"),
    Field("natural_canastas", "count", "Natural canastas", "One rank, no wild card", group="Canastas"),
    Field("black_canastas", "count", "Black canastas", "One rank with 1 to 3 wild cards", group="Canastas"),
    Field("surprise_wild", "count", "…of them surprise wild", "Laid down whole from the hand",
          short=("Sur\u00adprise", "wild"), group="Canastas"),
    Field("surprise_sevens", "count", "…of them surprise sevens", "Laid down whole from the hand",
          short=("Sur\u00adprise", "sevens"), group="Canastas"),
    Field("surprise_natural", "count", "…of them surprise natural", "Laid down whole from the hand",
          short=("Sur\u00adprise", "natural"), group="Canastas"),
    Field("surprise_black", "count", "…of them surprise black", "Laid down whole from the hand",
          short=("Sur\u00adprise", "black"), group="Canastas"),
    Field("red_treys", "count", "Red treys", "100 each; every set of four 1,000", per_unit=False, group="Treys"),
    Field("black_treys", "count", "Black treys", "Left in hand", group="Treys"),
    Field("melded", "points", "Melded points", "Card values of every card on the table, canastas included", group="Cards"),
    Field("in_hand", "points", "In-hand points", "Card values of cards left in hand", group="Cards"),
    Field("unpicked_pony", "points", "Unpicked pony", "Card values of a pony never picked up", group="Cards"),
    Field("went_out", "flag", "Went out", once="Who went out?", nobody=" (the stock ran out)"),
    Field("failed_going_out", "flag", "Could not go out", "Was given permission to go out and then could not",
          pairs_only=True, group="Going out"),
)

COLUMNS = (
    SheetColumn("W", "count", "wild_canastas", surprise="surprise_wild"),
    SheetColumn("7s", "count", "sevens_canastas", surprise="surprise_sevens"),
    SheetColumn("N", "count", "natural_canastas", surprise="surprise_natural"),
    SheetColumn("B", "count", "black_canastas", surprise="surprise_black"),
    SheetColumn("R3", "count", "red_treys"), SheetColumn("B3", "count", "black_treys"),
    SheetColumn("Meld", "points", "melded"), SheetColumn("Left", "points", "in_hand"),
    SheetColumn("Pony", "points", "unpicked_pony", optional=True, counted_by="unpicked_pony_counts"), SheetColumn("Out", "flag", "went_out"),
    SheetColumn("Fail", "flag", "failed_going_out", optional=True), SCORE, TOTAL,
)


class Pony(Variant):
    id = "pony"
    name = "Pony Canasta"
    summary = "2 to 12 or more players, alone or in partnerships; two decks a player; surprise canastas; to 50,000."
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    valueless_cards = "3 (red or black)"
    target = 50000
    rules = RULES
    canastas = tuple(Canasta(count, word, f"{kind}_canasta", least, surprise, f"surprise_{kind}")
                     for kind, (count, surprise, least, word) in CANASTAS.items())
    columns = COLUMNS
    part_labels = {"going_out": "Going out", "failed_going_out": "Could not go out"}
    finish_time_note = "or, if the table sets a finish time, when it has passed (the round in play is finished first)"
    describe_sides = {"individuals": {"sides": [2, 16], "players_per_side": 1},
                      "partnerships": {"sides": [2, 8], "players_per_side": 2}}
    decks_note = "Two decks for each player"
    describe_decks = 4
    marks = (SideMark("failed_melds", "failed-meld", "Failed meld", "failed_meld_step",
                      "A side that lays down too little and cannot mend it takes the meld back; its minimum rises by "
                      "{step} for the rest of the hand, for each such failure."),)

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if sizes == {1} and 2 <= len(sides) <= 16:
            return []
        if sizes == {2} and 2 <= len(sides) <= 8:
            return []
        return [FieldError("sides", "Pony Canasta is played by 2 to 16 players alone, or by 2 to 8 partnerships "
                                    f"of two players; got {sides_sent(sides)}.")]

    def default_decks(self, sides: list[dict]) -> int:
        return 2 * sum(len(s["players"]) for s in sides)

    def field_bounds(self, options: dict) -> dict[str, int]:
        d = options["decks"]
        canastas = {"wild_canastas": 6 * d // 7, "sevens_canastas": 4 * d // 7,
                    "natural_canastas": 54 * d // 7,
                    "black_canastas": 6 * d}  # each holds a wild card: 6 jokers and 2s a deck
        bounds = dict(canastas)
        for count, surprise, _, _ in CANASTAS.values():
            bounds[surprise] = canastas[count]
        bounds.update(red_treys=2 * d, black_treys=2 * d, melded=DECK_POINTS * d, in_hand=DECK_POINTS * d,
                      unpicked_pony=DECK_POINTS * d)
        return bounds

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        return super().bonus_rows(rules) + [
            ("Red trey laid down", f"+{points(rules['red_trey'])} each"),
            ("Each complete set of four red treys", f"{points(rules['red_trey_set'])} instead"),
            ("Black trey left in hand", f"\u2212{points(rules['black_trey'])} each"),
            ("Going out", f"+{points(rules['going_out'])}"),
            ("Asked permission to go out, then could not (partners; taken even if the side goes out "
             "later in the round)", f"\u2212{points(rules['failed_going_out'])}"),
            ("Pony never picked up", "minus its points" if rules["unpicked_pony_counts"] else "not counted")]

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

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """Pony has no dealer: everyone scrambles the cards; the highest card drawn plays first."""
        return {"dealer": None, "pony_dealer": None, "cutter": None, "first_player": None,
                "seats": [p for _, p in seats(sides)],
                "note": "No dealer: everyone shuffles the cards face down on the table and takes a 12-card pony "
                        "and a 13-card hand; the highest card drawn plays first, then turns pass to the left."}


VARIANT = Pony()

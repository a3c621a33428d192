"""Ponytail Canasta (RULES.md §1): partnerships or individuals, 54-card decks, four canasta kinds."""
from __future__ import annotations

from .base import Field, FieldError, SideScore, plural, sides_sent
from .declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn, points
from .deck54 import CARD_NAMES, CARD_VALUES, CARD_WORDS, DECK_POINTS, deck_limits, melded_covers_canastas, one_goes_out
from .variant import Variant, deal_to_the_left

# entry field → (house-rule key of its bonus, least melded points one such canasta holds, word)
CANASTAS = {
    "natural_canastas": ("natural_canasta", 35, "natural"),
    "dirty_canastas": ("dirty_canasta", 50, "dirty"),
    "sevens_canastas": ("sevens_canasta", 35, "natural sevens"),
    "wild_canastas": ("wild_canasta", 140, "wild-card"),
}
CANASTA_LEAST = {f: least for f, (_, least, _) in CANASTAS.items()}
CANASTA_WORDS = {f: word for f, (_, _, word) in CANASTAS.items()}
CANASTA_NAMES = {f: f"{word} canasta" for f, word in CANASTA_WORDS.items()}

INDIVIDUAL_MAX_HANDS = 4  # the hand limit of a game of players alone, unless the table changes it

RULES = (
    HouseRule("natural_canasta", "points", 500, "Natural canasta"),
    HouseRule("dirty_canasta", "points", 300, "Dirty canasta"),
    HouseRule("sevens_canasta", "points", 5000, "Sevens canasta"),
    HouseRule("wild_canasta", "points", 2500, "Wild canasta"),
    HouseRule("red_three", "points", 100, "Red three", "Red three, each"),
    HouseRule("black_three", "points", 100, "Black three, left in hand (minus)", "Black three in hand, each"),
    HouseRule("going_out", "points", 200, "Going out"),
    HouseRule("cut_bonus", "points", 100, "Cut bonus"),
    HouseRule("unpicked_pony_counts", "flag", True, "An unpicked pony counts against the side",
              "Unpicked pony counts against"),
    HouseRule("min_meld", "points", 50, "Initial meld minimum"),
    HouseRule("min_meld_tiers", "tiers", [[15000, 90], [30000, 120]], "Higher minimums", "Meld minimum tiers"),
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("natural_canastas", "count", "Natural canastas", "Seven cards, no wild card (red)", group="Canastas"),
    Field("dirty_canastas", "count", "Dirty canastas", "Seven cards with 1 to 3 wild cards (black)", group="Canastas"),
    Field("sevens_canastas", "count", "Natural sevens canastas", "Seven 7s, no wild card", group="Canastas"),
    Field("wild_canastas", "count", "Wild-card canastas", "Seven jokers and 2s", group="Canastas"),
    Field("red_threes", "count", "Red threes", "Laid down", group="Threes"),
    Field("black_threes", "count", "Black threes", "Left in hand", group="Threes"),
    Field("melded", "points", "Melded points", "Card values of every card on the table, canastas included", group="Cards"),
    Field("in_hand", "points", "In-hand points", "Card values of cards left in hand", group="Cards"),
    Field("unpicked_pony", "points", "Unpicked pony", "Card values of a pony never picked up", group="Cards"),
    Field("went_out", "flag", "Went out", once="Who went out?", nobody=" (the stock ran out)"),
    Field("cut_bonus", "flag", "Cut bonus", "Cut exactly 4 hands and 1 card", once="Who earned the cut bonus?"),
)

COLUMNS = (
    SheetColumn("N", "count", "natural_canastas"), SheetColumn("D", "count", "dirty_canastas"),
    SheetColumn("7s", "count", "sevens_canastas"), SheetColumn("W", "count", "wild_canastas"),
    SheetColumn("R3", "count", "red_threes"), SheetColumn("B3", "count", "black_threes"),
    SheetColumn("Meld", "points", "melded"), SheetColumn("Left", "points", "in_hand"),
    SheetColumn("Pony", "points", "unpicked_pony", optional=True, counted_by="unpicked_pony_counts"), SheetColumn("Out", "flag", "went_out"),
    SheetColumn("Cut", "flag", "cut_bonus", optional=True), SCORE, TOTAL,
)


class Ponytail(Variant):
    id = "ponytail"
    name = "Ponytail Canasta"
    summary = "2 or 3 partnerships, or 2 to 6 players alone; 6 or more decks; 7-card canastas; to 50,000."
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    valueless_cards = "3 (red or black)"
    target = 50000
    rules = RULES
    canastas = tuple(Canasta(f, word, bonus, least) for f, (bonus, least, word) in CANASTAS.items())
    columns = COLUMNS
    part_labels = {"going_out": "Going out", "cut_bonus": "Cut bonus"}
    dealing_jobs = (("dealer", "deals"), ("pony_dealer", "deals the ponies"), ("cutter", "cuts"),
                    ("first_player", "plays first"))
    describe_sides = {"partnerships": {"sides": [2, 3], "players_per_side": 2},
                      "individuals": {"sides": [2, 6], "players_per_side": 1}}
    decks_note = "6 decks for two partnerships, 8 for three; playing alone, 6 plus one for each player above four"
    describe_decks = 6

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if sizes == {2} and 2 <= len(sides) <= 3:
            return []
        if sizes == {1} and 2 <= len(sides) <= 6:
            return []
        return [FieldError("sides", "Ponytail Canasta is played by 2 or 3 partnerships of two players, "
                                    f"or by 2 to 6 players alone; got {sides_sent(sides)}.")]

    def default_decks(self, sides: list[dict]) -> int:
        if all(len(s["players"]) == 2 for s in sides):
            return 6 if len(sides) == 2 else 8
        return 6 + max(0, len(sides) - 4)

    def default_max_hands(self, sides: list[dict] | None) -> int | None:
        """Players alone stop after 4 hands (seed 000, RULES.md §1); partnerships play on to the target."""
        if sides and all(len(s["players"]) == 1 for s in sides):
            return INDIVIDUAL_MAX_HANDS
        return None

    def field_bounds(self, options: dict) -> dict[str, int]:
        d = options["decks"]
        # a dirty canasta holds a wild card: the 6 jokers and 2s a deck bound them (fewer than the cards would)
        return {"natural_canastas": 54 * d // 7, "dirty_canastas": 6 * d, "sevens_canastas": 4 * d // 7,
                "wild_canastas": 6 * d // 7, "red_threes": 2 * d, "black_threes": 2 * d,
                "melded": DECK_POINTS * d, "in_hand": DECK_POINTS * d, "unpicked_pony": DECK_POINTS * d}

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        cut = next(f.help for f in FIELDS if f.name == "cut_bonus").lower()
        return super().bonus_rows(rules) + [
            ("Red three laid down", f"+{points(rules['red_three'])} each"),
            ("Black three left in hand", f"\u2212{points(rules['black_three'])} each"),
            ("Going out", f"+{points(rules['going_out'])}"), (f"Cut bonus: {cut}", f"+{points(rules['cut_bonus'])}"),
            ("Pony never picked up", "minus its points" if rules["unpicked_pony_counts"] else "not counted")]

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        errors = deck_limits(entries, options["decks"], red="red_threes", black="black_threes",
                             red_word="red three", black_word="black three", wild_full="wild_canastas",
                             dirty="dirty_canastas", sevens="sevens_canastas", dirty_word="dirty canasta",
                             wild_word="wild-card canasta")
        errors += melded_covers_canastas(entries, CANASTA_LEAST, CANASTA_NAMES)
        errors += one_goes_out(entries, sides, "went_out", CANASTA_WORDS, "go out")
        cutters = [i for i, e in enumerate(entries) if e["cut_bonus"]]
        for i in cutters[1:]:
            errors.append(FieldError(f"entries[{i}].cut_bonus", "Only one side can earn the cut bonus in a hand, "
                                                               f"but {plural(len(cutters), 'side')} are marked."))
        return errors

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        pony_counts = rules["unpicked_pony_counts"]
        return [SideScore(i, {
            "natural_canastas": e["natural_canastas"] * rules["natural_canasta"],
            "dirty_canastas": e["dirty_canastas"] * rules["dirty_canasta"],
            "sevens_canastas": e["sevens_canastas"] * rules["sevens_canasta"],
            "wild_canastas": e["wild_canastas"] * rules["wild_canasta"],
            "red_threes": e["red_threes"] * rules["red_three"],
            "going_out": rules["going_out"] if e["went_out"] else 0,
            "cut_bonus": rules["cut_bonus"] if e["cut_bonus"] else 0,
            "melded": e["melded"],
            "in_hand": -e["in_hand"],
            "black_threes": -e["black_threes"] * rules["black_three"],
            "unpicked_pony": -e["unpicked_pony"] if pony_counts else 0,
        }) for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """Dealer deals the hands, the player to the left the ponies, the player to the right cuts."""
        return deal_to_the_left(sides, hands_played, pony_dealer=1, cutter=-1)

VARIANT = Ponytail()

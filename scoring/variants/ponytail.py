"""Ponytail Canasta (RULES.md §1): partnerships or individuals, 54-card decks, four canasta kinds."""
from __future__ import annotations

import lang

from ..base import Field, FieldError, SideScore, sides_sent
from .shared import (IN_HAND, LEFT_COLUMN, MELD_COLUMN, MELDED, OUT_COLUMN, TIE_GOES_TO_GOING_OUT,
                     TIE_PLAYS_ANOTHER_HAND, WENT_OUT, by_score_rule)
from ..declare import Canasta, HouseRule, SCORE, SheetColumn, TOTAL, minus, plus
from ..deck54 import (DECK_POINTS, PONY_COLUMN, ThreesAside, UNPICKED_PONY, UNPICKED_PONY_COUNTS, deck_limits,
                     melded_covers_canastas, one_goes_out)
from ..shape import ByScoreRows, Words
from ..variant import Variant, deal_to_the_left

# entry field → (house-rule key of its bonus, least melded points one such canasta holds, word)
CANASTAS = {
    "natural_canastas": ("natural_canasta_bonus", 35, lang.lazy_pgettext("canasta kind", "natural")),
    "dirty_canastas": ("dirty_canasta_bonus", 50, lang.lazy_pgettext("canasta kind", "dirty")),
    "sevens_canastas": ("sevens_canasta_bonus", 35, lang.lazy_pgettext("canasta kind", "natural sevens")),
    "wild_canastas": ("wild_canasta_bonus", 140, lang.lazy_pgettext("canasta kind", "wild-card")),
}
CANASTA_LEAST = {f: least for f, (_, least, _) in CANASTAS.items()}
CANASTA_WORDS = {f: word for f, (_, _, word) in CANASTAS.items()}
# each kind as the checks name it, one of them: "natural sevens canasta"
CANASTA_NAMES = {"natural_canastas": lang.L_("natural canasta"), "dirty_canastas": lang.L_("dirty canasta"),
                 "sevens_canastas": lang.L_("natural sevens canasta"), "wild_canastas": lang.L_("wild-card canasta")}

INDIVIDUAL_MAX_HANDS = 4  # the hand limit of a game of players alone, unless the table changes it

RULES = (
    HouseRule("natural_canasta_bonus", "points", 500, lang.L_("Natural canasta")),
    HouseRule("dirty_canasta_bonus", "points", 300, lang.L_("Dirty canasta")),
    HouseRule("sevens_canasta_bonus", "points", 5000, lang.L_("Sevens canasta")),
    HouseRule("wild_canasta_bonus", "points", 2500, lang.L_("Wild canasta")),
    HouseRule("red_three_bonus", "points", 100, lang.L_("Red three"), lang.L_("Red three, each")),
    HouseRule("black_three_penalty", "points", 100, lang.L_("Black three, left in hand (minus)"),
              lang.L_("Black three in hand, each")),
    HouseRule("going_out_bonus", "points", 200, lang.L_("Going out")),
    HouseRule("cut_bonus", "points", 100, lang.L_("Cut bonus")),
    UNPICKED_PONY_COUNTS,
    by_score_rule([[None, 50], [15000, 90], [30000, 120]], step=1),
    TIE_GOES_TO_GOING_OUT,
    TIE_PLAYS_ANOTHER_HAND,
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("natural_canastas", "count", lang.L_("Natural canastas"), lang.L_("Seven cards, no wild card (red)"),
          group=lang.L_("Canastas")),
    Field("dirty_canastas", "count", lang.L_("Dirty canastas"), lang.L_("Seven cards with 1 to 3 wild cards (black)"),
          group=lang.L_("Canastas")),
    Field("sevens_canastas", "count", lang.L_("Natural sevens canastas"), lang.L_("Seven 7s, no wild card"),
          group=lang.L_("Canastas")),
    Field("wild_canastas", "count", lang.L_("Wild-card canastas"), lang.L_("Seven jokers and 2s"),
          group=lang.L_("Canastas")),
    Field("red_threes", "count", lang.L_("Red threes"), lang.L_("Laid down"), group=lang.L_("Threes")),
    Field("black_threes", "count", lang.L_("Black threes"), lang.L_("Left in hand"), group=lang.L_("Threes")),
    MELDED, IN_HAND,
    UNPICKED_PONY,
    WENT_OUT,
    Field("cut_bonus", "flag", lang.L_("Cut bonus"), lang.L_("Cut exactly 4 hands and 1 card"),
          once=lang.L_("Who earned the cut bonus?")),
)

COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "N"), "count", "natural_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "D"), "count", "dirty_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "7s"), "count", "sevens_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "W"), "count", "wild_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_threes"),
    MELD_COLUMN, LEFT_COLUMN,
    PONY_COLUMN,
    OUT_COLUMN,
    SheetColumn(lang.lazy_pgettext("sheet column", "Cut"), "flag", "cut_bonus", optional=True), SCORE, TOTAL,
)




class Ponytail(ThreesAside, Variant):
    id = "ponytail"
    name = lang.L_("Ponytail Canasta")
    summary = lang.L_("2 or 3 partnerships, or 2 to 6 players alone; 6 or more decks; 7-card canastas; to 50,000.")
    fields = FIELDS
    target = 50000
    rules = RULES
    canastas = tuple(Canasta(f, word, bonus, least) for f, (bonus, least, word) in CANASTAS.items())
    columns = COLUMNS
    words = Words(meld=lang.L_("canasta"), melds=lang.L_("canastas"), round=lang.L_("hand"), rounds=lang.L_("hands"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s hand", "%(num)s hands"))
    minimum = ByScoreRows(negative_note=True)
    part_labels = {"going_out": lang.L_("Going out"), "cut_bonus": lang.L_("Cut bonus")}
    dealing_jobs = (("dealer", lang.L_("deals")), ("pony_dealer", lang.L_("deals the ponies")),
                    ("cutter", lang.L_("cuts")), ("first_player", lang.L_("plays first")))
    describe_sides = {"partnerships": {"sides": [2, 3], "players_per_side": 2},
                      "individuals": {"sides": [2, 6], "players_per_side": 1}}
    decks_note = lang.L_("6 decks for two partnerships, 8 for three; playing alone, 6 plus one for each player above "
                         "four")
    describe_decks = 6

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if sizes == {2} and 2 <= len(sides) <= 3:
            return []
        if sizes == {1} and 2 <= len(sides) <= 6:
            return []
        return [FieldError("sides", lang._("Ponytail Canasta is played by 2 or 3 partnerships of two players, "
                                           "or by 2 to 6 players alone; got %(sent)s.", sent=sides_sent(sides)))]

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
        return super().bonus_rows(rules) + [
            (lang._("Red three laid down"), lang._("%(points)s each", points=plus(rules["red_three_bonus"]))),
            (lang._("Black three left in hand"),
             lang._("%(points)s each", points=minus(rules["black_three_penalty"]))),
            (lang._("Going out"), plus(rules["going_out_bonus"])),
            (lang._("Cut bonus: cut exactly 4 hands and 1 card"), plus(rules["cut_bonus"])),
            (lang._("Pony never picked up"),
             lang._("minus its points") if rules["unpicked_pony_counts"] else lang._("not counted"))]

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        errors = deck_limits(entries, options["decks"], red="red_threes", black="black_threes",
                             red_word=lang.L_("red three"), black_word=lang.L_("black three"),
                             wild_full="wild_canastas", dirty="dirty_canastas", sevens="sevens_canastas",
                             dirty_word=CANASTA_NAMES["dirty_canastas"], wild_word=CANASTA_NAMES["wild_canastas"])
        errors += melded_covers_canastas(entries, CANASTA_LEAST, CANASTA_NAMES)
        errors += one_goes_out(entries, sides, "went_out", CANASTA_WORDS, "go out")  # its words said only in a refusal
        cutters = [i for i, e in enumerate(entries) if e["cut_bonus"]]
        for i in cutters[1:]:
            errors.append(FieldError(f"entries[{i}].cut_bonus", lang.ngettext(
                "Only one side can earn the cut bonus in a hand, but %(num)s side is marked.",
                "Only one side can earn the cut bonus in a hand, but %(num)s sides are marked.", len(cutters))))
        return errors

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        pony_counts = rules["unpicked_pony_counts"]
        natural, dirty, sevens, wild = (rules["natural_canasta_bonus"], rules["dirty_canasta_bonus"],
                                        rules["sevens_canasta_bonus"], rules["wild_canasta_bonus"])
        red, out, cut, black = (rules["red_three_bonus"], rules["going_out_bonus"], rules["cut_bonus"],
                                rules["black_three_penalty"])
        return [SideScore(i, {
            "natural_canastas": e["natural_canastas"] * natural,
            "dirty_canastas": e["dirty_canastas"] * dirty,
            "sevens_canastas": e["sevens_canastas"] * sevens,
            "wild_canastas": e["wild_canastas"] * wild,
            "red_threes": e["red_threes"] * red,
            "going_out": out if e["went_out"] else 0,
            "cut_bonus": cut if e["cut_bonus"] else 0,
            "melded": e["melded"],
            "in_hand": -e["in_hand"],
            "black_threes": -e["black_threes"] * black,
            "unpicked_pony": -e["unpicked_pony"] if pony_counts else 0,
        }) for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """Dealer deals the hands, the player to the left the ponies, the player to the right cuts."""
        return deal_to_the_left(sides, hands_played, pony_dealer=1, cutter=-1)

VARIANT = Ponytail()

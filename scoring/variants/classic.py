"""Classic Canasta (RULES.md §7): the standard game, two 54-card decks, natural and mixed canastas, to 5,000."""
from __future__ import annotations

import lang

from . import classic_checks as checks
from ..base import Field, FieldError, SideScore, sides_sent
from .classic_checks import DECK_POINTS, KINDS, LEAST
from .shared import (CARD_COLUMNS, MELDED, TIE_GOES_TO_GOING_OUT, TIE_PLAYS_ANOTHER_HAND, WENT_OUT, by_score_rule,
                     in_hand)
from ..declare import Canasta, HouseRule, SCORE, SheetColumn, TOTAL, minus, plus
from ..deck54 import (CANASTA_CARDS, CARD_COUNTED, CARD_VALUES, CARD_WORDS, THREES_PER_DECK, WILD_PER_DECK,
                     WITH_BLACK_THREES)
from ..shape import ByScoreRows, Words
from ..variant import Variant, deal_to_the_left

CARD_NAMES = {"jokers": lang.L_("Joker"), "twenties": lang.L_("A, 2"), "tens": lang.L_("K, Q, J, 10, 9, 8"),
              "fives": lang.L_("7, 6, 5, 4, black 3")}
RED_THREES_ALL = 4  # the red 3s of two decks: all four together count 800

CANASTAS = (
    Canasta("natural_canastas", lang.lazy_pgettext("canasta kind", "natural"), "natural_canasta_bonus",
            LEAST["natural_canastas"]),
    Canasta("mixed_canastas", lang.lazy_pgettext("canasta kind", "mixed"), "mixed_canasta_bonus",
            LEAST["mixed_canastas"]),
    Canasta("wild_canastas", lang.lazy_pgettext("canasta kind", "wild"), "wild_canasta_bonus", LEAST["wild_canastas"]),
)
AGAINST = (("no_meld", lang.L_("melded nothing in the hand")), ("no_canasta", lang.L_("has no canasta")))
GO_OUT_MOST = 12

RULES = (
    HouseRule("natural_canasta_bonus", "points", 500, lang.L_("Natural canasta")),
    HouseRule("mixed_canasta_bonus", "points", 300, lang.L_("Mixed canasta")),
    HouseRule("wild_canasta_bonus", "points", None, lang.L_("Wild canasta (seven jokers and 2s)"),
              lang.L_("Wild canasta"),
              off=lang.L_("no canasta of wild cards alone")),
    HouseRule("red_three_bonus", "points", 100, lang.L_("Red three"), lang.L_("Red three, each")),
    HouseRule("four_red_threes_bonus", "points", 800, lang.L_("All four red threes")),
    HouseRule("four_red_threes_penalty", "points", None, lang.L_("All four red threes against a side (minus)"),
              lang.L_("All four red threes against"), off=lang.L_("the same as their bonus")),
    HouseRule("red_threes_against", "choice", "no_meld", lang.L_("Red threes count against a side that"),
              lang.L_("Red threes count against a side that"), words=AGAINST),
    HouseRule("going_out_bonus", "points", 100, lang.L_("Going out")),
    HouseRule("going_out_concealed_bonus", "points", 200, lang.L_("Going out concealed (instead)")),
    HouseRule("go_out_canastas", "count", 1, lang.L_("Canastas needed to go out")),
    HouseRule("black_three_penalty", "points", None, lang.L_("Black three held (minus)"),
              lang.L_("Black three held, each"), off=lang.L_("black threes held are in-hand points")),
    by_score_rule([[None, 15], [0, 50], [1500, 90], [3000, 120]], step=1),
    TIE_GOES_TO_GOING_OUT,
    TIE_PLAYS_ANOTHER_HAND,
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("natural_canastas", "count", lang.L_("Natural canastas"), lang.L_("Seven or more cards, no wild card"),
          group=lang.L_("Canastas")),
    Field("mixed_canastas", "count", lang.L_("Mixed canastas"), lang.L_("Seven or more cards with 1 to 3 wild cards"),
          group=lang.L_("Canastas")),
    Field("wild_canastas", "count", lang.L_("Wild canastas"), lang.L_("Seven wild cards, jokers and 2s"),
          group=lang.L_("Canastas")),
    Field("red_threes", "count", lang.L_("Red threes"),
          lang.L_("100 each, 800 for all four; against the side if it melded nothing"), per_unit=False,
          group=lang.L_("Threes")),
    Field("black_threes", "count", lang.L_("Black threes held"),
          lang.L_("Left in hand; not counted in the in-hand points"), group=lang.L_("Threes")),
    MELDED, in_hand(lang.L_("Card values of cards left in hand; black threes too, unless entered on their own")),
    WENT_OUT,
    Field("concealed", "flag", lang.L_("Went out concealed"),
          lang.L_("Melded the whole hand in one turn, nothing melded before"), group=lang.L_("Going out")),
)

COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "N"), "count", "natural_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "M"), "count", "mixed_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "W"), "count", "wild_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_threes"),
    *CARD_COLUMNS,
    SheetColumn(lang.lazy_pgettext("sheet column", "Conc"), "flag", "concealed", optional=True), SCORE, TOTAL,
)


def against(e: dict, rules: dict) -> bool:
    """Whether a side's red threes count against it: it melded nothing (or, by house rule, has no canasta)."""
    if rules["red_threes_against"] == "no_canasta":
        return not any(e[k] for k in KINDS)
    return not e["melded"]


def red_threes_score(e: dict, rules: dict) -> int:
    """100 each, all four 800; against a side that melded nothing (or has no canasta) in the hand, all four then
    costing four_red_threes_penalty when the table sets one."""
    count = e["red_threes"]
    if not against(e, rules):
        return rules["four_red_threes_bonus"] if count == RED_THREES_ALL else count * rules["red_three_bonus"]
    if count == RED_THREES_ALL:
        penalty = rules["four_red_threes_penalty"]
        return -(rules["four_red_threes_bonus"] if penalty is None else penalty)
    return -count * rules["red_three_bonus"]


def red_threes_help(rules: dict) -> str:
    """The red threes' help on the hand form as this table scores them (the field's declared help at the defaults)."""
    each, four, penalty = rules["red_three_bonus"], rules["four_red_threes_bonus"], rules["four_red_threes_penalty"]
    numbers = {"each": lang.number(each), "all": lang.number(four), "against": lang.number(penalty or 0)}
    if rules["red_threes_against"] == "no_canasta":
        if penalty is None:
            return lang._("%(each)s each, %(all)s for all four; against the side if it has no canasta", **numbers)
        return lang._("%(each)s each, %(all)s for all four (%(against)s against); against the side if it has no "
                      "canasta", **numbers)
    if penalty is None:
        return lang._("%(each)s each, %(all)s for all four; against the side if it melded nothing", **numbers)
    return lang._("%(each)s each, %(all)s for all four (%(against)s against); against the side if it melded "
                  "nothing", **numbers)


class Classic(Variant):
    id = "classic"
    name = lang.L_("Classic Canasta")
    summary = lang.L_("2 partnerships of two, or 2 or 3 players alone; two decks; natural and mixed canastas; to 5,000.")
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    deck_counts = WITH_BLACK_THREES
    card_counted = CARD_COUNTED
    valueless_cards = lang.L_("Red 3")
    target = 5000
    rules = RULES
    canastas = CANASTAS
    columns = COLUMNS
    words = Words(meld=lang.L_("canasta"), melds=lang.L_("canastas"), round=lang.L_("hand"), rounds=lang.L_("hands"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s hand", "%(num)s hands"))
    minimum = ByScoreRows()  # its first row is every score below 0
    part_labels = {"going_out": lang.L_("Going out")}
    describe_sides = {"partnerships": {"sides": [2, 2], "players_per_side": 2},
                      "individuals": {"sides": [2, 3], "players_per_side": 1}}
    decks_note = lang.L_("Two 54-card decks (jokers included)")
    describe_decks = 2
    switched_off_by = {"wild_canastas": "wild_canasta_bonus", "black_threes": "black_three_penalty"}

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if (sizes == {2} and len(sides) == 2) or (sizes == {1} and 2 <= len(sides) <= 3):
            return []
        return [FieldError("sides", lang._("Classic Canasta is played by 2 partnerships of two players, or by 2 or 3 "
                                           "players alone; got %(sent)s.", sent=sides_sent(sides)))]

    def default_decks(self, sides: list[dict]) -> int:
        return 2

    def field_help(self, field: Field, options: dict) -> str:
        return red_threes_help(options["house_rules"]) if field.name == "red_threes" else field.help

    def field_bounds(self, options: dict) -> dict[str, int]:
        d, rules = options["decks"], options["house_rules"]
        # a mixed canasta holds a wild card: the jokers and 2s bound them (fewer than the cards would)
        found = {"natural_canastas": 54 * d // CANASTA_CARDS, "mixed_canastas": WILD_PER_DECK * d,
                 "wild_canastas": WILD_PER_DECK * d // CANASTA_CARDS, "red_threes": THREES_PER_DECK * d,
                 "black_threes": THREES_PER_DECK * d, "melded": DECK_POINTS * d, "in_hand": DECK_POINTS * d}
        return self.with_switched_off(found, rules)

    def check_house_rules(self, rules: dict) -> list[FieldError]:
        if not 1 <= rules["go_out_canastas"] <= GO_OUT_MOST:
            return [FieldError("options.house_rules.go_out_canastas", lang._(
                "Canastas needed to go out must be from 1 to 12, not %(n)s.", n=lang.number(rules["go_out_canastas"])))]
        return []

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        return checks.check_hand(entries, options, sides, self.switched_off_errors(entries, options["house_rules"]))

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        wild, black = rules["wild_canasta_bonus"], rules["black_three_penalty"]
        scores = []
        for i, e in enumerate(entries):
            parts = {"natural_canastas": e["natural_canastas"] * rules["natural_canasta_bonus"],
                     "mixed_canastas": e["mixed_canastas"] * rules["mixed_canasta_bonus"]}
            if wild is not None:  # a part only where the table plays it: an older game's breakdown stays as it was
                parts["wild_canastas"] = e["wild_canastas"] * wild
            parts.update(red_threes=red_threes_score(e, rules),
                         going_out=rules["going_out_bonus"] if e["went_out"] and not e["concealed"] else 0,
                         concealed=rules["going_out_concealed_bonus"] if e["went_out"] and e["concealed"] else 0,
                         melded=e["melded"], in_hand=-e["in_hand"])
            if black is not None:
                parts["black_threes"] = -e["black_threes"] * black
            scores.append(SideScore(i, parts))
        return scores

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left; the player to the dealer's left plays first."""
        return deal_to_the_left(sides, hands_played)

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        four_against = rules["four_red_threes_penalty"]
        four_against = rules["four_red_threes_bonus"] if four_against is None else four_against
        black = rules["black_three_penalty"]
        return super().bonus_rows(rules) + [
            (lang._("Red 3 laid down"), lang._("%(points)s each", points=plus(rules["red_three_bonus"]))),
            (lang._("All four red 3s"),
             lang._("%(points)s instead", points=lang.number(rules["four_red_threes_bonus"]))),
            (lang._("Red 3s of a side that melded nothing in the hand count against it")
             if rules["red_threes_against"] == "no_meld" else
             lang._("Red 3s of a side that has no canasta count against it"), lang._("minus")),
            (lang._("All four red 3s against a side"), minus(four_against)),
            (lang._("Going out"), plus(rules["going_out_bonus"])),
            (lang._("Going out concealed (the whole hand in one turn)"),
             lang._("%(points)s instead", points=plus(rules["going_out_concealed_bonus"]))),
            (lang._("Black 3s left in hand count as in-hand points (5 each)"), "") if black is None else
            (lang._("Black 3 left in hand (not in the in-hand points)"),
             lang._("%(points)s each", points=minus(black)))]

    def going_out_text(self, rules: dict) -> str:
        need = rules["go_out_canastas"]
        if need == 1 and rules["wild_canasta_bonus"] is not None:  # a wild canasta is a canasta of the side (§7, §14)
            return lang._("To go out a side needs at least one canasta, natural, mixed or wild. At most one side goes "
                          "out; going out concealed means melding the whole hand in one turn without having melded "
                          "before.")
        if need == 1:
            return lang._("To go out a side needs at least one canasta, natural or mixed. At most one side goes out; "
                          "going out concealed means melding the whole hand in one turn without having melded before.")
        return lang.ngettext(
            "To go out a side needs at least %(num)s canasta. At most one side goes out; going out concealed means "
            "melding the whole hand in one turn without having melded before.",
            "To go out a side needs at least %(num)s canastas. At most one side goes out; going out concealed means "
            "melding the whole hand in one turn without having melded before.", need)


VARIANT = Classic()

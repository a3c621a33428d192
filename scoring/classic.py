"""Classic Canasta (RULES.md §7): the standard game, two 54-card decks, natural and mixed canastas, to 5,000."""
from __future__ import annotations

import lang

from .base import Field, FieldError, SideScore, last_side_with, sides_sent
from .common import CARD_COLUMNS, MELDED, WENT_OUT, decks_counted, in_hand
from .declare import Canasta, HouseRule, SCORE, SheetColumn, TOTAL, plus
from .deck54 import CANASTA_CARDS, CARD_WORDS, THREES_PER_DECK, WILD_PER_DECK, melded_covers_canastas, one_goes_out
from .shape import ByScore, Words
from .variant import Variant, deal_to_the_left

CARD_VALUES = {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
CARD_NAMES = {"jokers": lang.L_("Joker"), "twenties": lang.L_("A, 2"), "tens": lang.L_("K, Q, J, 10, 9, 8"),
              "fives": lang.L_("7, 6, 5, 4, black 3")}
DECK_POINTS = 590  # 2 jokers × 50 + 8 × 20 (aces, 2s) + 24 × 10 (8 to K) + 18 × 5 (4 to 7, black 3s)
RED_THREES_ALL = 4  # the red 3s of two decks: all four together count 800

CANASTAS = (
    Canasta("natural_canastas", lang.lazy_pgettext("canasta kind", "natural"), "natural_canasta", 35),
    Canasta("mixed_canastas", lang.lazy_pgettext("canasta kind", "mixed"), "mixed_canasta", 50),
)
# each kind as the checks name it, one of them: "natural canasta"
CANASTA_NAMES = {"natural_canastas": lang.L_("natural canasta"), "mixed_canastas": lang.L_("mixed canasta")}

RULES = (
    HouseRule("natural_canasta", "points", 500, lang.L_("Natural canasta")),
    HouseRule("mixed_canasta", "points", 300, lang.L_("Mixed canasta")),
    HouseRule("red_three", "points", 100, lang.L_("Red three"), lang.L_("Red three, each")),
    HouseRule("red_three_all_four", "points", 800, lang.L_("All four red threes")),
    HouseRule("going_out", "points", 100, lang.L_("Going out")),
    HouseRule("going_out_concealed", "points", 200, lang.L_("Going out concealed (instead)")),
    HouseRule("min_meld", "points", 15, lang.L_("Initial meld minimum below the first tier"),
              lang.L_("Meld minimum below 0")),
    HouseRule("min_meld_tiers", "tiers", [[0, 50], [1500, 90], [3000, 120]], lang.L_("Higher minimums"),
              lang.L_("Meld minimum tiers")),
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("natural_canastas", "count", lang.L_("Natural canastas"), lang.L_("Seven or more cards, no wild card"),
          group=lang.L_("Canastas")),
    Field("mixed_canastas", "count", lang.L_("Mixed canastas"), lang.L_("Seven or more cards with 1 to 3 wild cards"),
          group=lang.L_("Canastas")),
    Field("red_threes", "count", lang.L_("Red threes"),
          lang.L_("100 each, 800 for all four; against the side if it melded nothing"), per_unit=False,
          group=lang.L_("Threes")),
    MELDED, in_hand(lang.L_("Card values of cards left in hand, black threes included")), WENT_OUT,
    Field("concealed", "flag", lang.L_("Went out concealed"),
          lang.L_("Melded the whole hand in one turn, nothing melded before"), group=lang.L_("Going out")),
)

COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "N"), "count", "natural_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "M"), "count", "mixed_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
    *CARD_COLUMNS,
    SheetColumn(lang.lazy_pgettext("sheet column", "Conc"), "flag", "concealed", optional=True), SCORE, TOTAL,
)


def red_threes_score(count: int, melded: int, rules: dict) -> int:
    """100 each, all four 800; against a side that melded nothing in the hand."""
    value = rules["red_three_all_four"] if count == RED_THREES_ALL else count * rules["red_three"]
    return value if melded else -value





class Classic(Variant):
    id = "classic"
    name = lang.L_("Classic Canasta")
    summary = lang.L_("2 partnerships of two, or 2 or 3 players alone; two decks; natural and mixed canastas; to 5,000.")
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    valueless_cards = lang.L_("Red 3")
    target = 5000
    rules = RULES
    canastas = CANASTAS
    columns = COLUMNS
    words = Words(meld=lang.L_("canasta"), melds=lang.L_("canastas"), round=lang.L_("hand"), rounds=lang.L_("hands"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s hand", "%(num)s hands"))
    minimum = ByScore(negative_note=False)  # its tiers start at 0: the rows say what a score below 0 needs
    part_labels = {"going_out": lang.L_("Going out")}
    describe_sides = {"partnerships": {"sides": [2, 2], "players_per_side": 2},
                      "individuals": {"sides": [2, 3], "players_per_side": 1}}
    decks_note = lang.L_("Two 54-card decks (jokers included)")
    describe_decks = 2

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if (sizes == {2} and len(sides) == 2) or (sizes == {1} and 2 <= len(sides) <= 3):
            return []
        return [FieldError("sides", lang._("Classic Canasta is played by 2 partnerships of two players, or by 2 or 3 "
                                           "players alone; got %(sent)s.", sent=sides_sent(sides)))]

    def default_decks(self, sides: list[dict]) -> int:
        return 2

    def field_bounds(self, options: dict) -> dict[str, int]:
        d = options["decks"]
        # a mixed canasta holds a wild card: the jokers and 2s bound them (fewer than the cards would)
        return {"natural_canastas": 54 * d // CANASTA_CARDS, "mixed_canastas": WILD_PER_DECK * d,
                "red_threes": THREES_PER_DECK * d, "melded": DECK_POINTS * d, "in_hand": DECK_POINTS * d}

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        decks = options["decks"]
        d = decks_counted(decks)
        errors = []
        reds = sum(e["red_threes"] for e in entries)
        if reds > THREES_PER_DECK * decks:
            errors.append(FieldError(f"entries[{last_side_with(entries, 'red_threes')}].red_threes", lang.ngettext(
                "%(num)s red three recorded, but %(decks)s hold only %(limit)s.",
                "%(num)s red threes recorded, but %(decks)s hold only %(limit)s.",
                reds, decks=d, limit=lang.number(THREES_PER_DECK * decks))))
        mixed = sum(e["mixed_canastas"] for e in entries)
        if mixed > WILD_PER_DECK * decks:
            errors.append(FieldError(f"entries[{last_side_with(entries, 'mixed_canastas')}].mixed_canastas", lang.ngettext(
                "%(num)s mixed canasta needs at least %(num)s wild card, but %(decks)s hold only %(limit)s jokers and 2s.",
                "%(num)s mixed canastas need at least %(num)s wild cards, but %(decks)s hold only %(limit)s jokers "
                "and 2s.", mixed, decks=d, limit=lang.number(WILD_PER_DECK * decks))))
        card_points = sum(e["melded"] + e["in_hand"] for e in entries)
        if card_points > DECK_POINTS * decks:
            i = last_side_with(entries, "melded", "in_hand")
            errors.append(FieldError(f"entries[{i}].{'in_hand' if entries[i]['in_hand'] else 'melded'}", lang._(
                "All sides together recorded %(points)s card points, but %(decks)s hold only %(limit)s.",
                points=lang.number(card_points), decks=d, limit=lang.number(DECK_POINTS * decks))))
        errors += melded_covers_canastas(entries, {c.field: c.least for c in CANASTAS}, CANASTA_NAMES)
        errors += one_goes_out(entries, sides, "went_out", {}, "go out")
        for i, e in enumerate(entries):
            name = sides[i]["name"]
            if e["went_out"] and not (e["natural_canastas"] or e["mixed_canastas"]):
                errors.append(FieldError(f"entries[{i}].went_out", lang._(
                    "%(name)s cannot go out: going out needs at least one canasta, and %(name)s has none.", name=name)))
            if e["concealed"] and not e["went_out"]:
                errors.append(FieldError(f"entries[{i}].concealed", lang._(
                    "%(name)s is marked as going out concealed but not as going out; tick Went out too, or untick "
                    "concealed.", name=name)))
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
            (lang._("Red 3 laid down"), lang._("%(points)s each", points=plus(rules["red_three"]))),
            (lang._("All four red 3s"), lang._("%(points)s instead", points=lang.number(rules["red_three_all_four"]))),
            (lang._("Red 3s of a side that melded nothing in the hand count against it"), lang._("minus")),
            (lang._("Going out"), plus(rules["going_out"])),
            (lang._("Going out concealed (the whole hand in one turn)"),
             lang._("%(points)s instead", points=plus(rules["going_out_concealed"]))),
            (lang._("Black 3s left in hand count as in-hand points (5 each)"), "")]

    def going_out_text(self, rules: dict) -> str:
        return lang._("To go out a side needs at least one canasta, natural or mixed. At most one side goes out; "
                      "going out concealed means melding the whole hand in one turn without having melded before.")


VARIANT = Classic()

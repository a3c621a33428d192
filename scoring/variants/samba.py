"""Samba (RULES.md §12) and Bolivia (§13): one module with two rule tables. Three packs, sequences as well as groups;
the entry fields, the formula and the checks are shared, and every difference between the two games is a default
(four house rules and the target), its words (sambas or escaleras, bolivias) and one constant of the checks."""
from __future__ import annotations

from dataclasses import dataclass

import lang
from lang import L_

from ..base import Field, FieldError, SideScore, sides_sent
from .shared import (BLACK_SHORT, CARD_COLUMNS, MIXED_SHORT, NATURAL_SHORT, RED_SHORT, THREES, TIE_GOES_TO_GOING_OUT,
                     TIE_PLAYS_ANOTHER_HAND, WENT_OUT, count, in_hand, melded, points_rule)
from ..declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn, minus, plus
from ..deck54 import CARD_COUNTED, CARD_WORDS, WITH_BLACK_THREES
from ..shape import ByScoreRows, Words
from ..variant import Variant, deal_to_the_left
from . import samba_checks as checks
from .samba_checks import made

CARD_VALUES = {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
CARD_NAMES = {"jokers": L_("Joker"), "twenties": L_("A, 2"), "tens": L_("K, Q, J, 10, 9, 8"),
              "fives": L_("7, 6, 5, 4, black 3")}


@dataclass(frozen=True)
class Table:
    """What sets one of the two games apart: its name and words, its defaults, and the checks' one constant."""

    id: str
    name: str
    summary: str
    sequence: str  # a seven-card sequence: "samba" / "escalera", and the count's label on the form
    sequences: str
    wild: str  # seven wild cards: "wild canasta" / "bolivia"
    wilds: str
    sequence_column: str
    wild_column: str
    target: int
    defaults: dict  # the house rules whose defaults differ from Samba's
    naturals_in_mixed: int  # the natural cards the checks count in a mixed canasta (5 in Samba, 1 in Bolivia)
    black_threes_help: str = ""
    sequence_count: tuple[str, str] = ("", "")  # "%(num)s samba" / "%(num)s sambas", said with lang.counted


SAMBA_DEFAULTS = {"meld_minimums_by_score": [[None, 15], [0, 50], [1500, 90], [3000, 120], [7000, 160]],
                  "natural_canasta_bonus": 500, "mixed_canasta_bonus": 300, "sequence_canasta_bonus": 1500,
                  "wild_canasta_bonus": None, "going_out_bonus": 200, "red_three_bonus": 100,
                  "all_red_threes_bonus": 1000, "red_threes_need_canastas": 2, "black_three_penalty": None,
                  "go_out_canastas": 2, "go_out_sequences": 0, "short_sequence_penalty": None}

SAMBA_TABLE = Table("samba", L_("Samba"), L_("2 or 3 partnerships of two, or 2 to 5 players alone; three decks; sambas (seven "
                                       "in sequence) as well as canastas; to 10,000."),
              L_("Sambas"), L_("sambas"), L_("Wild canastas"), L_("wild canastas"),
              lang.lazy_pgettext("sheet column", "S"), lang.lazy_pgettext("sheet column", "W"), 10000, {}, 5,
              sequence_count=lang.Nn_("%(num)s samba", "%(num)s sambas"))
BOLIVIA_TABLE = Table(
    "bolivia", L_("Bolivia"), L_("2 or 3 partnerships of two, or 2 to 5 players alone; three decks; escaleras and "
                                 "bolivias as well as canastas; black threes held cost 100; to 15,000."),
    L_("Escaleras"), L_("escaleras"), L_("Bolivias"), L_("bolivias"), lang.lazy_pgettext("sheet column", "E"),
    lang.lazy_pgettext("sheet column", "Bo"), 15000,
    {"meld_minimums_by_score": [[None, 15], [0, 50], [1500, 90], [3000, 120], [7000, 150]],
     "wild_canasta_bonus": 2500, "black_three_penalty": 100, "go_out_sequences": 1}, 1,
    sequence_count=lang.Nn_("%(num)s escalera", "%(num)s escaleras"))


def house_rules(t: Table) -> tuple[HouseRule, ...]:
    """The house rules of both games, with this table's defaults."""
    d = {**SAMBA_DEFAULTS, **t.defaults}
    return (
        HouseRule("meld_minimums_by_score", "by_score", d["meld_minimums_by_score"],
                  L_("Initial meld minimum by score"), L_("Meld minimums by score"),
                  note=L_("[from, minimum] rows; the first from null: every score below the next row"), step=5),
        points_rule("natural_canasta_bonus", d["natural_canasta_bonus"], L_("Natural canasta")),
        points_rule("mixed_canasta_bonus", d["mixed_canasta_bonus"], L_("Mixed canasta")),
        points_rule("sequence_canasta_bonus", d["sequence_canasta_bonus"], t.sequence),
        points_rule("wild_canasta_bonus", d["wild_canasta_bonus"], t.wild, off=L_("no meld of wild cards alone")),
        points_rule("going_out_bonus", d["going_out_bonus"], L_("Going out")),
        points_rule("red_three_bonus", d["red_three_bonus"], L_("Red three"), L_("Red three, each")),
        points_rule("all_red_threes_bonus", d["all_red_threes_bonus"], L_("All the red threes (instead)")),
        HouseRule("red_threes_need_canastas", "count", d["red_threes_need_canastas"],
                  L_("Canastas red threes need to count for the side")),
        points_rule("black_three_penalty", d["black_three_penalty"], L_("Black three held (minus)"),
                    L_("Black three held, each"), off=L_("black threes held are in-hand points")),
        HouseRule("go_out_canastas", "count", d["go_out_canastas"], L_("Canastas needed to go out")),
        HouseRule("go_out_sequences", "count", d["go_out_sequences"], L_("Sequences among the canastas needed to go out")),
        points_rule("short_sequence_penalty", d["short_sequence_penalty"], L_("Short sequence left on the table (minus)"),
                    L_("Short sequence, each"), off=L_("no penalty")),
        TIE_GOES_TO_GOING_OUT,
        TIE_PLAYS_ANOTHER_HAND,
    )


def fields(t: Table) -> tuple[Field, ...]:
    """The entry fields of both games, in this table's words."""
    return (
        count("natural_canastas", L_("Natural canastas"), L_("Seven or more of one rank, no wild card"),
              short=NATURAL_SHORT),
        count("mixed_canastas", L_("Mixed canastas"), L_("Seven or more of one rank with 1 or 2 wild cards"),
              short=MIXED_SHORT),
        count("sequence_canastas", t.sequence, L_("Seven in sequence of one suit, no wild card"),
              short=(t.sequence, "")),
        count("wild_canastas", t.wild, L_("Seven wild cards, jokers and 2s"), short=(t.wild, "")),
        count("red_threes", L_("Red threes"), L_("Laid down"), group=THREES, per_unit=False, short=RED_SHORT),
        count("black_threes", L_("Black threes held"), L_("Still held by a player when the hand ends"), group=THREES,
              short=(BLACK_SHORT[0], lang.lazy_pgettext("threes", "held"))),
        count("short_sequences", L_("Short sequences"), L_("Sequences of three or four cards left on the table"),
              group=THREES),
        melded(),
        in_hand(L_("Card values of cards left in hand, black threes included")
                if not t.defaults.get("black_three_penalty") else L_("Card values of cards left in hand")),
        WENT_OUT,
    )


def columns(t: Table) -> tuple[SheetColumn, ...]:
    return (
        SheetColumn(lang.lazy_pgettext("sheet column", "N"), "count", "natural_canastas"),
        SheetColumn(lang.lazy_pgettext("sheet column", "M"), "count", "mixed_canastas"),
        SheetColumn(t.sequence_column, "count", "sequence_canastas"),
        SheetColumn(t.wild_column, "count", "wild_canastas", optional=True),
        SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
        SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_threes", optional=True),
        SheetColumn(lang.lazy_pgettext("sheet column", "Sh"), "count", "short_sequences", optional=True),
        *CARD_COLUMNS, SCORE, TOTAL,
    )


def canastas(t: Table) -> tuple[Canasta, ...]:
    return (Canasta("natural_canastas", lang.lazy_pgettext("canasta kind", "natural"), "natural_canasta_bonus", 35),
            Canasta("mixed_canastas", lang.lazy_pgettext("canasta kind", "mixed"), "mixed_canasta_bonus", 50),
            Canasta("sequence_canastas", t.sequence, "sequence_canasta_bonus", 50),
            Canasta("wild_canastas", t.wild, "wild_canasta_bonus", 140))


def red_threes_value(n: int, decks: int, rules: dict) -> int:
    """100 each, or the bonus for all the red threes in play (2 a deck) when one side laid them all."""
    return rules["all_red_threes_bonus"] if n and n == 2 * decks else n * rules["red_three_bonus"]


BLACK_THREES_COUNTED = lang.Nn_("%(num)s black three", "%(num)s black threes")


class Samba(Variant):
    seating_shapes = {"partnerships": {"sides": [2, 3], "players_per_side": 2},
                      "individuals": {"sides": [2, 5], "players_per_side": 1}}
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    deck_counts = WITH_BLACK_THREES
    card_counted = CARD_COUNTED
    valueless_cards = L_("Red 3")
    words = Words()
    minimum = ByScoreRows()
    part_labels = {"going_out": L_("Going out")}
    describe_sides = seating_shapes
    decks_note = L_("Three 54-card decks (162 cards, jokers included)")
    describe_decks = 3
    decks_range = (2, 12)
    switched_off_by = checks.SWITCHED

    def __init__(self, table: Table):
        self.table = table
        self.id, self.name, self.summary, self.target = table.id, table.name, table.summary, table.target
        self.rules = house_rules(table)
        self.fields = fields(table)
        self.columns = columns(table)
        self.canastas = canastas(table)
        self.labels = {f.name: f.label for f in self.fields}  # the checks' words for each field
        self.least_melded = checks.least_melded(self.canastas)  # from the canastas' declarations

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if (sizes == {2} and 2 <= len(sides) <= 3) or (sizes == {1} and 2 <= len(sides) <= 5):
            return []
        return [FieldError("sides", lang._("%(variant)s is played by 2 or 3 partnerships of two players, or by 2 to 5 "
                                           "players alone; got %(sent)s.", variant=self.name, sent=sides_sent(sides)))]

    def default_decks(self, sides: list[dict]) -> int:
        return 3

    def check_house_rules(self, rules: dict) -> list[FieldError]:
        if rules["go_out_sequences"] > rules["go_out_canastas"]:
            return [FieldError("options.house_rules.go_out_sequences", lang._(
                "Sequences needed to go out (%(sequences)s) cannot be more than the canastas needed (%(canastas)s).",
                sequences=rules["go_out_sequences"], canastas=rules["go_out_canastas"]))]
        return []

    def held_apart(self, options: dict, entries: list[dict]) -> tuple[str, int, tuple[str, str]] | None:
        """Black threes held, while they cost their penalty, are entered in black_threes, never as card points: out
        of the decks' fives (RULES.md §13 "Checks"; §12 and §13 settled)."""
        if options["house_rules"]["black_three_penalty"] is None:
            return None
        return "fives", sum(e["black_threes"] for e in entries), BLACK_THREES_COUNTED

    def field_bounds(self, options: dict) -> dict[str, int]:
        return self.with_switched_off(checks.bounds(options["decks"]), options["house_rules"])

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        return checks.check_hand(self, entries, options, sides)

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules, decks = options["house_rules"], options["decks"]
        natural, mixed, sequence = (rules["natural_canasta_bonus"], rules["mixed_canasta_bonus"],
                                    rules["sequence_canasta_bonus"])
        wild, black, short = (rules["wild_canasta_bonus"] or 0, rules["black_three_penalty"] or 0,
                              rules["short_sequence_penalty"] or 0)
        need, out = rules["red_threes_need_canastas"], rules["going_out_bonus"]
        wild_played = rules["wild_canasta_bonus"] is not None
        scores = []
        for i, e in enumerate(entries):
            red = e["red_threes"]
            if red:
                made = e["natural_canastas"] + e["mixed_canastas"] + e["sequence_canastas"] + \
                    (e["wild_canastas"] if wild_played else 0)  # as made() counts them: every side, every hand
                red = red_threes_value(red, decks, rules)
                red = red if made >= need else -red
            scores.append(SideScore(i, {
                "natural_canastas": e["natural_canastas"] * natural,
                "mixed_canastas": e["mixed_canastas"] * mixed,
                "sequence_canastas": e["sequence_canastas"] * sequence,
                "wild_canastas": e["wild_canastas"] * wild,
                "red_threes": red,
                "going_out": out if e["went_out"] else 0,
                "melded": e["melded"],
                "in_hand": -e["in_hand"],
                "black_threes": -e["black_threes"] * black,
                "short_sequences": -e["short_sequences"] * short,
            }))
        return scores

    def score_note(self, entry: dict, options: dict) -> str:
        if entry.get("red_threes") and isinstance(entry.get("red_threes"), int):
            n = sum(entry.get(k) or 0 for k in ("natural_canastas", "mixed_canastas", "sequence_canastas",
                                                 "wild_canastas") if isinstance(entry.get(k), int))
            need = options["house_rules"]["red_threes_need_canastas"]
            if n < need:
                return lang.ngettext("Fewer than %(num)s canasta: your red threes count against you.",
                                     "Fewer than %(num)s canastas: your red threes count against you.", need)
        return ""

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left; the player to the dealer's left plays first."""
        return deal_to_the_left(sides, hands_played)

    # -- the rules card ------------------------------------------------------------------------
    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        rows = super().bonus_rows(rules) + [
            (lang._("Red 3 laid down"), lang._("%(points)s each", points=plus(rules["red_three_bonus"]))),
            (lang._("All the red 3s in play, one side"),
             lang._("%(points)s instead", points=lang.number(rules["all_red_threes_bonus"]))),
            (lang.ngettext("Red 3s of a side with fewer than %(num)s canasta count against it",
                           "Red 3s of a side with fewer than %(num)s canastas count against it",
                           rules["red_threes_need_canastas"]), lang._("minus")),
            (lang._("Going out"), plus(rules["going_out_bonus"]))]
        if rules["black_three_penalty"] is None:
            rows.append((lang._("Black 3s left in hand count as in-hand points (5 each)"), ""))
        else:
            rows.append((lang._("Black 3 left in hand"),
                         lang._("%(points)s each", points=minus(rules["black_three_penalty"]))))
        if rules["short_sequence_penalty"] is not None:
            rows.append((lang._("Sequence of three or four cards left on the table"),
                         lang._("%(points)s each", points=minus(rules["short_sequence_penalty"]))))
        return rows

    def going_out_text(self, rules: dict) -> str:
        need, seqs = rules["go_out_canastas"], rules["go_out_sequences"]
        said = lang.ngettext("To go out a side needs %(num)s canasta of any kind",
                             "To go out a side needs %(num)s canastas of any kinds", need)
        if seqs:
            said = lang._("%(needs)s; among them at least %(sequences)s", needs=said,
                          sequences=lang.counted(self.table.sequence_count, seqs))
        return lang._("%(needs)s. At most one side goes out; a hand may also end when the stock runs out.", needs=said)


SAMBA = Samba(SAMBA_TABLE)
BOLIVIA = Samba(BOLIVIA_TABLE)
VARIANTS = (SAMBA, BOLIVIA)

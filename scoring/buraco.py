"""Buraco (RULES.md §10, the Brazilian game): §9's Burraco with other card values, words and defaults."""
from __future__ import annotations

import lang
from lang import L_, Nn_, lazy_pgettext

from .base import Field, FieldError
from .burraco import Burraco, points_rule
from .common import (LEFT_COLUMN, MELD_COLUMN, MELDED, OUT_COLUMN, TIE_GOES_TO_GOING_OUT, TIE_PLAYS_ANOTHER_HAND,
                     WENT_OUT, in_hand)
from .declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn
from .shape import Words

CANASTAS_GROUP = L_("Canastas")
JOKER, JOKER_VALUES = 20, (20, 10)  # a joker's card value (pagat.com) and the only other one a table plays


class Buraco(Burraco):
    id = "buraco"
    name = L_("Buraco")
    summary = L_("2 partnerships of two, or 2 players alone; a 108-card pack and two mortos; clean and dirty canastas; "
                 "going out needs a clean canasta; no opening minimum; to 3,000.")
    card_values = {"jokers": 20, "fifteens": 15, "tens": 10, "fives": 5}  # pagat.com, Buraco
    card_names = {"jokers": lazy_pgettext("Buraco card", "Joker"), "fifteens": lazy_pgettext("card", "A"),
                  "tens": L_("K, Q, J, 10, 9, 8 and the 2s"),
                  "fives": L_("7, 6, 5, 4, 3")}
    pack_counts = {"jokers": 4, "fifteens": 8, "tens": 56, "fives": 40}  # a 2 counts 10: it is among the tens
    pack_points = 960  # at the default joker value: 4 × 20 + 8 × 10 + 8 × 15 + 48 × 10 + 40 × 5
    target = 3000
    words = Words(meld=L_("canasta"), melds=L_("canastas"), round=L_("hand"), rounds=L_("hands"),
                  meld_count=Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=Nn_("%(num)s hand", "%(num)s hands"))
    part_labels = {"going_out": L_("Going out (batida)"), "kitty_taken": L_("Morto taken")}
    rules = (
        points_rule("natural_canasta_bonus", 200, L_("Clean canasta")),
        points_rule("semiclean_canasta_bonus", None, L_("Semi-clean canasta"),
                    off=L_("not scored: enter a semi-clean canasta as dirty")),
        points_rule("dirty_canasta_bonus", 100, L_("Dirty canasta")),
        points_rule("full_run_canasta_bonus", None, L_("Canasta of 500 (A to K)"),
                    off=L_("not scored apart: enter it as a clean canasta")),
        points_rule("ace_to_ace_canasta_bonus", None, L_("Royal canasta (A to A)"),
                    off=L_("not scored apart: enter it as a clean canasta")),
        points_rule("going_out_bonus", 100, L_("Going out (the final batida)")),
        points_rule("kitty_penalty", 100, L_("Morto never taken (minus)"), L_("Morto never taken")),
        HouseRule("go_out_needs_clean", "flag", True, L_("Going out needs a clean canasta"),
                  note=L_("false: the fechado game, any canasta will do")),
        TIE_GOES_TO_GOING_OUT,
        TIE_PLAYS_ANOTHER_HAND,
        # RULES.md §14 (turn 6), Buraco only: a bonus for the morto taken (Argentina plays 100), and a joker at 10
        points_rule("kitty_taken_bonus", None, L_("Morto taken"), off=L_("no bonus"),
                    note=L_("a side that took its morto gets this (100 is played in Argentina)")),
        points_rule("joker_value", JOKER, L_("Card value of a joker"),
                    note=L_("20 or 10: when card points are counted by value, and in the pack's card points")),
    )
    canastas = (
        Canasta("natural_canastas", lazy_pgettext("canastra kind", "clean"), "natural_canasta_bonus", 35),
        Canasta("semiclean_canastas", lazy_pgettext("canastra kind", "semi-clean"), "semiclean_canasta_bonus", 45),
        Canasta("dirty_canastas", lazy_pgettext("canastra kind", "dirty"), "dirty_canasta_bonus", 40),
        Canasta("full_run_canastas", lazy_pgettext("canastra kind", "of 500"), "full_run_canasta_bonus", 110),
        Canasta("ace_to_ace_canastas", lazy_pgettext("canastra kind", "royal"), "ace_to_ace_canasta_bonus", 125),
    )
    counted_words = {"natural_canastas": Nn_("%(num)s clean canasta", "%(num)s clean canastas"),
                     "semiclean_canastas": Nn_("%(num)s semi-clean canasta", "%(num)s semi-clean canastas"),
                     "dirty_canastas": Nn_("%(num)s dirty canasta", "%(num)s dirty canastas"),
                     "full_run_canastas": Nn_("%(num)s canasta of 500", "%(num)s canastas of 500"),
                     "ace_to_ace_canastas": Nn_("%(num)s royal canasta", "%(num)s royal canastas")}
    fields = (
        Field("natural_canastas", "count", L_("Clean canastas"),
              L_("Seven or more cards, no wild card (a 2 in its natural place is allowed)"),
              short=(lazy_pgettext("canastras", "Clean"), ""), group=CANASTAS_GROUP),
        Field("semiclean_canastas", "count", L_("Semi-clean canastas"),
              L_("Only where the table scores them apart"), short=(lazy_pgettext("canastras", "Semi-clean"), ""),
              group=CANASTAS_GROUP),
        Field("dirty_canastas", "count", L_("Dirty canastas"),
              L_("Seven or more cards with one wild card (a joker or a 2)"),
              short=(lazy_pgettext("canastras", "Dirty"), ""), group=CANASTAS_GROUP),
        Field("full_run_canastas", "count", L_("Canastas of 500"), L_("A to K of one suit, 13 cards, no wild card"),
              short=(lazy_pgettext("canastras", "Of 500"), lazy_pgettext("canastras", "A to K")), group=CANASTAS_GROUP),
        Field("ace_to_ace_canastas", "count", L_("Royal canastas"), L_("A to A of one suit, 14 cards, no wild card"),
              short=(lazy_pgettext("canastras", "Royal"), lazy_pgettext("canastras", "A to A")), group=CANASTAS_GROUP),
        MELDED, in_hand(L_("Card values of cards left in the side's hands")),
        Field("kitty_not_taken", "flag", L_("Morto not taken"),
              L_("The side never took its morto, or took it by an indirect batida and never played again"),
              group=L_("Morto")),
        WENT_OUT,
    )
    columns = (
        SheetColumn(lazy_pgettext("sheet column", "C"), "count", "natural_canastas"),
        SheetColumn(lazy_pgettext("sheet column", "SC"), "count", "semiclean_canastas", optional=True),
        SheetColumn(lazy_pgettext("sheet column", "D"), "count", "dirty_canastas"),
        SheetColumn(lazy_pgettext("sheet column", "500"), "count", "full_run_canastas", optional=True),
        SheetColumn(lazy_pgettext("sheet column", "Roy"), "count", "ace_to_ace_canastas", optional=True),
        MELD_COLUMN, LEFT_COLUMN,
        SheetColumn(lazy_pgettext("sheet column", "NoM"), "flag", "kitty_not_taken"),
        OUT_COLUMN, SCORE, TOTAL,
    )
    texts = {
        "no_kitty": L_("%(name)s cannot go out: the final batida needs the side's morto taken, and %(name)s never took "
                       "it."),
        "no_meld": L_("%(name)s cannot go out: going out needs at least one canasta, and %(name)s has none."),
        "no_clean": L_("%(name)s cannot go out: going out needs a clean canasta (a canasta of 500 or a royal canasta "
                       "counts), and %(name)s has none."),
        "alone": L_("%(name)s went out playing alone, so nothing is left in hand: In-hand points must be 0, not "
                    "%(value)s."),
        "sides": L_("Buraco is played by 2 partnerships of two players or by 2 players alone; got %(sent)s."),
        "in_hand_row": L_("Points left in hand"),
        "kitty_row": L_("Morto never taken (or taken by an indirect batida and never played)"),
        "closing_row": L_("Going out (the final batida; the first earns nothing)"),
        "go_out": L_("To go out a side needs its morto taken and at least one canasta of any kind (the fechado game)."),
        "go_out_clean": L_("To go out a side needs its morto taken and a clean canasta (a canasta of 500 or a royal "
                           "canasta counts)."),
        "go_out_rest": L_("A player alone who goes out holds no cards. At most one side goes out; a hand may also end "
                          "with nobody out (the stock and the mortos ran out), and then nobody scores it."),
    }

    def check_house_rules(self, rules: dict) -> list[FieldError]:
        """RULES.md §14: a joker counts 20, or 10 where a table plays it so; no other value."""
        if rules.get("joker_value", JOKER) not in JOKER_VALUES:
            return [FieldError("options.house_rules.joker_value", lang._(
                "House rule 'joker_value' must be 20 or 10 (a joker's card value), not %(value)s.",
                value=lang.number(rules["joker_value"])))]
        return []


VARIANT = Buraco()

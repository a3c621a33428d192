"""Burraco (RULES.md §9, FIBUR's code): two pairs or two players, a 108-card pack, two pozzetti, no meld minimum;
and its Brazilian sibling Buraco (RULES.md §10): §9's game with other card values, words and defaults (the end of
this module). One module of ~400 lines, as issue 40 asks of sibling games: Buraco is Burraco's class with its own
tables, and read beside it a difference between the two games is seen in one place."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import lang
from lang import L_, Nn_, lazy_pgettext

from ..base import Field, FieldError, SideScore, last_side_with, listed, sides_sent
from ..base import totals as added_up
from .shared import (LEFT_COLUMN, MELD_COLUMN, MELDED, OUT_COLUMN, TIE_GOES_TO_GOING_OUT, TIE_PLAYS_ANOTHER_HAND, WENT_OUT,
                     in_hand, melded)
from ..declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn, minus, plus
from ..deck54 import melded_covers_canastas, one_goes_out
from ..shape import NoMinimum, Words
from ..variant import Variant, deal_to_the_left

PACK_CARDS = 108  # two 54-card decks
WILD_CARDS = 12  # 4 jolly + 8 pinelle: every burraco with a matta holds exactly one
TWOS = 8  # a full or ace-to-ace run holds its suit's 2 in its natural place
ACES = 8
KINDS = ("natural_canastas", "semiclean_canastas", "dirty_canastas", "full_run_canastas", "ace_to_ace_canastas")
CARDS_IN = {"natural_canastas": 7, "semiclean_canastas": 8, "dirty_canastas": 7, "full_run_canastas": 13,
            "ace_to_ace_canastas": 14}  # the fewest cards each kind holds
WITH_MATTA = ("semiclean_canastas", "dirty_canastas")
RUNS = ("full_run_canastas", "ace_to_ace_canastas")
CLEAN = ("natural_canastas",) + RUNS  # what closing needs under go_out_needs_clean
SWITCHED = {"semiclean_canastas": "semiclean_canasta_bonus", "full_run_canastas": "full_run_canasta_bonus",
            "ace_to_ace_canastas": "ace_to_ace_canasta_bonus"}  # kinds a table may switch off (bonus null)
# the 20s are the pinelle (the 2s) and the 15s the aces, so the card counter names them so
CARD_WORDS = {"jokers": (L_("joker"), L_("jokers")), "twenties": (L_("pinella"), L_("pinelle")),
              "fifteens": (L_("ace"), L_("aces")), "tens": (L_("ten"), L_("tens")),
              "fives": (L_("five"), L_("fives"))}
CARD_COUNTED = {"jokers": Nn_("%(num)s joker", "%(num)s jokers"), "twenties": Nn_("%(num)s pinella", "%(num)s pinelle"),
                "fifteens": Nn_("%(num)s ace", "%(num)s aces"), "tens": Nn_("%(num)s ten", "%(num)s tens"),
                "fives": Nn_("%(num)s five", "%(num)s fives")}


def points_rule(key: str, default: int | None, label: Any, sheet: Any = "", **more) -> HouseRule:
    """A bonus or penalty: a whole multiple of 5 from 0 to 1,000,000 (every card total is one)."""
    return HouseRule(key, "points", default, label, sheet, step=5, **more)


def family_columns(full_run, ace_to_ace, kitty) -> tuple[SheetColumn, ...]:
    """The score sheet's columns of Burraco and Buraco, alike but for the headings each game gives its two runs and
    its kitty not taken: the five kinds of burracos (canastas), melded and left, the kitty, out, score, total."""
    return (
        SheetColumn(lazy_pgettext("sheet column", "C"), "count", "natural_canastas"),
        SheetColumn(lazy_pgettext("sheet column", "SC"), "count", "semiclean_canastas", optional=True),
        SheetColumn(lazy_pgettext("sheet column", "D"), "count", "dirty_canastas"),
        SheetColumn(full_run, "count", "full_run_canastas", optional=True),
        SheetColumn(ace_to_ace, "count", "ace_to_ace_canastas", optional=True),
        MELD_COLUMN, LEFT_COLUMN,
        SheetColumn(kitty, "flag", "kitty_not_taken"),
        OUT_COLUMN, SCORE, TOTAL,
    )


class Burraco(Variant):
    id = "burraco"
    name = L_("Burraco")
    summary = L_("2 partnerships of two, or 2 players alone; a 108-card pack and two pozzetti; clean, semi-clean and "
                 "dirty burracos; no opening minimum; to 2,005, or a tournament turn of 2 to 4 deals.")
    card_values = {"jokers": 30, "twenties": 20, "fifteens": 15, "tens": 10, "fives": 5}
    card_words = CARD_WORDS
    card_names = {"jokers": L_("Joker"), "twenties": L_("2 (pinella)"),
                  "fifteens": lazy_pgettext("card", "A"), "tens": L_("K, Q, J, 10, 9, 8"), "fives": L_("7, 6, 5, 4, 3")}
    pack_counts = {"jokers": 4, "twenties": 8, "fifteens": 8, "tens": 48, "fives": 40}  # cards of each value
    card_counted = CARD_COUNTED
    pack_points = 1080  # 4 × 30 + 8 × 20 + 8 × 15 + 48 × 10 + 40 × 5
    target = 2005
    switched_off_by = SWITCHED
    uses_decks = False
    decks_note = L_("Always 108 cards: two 54-card decks, jokers included")
    describe_sides = {"partnerships": {"sides": [2, 2], "players_per_side": 2},
                      "individuals": {"sides": [2, 2], "players_per_side": 1}}
    minimum = NoMinimum()
    words = Words(meld=L_("burraco"), melds=L_("burracos"), round=L_("deal"), rounds=lazy_pgettext("rounds", "deals"),
                  meld_count=Nn_("%(num)s burraco", "%(num)s burracos"),
                  round_count=Nn_("%(num)s deal", "%(num)s deals"))
    part_labels = {"going_out": L_("Closing")}
    rules = (
        points_rule("natural_canasta_bonus", 200, L_("Clean burraco")),
        points_rule("semiclean_canasta_bonus", 150, L_("Semi-clean burraco"),
                    off=L_("not scored: enter a semi-clean burraco as dirty")),
        points_rule("dirty_canasta_bonus", 100, L_("Dirty burraco")),
        points_rule("full_run_canasta_bonus", None, L_("Full run (A to K, 13 cards)"),
                    off=L_("not scored apart: enter a full run as a clean burraco")),
        points_rule("ace_to_ace_canasta_bonus", None, L_("Ace-to-ace run (A to A, 14 cards)"),
                    off=L_("not scored apart: enter an ace-to-ace run as a clean burraco")),
        points_rule("going_out_bonus", 100, L_("Closing")),
        points_rule("kitty_penalty", 100, L_("Pozzetto never taken (minus)"), L_("Pozzetto never taken")),
        HouseRule("go_out_needs_clean", "flag", False, L_("Closing needs a clean burraco (international code)"),
                  L_("Closing needs a clean burraco"), note=L_("false: any burraco will do (FIBUR's Italian code)")),
        TIE_GOES_TO_GOING_OUT,
        TIE_PLAYS_ANOTHER_HAND,
    )
    canastas = (
        Canasta("natural_canastas", lazy_pgettext("burraco kind", "clean"), "natural_canasta_bonus", 35),
        Canasta("semiclean_canastas", lazy_pgettext("burraco kind", "semi-clean"), "semiclean_canasta_bonus", 55),
        Canasta("dirty_canastas", lazy_pgettext("burraco kind", "dirty"), "dirty_canasta_bonus", 50),
        Canasta("full_run_canastas", lazy_pgettext("burraco kind", "full run"), "full_run_canasta_bonus", 120),
        Canasta("ace_to_ace_canastas", lazy_pgettext("burraco kind", "ace-to-ace run"), "ace_to_ace_canasta_bonus",
                135),
    )
    # each kind counted, as the checks say it: "2 dirty burracos"
    counted_words = {"natural_canastas": Nn_("%(num)s clean burraco", "%(num)s clean burracos"),
                     "semiclean_canastas": Nn_("%(num)s semi-clean burraco", "%(num)s semi-clean burracos"),
                     "dirty_canastas": Nn_("%(num)s dirty burraco", "%(num)s dirty burracos"),
                     "full_run_canastas": Nn_("%(num)s full run", "%(num)s full runs"),
                     "ace_to_ace_canastas": Nn_("%(num)s ace-to-ace run", "%(num)s ace-to-ace runs")}
    fields = (
        Field("natural_canastas", "count", L_("Clean burracos"),
              L_("Seven or more cards, no matta (a 2 in its natural place is no matta)"),
              short=(lazy_pgettext("burracos", "Clean"), ""), group=L_("Burracos")),
        Field("semiclean_canastas", "count", L_("Semi-clean burracos"),
              L_("A matta at an end of seven natural cards in sequence, or eight cards of a rank with a matta"),
              short=(lazy_pgettext("burracos", "Semi-clean"), ""), group=L_("Burracos")),
        Field("dirty_canastas", "count", L_("Dirty burracos"),
              L_("Seven or more cards with a matta (jolly or pinella)"),
              short=(lazy_pgettext("burracos", "Dirty"), ""), group=L_("Burracos")),
        Field("full_run_canastas", "count", L_("Full runs"), L_("A to K of one suit, 13 cards, no matta"),
              short=(lazy_pgettext("burracos", "Full run"), lazy_pgettext("burracos", "A to K")), group=L_("Burracos")),
        Field("ace_to_ace_canastas", "count", L_("Ace-to-ace runs"), L_("A to A of one suit, 14 cards, no matta"),
              short=(lazy_pgettext("burracos", "Ace to ace"), lazy_pgettext("burracos", "A to A")),
              group=L_("Burracos")),
        melded(L_("Card values of every card on the table, burracos included")),
        in_hand(L_("Cards left in the side's hands, a pozzetto taken and never played included")),
        Field("kitty_not_taken", "flag", L_("Pozzetto not taken"), L_("The side never took its pozzetto"),
              group=L_("Pozzetto")),
        replace(WENT_OUT, nobody=L_(" (nobody closed)")),
    )
    columns = family_columns(lazy_pgettext("sheet column", "Run"), lazy_pgettext("sheet column", "A-A"),
                             lazy_pgettext("sheet column", "NoK"))
    # the sentences that name the game's own things (the pozzetto, a clean burraco); Buraco says its own
    texts = {
        "no_kitty": L_("%(name)s cannot close: closing needs the side's pozzetto taken, and %(name)s never took it."),
        "no_meld": L_("%(name)s cannot close: closing needs at least one burraco, and %(name)s has none."),
        "no_clean": L_("%(name)s cannot close: at this table closing needs a clean burraco (a full or ace-to-ace run "
                       "counts), and %(name)s has none."),
        "alone": L_("%(name)s closed playing alone, so nothing is left in hand: In-hand points must be 0, not "
                    "%(value)s."),
        "sides": L_("Burraco is played by 2 partnerships of two players or by 2 players alone; got %(sent)s."),
        "in_hand_row": L_("Points left in hands (a pozzetto taken and never played, and penalty cards, included)"),
        "kitty_row": L_("Pozzetto never taken"),
        "closing_row": L_("Closing (going out)"),
        "go_out": L_("To close a side needs its pozzetto taken and at least one burraco of any kind."),
        "go_out_clean": L_("To close a side needs its pozzetto taken and a clean burraco (a full or ace-to-ace run "
                           "counts)."),
        "go_out_rest": L_("A player alone who closes holds no cards. At most one side closes; a deal may also end with "
                          "nobody closing (the stock ran out, or time was called), and then nobody scores the "
                          "closing."),
    }

    @property
    def least(self) -> dict[str, int]:
        return {c.field: c.least for c in self.canastas}

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if len(sides) == 2 and sizes in ({1}, {2}):
            return []
        return [FieldError("sides", self.texts["sides"] % {"sent": sides_sent(sides)})]

    def field_bounds(self, options: dict) -> dict[str, int]:
        rules = options["house_rules"]
        most = {"natural_canastas": PACK_CARDS // CARDS_IN["natural_canastas"], "semiclean_canastas": WILD_CARDS,
                "dirty_canastas": WILD_CARDS, "full_run_canastas": TWOS, "ace_to_ace_canastas": ACES // 2,
                "melded": self.points_for(rules), "in_hand": self.points_for(rules)}
        return self.with_switched_off(most, rules)

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        rules = options["house_rules"]
        errors = self._pack_limits(entries, self.points_for(rules))
        errors += melded_covers_canastas(entries, self.least, self.counted_words)
        errors += one_goes_out(entries, sides, "went_out", {}, "go out", words=self.words)
        for i, e in enumerate(entries):
            name = sides[i]["name"]
            for field, rule in self.switched_off(rules):
                if e[field]:
                    errors.append(FieldError(f"entries[{i}].{field}", lang._(
                        "%(kind)s are not scored apart at this table (house rule %(rule)s is off): enter them as "
                        "%(instead)s and leave %(kind)s at 0, not %(value)s.",
                        kind=self._label(field), rule=rule, value=lang.number(e[field]),
                        instead=self._label("dirty_canastas" if field in WITH_MATTA else "natural_canastas"))))
            if not e["went_out"]:
                continue
            if e["kitty_not_taken"]:
                errors.append(FieldError(f"entries[{i}].went_out", self.texts["no_kitty"] % {"name": name}))
            elif rules["go_out_needs_clean"] and not any(e[f] for f in CLEAN):
                errors.append(FieldError(f"entries[{i}].went_out", self.texts["no_clean"] % {"name": name}))
            elif not any(e[f] for f in KINDS):
                errors.append(FieldError(f"entries[{i}].went_out", self.texts["no_meld"] % {"name": name}))
            if len(sides[i]["players"]) == 1 and e["in_hand"]:
                errors.append(FieldError(f"entries[{i}].in_hand", self.texts["alone"] % {
                    "name": name, "value": lang.number(e["in_hand"])}))
        return errors

    def _label(self, field: str) -> str:
        return str(next(f.label for f in self.fields if f.name == field))

    def points_for(self, rules: dict) -> int:
        """The pack's card points at this table (Buraco's joker_value changes its 4 jokers' part)."""
        value = rules.get("joker_value")
        return self.pack_points if value is None else self.pack_points + self.pack_counts["jokers"] * (
            value - self.card_values["jokers"])

    def card_values_for(self, options: dict) -> dict[str, int]:
        value = options["house_rules"].get("joker_value")
        return self.card_values if value in (None, self.card_values["jokers"]) else {**self.card_values,
                                                                                     "jokers": value}

    def _pack_limits(self, entries: list[dict], pack_points: int) -> list[FieldError]:
        """Nothing beyond what the 108-card pack holds, all sides of the hand together (RULES.md §9 "Checks")."""
        totals = added_up(entries, KINDS)
        errors = []

        def at(fields: tuple[str, ...]) -> tuple[str, str]:
            """Where the total tipped over (the last side's last such field), and the kinds counted in words."""
            side = last_side_with(entries, *fields)
            field = next((f for f in reversed(fields) if entries[side][f]), fields[-1])
            held = listed([lang.counted(self.counted_words[f], totals[f]) for f in fields if totals[f]], "and")
            return f"entries[{side}].{field}", held

        wild = sum(totals[f] for f in WITH_MATTA)
        if wild > WILD_CARDS:
            where, held = at(WITH_MATTA)
            errors.append(FieldError(where, lang._("%(counted)s hold a wild card each, but the pack has only %(most)s "
                                                   "jokers and 2s.", counted=held, most=lang.number(WILD_CARDS))))
        if sum(totals[f] for f in RUNS) > TWOS:
            where, held = at(RUNS)
            errors.append(FieldError(where, lang._("%(counted)s each hold a 2 in its natural place, but the pack has "
                                                   "only %(most)s 2s.", counted=held, most=lang.number(TWOS))))
        elif wild <= WILD_CARDS < wild + sum(totals[f] for f in RUNS):  # a run's natural 2 is one of the 12 too
            where, held = at(WITH_MATTA + RUNS)
            errors.append(FieldError(where, lang._("%(counted)s each hold a joker or a 2, but the pack has only "
                                                   "%(most)s of them.", counted=held, most=lang.number(WILD_CARDS))))
        aces = totals["full_run_canastas"] + 2 * totals["ace_to_ace_canastas"]
        if aces > ACES:
            where, held = at(RUNS)
            errors.append(FieldError(where, lang._("%(counted)s need %(needed)s aces, but the pack has only %(most)s.",
                                                   counted=held, needed=lang.number(aces), most=lang.number(ACES))))
        cards = sum(CARDS_IN[f] * n for f, n in totals.items())
        if cards > PACK_CARDS:
            where, held = at(KINDS)
            errors.append(FieldError(where, lang._("%(counted)s need at least %(cards)s cards, but the pack has only "
                                                   "%(most)s.", counted=held, cards=lang.number(cards),
                                                   most=lang.number(PACK_CARDS))))
        points = sum(e["melded"] + e["in_hand"] for e in entries)
        if points > pack_points:
            side = last_side_with(entries, "melded", "in_hand")
            errors.append(FieldError(f"entries[{side}].{'in_hand' if entries[side]['in_hand'] else 'melded'}", lang._(
                "All sides together recorded %(points)s card points, but the %(cards)s-card pack holds only "
                "%(limit)s.", points=lang.number(points), cards=lang.number(PACK_CARDS),
                limit=lang.number(pack_points))))
        return errors

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        bonus = {f: rules[c.bonus] or 0 for f, c in zip(KINDS, self.canastas)}
        return [SideScore(i, {
            **{f: e[f] * bonus[f] for f in KINDS},
            "going_out": rules["going_out_bonus"] if e["went_out"] else 0,
            "melded": e["melded"],
            "in_hand": -e["in_hand"],
            "kitty_not_taken": -rules["kitty_penalty"] if e["kitty_not_taken"] else 0,
            **({} if rules.get("kitty_taken_bonus") is None else  # Buraco's house rule (RULES.md §14): a part of its
               {"kitty_taken": 0 if e["kitty_not_taken"] else rules["kitty_taken_bonus"]}),  # own only where set
        }) for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left each deal; the player to the dealer's left plays first."""
        return deal_to_the_left(sides, hands_played)

    # -- the rules card, in the game's own words ------------------------------------------
    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        return [(lang._("Melded points (%(meld)s cards included)", meld=self.words.meld), lang._("plus")),
                (str(self.texts["in_hand_row"]), lang._("minus")),
                (str(self.texts["closing_row"]), plus(rules["going_out_bonus"])),
                (str(self.texts["kitty_row"]), minus(rules["kitty_penalty"])),
                *([(lang._("Morto taken"), plus(rules["kitty_taken_bonus"]))]
                  if rules.get("kitty_taken_bonus") is not None else [])]  # Buraco's house rule (RULES.md §14)

    def going_out_text(self, rules: dict) -> str:
        needs = self.texts["go_out_clean"] if rules["go_out_needs_clean"] else self.texts["go_out"]
        return f"{needs} {self.texts['go_out_rest']}"


VARIANT = BURRACO = Burraco()


# Buraco (RULES.md §10) ------------------------------------------------------------------------------------

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
    columns = family_columns(lazy_pgettext("sheet column", "500"), lazy_pgettext("sheet column", "Roy"),
                             lazy_pgettext("sheet column", "NoM"))
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


BURACO = Buraco()
VARIANTS = (BURRACO, BURACO)

"""Pony Canasta by Irene Baron (RULES.md §2): growing canastas, surprise canastas, sets of red treys."""
from __future__ import annotations

import lang

from ..base import Field, FieldError, SideScore, sides_sent
from .shared import (IN_HAND, LEFT_COLUMN, MELD_COLUMN, MELDED, OUT_COLUMN, TIE_GOES_TO_GOING_OUT,
                     TIE_PLAYS_ANOTHER_HAND, WENT_OUT, by_score_rule)
from ..declare import Canasta, HouseRule, SCORE, SheetColumn, TOTAL, minus, plus
from ..deck54 import (DECK_POINTS, PONY_COLUMN, ThreesAside, UNPICKED_PONY, UNPICKED_PONY_COUNTS, deck_limits,
                     melded_covers_canastas, one_goes_out)
from ..shape import ByScoreRows, SideMark, Words
from ..variant import Variant, seats

# kind → (count field, surprise field, least melded points one such canasta holds, word)
CANASTAS = {
    "wild": ("wild_canastas", "surprise_wild", 140, lang.lazy_pgettext("canasta kind", "wild")),
    "sevens": ("sevens_canastas", "surprise_sevens", 35, lang.lazy_pgettext("canasta kind", "sevens")),
    "natural": ("natural_canastas", "surprise_natural", 35, lang.lazy_pgettext("canasta kind", "natural")),
    "black": ("black_canastas", "surprise_black", 50, lang.lazy_pgettext("canasta kind", "black")),
}
# each kind as the checks name it, one of them ("wild canasta"), and counted ("2 wild canastas", "1 surprise wild
# canasta")
CANASTA_NAMES = {"wild": lang.L_("wild canasta"), "sevens": lang.L_("sevens canasta"),
                 "natural": lang.L_("natural canasta"), "black": lang.L_("black canasta")}
COUNTED = {"wild": lang.Nn_("%(num)s wild canasta", "%(num)s wild canastas"),
           "sevens": lang.Nn_("%(num)s sevens canasta", "%(num)s sevens canastas"),
           "natural": lang.Nn_("%(num)s natural canasta", "%(num)s natural canastas"),
           "black": lang.Nn_("%(num)s black canasta", "%(num)s black canastas")}
SURPRISES_COUNTED = {"wild": lang.Nn_("%(num)s surprise wild canasta", "%(num)s surprise wild canastas"),
                     "sevens": lang.Nn_("%(num)s surprise sevens canasta", "%(num)s surprise sevens canastas"),
                     "natural": lang.Nn_("%(num)s surprise natural canasta", "%(num)s surprise natural canastas"),
                     "black": lang.Nn_("%(num)s surprise black canasta", "%(num)s surprise black canastas")}
GOING_OUT_WORDS = {c: word for c, _, _, word in CANASTAS.values()}  # each canasta going out needs, in words

RULES = (
    HouseRule("wild_canasta_bonus", "points", 2500, lang.L_("Wild canasta")),
    HouseRule("sevens_canasta_bonus", "points", 2500, lang.L_("Sevens canasta")),
    HouseRule("natural_canasta_bonus", "points", 500, lang.L_("Natural canasta")),
    HouseRule("black_canasta_bonus", "points", 300, lang.L_("Black canasta")),
    HouseRule("surprise_wild_canasta_bonus", "points", 500, lang.L_("Surprise wild, extra"),
              lang.L_("Surprise wild extra")),
    HouseRule("surprise_sevens_canasta_bonus", "points", 500, lang.L_("Surprise sevens, extra"),
              lang.L_("Surprise sevens extra")),
    HouseRule("surprise_natural_canasta_bonus", "points", 300, lang.L_("Surprise natural, extra"),
              lang.L_("Surprise natural extra")),
    HouseRule("surprise_black_canasta_bonus", "points", 100, lang.L_("Surprise black, extra"),
              lang.L_("Surprise black extra")),
    HouseRule("red_three_bonus", "points", 100, lang.L_("Red trey"), lang.L_("Red trey, each")),
    # what each complete set of four red treys counts instead of 4 × 100
    HouseRule("four_red_threes_bonus", "points", 1000, lang.L_("Set of four red treys")),
    HouseRule("black_three_penalty", "points", 100, lang.L_("Black trey, left in hand (minus)"),
              lang.L_("Black trey in hand, each")),
    HouseRule("going_out_bonus", "points", 100, lang.L_("Going out")),
    HouseRule("failed_going_out_penalty", "points", 100, lang.L_("Could not go out (minus)"),
              lang.L_("Could not go out after asking"),
              note=lang.L_("taken even when the side goes out later in the round")),
    UNPICKED_PONY_COUNTS,
    by_score_rule([[None, 50], [15000, 90], [30000, 120]], step=1),
    HouseRule("failed_meld_step", "points", 10, lang.L_("Failed initial meld raises the minimum by"),
              lang.L_("Failed meld raises minimum by")),
    TIE_GOES_TO_GOING_OUT,
    TIE_PLAYS_ANOTHER_HAND,
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("wild_canastas", "count", lang.L_("Wild canastas"), lang.L_("Only jokers and 2s"), group=lang.L_("Canastas")),
    Field("sevens_canastas", "count", lang.L_("Sevens canastas"), lang.L_("Only 7s"), group=lang.L_("Canastas")),
    Field("natural_canastas", "count", lang.L_("Natural canastas"), lang.L_("One rank, no wild card"),
          group=lang.L_("Canastas")),
    Field("black_canastas", "count", lang.L_("Black canastas"), lang.L_("One rank with 1 to 3 wild cards"),
          group=lang.L_("Canastas")),
    Field("surprise_wild", "count", lang.L_("…of them surprise wild"), lang.L_("Laid down whole from the hand"),
          short=(lang.L_("Sur\u00adprise"), lang.lazy_pgettext("canasta kind", "wild")), group=lang.L_("Canastas")),
    Field("surprise_sevens", "count", lang.L_("…of them surprise sevens"), lang.L_("Laid down whole from the hand"),
          short=(lang.L_("Sur\u00adprise"), lang.lazy_pgettext("canasta kind", "sevens")), group=lang.L_("Canastas")),
    Field("surprise_natural", "count", lang.L_("…of them surprise natural"), lang.L_("Laid down whole from the hand"),
          short=(lang.L_("Sur\u00adprise"), lang.lazy_pgettext("canasta kind", "natural")),
          group=lang.L_("Canastas")),
    Field("surprise_black", "count", lang.L_("…of them surprise black"), lang.L_("Laid down whole from the hand"),
          short=(lang.L_("Sur\u00adprise"), lang.lazy_pgettext("canasta kind", "black")), group=lang.L_("Canastas")),
    Field("red_treys", "count", lang.L_("Red treys"), lang.L_("100 each; every set of four 1,000"), per_unit=False,
          group=lang.L_("Treys")),
    Field("black_treys", "count", lang.L_("Black treys"), lang.L_("Left in hand"), group=lang.L_("Treys")),
    MELDED, IN_HAND,
    UNPICKED_PONY,
    WENT_OUT,
    Field("failed_going_out", "flag", lang.L_("Could not go out"),
          lang.L_("Was given permission to go out and then could not"), pairs_only=True, group=lang.L_("Going out")),
)

COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "W"), "count", "wild_canastas", surprise="surprise_wild"),
    SheetColumn(lang.lazy_pgettext("sheet column", "7s"), "count", "sevens_canastas", surprise="surprise_sevens"),
    SheetColumn(lang.lazy_pgettext("sheet column", "N"), "count", "natural_canastas", surprise="surprise_natural"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B"), "count", "black_canastas", surprise="surprise_black"),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_treys"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_treys"),
    MELD_COLUMN, LEFT_COLUMN,
    PONY_COLUMN,
    OUT_COLUMN,
    SheetColumn(lang.lazy_pgettext("sheet column", "Fail"), "flag", "failed_going_out", optional=True), SCORE, TOTAL,
)




class Pony(ThreesAside, Variant):
    id = "pony"
    name = lang.L_("Pony Canasta")
    summary = lang.L_("2 to 12 or more players, alone or in partnerships; two decks a player; surprise canastas; "
                      "to 50,000.")
    fields = FIELDS
    target = 50000
    rules = RULES
    canastas = tuple(Canasta(count, word, f"{kind}_canasta_bonus", least, surprise, f"surprise_{kind}_canasta_bonus")
                     for kind, (count, surprise, least, word) in CANASTAS.items())
    columns = COLUMNS
    words = Words(meld=lang.L_("canasta"), melds=lang.L_("canastas"), round=lang.L_("hand"), rounds=lang.L_("hands"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s hand", "%(num)s hands"))
    minimum = ByScoreRows(negative_note=True)
    part_labels = {"going_out": lang.L_("Going out"), "failed_going_out": lang.L_("Could not go out")}
    finish_time_note = lang.L_("or, if the table sets a finish time, when it has passed (the round in play is finished "
                               "first)")
    describe_sides = {"individuals": {"sides": [2, 16], "players_per_side": 1},
                      "partnerships": {"sides": [2, 8], "players_per_side": 2}}
    decks_note = lang.L_("Two decks for each player")
    describe_decks = 4
    marks = (SideMark("failed_melds", "failed-meld", lang.L_("Failed meld"), "failed_meld_step",
                      lang.L_("A side that lays down too little and cannot mend it takes the meld back; its minimum "
                              "rises by {step} for the rest of the hand, for each such failure."),
                      lang.L_("raised {points} this hand")),)

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if sizes == {1} and 2 <= len(sides) <= 16:
            return []
        if sizes == {2} and 2 <= len(sides) <= 8:
            return []
        return [FieldError("sides", lang._("Pony Canasta is played by 2 to 16 players alone, or by 2 to 8 partnerships "
                                           "of two players; got %(sent)s.", sent=sides_sent(sides)))]

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
            (lang._("Red trey laid down"), lang._("%(points)s each", points=plus(rules["red_three_bonus"]))),
            (lang._("Each complete set of four red treys"),
             lang._("%(points)s instead", points=lang.number(rules["four_red_threes_bonus"]))),
            (lang._("Black trey left in hand"),
             lang._("%(points)s each", points=minus(rules["black_three_penalty"]))),
            (lang._("Going out"), plus(rules["going_out_bonus"])),
            (lang._("Asked permission to go out, then could not (partners; taken even if the side goes out "
                    "later in the round)"), minus(rules["failed_going_out_penalty"])),
            (lang._("Pony never picked up"),
             lang._("minus its points") if rules["unpicked_pony_counts"] else lang._("not counted"))]

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        # a side may both fail after permission and go out later in the round (RULES.md §2): no check ties them
        errors = deck_limits(entries, options["decks"], red="red_treys", black="black_treys",
                             red_word=lang.L_("red trey"), black_word=lang.L_("black trey"), wild_full="wild_canastas",
                             dirty="black_canastas", sevens="sevens_canastas", dirty_word=CANASTA_NAMES["black"],
                             wild_word=CANASTA_NAMES["wild"])
        errors += melded_covers_canastas(entries, {c: least for c, _, least, _ in CANASTAS.values()},
                                         {count: CANASTA_NAMES[kind] for kind, (count, _, _, _) in CANASTAS.items()})
        for i, e in enumerate(entries):
            for kind, (count, surprise, _, _) in CANASTAS.items():
                if e[surprise] > e[count]:
                    errors.append(FieldError(f"entries[{i}].{surprise}", lang._(
                        "%(surprises)s recorded, but %(name)s has only %(canastas)s.",
                        surprises=lang.counted(SURPRISES_COUNTED[kind], e[surprise]), name=sides[i]["name"],
                        canastas=lang.counted(COUNTED[kind], e[count]))))
            if e["failed_going_out"] and len(sides[i]["players"]) < 2:
                errors.append(FieldError(f"entries[{i}].failed_going_out", lang._(
                    "%(name)s plays alone and asks nobody's permission to go out, so there is no penalty for failing "
                    "to go out.", name=sides[i]["name"])))
        errors += one_goes_out(entries, sides, "went_out", GOING_OUT_WORDS, "go out")
        return errors

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        scores = []
        for i, e in enumerate(entries):
            parts = {}
            for kind, (count, surprise, _, _) in CANASTAS.items():
                parts[count] = e[count] * rules[f"{kind}_canasta_bonus"]
            for kind, (count, surprise, _, _) in CANASTAS.items():
                parts[surprise] = e[surprise] * rules[f"surprise_{kind}_canasta_bonus"]
            sets, rest = divmod(e["red_treys"], 4)
            parts.update(
                red_treys=sets * rules["four_red_threes_bonus"] + rest * rules["red_three_bonus"],
                going_out=rules["going_out_bonus"] if e["went_out"] else 0,
                melded=e["melded"],
                in_hand=-e["in_hand"],
                black_treys=-e["black_treys"] * rules["black_three_penalty"],
                failed_going_out=-rules["failed_going_out_penalty"] if e["failed_going_out"] else 0,
                unpicked_pony=-e["unpicked_pony"] if rules["unpicked_pony_counts"] else 0,
            )
            scores.append(SideScore(i, parts))
        return scores

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """Pony has no dealer: everyone scrambles the cards; the highest card drawn plays first."""
        return {"dealer": None, "pony_dealer": None, "cutter": None, "first_player": None,
                "seats": [p for _, p in seats(sides)],
                "note": lang.N_("No dealer: everyone shuffles the cards face down on the table and takes a 12-card "
                                "pony and a 13-card hand; the highest card drawn plays first, then turns pass to the "
                                "left.")}


VARIANT = Pony()

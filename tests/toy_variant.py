"""Variants that exist only in the tests: registered by a fixture, they prove the pages, PDFs and API render any
variant from its declarations alone (nothing outside scoring/ knows its id or its words). Toy Canasta plays to a
target with a minimum by score; its sibling Toy Piles plays a set number of deals with a minimum by the deal."""
from __future__ import annotations

import lang
from scoring.base import Field, FieldError, SideScore
from scoring.declare import SCORE, TOTAL, Canasta, HouseRule, Seating, SheetColumn
from scoring.shape import ByRound, Words
from scoring.variant import Variant, deal_to_the_left, seats

FIELDS = (
    Field("long_canastas", "count", lang.L_("Long canastas"), lang.L_("Nine cards of one rank"),
          group=lang.L_("Canastas")),
    Field("short_canastas", "count", lang.L_("Short canastas"), lang.L_("Five cards of one rank"),
          short=(lang.lazy_pgettext("canasta kind", "Short"), lang.lazy_pgettext("canasta kind", "five-card")),
          group=lang.L_("Canastas")),
    Field("melded", "points", lang.L_("Melded points"), lang.L_("Every card on the table"), group=lang.L_("Cards")),
    Field("bell_rung", "flag", lang.L_("Rang the bell"), lang.L_("First to say 'bell'"), group=lang.L_("Bell")),
)


class Toy(Variant):
    id = "toy-test"
    name = lang.L_("Toy Canasta")
    summary = lang.L_("A test-only variant: 2 to 4 players alone, long and short canastas, a bell; to 1,000.")
    fields = FIELDS
    card_values = {"pips": 5, "faces": 10}
    card_words = {"pips": (lang.L_("pip"), lang.L_("pips")), "faces": (lang.L_("face card"), lang.L_("face cards"))}
    card_names = {"pips": lang.L_("2 to 9"), "faces": lang.L_("10 to K")}
    target = 1000
    uses_decks = False
    rules = (
        HouseRule("long_canasta", "points", 700, lang.L_("Long canasta bonus")),
        HouseRule("short_canasta", "points", 200, lang.L_("Short canasta bonus")),
        HouseRule("bell", "points", 50, lang.L_("Ringing the bell")),
        HouseRule("bells_a_round", "count", 1, lang.L_("Bells a round")),
        HouseRule("bell_counts", "flag", True, lang.L_("The bell counts"), note=lang.L_("even when nobody hears it")),
        HouseRule("min_meld", "points", 30, lang.L_("Opening meld")),
        HouseRule("min_meld_tiers", "tiers", [[600, 60]], lang.L_("Bigger opening melds")),
    )
    canastas = (Canasta("long_canastas", lang.lazy_pgettext("canasta kind", "long"), "long_canasta", 45),
                Canasta("short_canastas", lang.lazy_pgettext("canasta kind", "short"), "short_canasta", 25))
    columns = (SheetColumn(lang.lazy_pgettext("sheet column", "Lg"), "count", "long_canastas"),
               SheetColumn(lang.lazy_pgettext("sheet column", "Sh"), "count", "short_canastas"),
               SheetColumn(lang.lazy_pgettext("sheet column", "Meld"), "points", "melded"),
               SheetColumn(lang.lazy_pgettext("sheet column", "Bell"), "flag", "bell_rung"), SCORE, TOTAL)
    seating = Seating(seat_word=lang.L_("chair"), solo_help=lang.L_("Sit anywhere; the bell decides."))
    words = Words(meld=lang.L_("canasta"), melds=lang.L_("canastas"), round=lang.L_("round"), rounds=lang.L_("rounds"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s round", "%(num)s rounds"))
    part_labels = {"bell": lang.L_("Bell bonus")}
    describe_sides = {"individuals": {"sides": [2, 4], "players_per_side": 1}}

    def default_max_hands(self, sides: list[dict] | None) -> int | None:
        return 50

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        if 2 <= len(sides) <= 4 and all(len(s["players"]) == 1 for s in sides):
            return []
        return [FieldError("sides", lang._("Toy Canasta is played by 2 to 4 players alone."))]

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        rung = [i for i, e in enumerate(entries) if e["bell_rung"]]
        limit = options["house_rules"]["bells_a_round"]
        return [FieldError(f"entries[{i}].bell_rung", lang.ngettext("Only %(num)s bell a round.",
                                                                    "Only %(num)s bells a round.", limit))
                for i in rung[limit:]]

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        r = options["house_rules"]
        return [SideScore(i, {"long_canastas": e["long_canastas"] * r["long_canasta"],
                              "short_canastas": e["short_canastas"] * r["short_canasta"], "melded": e["melded"],
                              "bell": r["bell"] if e["bell_rung"] and r["bell_counts"] else 0})
                for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        order = [p for _, p in seats(sides)]
        k = hands_played % len(order)
        return {"dealer": order[k], "pony_dealer": None, "cutter": None, "first_player": order[(k + 1) % len(order)],
                "seats": order}

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        return super().bonus_rows(rules) + [(lang._("Ringing the bell first"), f"+{lang.number(rules['bell'])}")]

    def going_out_text(self, rules: dict) -> str:
        return lang._("Nobody goes out: a round ends when the bell rings.")


VARIANT = Toy()


# -- a sibling of another shape: rounds (here "deals") instead of a target, a minimum set by the deal, piles ---------
PILE_FIELDS = (
    Field("tall_piles", "count", lang.L_("Tall piles"), lang.L_("Nine cards or more"), group=lang.L_("Piles")),
    Field("short_piles", "count", lang.L_("Short piles"), lang.L_("Five to eight cards"), group=lang.L_("Piles")),
    Field("melded", "points", lang.L_("Melded points"), lang.L_("Every card on the table"), group=lang.L_("Cards")),
    Field("finished", "flag", lang.L_("Finished"), once=lang.L_("Who finished?"),
          nobody=lang.L_(" (the pack ran out)")),
)


class ToyDeals(Variant):
    id = "toy-deals"
    name = lang.L_("Toy Piles")
    summary = lang.L_("A test-only variant of another shape: 2 to 4 players alone or two teams of three; piles; "
                      "3 deals.")
    fields = PILE_FIELDS
    card_values = {"pips": 5, "faces": 10}
    card_words = {"pips": (lang.L_("pip"), lang.L_("pips")), "faces": (lang.L_("face card"), lang.L_("face cards"))}
    card_names = {"pips": lang.L_("2 to 9"), "faces": lang.L_("10 to K")}
    target = None
    score_instead = 500
    uses_decks = False
    rules = (
        HouseRule("opening_by_deal", "list", [20, 40, 60], lang.L_("Opening by deal"), step=5,
                  each=lang.L_("Deal {n}")),
        HouseRule("tall_pile", "points", 300, lang.L_("Tall pile"), step=5),
        HouseRule("short_pile", "points", 100, lang.L_("Short pile"), step=5,
                  off=lang.L_("short piles are not allowed")),
        HouseRule("finishing", "points", 50, lang.L_("Finishing"), step=5, signed=True),
        HouseRule("piles_to_finish", "counts", {"tall": 1, "short": 0}, lang.L_("Piles needed to finish"),
                  words=(("tall", lang.lazy_pgettext("pile kind", "tall")),
                         ("short", lang.lazy_pgettext("pile kind", "short")))),
    )
    canastas = (Canasta("tall_piles", lang.lazy_pgettext("pile kind", "tall"), "tall_pile", 45),
                Canasta("short_piles", lang.lazy_pgettext("pile kind", "short"), "short_pile", 25))
    columns = (SheetColumn(lang.lazy_pgettext("sheet column", "Ta"), "count", "tall_piles"),
               SheetColumn(lang.lazy_pgettext("sheet column", "Sh"), "count", "short_piles"),
               SheetColumn(lang.lazy_pgettext("sheet column", "Meld"), "points", "melded"),
               SheetColumn(lang.lazy_pgettext("sheet column", "Fin"), "flag", "finished"), SCORE, TOTAL)
    words = Words(meld=lang.L_("pile"), melds=lang.L_("piles"), round=lang.L_("deal"),
                  rounds=lang.lazy_pgettext("rounds", "deals"), meld_count=lang.Nn_("%(num)s pile", "%(num)s piles"),
                  round_count=lang.Nn_("%(num)s deal", "%(num)s deals"))
    minimum = ByRound("opening_by_deal")
    part_labels = {"finishing": lang.L_("Finishing")}
    describe_sides = {"individuals": {"sides": [2, 4], "players_per_side": 1},
                      "teams_of_three": {"sides": [2, 2], "players_per_side": 3}}

    def default_max_hands(self, sides: list[dict] | None) -> int | None:
        return 3

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if (sizes == {1} and 2 <= len(sides) <= 4) or (sizes == {3} and len(sides) == 2):
            return []
        return [FieldError("sides", lang._("Toy Piles is played by 2 to 4 players alone or two teams of three."))]

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        off = options["house_rules"]["short_pile"] is None
        return [FieldError(f"entries[{i}].short_piles", lang._("Short piles are not allowed at this table."))
                for i, e in enumerate(entries) if off and e["short_piles"]]

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        r = options["house_rules"]
        return [SideScore(i, {"tall_piles": e["tall_piles"] * r["tall_pile"],
                              "short_piles": e["short_piles"] * (r["short_pile"] or 0), "melded": e["melded"],
                              "finishing": r["finishing"] if e["finished"] else 0})
                for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        return deal_to_the_left(sides, hands_played)

    def going_out_text(self, rules: dict) -> str:
        return lang._("To finish a player needs a tall pile; a deal also ends when the pack runs out.")


DEALS = ToyDeals()

"""Five-person Canasta, "IIM/Can" (RULES.md §3): five players, partner two seats on, rentrap two seats back."""
from __future__ import annotations

import lang

from ..base import Field, FieldError, SideScore, last_side_with, sides_sent
from .shared import IN_HAND, LEFT_COLUMN, MELD_COLUMN, TIE_GOES_TO_GOING_OUT, TIE_PLAYS_ANOTHER_HAND, melded
from ..declare import TOTAL, Canasta, HouseRule, Seating, SheetColumn
from ..shape import Fixed, Words
from ..variant import Variant

CARD_VALUES = {"fifteens": 15, "tens": 10, "fives": 5}
CARD_WORDS = {"fifteens": (lang.L_("fifteen"), lang.L_("fifteens")), "tens": (lang.L_("ten"), lang.L_("tens")),
              "fives": (lang.L_("five"), lang.L_("fives"))}
CARD_NAMES = {"fifteens": lang.lazy_pgettext("card", "A"), "tens": lang.L_("K to 7, jokers and 2s"),
              "fives": lang.L_("6 to 3")}
PACK_CARDS = 110  # two 52-card packs and 6 jokers
PACK_COUNTS = {"fifteens": 8, "tens": 70, "fives": 32}  # 8 aces; K to 7, 2s and jokers 2 × 32 + 6; 6 to 3 2 × 16
CARD_COUNTED = {"fifteens": lang.Nn_("%(num)s fifteen", "%(num)s fifteens"), "tens": lang.Nn_("%(num)s ten", "%(num)s tens"),
                "fives": lang.Nn_("%(num)s five", "%(num)s fives")}
PACK_POINTS = 980  # 2 × (4 × 15 + 28 × 10 + 16 × 5 + 4 × 10) + 6 × 10
WILD_CARDS = 14  # 6 jokers and 8 twos
SEATS = 5

# entry field → (house-rule key of its bonus, cards it holds at least, least melded points, word)
CANASTAS = {
    "pure_canastas": ("pure_canasta_bonus", 7, 35, lang.L_("pure canasta")),
    "impure_canastas": ("impure_canasta_bonus", 7, 35, lang.L_("impure canasta")),
    # a super canasta holds one card of every rank of a suit (RULES.md §4): A 15, K to 7 and the 2
    # at 10 each, 6 to 3 at 5 each = 115; in an impure one a joker (10) stands in for a card: at least 110
    "pure_super_canastas": ("pure_super_canasta_bonus", 13, 115, lang.L_("pure super canasta")),
    "impure_super_canastas": ("impure_super_canasta_bonus", 13, 110, lang.L_("impure super canasta")),
}
# each kind counted, as the checks say it: "2 pure canastas"
COUNTED = {"pure_canastas": lang.Nn_("%(num)s pure canasta", "%(num)s pure canastas"),
           "impure_canastas": lang.Nn_("%(num)s impure canasta", "%(num)s impure canastas"),
           "pure_super_canastas": lang.Nn_("%(num)s pure super canasta", "%(num)s pure super canastas"),
           "impure_super_canastas": lang.Nn_("%(num)s impure super canasta", "%(num)s impure super canastas")}

RULES = (
    HouseRule("pure_canasta_bonus", "points", 100, lang.L_("Pure canasta")),
    HouseRule("impure_canasta_bonus", "points", 50, lang.L_("Impure canasta")),
    HouseRule("pure_super_canasta_bonus", "points", 500, lang.L_("Pure super canasta")),
    HouseRule("impure_super_canasta_bonus", "points", 300, lang.L_("Impure super canasta")),
    HouseRule("kitty_bonus", "points", 50, lang.L_("Kitty picked up")),
    HouseRule("going_out_bonus", "points", 50, lang.L_("Finishing")),
    HouseRule("max_kitties", "count", 2, lang.L_("Kitties in a deal"), lang.L_("Kitties a deal")),
    # seed 002 and RULES.md §3: a player finishes only with a canasta of their own or their partner's
    HouseRule("finish_needs_canasta", "flag", True, lang.L_("Finishing needs a canasta (own or partner's)"),
              note=lang.L_("finishing needs a canasta of one's own or the partner's")),
    HouseRule("meld_minimum", "points", 75, lang.L_("Opening minimum")),
    # with a kitty, when finishing, or when the partner has a canasta
    HouseRule("meld_minimum_reduced", "points", 25, lang.L_("Reduced opening minimum")),
    TIE_GOES_TO_GOING_OUT,
    TIE_PLAYS_ANOTHER_HAND,
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("pure_canastas", "count", lang.L_("Pure canastas"), lang.L_("Seven or more cards, no joker"),
          group=lang.L_("Canastas")),
    Field("impure_canastas", "count", lang.L_("Impure canastas"), lang.L_("Seven or more cards with a joker"),
          group=lang.L_("Canastas")),
    Field("pure_super_canastas", "count", lang.L_("Pure super canastas"), lang.L_("A 13-card sequence, no joker"),
          group=lang.L_("Canastas")),
    Field("impure_super_canastas", "count", lang.L_("Impure super canastas"),
          lang.L_("A 13-card sequence with a joker"), group=lang.L_("Canastas")),
    Field("kitties", "count", lang.L_("Kitties picked up"), group=lang.L_("Kitties")),
    Field("finished", "flag", lang.lazy_pgettext("went out", "Finished"), lang.L_("Went out"),
          once=lang.L_("Who finished?"), nobody=lang.L_(" (the stock ran out)")),
    melded(lang.L_("Card values of every card laid down")), IN_HAND,
)

COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "P"), "count", "pure_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "I"), "count", "impure_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "SP"), "count", "pure_super_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "SI"), "count", "impure_super_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "Kit"), "count", "kitties"),
    SheetColumn(lang.lazy_pgettext("sheet column", "Fin"), "flag", "finished"),
    MELD_COLUMN, LEFT_COLUMN,
    SheetColumn(lang.lazy_pgettext("sheet column", "Own"), "own", legend=lang.L_("own score for the deal")),
    SheetColumn(lang.lazy_pgettext("sheet column", "Deal"), "score",
                legend=lang.L_("deal score: own + partner's own")), TOTAL,
)


def both(names: list[str]) -> str:
    """'Ann and Bo', 'Ann and Bo and Cy', in the current language."""
    said = names[0]
    for name in names[1:]:
        said = lang._("%(items)s and %(last)s", items=said, last=name)
    return said


def partner(seat: int) -> int:
    """A player's partner sits two seats after them."""
    return (seat + 2) % SEATS


def rentrap(seat: int) -> int:
    """A player's rentrap sits two seats before them (and earns their score)."""
    return (seat - 2) % SEATS


class FivePerson(Variant):
    id = "five-person"
    name = lang.L_("Five-person Canasta")
    summary = lang.L_("Exactly five players, each scoring alone; you also earn the score of your partner, two seats "
                      "on; to 4,000.")
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    pack_counts = PACK_COUNTS
    card_counted = CARD_COUNTED
    target = 4000
    rules = RULES
    canastas = tuple(Canasta(f, word, bonus, least) for f, (bonus, _, least, word) in CANASTAS.items())
    columns = COLUMNS
    seating = Seating(seat_word=lang.L_("seat"), redraw_seats=True,
                      solo_help=lang.L_("Type the five players in seat order, clockwise; or type them in any order "
                                        "and draw seats."),
                      partners_help=lang.L_("Your partner sits two seats after you and adds their score to yours; "
                                            "your rentrap, two seats before you, earns yours."),
                      partners=(("partner", lang.L_("Partner")), ("rentrap", lang.L_("Rentrap"))),
                      seats_caption=lang.L_("Seats, partners and rentraps"))
    words = Words(meld=lang.L_("canasta"), melds=lang.L_("canastas"), round=lang.L_("deal"),
                  rounds=lang.lazy_pgettext("rounds", "deals"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s deal", "%(num)s deals"))
    going_out_field = "finished"
    minimum = Fixed("meld_minimum", "meld_minimum_reduced",
                    lang.L_("With a kitty, when finishing, or when the partner has a canasta"))
    part_labels = {"finishing": lang.L_("Finishing"), "kitties": lang.L_("Kitties"), "own_score": lang.L_("Own score"),
                   "partner_share": lang.L_("Partner's share")}
    uses_decks = False
    decks_note = lang.L_("One 110-card pack: two 52-card packs and 6 jokers")
    describe_sides = {"individuals": {"sides": [5, 5], "players_per_side": 1}}

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        if len(sides) == SEATS and all(len(s["players"]) == 1 for s in sides):
            return []
        return [FieldError("sides", lang._("Five-person Canasta needs exactly five players, one per side, in seat "
                                           "order; got %(sent)s.", sent=sides_sent(sides)))]

    def field_bounds(self, options: dict) -> dict[str, int]:
        return {"pure_canastas": PACK_CARDS // 7, "impure_canastas": PACK_CARDS // 7,
                "pure_super_canastas": PACK_CARDS // 13, "impure_super_canastas": PACK_CARDS // 13,
                "kitties": options["house_rules"]["max_kitties"], "melded": PACK_POINTS, "in_hand": PACK_POINTS}

    def partners(self, names: list[str]) -> list[dict]:
        """Each seat's partner (two seats on) and rentrap (two seats back), once all five are seated."""
        if len(names) != SEATS:
            return []
        return [{"player": names[i], "partner": names[partner(i)], "rentrap": names[rentrap(i)]} for i in range(SEATS)]

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        return super().bonus_rows(rules) + [
            (lang._("Kitty picked up (at most %(most)s a deal)", most=lang.number(rules["max_kitties"])),
             lang._("%(points)s each", points="+" + lang.number(rules["kitty_bonus"]))),
            (lang._("Finishing (going out)"), "+" + lang.number(rules["going_out_bonus"])),
            (lang._("Super canasta (13-card sequence, at least 115 melded points; 110 with a joker): "
                    "its bonus replaces the canasta bonus"), ""),
            (lang._("Deal score: your own score + your partner's (two seats on)"), "")]

    def going_out_text(self, rules: dict) -> str:
        if rules["finish_needs_canasta"]:
            return lang._("To finish, the player or their partner (two seats after) must have a canasta. "
                          "At most one player finishes a deal.")
        return lang._("A player may finish without a canasta. At most one player finishes a deal.")

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        rules = options["house_rules"]
        errors = []
        for i, e in enumerate(entries):
            need = sum(e[f] * least for f, (_, _, least, _) in CANASTAS.items())
            if e["melded"] < need:
                held = ", ".join(lang.counted(COUNTED[f], e[f]) for f in CANASTAS if e[f])
                errors.append(FieldError(f"entries[{i}].melded", lang._(
                    "Melded points are %(melded)s, but %(held)s alone hold at least %(need)s points of cards.",
                    melded=lang.number(e["melded"]), held=held, need=lang.number(need))))
        kitties = sum(e["kitties"] for e in entries)
        if kitties > rules["max_kitties"]:
            errors.append(FieldError(f"entries[{last_side_with(entries, 'kitties')}].kitties", lang.ngettext(
                "%(num)s kitty recorded, but a deal has only %(most)s.",
                "%(num)s kitties recorded, but a deal has only %(most)s.",
                kitties, most=lang.number(rules["max_kitties"]))))
        cards = sum(e[f] * n for e in entries for f, (_, n, _, _) in CANASTAS.items())
        if cards > PACK_CARDS:
            i = last_side_with(entries, *CANASTAS)
            field = next(f for f in reversed(CANASTAS) if entries[i][f])
            errors.append(FieldError(f"entries[{i}].{field}", lang._(
                "The canastas recorded need at least %(cards)s cards, but the pack has only %(pack)s.",
                cards=lang.number(cards), pack=lang.number(PACK_CARDS))))
        wild = sum(e["impure_canastas"] + e["impure_super_canastas"] for e in entries)
        if wild > WILD_CARDS:
            i = last_side_with(entries, "impure_canastas", "impure_super_canastas")
            field = "impure_canastas" if entries[i]["impure_canastas"] else "impure_super_canastas"
            errors.append(FieldError(f"entries[{i}].{field}", lang.ngettext(
                "%(num)s impure canasta needs a joker, but the pack has only %(wild)s jokers and 2s.",
                "%(num)s impure canastas need a joker each, but the pack has only %(wild)s jokers and 2s.",
                wild, wild=lang.number(WILD_CARDS))))
        points = sum(e["melded"] + e["in_hand"] for e in entries)
        if points > PACK_POINTS:
            i = last_side_with(entries, "melded", "in_hand")
            errors.append(FieldError(f"entries[{i}].{'in_hand' if entries[i]['in_hand'] else 'melded'}", lang._(
                "All players together recorded %(points)s card points, but the %(cards)s-card pack holds only "
                "%(limit)s.", points=lang.number(points), cards=lang.number(PACK_CARDS),
                limit=lang.number(PACK_POINTS))))
        finishers = [i for i, e in enumerate(entries) if e["finished"]]
        if len(finishers) > 1:
            names = both([sides[i]["name"] for i in finishers])
            for i in finishers[1:]:
                errors.append(FieldError(f"entries[{i}].finished", lang._(
                    "Only one player can finish a deal, but %(names)s are marked.", names=names)))
        if rules["finish_needs_canasta"]:
            for i in finishers:
                if not any(entries[j][f] for j in (i, partner(i)) for f in CANASTAS):
                    errors.append(FieldError(f"entries[{i}].finished", lang._(
                        "%(name)s cannot finish: finishing needs a canasta, and neither %(name)s nor their partner "
                        "%(partner)s has one.", name=sides[i]["name"], partner=sides[partner(i)]["name"])))
        return errors

    def own_parts(self, e: dict, rules: dict) -> dict[str, int]:
        """A player's own score for the deal, part by part."""
        parts = {"melded": e["melded"], "in_hand": -e["in_hand"], "kitties": e["kitties"] * rules["kitty_bonus"],
                 "finishing": rules["going_out_bonus"] if e["finished"] else 0}
        parts.update({f: e[f] * rules[key] for f, (key, _, _, _) in CANASTAS.items()})
        return parts

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        own = [self.own_parts(e, rules) for e in entries]
        own_totals = [sum(p.values()) for p in own]
        return [SideScore(i, {"own_score": own_totals[i], "partner_share": own_totals[partner(i)]},
                          {"own": own_totals[i], "own_breakdown": own[i], "partner": partner(i)})
                for i in range(len(entries))]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left each time; partners and rentraps follow the seats."""
        names = [s["players"][0] for s in sides]
        k = hands_played % SEATS
        return {"dealer": names[k], "pony_dealer": None, "cutter": None, "first_player": names[(k + 1) % SEATS],
                "seats": names,
                "partners": self.partners(names)}


VARIANT = FivePerson()

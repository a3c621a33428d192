"""Five-person Canasta, "IIM/Can" (RULES.md §3): five players, partner two seats on, rentrap two seats back."""
from __future__ import annotations

from .base import Field, FieldError, SideScore, last_side_with, plural, sides_sent
from .declare import TOTAL, Canasta, HouseRule, Seating, SheetColumn, points
from .shape import Fixed, Words
from .variant import Variant

CARD_VALUES = {"fifteens": 15, "tens": 10, "fives": 5}
CARD_WORDS = {"fifteens": ("fifteen", "fifteens"), "tens": ("ten", "tens"), "fives": ("five", "fives")}
CARD_NAMES = {"fifteens": "A", "tens": "K to 7, jokers and 2s", "fives": "6 to 3"}
PACK_CARDS = 110  # two 52-card packs and 6 jokers
PACK_POINTS = 980  # 2 × (4 × 15 + 28 × 10 + 16 × 5 + 4 × 10) + 6 × 10
WILD_CARDS = 14  # 6 jokers and 8 twos
SEATS = 5

# entry field → (house-rule key of its bonus, cards it holds at least, least melded points, word)
CANASTAS = {
    "pure_canastas": ("pure_canasta", 7, 35, "pure canasta"),
    "impure_canastas": ("impure_canasta", 7, 35, "impure canasta"),
    # a super canasta holds one card of every rank of a suit (RULES.md §4): A 15, K to 7 and the 2
    # at 10 each, 6 to 3 at 5 each = 115; in an impure one a joker (10) stands in for a card: at least 110
    "pure_super_canastas": ("pure_super_canasta", 13, 115, "pure super canasta"),
    "impure_super_canastas": ("impure_super_canasta", 13, 110, "impure super canasta"),
}

RULES = (
    HouseRule("pure_canasta", "points", 100, "Pure canasta"),
    HouseRule("impure_canasta", "points", 50, "Impure canasta"),
    HouseRule("pure_super_canasta", "points", 500, "Pure super canasta"),
    HouseRule("impure_super_canasta", "points", 300, "Impure super canasta"),
    HouseRule("kitty", "points", 50, "Kitty picked up"),
    HouseRule("finishing", "points", 50, "Finishing"),
    HouseRule("max_kitties", "count", 2, "Kitties in a deal", "Kitties a deal"),
    # seed 002 and RULES.md §3: a player finishes only with a canasta of their own or their partner's
    HouseRule("finish_needs_canasta", "flag", True, "Finishing needs a canasta (own or partner's)",
              note="finishing needs a canasta of one's own or the partner's"),
    HouseRule("opening_minimum", "points", 75, "Opening minimum"),
    # with a kitty, when finishing, or when the partner has a canasta
    HouseRule("opening_minimum_reduced", "points", 25, "Reduced opening minimum"),
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("pure_canastas", "count", "Pure canastas", "Seven or more cards, no joker", group="Canastas"),
    Field("impure_canastas", "count", "Impure canastas", "Seven or more cards with a joker", group="Canastas"),
    Field("pure_super_canastas", "count", "Pure super canastas", "A 13-card sequence, no joker", group="Canastas"),
    Field("impure_super_canastas", "count", "Impure super canastas", "A 13-card sequence with a joker", group="Canastas"),
    Field("kitties", "count", "Kitties picked up", group="Kitties"),
    Field("finished", "flag", "Finished", "Went out", once="Who finished?"),
    Field("melded", "points", "Melded points", "Card values of every card laid down", group="Cards"),
    Field("in_hand", "points", "In-hand points", "Card values of cards left in hand", group="Cards"),
)

COLUMNS = (
    SheetColumn("P", "count", "pure_canastas"), SheetColumn("I", "count", "impure_canastas"),
    SheetColumn("SP", "count", "pure_super_canastas", optional=True),
    SheetColumn("SI", "count", "impure_super_canastas", optional=True),
    SheetColumn("Kit", "count", "kitties"), SheetColumn("Fin", "flag", "finished"),
    SheetColumn("Meld", "points", "melded"), SheetColumn("Left", "points", "in_hand"),
    SheetColumn("Own", "own", legend="own score for the deal"),
    SheetColumn("Deal", "score", legend="deal score: own + partner's own"), TOTAL,
)


def partner(seat: int) -> int:
    """A player's partner sits two seats after them."""
    return (seat + 2) % SEATS


def rentrap(seat: int) -> int:
    """A player's rentrap sits two seats before them (and earns their score)."""
    return (seat - 2) % SEATS


class FivePerson(Variant):
    id = "five-person"
    name = "Five-person Canasta"
    summary = "Exactly five players, each scoring alone; you also earn the score of your partner, two seats on; to 4,000."
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    target = 4000
    rules = RULES
    canastas = tuple(Canasta(f, word, bonus, least) for f, (bonus, _, least, word) in CANASTAS.items())
    columns = COLUMNS
    seating = Seating(seat_word="seat", redraw_seats=True,
                      solo_help="Type the five players in seat order, clockwise; or type them in any order and draw seats.",
                      partners_help="Your partner sits two seats after you and adds their score to yours; your "
                                    "rentrap, two seats before you, earns yours.",
                      partners=(("partner", "Partner"), ("rentrap", "Rentrap")),
                      seats_caption="Seats, partners and rentraps")
    words = Words(round="deal", rounds="deals")
    minimum = Fixed("opening_minimum", "opening_minimum_reduced",
                    "With a kitty, when finishing, or when the partner has a canasta")
    part_labels = {"finishing": "Finishing", "kitties": "Kitties", "own_score": "Own score",
                   "partner_share": "Partner's share"}
    uses_decks = False
    decks_note = "One 110-card pack: two 52-card packs and 6 jokers"
    describe_sides = {"individuals": {"sides": [5, 5], "players_per_side": 1}}

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        if len(sides) == SEATS and all(len(s["players"]) == 1 for s in sides):
            return []
        return [FieldError("sides", "Five-person Canasta needs exactly five players, one per side, in seat order; "
                                    f"got {sides_sent(sides)}.")]

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
            (f"Kitty picked up (at most {rules['max_kitties']} a deal)", f"+{points(rules['kitty'])} each"),
            ("Finishing (going out)", f"+{points(rules['finishing'])}"),
            ("Super canasta (13-card sequence, at least 115 melded points; 110 with a joker): "
             "its bonus replaces the canasta bonus", ""),
            ("Deal score: your own score + your partner's (two seats on)", "")]

    def going_out_text(self, rules: dict) -> str:
        if rules["finish_needs_canasta"]:
            return ("To finish, the player or their partner (two seats after) must have a canasta. "
                    "At most one player finishes a deal.")
        return "A player may finish without a canasta. At most one player finishes a deal."

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        rules = options["house_rules"]
        errors = []
        for i, e in enumerate(entries):
            need = sum(e[f] * least for f, (_, _, least, _) in CANASTAS.items())
            if e["melded"] < need:
                held = ", ".join(plural(e[f], word) for f, (_, _, _, word) in CANASTAS.items() if e[f])
                errors.append(FieldError(f"entries[{i}].melded", f"Melded points are {e['melded']:,}, but {held} "
                                                                 f"alone hold at least {need:,} points of cards."))
        kitties = sum(e["kitties"] for e in entries)
        if kitties > rules["max_kitties"]:
            errors.append(FieldError(f"entries[{last_side_with(entries, 'kitties')}].kitties",
                                     f"{plural(kitties, 'kitty', 'kitties')} recorded, but a deal has only "
                                     f"{rules['max_kitties']}."))
        cards = sum(e[f] * n for e in entries for f, (_, n, _, _) in CANASTAS.items())
        if cards > PACK_CARDS:
            i = last_side_with(entries, *CANASTAS)
            field = next(f for f in reversed(CANASTAS) if entries[i][f])
            errors.append(FieldError(f"entries[{i}].{field}",
                                     f"The canastas recorded need at least {cards} cards, but the pack has only {PACK_CARDS}."))
        wild = sum(e["impure_canastas"] + e["impure_super_canastas"] for e in entries)
        if wild > WILD_CARDS:
            i = last_side_with(entries, "impure_canastas", "impure_super_canastas")
            field = "impure_canastas" if entries[i]["impure_canastas"] else "impure_super_canastas"
            errors.append(FieldError(f"entries[{i}].{field}",
                                     f"{plural(wild, 'impure canasta')} need a joker each, but the pack has only "
                                     f"{WILD_CARDS} jokers and 2s."))
        points = sum(e["melded"] + e["in_hand"] for e in entries)
        if points > PACK_POINTS:
            i = last_side_with(entries, "melded", "in_hand")
            errors.append(FieldError(f"entries[{i}].{'in_hand' if entries[i]['in_hand'] else 'melded'}",
                                     f"All players together recorded {points:,} card points, but the "
                                     f"{PACK_CARDS}-card pack holds only {PACK_POINTS:,}."))
        finishers = [i for i, e in enumerate(entries) if e["finished"]]
        if len(finishers) > 1:
            names = " and ".join(sides[i]["name"] for i in finishers)
            for i in finishers[1:]:
                errors.append(FieldError(f"entries[{i}].finished", f"Only one player can finish a deal, but {names} are marked."))
        if rules["finish_needs_canasta"]:
            for i in finishers:
                if not any(entries[j][f] for j in (i, partner(i)) for f in CANASTAS):
                    errors.append(FieldError(f"entries[{i}].finished",
                                             f"{sides[i]['name']} cannot finish: finishing needs a canasta, and neither "
                                             f"{sides[i]['name']} nor their partner {sides[partner(i)]['name']} has one."))
        return errors

    def own_parts(self, e: dict, rules: dict) -> dict[str, int]:
        """A player's own score for the deal, part by part."""
        parts = {"melded": e["melded"], "in_hand": -e["in_hand"], "kitties": e["kitties"] * rules["kitty"],
                 "finishing": rules["finishing"] if e["finished"] else 0}
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

"""Hand and Foot (RULES.md §8): books, a hand and a foot a player, a set number of rounds, minimums by round."""
from __future__ import annotations

import lang

from .base import Field, FieldError, SideScore, last_side_with, sides_sent
from .common import (LEFT_COLUMN, MELD_COLUMN, OUT_COLUMN, TIE_GOES_TO_GOING_OUT, WENT_OUT, decks_counted,
                     in_hand, melded, points_rule)
from .declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn
from .deck54 import (CANASTA_CARDS, CARD_NAMES, CARD_VALUES, CARD_WORDS, DECK_POINTS, NATURALS_PER_DECK,
                     SEVENS_PER_DECK, THREES_PER_DECK, WILD_PER_DECK, deck_limits, melded_covers_canastas, one_goes_out)
from .shape import ByRound, Words
from .variant import Variant, deal_to_the_left

# RULES.md §8 "End of game": a number of rounds, unless the table plays to a score
DEFAULT_MAX_HANDS = 4  # rounds; a table that plays to a score sets `target` and clears this (null)
DEFAULT_TARGET = None  # none unless the table sets one (often 10,000); with both set, whichever comes first
MOST_PLAYERS_A_SIDE = 3  # two teams of three
NATURALS_IN_DIRTY = 4  # a dirty book holds 1 to 3 wild cards, its naturals always more


def decks_for_players(sides: list[dict]) -> int:
    """One deck more than there are players (5 for two partnerships of two)."""
    return sum(len(s["players"]) for s in sides) + 1


CANASTAS = (
    Canasta("natural_canastas", lang.lazy_pgettext("book kind", "clean"), "natural_canasta_bonus", 35),
    Canasta("dirty_canastas", lang.lazy_pgettext("book kind", "dirty"), "dirty_canasta_bonus", 50),
    Canasta("wild_canastas", lang.lazy_pgettext("book kind", "wild"), "wild_canasta_bonus", 140),
    Canasta("sevens_canastas", lang.lazy_pgettext("book kind", "sevens"), "sevens_canasta_bonus", 35),
)
BOOK_LEAST = {c.field: c.least for c in CANASTAS}
# each kind as the checks name it, one of them ("clean book"), and counted ("2 clean books")
BOOK_WORDS = {"natural_canastas": lang.L_("clean book"), "dirty_canastas": lang.L_("dirty book"),
              "wild_canastas": lang.L_("wild book"), "sevens_canastas": lang.L_("sevens book")}
BOOKS_COUNTED = {"natural_canastas": lang.Nn_("%(num)s clean book", "%(num)s clean books"),
                 "dirty_canastas": lang.Nn_("%(num)s dirty book", "%(num)s dirty books"),
                 "wild_canastas": lang.Nn_("%(num)s wild book", "%(num)s wild books"),
                 "sevens_canastas": lang.Nn_("%(num)s sevens book", "%(num)s sevens books")}
NEED_WORDS = {"natural": "natural_canastas", "dirty": "dirty_canastas", "wild": "wild_canastas"}  # go_out_needs' keys


RULES = (
    HouseRule("meld_minimums", "list", [50, 90, 120, 150], lang.L_("Initial meld minimum by round"),
              lang.L_("Meld minimums by round"), note=lang.L_("round 1, round 2 …; later rounds keep the last"),
              step=5, each=lang.L_("Round {n}")),
    points_rule("natural_canasta_bonus", 500, lang.L_("Clean book")),
    points_rule("dirty_canasta_bonus", 300, lang.L_("Dirty book")),
    points_rule("wild_canasta_bonus", 1500, lang.L_("Wild book"), off=lang.L_("wild books are not allowed")),
    points_rule("sevens_canasta_bonus", None, lang.L_("Sevens book"), off=lang.L_("a sevens book is a clean book")),
    points_rule("going_out_bonus", 100, lang.L_("Going out")),
    points_rule("red_three_bonus", 100, lang.L_("Red three laid down"), lang.L_("Red three laid down, each"),
                 signed=True, note=lang.L_("may be below 0")),
    points_rule("red_three_penalty", 500, lang.L_("Red three held (minus)"), lang.L_("Red three held, each")),
    points_rule("black_three_penalty", 5, lang.L_("Black three held (minus)"), lang.L_("Black three held, each")),
    points_rule("exact_pickup_bonus", 100, lang.L_("Exact pick-up"), lang.L_("Exact pick-up, each")),
    HouseRule("go_out_needs", "counts", {"natural": 1, "dirty": 1, "wild": 0}, lang.L_("Books needed to go out"),
              note=lang.L_("natural: clean books (a sevens book counts), dirty, wild; a key left out counts 0"),
              words=(("natural", lang.lazy_pgettext("book kind", "clean")),
                     ("dirty", lang.lazy_pgettext("book kind", "dirty")),
                     ("wild", lang.lazy_pgettext("book kind", "wild")))),
    HouseRule("unplayed_foot_counts", "flag", True, lang.L_("An unplayed foot counts against the side"),
              lang.L_("Unplayed foot counts against")),
    TIE_GOES_TO_GOING_OUT,
)
HOUSE_RULES = {r.key: r.default for r in RULES}

HELD_WORDS = lang.L_("Left in a hand, or in a foot nobody picked up")
FIELDS = (
    Field("natural_canastas", "count", lang.L_("Clean books"),
          lang.L_("7 or more cards of one rank, no jokers or 2s (red book)"),
          short=(lang.lazy_pgettext("books", "Clean"), ""), group=lang.L_("Books")),
    Field("dirty_canastas", "count", lang.L_("Dirty books"),
          lang.L_("7 or more cards of one rank with 1 to 3 jokers or 2s (black book)"),
          short=(lang.lazy_pgettext("books", "Dirty"), ""), group=lang.L_("Books")),
    Field("wild_canastas", "count", lang.L_("Wild books"), lang.L_("7 jokers and 2s, nothing else"),
          short=(lang.lazy_pgettext("books", "Wild"), ""), group=lang.L_("Books")),
    Field("sevens_canastas", "count", lang.L_("Sevens books"),
          lang.L_("7 sevens, no jokers or 2s (only if the table scores them apart)"),
          short=(lang.lazy_pgettext("books", "Sevens"), ""), group=lang.L_("Books")),
    Field("red_threes", "count", lang.L_("Red threes laid down"), lang.L_("Put down on the table"),
          short=(lang.lazy_pgettext("threes", "Red"), lang.lazy_pgettext("threes", "laid down")),
          group=lang.L_("Threes")),
    Field("red_threes_held", "count", lang.L_("Red threes held"), HELD_WORDS,
          short=(lang.lazy_pgettext("threes", "Red"), lang.lazy_pgettext("threes", "held")), group=lang.L_("Threes")),
    Field("black_threes", "count", lang.L_("Black threes held"), HELD_WORDS,
          short=(lang.lazy_pgettext("threes", "Black"), lang.lazy_pgettext("threes", "held")),
          group=lang.L_("Threes")),
    Field("exact_pickups", "count", lang.L_("Exact pick-ups"),
          lang.L_("Players who picked up exactly the cards for hand and foot"), group=lang.L_("Cards")),
    melded(lang.L_("Card values of every card on the table, books included")),
    in_hand(lang.L_("Cards left in the side's hands, a foot picked up included")),
    Field("in_foot", "points", lang.L_("Unplayed foot"), lang.L_("Cards of a foot nobody picked up"),
          group=lang.L_("Cards")),
    WENT_OUT,
)
LABELS = {f.name: f.label for f in FIELDS}
HELD = ("in_hand", "in_foot", "red_threes_held", "black_threes")  # what a player alone who went out cannot hold

COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "C"), "count", "natural_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "D"), "count", "dirty_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "W"), "count", "wild_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "7s"), "count", "sevens_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3h"), "count", "red_threes_held"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "Ex"), "count", "exact_pickups", optional=True),
    MELD_COLUMN, LEFT_COLUMN,
    SheetColumn(lang.lazy_pgettext("sheet column", "Foot"), "points", "in_foot", optional=True,
                counted_by="unplayed_foot_counts"),
    OUT_COLUMN, SCORE, TOTAL,
)


def missing_books(entry: dict, needs: dict[str, int]) -> dict[str, int]:
    """How many books of each `go_out_needs` kind a side lacks to go out (RULES.md §8 "Going out")."""
    # a sevens book counts as clean, a clean (or sevens) book beyond those needed stands in for a missing dirty one,
    # a wild book never stands in
    clean = entry["natural_canastas"] + entry["sevens_canastas"]
    spare = max(0, clean - needs["natural"])
    return {"natural": max(0, needs["natural"] - clean),
            "dirty": max(0, needs["dirty"] - entry["dirty_canastas"] - spare),
            "wild": max(0, needs["wild"] - entry["wild_canastas"])}


def listed_and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c', in the current language."""
    if len(items) == 1:
        return items[0]
    return lang._("%(items)s and %(last)s", items=", ".join(items[:-1]), last=items[-1])


def books(counts: dict[str, int]) -> str:
    """{"natural": 2, "dirty": 1, "wild": 0} → '2 clean books and 1 dirty book'."""
    said = [lang.counted(BOOKS_COUNTED[NEED_WORDS[k]], n) for k, n in counts.items() if n]
    return listed_and(said or [lang._("no book")])


def signed_points(n: int, sign: str = "+") -> str:
    """A bonus or a penalty as the rules card writes it: '+100', '−5'; a bonus below 0 keeps its own sign."""
    return lang.number(n) if n < 0 else sign + lang.number(n)


class HandAndFoot(Variant):
    id = "hand-and-foot"
    name = lang.L_("Hand and Foot")
    summary = lang.L_("2 or 3 partnerships, two teams of three, or 2 to 6 players alone; a hand and a foot each; "
                      "books; 4 rounds.")
    fields = FIELDS
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    valueless_cards = lang.L_("3 (red or black)")
    target = DEFAULT_TARGET
    score_instead = 10000  # RULES.md §8: a table that plays to a score often plays to 10,000
    rules = RULES
    canastas = CANASTAS
    columns = COLUMNS
    words = Words(meld=lang.L_("book"), melds=lang.L_("books"), round=lang.L_("round"), rounds=lang.L_("rounds"),
                  meld_count=lang.Nn_("%(num)s book", "%(num)s books"),
                  round_count=lang.Nn_("%(num)s round", "%(num)s rounds"))
    minimum = ByRound("meld_minimums")  # by the round, the same for every side
    part_labels = {"going_out": lang.L_("Going out")}
    describe_sides = {"partnerships": {"sides": [2, 3], "players_per_side": 2},
                      "teams_of_three": {"sides": [2, 2], "players_per_side": 3},
                      "individuals": {"sides": [2, 6], "players_per_side": 1}}
    decks_note = lang.L_("One deck more than there are players (5 for two partnerships)")
    describe_decks = 5
    decks_range = (2, 12)

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if (sizes == {2} and 2 <= len(sides) <= 3) or (sizes == {3} and len(sides) == 2) or \
                (sizes == {1} and 2 <= len(sides) <= 6):
            return []
        return [FieldError("sides", lang._("Hand and Foot is played by 2 or 3 partnerships of two players, by two "
                                           "teams of three, or by 2 to 6 players alone; got %(sent)s.",
                                           sent=sides_sent(sides)))]

    def default_decks(self, sides: list[dict]) -> int:
        return decks_for_players(sides)

    def default_max_hands(self, sides: list[dict] | None) -> int | None:
        return DEFAULT_MAX_HANDS

    def check_house_rules(self, rules: dict) -> list[FieldError]:
        if rules["wild_canasta_bonus"] is None and rules["go_out_needs"]["wild"]:
            return [FieldError("options.house_rules.go_out_needs.wild", lang._(
                "Going out cannot need a wild book while wild books are not allowed (wild_canasta_bonus is null): set "
                "wild to 0 in go_out_needs, or give wild books a bonus."))]
        return []

    def field_bounds(self, options: dict) -> dict[str, int]:
        d, rules = options["decks"], options["house_rules"]
        cards = DECK_POINTS * d
        return {"natural_canastas": NATURALS_PER_DECK * d // CANASTA_CARDS,
                "dirty_canastas": WILD_PER_DECK * d,  # each holds a joker or 2: fewer than the naturals would allow
                "wild_canastas": 0 if rules["wild_canasta_bonus"] is None else WILD_PER_DECK * d // CANASTA_CARDS,
                "sevens_canastas": 0 if rules["sevens_canasta_bonus"] is None else SEVENS_PER_DECK * d // CANASTA_CARDS,
                "red_threes": THREES_PER_DECK * d, "red_threes_held": THREES_PER_DECK * d,
                "black_threes": THREES_PER_DECK * d, "exact_pickups": MOST_PLAYERS_A_SIDE,
                "melded": cards, "in_hand": cards, "in_foot": cards if rules["unplayed_foot_counts"] else 0}

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        rules, decks = options["house_rules"], options["decks"]
        errors = deck_limits(entries, decks, red="red_threes", red_held="red_threes_held", black="black_threes",
                             red_word=lang.L_("red three"), black_word=lang.L_("black three"),
                             wild_full="wild_canastas", dirty="dirty_canastas", sevens="sevens_canastas",
                             dirty_word=BOOK_WORDS["dirty_canastas"], wild_word=BOOK_WORDS["wild_canastas"],
                             sevens_word=BOOK_WORDS["sevens_canastas"], cards=("melded", "in_hand", "in_foot"),
                             cards_words=lang.L_("melded, in hands and in feet"))
        errors += self._naturals(entries, decks)
        errors += melded_covers_canastas(entries, BOOK_LEAST, BOOK_WORDS)
        off = {"wild_canastas": rules["wild_canasta_bonus"] is None, "sevens_canastas": rules["sevens_canasta_bonus"] is None,
               "in_foot": not rules["unplayed_foot_counts"]}
        for i, e in enumerate(entries):
            name, players = sides[i]["name"], len(sides[i]["players"])
            errors += [FieldError(f"entries[{i}].{f}", self._off_words(f, e[f])) for f, is_off in off.items()
                       if is_off and e[f]]
            if e["exact_pickups"] > players:
                errors.append(FieldError(f"entries[{i}].exact_pickups", lang.ngettext(
                    "%(name)s has %(num)s player, so at most %(most)s exact pick-ups (one a player), not %(given)s.",
                    "%(name)s has %(num)s players, so at most %(most)s exact pick-ups (one a player), not %(given)s.",
                    players, name=name, most=lang.number(players), given=lang.number(e["exact_pickups"]))))
            if e["went_out"] and players == 1:
                errors += [FieldError(f"entries[{i}].{f}", lang._(
                    "%(name)s went out playing alone, so nothing is left in hand or foot: %(field)s must be 0, not "
                    "%(value)s.", name=name, field=LABELS[f], value=lang.number(e[f])))
                           for f in HELD if e[f] and not off.get(f)]  # an unplayed foot not counted is refused once
        errors += one_goes_out(entries, sides, "went_out", {}, "go out", words=self.words)
        for i, e in enumerate(entries):
            missing = missing_books(e, rules["go_out_needs"]) if e["went_out"] else {}
            if any(missing.values()):
                name = sides[i]["name"]
                errors.append(FieldError(f"entries[{i}].went_out", lang._(
                    "%(name)s cannot go out: going out needs %(needs)s, and %(name)s is %(missing)s short. A sevens "
                    "book counts as clean and a spare clean book may stand in for a dirty one; a wild book stands in "
                    "for neither.", name=name, needs=books(rules["go_out_needs"]), missing=books(missing))))
        return errors

    @staticmethod
    def _naturals(entries: list[dict], decks: int) -> list[FieldError]:
        """The natural cards of ranks 4 to A the books hold: 7 a clean or sevens book, at least 4 a dirty one."""
        kinds = ("natural_canastas", "sevens_canastas", "dirty_canastas")
        totals = {f: sum(e[f] for e in entries) for f in kinds}
        need = CANASTA_CARDS * (totals["natural_canastas"] + totals["sevens_canastas"]) + \
            NATURALS_IN_DIRTY * totals["dirty_canastas"]
        if need <= NATURALS_PER_DECK * decks:
            return []
        side = last_side_with(entries, *kinds)
        field = next(f for f in reversed(kinds) if entries[side][f])
        held = listed_and([lang.counted(BOOKS_COUNTED[f], n) for f, n in totals.items() if n])
        return [FieldError(f"entries[{side}].{field}", lang._(
            "%(books)s need at least %(need)s natural cards (4s to aces), but %(decks)s hold only %(limit)s.",
            books=held, need=lang.number(need), decks=decks_counted(decks),
            limit=lang.number(NATURALS_PER_DECK * decks)))]

    @staticmethod
    def _off_words(field: str, value: int) -> str:
        if field == "wild_canastas":
            return lang._("Wild books are not allowed at this table (house rule wild_canasta_bonus is off), so "
                          "Wild books must be 0, not %(value)s.", value=lang.number(value))
        if field == "sevens_canastas":
            return lang._("Sevens books are not scored apart at this table: count a sevens book as a clean book and "
                          "leave Sevens books at 0, not %(value)s.", value=lang.number(value))
        return lang._("An unplayed foot does not count at this table (house rule unplayed_foot_counts is off): leave "
                      "Unplayed foot at 0, not %(value)s, and its threes out of the threes held.",
                      value=lang.number(value))

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        wild, sevens, foot = rules["wild_canasta_bonus"] or 0, rules["sevens_canasta_bonus"] or 0, rules["unplayed_foot_counts"]
        return [SideScore(i, {
            "natural_canastas": e["natural_canastas"] * rules["natural_canasta_bonus"],
            "dirty_canastas": e["dirty_canastas"] * rules["dirty_canasta_bonus"],
            "wild_canastas": e["wild_canastas"] * wild,
            "sevens_canastas": e["sevens_canastas"] * sevens,
            "red_threes": e["red_threes"] * rules["red_three_bonus"],
            "going_out": rules["going_out_bonus"] if e["went_out"] else 0,
            "exact_pickups": e["exact_pickups"] * rules["exact_pickup_bonus"],
            "melded": e["melded"],
            "in_hand": -e["in_hand"],
            "in_foot": -e["in_foot"] if foot else 0,
            "red_threes_held": -e["red_threes_held"] * rules["red_three_penalty"],
            "black_threes": -e["black_threes"] * rules["black_three_penalty"],
        }) for i, e in enumerate(entries)]

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left each round and the dealer's left plays first; nobody cuts for others."""
        return deal_to_the_left(sides, hands_played)

    # -- the rules card, in Hand and Foot's words ------------------------------------------
    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        each = lambda n, sign="+": lang._("%(points)s each", points=signed_points(n, sign))  # noqa: E731
        return [(lang._("Melded points (book cards included)"), lang._("plus")),
                (lang._("Points left in hands (a foot picked up included)"), lang._("minus")),
                (lang._("Foot nobody picked up"),
                 lang._("minus its points and threes") if rules["unplayed_foot_counts"] else lang._("not counted")),
                (lang._("Red three laid down"), each(rules["red_three_bonus"], "+")),
                (lang._("Red three held"), each(rules["red_three_penalty"], "\u2212")),
                (lang._("Black three held"), each(rules["black_three_penalty"], "\u2212")),
                (lang._("Going out"), "+" + lang.number(rules["going_out_bonus"])),
                (lang._("Exact pick-up: a player who picked up exactly the cards for hand and foot"),
                 each(rules["exact_pickup_bonus"]))]

    def going_out_text(self, rules: dict) -> str:
        needs = rules["go_out_needs"]
        if any(needs.values()):
            return lang._("To go out a side needs %(books)s: a sevens book counts as clean, a spare clean book may "
                          "stand in for a dirty one, a wild book stands in for neither. A player alone who goes out "
                          "holds no cards. At most one side goes out; a round may also end when the stock runs out.",
                          books=books(needs))
        return lang._("To go out a side needs no book: a sevens book counts as clean, a spare clean book may stand in "
                      "for a dirty one, a wild book stands in for neither. A player alone who goes out holds no "
                      "cards. At most one side goes out; a round may also end when the stock runs out.")


VARIANT = HandAndFoot()

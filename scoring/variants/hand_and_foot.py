"""Hand and Foot (RULES.md §8): books, a hand and a foot a player, a set number of rounds, minimums by round."""
from __future__ import annotations

from collections.abc import Mapping

import lang

from ..base import Field, FieldError, SideScore, last_side_with, sides_sent
from ..base import totals as added_up
from .shared import LEFT_COLUMN, MELD_COLUMN, OUT_COLUMN, WENT_OUT, decks_counted, in_hand, melded
from ..declare import SCORE, TOTAL, Canasta, SheetColumn
from ..deck54 import (CANASTA_CARDS, CARD_VALUES, NATURALS_PER_DECK, SEVENS_PER_DECK, THREES_PER_DECK, ThreesAside,
                     WILD_PER_DECK, deck_limits, melded_covers_canastas, one_goes_out)
from .hand_and_foot_rules import (BOOK_WORDS, BOOKS_COUNTED, RULES, black_threes_limit, books, by_round,
                                  check_house_rules, deck_points, for_round, listed_and, missing_books,  # noqa: F401
                                  off_words, played)
from ..shape import ByRound, Words
from ..variant import Variant, deal_to_the_left

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

HELD_WORDS = lang.L_("Left in a hand, or in a foot nobody picked up")


def book(name: str, label, help, short) -> Field:
    """A count of one kind of book, in the Books group; `short`: its word in a narrow column ("Clean")."""
    return Field(name, "count", label, help, short=(short, ""), group=lang.L_("Books"))


FIELDS = (
    book("natural_canastas", lang.L_("Clean books"),
         lang.L_("7 or more cards of one rank, no jokers or 2s (red book)"), lang.lazy_pgettext("books", "Clean")),
    book("dirty_canastas", lang.L_("Dirty books"),
         lang.L_("7 or more cards of one rank with 1 to 3 jokers or 2s (black book)"),
         lang.lazy_pgettext("books", "Dirty")),
    book("wild_canastas", lang.L_("Wild books"), lang.L_("7 jokers and 2s, nothing else"),
         lang.lazy_pgettext("books", "Wild")),
    book("sevens_canastas", lang.L_("Sevens books"),
         lang.L_("7 sevens, no jokers or 2s (only if the table scores them apart)"),
         lang.lazy_pgettext("books", "Sevens")),
    book("black_threes_canastas", lang.L_("Black-three books"),
         lang.L_("7 black threes (only if the table scores them)"), lang.lazy_pgettext("books", "Black 3s")),
    Field("red_threes", "count", lang.L_("Red threes laid down"), lang.L_("Put down on the table"),
          short=(lang.lazy_pgettext("threes", "Red"), lang.lazy_pgettext("threes", "laid down")),
          group=lang.L_("Threes")),
    Field("red_threes_held", "count", lang.L_("Red threes held"), HELD_WORDS,
          short=(lang.lazy_pgettext("threes", "Red"), lang.lazy_pgettext("threes", "held")), group=lang.L_("Threes")),
    Field("black_threes", "count", lang.L_("Black threes held"), HELD_WORDS,
          short=(lang.lazy_pgettext("threes", "Black"), lang.lazy_pgettext("threes", "held")),
          group=lang.L_("Threes")),
    Field("black_threes_melded", "count", lang.L_("Black threes melded going out"),
          lang.L_("By the player who went out, besides any book of black threes"),
          short=(lang.lazy_pgettext("threes", "Black"), lang.lazy_pgettext("threes", "melded")),
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
    SheetColumn(lang.lazy_pgettext("sheet column", "B3B"), "count", "black_threes_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3h"), "count", "red_threes_held"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3m"), "count", "black_threes_melded", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "Ex"), "count", "exact_pickups", optional=True),
    MELD_COLUMN, LEFT_COLUMN,
    SheetColumn(lang.lazy_pgettext("sheet column", "Foot"), "points", "in_foot", optional=True,
                counted_by="unplayed_foot_counts"),
    OUT_COLUMN, SCORE, TOTAL,
)


def signed_points(n: int, sign: str = "+") -> str:
    """A bonus or a penalty as the rules card writes it: '+100', '−5'; a bonus below 0 keeps its own sign."""
    return lang.number(n) if n < 0 else sign + lang.number(n)


class HandAndFoot(ThreesAside, Variant):
    id = "hand-and-foot"
    name = lang.L_("Hand and Foot")
    summary = lang.L_("2 or 3 partnerships, two teams of three, or 2 to 6 players alone; a hand and a foot each; "
                      "books; 4 rounds.")
    fields = FIELDS
    target = DEFAULT_TARGET
    switched_off_by = {"wild_canastas": "wild_canasta_bonus", "sevens_canastas": "sevens_canasta_bonus",
                       "black_threes_canastas": "black_threes_canasta_bonus",
                       "black_threes_melded": "black_three_meld_bonus", "in_foot": "unplayed_foot_counts"}
    score_instead = 10000  # RULES.md §8: a table that plays to a score often plays to 10,000
    rules = RULES
    canastas = CANASTAS
    columns = COLUMNS
    words = Words(meld=lang.L_("book"), melds=lang.L_("books"), round=lang.L_("round"), rounds=lang.L_("rounds"),
                  meld_count=lang.Nn_("%(num)s book", "%(num)s books"),
                  round_count=lang.Nn_("%(num)s round", "%(num)s rounds"))
    minimum = ByRound("meld_minimums", by_score="meld_minimums_by_score")  # by the round, unless the table sets it by score
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
        return check_house_rules(rules)

    def card_values_for(self, options: dict) -> dict[str, int]:
        value = options["house_rules"].get("joker_value", CARD_VALUES["jokers"])
        return self.card_values if value == CARD_VALUES["jokers"] else {**CARD_VALUES, "jokers": value}

    def round_options(self, options: dict, number: int) -> dict:
        rules = for_round(options["house_rules"], number)
        return options if rules is options["house_rules"] else {**options, "house_rules": rules}

    def field_bounds(self, options: dict) -> dict[str, int]:
        d, rules = options["decks"], played(options["house_rules"])
        cards = deck_points(rules) * d
        return self.with_switched_off({
            "natural_canastas": NATURALS_PER_DECK * d // CANASTA_CARDS,
            "dirty_canastas": WILD_PER_DECK * d,  # each holds a joker or 2: fewer than the naturals would allow
            "wild_canastas": WILD_PER_DECK * d // CANASTA_CARDS, "sevens_canastas": SEVENS_PER_DECK * d // CANASTA_CARDS,
            "black_threes_canastas": THREES_PER_DECK * d // CANASTA_CARDS,
            "red_threes": THREES_PER_DECK * d, "red_threes_held": THREES_PER_DECK * d, "black_threes": THREES_PER_DECK * d,
            "black_threes_melded": THREES_PER_DECK * d, "exact_pickups": MOST_PLAYERS_A_SIDE,
            "melded": cards, "in_hand": cards, "in_foot": cards}, rules)

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        rules, decks = played(options["house_rules"]), options["decks"]
        errors = deck_limits(entries, decks, red="red_threes", red_held="red_threes_held", black="black_threes",
                             red_word=lang.L_("red three"), black_word=lang.L_("black three"),
                             wild_full="wild_canastas", dirty="dirty_canastas", sevens="sevens_canastas",
                             dirty_word=BOOK_WORDS["dirty_canastas"], wild_word=BOOK_WORDS["wild_canastas"],
                             sevens_word=BOOK_WORDS["sevens_canastas"], cards=("melded", "in_hand", "in_foot"),
                             cards_words=lang.L_("melded, in hands and in feet"), deck_points=deck_points(rules))
        errors += self._naturals(entries, decks) + black_threes_limit(entries, decks)
        errors += melded_covers_canastas(entries, BOOK_LEAST, BOOK_WORDS)
        switched_off = [f for f, _ in self.switched_off(rules)]  # asked once a hand, not once a side
        for i, e in enumerate(entries):
            name, players = sides[i]["name"], len(sides[i]["players"])
            for f in switched_off:
                if e[f]:
                    errors.append(FieldError(f"entries[{i}].{f}", off_words(f, e[f])))
            if e["exact_pickups"] > players:
                errors.append(FieldError(f"entries[{i}].exact_pickups", lang.ngettext(
                    "%(name)s has %(num)s player, so at most %(most)s exact pick-ups (one a player), not %(given)s.",
                    "%(name)s has %(num)s players, so at most %(most)s exact pick-ups (one a player), not %(given)s.",
                    players, name=name, most=lang.number(players), given=lang.number(e["exact_pickups"]))))
            if e["went_out"] and players == 1:
                errors += [FieldError(f"entries[{i}].{f}", lang._(
                    "%(name)s went out playing alone, so nothing is left in hand or foot: %(field)s must be 0, not "
                    "%(value)s.", name=name, field=LABELS[f], value=lang.number(e[f])))
                           for f in HELD if e[f] and f not in switched_off]  # an unplayed foot not counted is refused once
            if e["black_threes_melded"] and not e["went_out"] and "black_threes_melded" not in switched_off:
                errors.append(FieldError(f"entries[{i}].black_threes_melded", lang._(
                    "%(name)s did not go out: only the player going out melds black threes, so Black threes melded "
                    "going out must be 0, not %(value)s (or mark %(name)s as out).", name=name,
                    value=lang.number(e["black_threes_melded"]))))
        errors += one_goes_out(entries, sides, "went_out", {}, "go out", words=self.words)
        strict = rules["go_out_strict"]
        for i, e in enumerate(entries):
            missing = missing_books(e, rules["go_out_needs"], strict) if e["went_out"] else {}
            if any(missing.values()):
                name = sides[i]["name"]
                said = dict(name=name, needs=books(rules["go_out_needs"]), missing=books(missing))
                errors.append(FieldError(f"entries[{i}].went_out", lang._(
                    "%(name)s cannot go out: going out needs %(needs)s, and %(name)s is %(missing)s short. At this "
                    "table no book stands in for another.", **said) if strict else lang._(
                    "%(name)s cannot go out: going out needs %(needs)s, and %(name)s is %(missing)s short. A sevens "
                    "book counts as clean and a spare clean book may stand in for a dirty one; a wild book stands in "
                    "for neither.", **said)))
        return errors

    @staticmethod
    def _naturals(entries: list[dict], decks: int) -> list[FieldError]:
        """The natural cards of ranks 4 to A the books hold: 7 a clean or sevens book, at least 4 a dirty one."""
        kinds = ("natural_canastas", "sevens_canastas", "dirty_canastas")
        totals = added_up(entries, kinds)
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

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = played(options["house_rules"])
        wild, sevens, foot = rules["wild_canasta_bonus"] or 0, rules["sevens_canasta_bonus"] or 0, rules["unplayed_foot_counts"]
        not_out = rules["red_three_bonus_not_out"]
        books_of_threes, melded_threes = rules["black_threes_canasta_bonus"], rules["black_three_meld_bonus"]
        scores = []
        for i, e in enumerate(entries):
            red = rules["red_three_bonus"] if e["went_out"] or not_out is None else not_out
            parts = {
                "natural_canastas": e["natural_canastas"] * rules["natural_canasta_bonus"],
                "dirty_canastas": e["dirty_canastas"] * rules["dirty_canasta_bonus"],
                "wild_canastas": e["wild_canastas"] * wild,
                "sevens_canastas": e["sevens_canastas"] * sevens,
                "red_threes": e["red_threes"] * red,
                "going_out": rules["going_out_bonus"] if e["went_out"] else 0,
                "exact_pickups": e["exact_pickups"] * rules["exact_pickup_bonus"],
                "melded": e["melded"],
                "in_hand": -e["in_hand"],
                "in_foot": -e["in_foot"] if foot else 0,
                "red_threes_held": -e["red_threes_held"] * rules["red_three_penalty"],
                "black_threes": -e["black_threes"] * rules["black_three_penalty"],
            }
            # parts of a house rule the table set only: an old game's breakdown stays as it was
            if books_of_threes is not None:
                parts["black_threes_canastas"] = e["black_threes_canastas"] * books_of_threes
            if melded_threes is not None:
                parts["black_threes_melded"] = e["black_threes_melded"] * melded_threes
            scores.append(SideScore(i, parts))
        return scores

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left each round and the dealer's left plays first; nobody cuts for others."""
        return deal_to_the_left(sides, hands_played)

    # -- the rules card, in Hand and Foot's words ------------------------------------------
    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        rules = played(rules)
        each = lambda n, sign="+": lang._("%(points)s each", points=signed_points(n, sign))  # noqa: E731
        red, not_out = rules["red_three_bonus"], rules["red_three_bonus_not_out"]
        reds = [(lang._("Red three laid down"), each(red))] if not_out is None else \
            [(lang._("Red three laid down by the side that went out"), each(red)),
             (lang._("Red three laid down by a side that did not go out"), each(not_out))]
        rows = [(lang._("Melded points (book cards included)"), lang._("plus")),
                (lang._("Points left in hands (a foot picked up included)"), lang._("minus")),
                (lang._("Foot nobody picked up"),
                 lang._("minus its points and threes") if rules["unplayed_foot_counts"] else lang._("not counted")),
                *reds,
                (lang._("Red three held"), each(rules["red_three_penalty"], "\u2212")),
                (lang._("Black three held"), each(rules["black_three_penalty"], "\u2212"))]
        if rules["black_threes_canasta_bonus"] is not None:
            rows.append((lang._("Book of seven black threes"), signed_points(rules["black_threes_canasta_bonus"])))
        if rules["black_three_meld_bonus"] is not None:
            rows.append((lang._("Black three melded by the player going out"), each(rules["black_three_meld_bonus"])))
        return rows + [(lang._("Going out"), by_round(rules["going_out_bonus"], signed_points)),
                       (lang._("Exact pick-up: a player who picked up exactly the cards for hand and foot"),
                        each(rules["exact_pickup_bonus"]))]

    def going_out_text(self, rules: dict) -> str:
        rules = played(rules)
        needs, strict = rules["go_out_needs"], rules["go_out_strict"]
        if not strict and isinstance(needs, Mapping):
            if any(needs.values()):
                return lang._("To go out a side needs %(books)s: a sevens book counts as clean, a spare clean book may "
                              "stand in for a dirty one, a wild book stands in for neither. A player alone who goes out "
                              "holds no cards. At most one side goes out; a round may also end when the stock runs out.",
                              books=books(needs))
            return lang._("To go out a side needs no book: a sevens book counts as clean, a spare clean book may stand "
                          "in for a dirty one, a wild book stands in for neither. A player alone who goes out holds no "
                          "cards. At most one side goes out; a round may also end when the stock runs out.")
        stand_in = lang._("No book stands in for another: each kind is needed as such.") if strict else lang._(
            "A sevens book beyond those needed counts as clean, a spare clean book may stand in for a dirty one, a wild "
            "book stands in for neither.")
        return " ".join([lang._("To go out a side needs %(books)s.", books=by_round(needs, books)), stand_in, lang._(
            "A player alone who goes out holds no cards. At most one side goes out; a round may also end when the "
            "stock runs out.")])


VARIANT = HandAndFoot()

"""Hand and Foot's house rules (RULES.md §8 and §14 "Hand and Foot"): their declarations, the values a round plays
(a rule given one value per round), what they may not be together, the books a side needs to go out, and the checks
of the parts a house rule adds."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import lang

from ..base import FieldError, last_side_with
from .shared import TIE_GOES_TO_GOING_OUT, TIE_PLAYS_ANOTHER_HAND, points_rule
from ..declare import HouseRule
from ..deck54 import CANASTA_CARDS, DECK_POINTS, THREES_PER_DECK

JOKERS_PER_DECK = 2
JOKER_VALUES = (5, 500)  # a joker's card value at a table: 50 by the rules, 20 played; every card total in fives

BOOK_KINDS = (("natural", lang.lazy_pgettext("book kind", "clean")), ("dirty", lang.lazy_pgettext("book kind", "dirty")),
              ("wild", lang.lazy_pgettext("book kind", "wild")), ("sevens", lang.lazy_pgettext("book kind", "sevens")))
# each kind as the checks name it, one of them ("clean book"), and counted ("2 clean books")
BOOK_WORDS = {"natural_canastas": lang.L_("clean book"), "dirty_canastas": lang.L_("dirty book"),
              "wild_canastas": lang.L_("wild book"), "sevens_canastas": lang.L_("sevens book")}
BOOKS_COUNTED = {"natural_canastas": lang.Nn_("%(num)s clean book", "%(num)s clean books"),
                 "dirty_canastas": lang.Nn_("%(num)s dirty book", "%(num)s dirty books"),
                 "wild_canastas": lang.Nn_("%(num)s wild book", "%(num)s wild books"),
                 "sevens_canastas": lang.Nn_("%(num)s sevens book", "%(num)s sevens books")}
NEED_WORDS = {"natural": "natural_canastas", "dirty": "dirty_canastas", "wild": "wild_canastas",
              "sevens": "sevens_canastas"}  # go_out_needs' keys and the fields that count those books

RULES = (
    HouseRule("meld_minimums", "list", [50, 90, 120, 150], lang.L_("Initial meld minimum by round"),
              lang.L_("Meld minimums by round"), note=lang.L_("round 1, round 2 …; later rounds keep the last"),
              step=5, each=lang.L_("Round {n}")),
    HouseRule("meld_minimums_by_score", "by_score", None, lang.L_("Initial meld minimum by score instead"),
              lang.L_("Meld minimums by score"), step=5, off=lang.L_("by round"),
              note=lang.L_("[from, minimum] rows, the first from null; when set, each side's minimum follows its "
                           "score and meld_minimums is not used")),
    points_rule("natural_canasta_bonus", 500, lang.L_("Clean book")),
    points_rule("dirty_canasta_bonus", 300, lang.L_("Dirty book")),
    points_rule("wild_canasta_bonus", 1500, lang.L_("Wild book"), off=lang.L_("wild books are not allowed")),
    points_rule("sevens_canasta_bonus", None, lang.L_("Sevens book"), off=lang.L_("a sevens book is a clean book")),
    points_rule("black_threes_canasta_bonus", None, lang.L_("Book of seven black threes"),
                off=lang.L_("no books of black threes")),
    points_rule("going_out_bonus", 100, lang.L_("Going out"), per_round=True, each=lang.L_("Round {n}"),
                note=lang.L_("one number for every round, or a list, one per round (later rounds keep the last)")),
    points_rule("red_three_bonus", 100, lang.L_("Red three laid down"), lang.L_("Red three laid down, each"),
                signed=True, note=lang.L_("may be below 0")),
    points_rule("red_three_bonus_not_out", None, lang.L_("Red three laid down by a side that did not go out"),
                lang.L_("Red three laid down, side not out, each"), signed=True,
                off=lang.L_("the same as for the side that went out")),
    points_rule("red_three_penalty", 500, lang.L_("Red three held (minus)"), lang.L_("Red three held, each")),
    points_rule("black_three_penalty", 5, lang.L_("Black three held (minus)"), lang.L_("Black three held, each")),
    points_rule("black_three_meld_bonus", None, lang.L_("Black three melded by the player going out"),
                lang.L_("Black three melded going out, each"), off=lang.L_("not scored")),
    points_rule("exact_pickup_bonus", 100, lang.L_("Exact pick-up"), lang.L_("Exact pick-up, each")),
    HouseRule("go_out_needs", "counts", {"natural": 1, "dirty": 1, "wild": 0}, lang.L_("Books needed to go out"),
              note=lang.L_("natural: clean books (a sevens book counts), dirty, wild, sevens; a key left out counts "
                           "0; or a list, one per round"),
              words=BOOK_KINDS, extra=("sevens",), per_round=True, each=lang.L_("Round {n}")),
    HouseRule("go_out_strict", "flag", False, lang.L_("Books needed to go out: no book stands in for another"),
              lang.L_("No book stands in for another")),
    HouseRule("unplayed_foot_counts", "flag", True, lang.L_("An unplayed foot counts against the side"),
              lang.L_("Unplayed foot counts against")),
    points_rule("joker_value", 50, lang.L_("Card value of a joker"), note=lang.L_(
        "when cards are counted by value, and in each deck's card points the checks allow (5 to 500)")),
    TIE_GOES_TO_GOING_OUT,
    TIE_PLAYS_ANOTHER_HAND,
)
HOUSE_RULES = {r.key: r.default for r in RULES}
PER_ROUND = tuple(r.key for r in RULES if r.per_round)


def played(rules: Mapping) -> Mapping:
    """A game's house rules with every rule it predates at its default (a game keeps the rules it was made with)."""
    return rules if HOUSE_RULES.keys() <= rules.keys() else {**HOUSE_RULES, **rules}


def for_round(rules: Mapping, number: int) -> Mapping:
    """The house rules as round `number` (from 1) plays them: a rule given as a list takes that round's value, rounds
    past the list its last."""
    listed = [key for key in PER_ROUND if isinstance(rules.get(key), Sequence)]
    if not listed:
        return rules
    rounds = dict(rules)
    for key in listed:
        rounds[key] = rules[key][min(max(number, 1), len(rules[key])) - 1]
    return rounds


def deck_points(rules: Mapping) -> int:
    """The card points of one deck at this table (580 with jokers at 50)."""
    return DECK_POINTS + JOKERS_PER_DECK * (rules.get("joker_value", 50) - 50)


def missing_books(entry: dict, needs: Mapping[str, int], strict: bool = False) -> dict[str, int]:
    """How many books of each `go_out_needs` kind a side lacks to go out (RULES.md §8 "Going out", §14)."""
    # a sevens book beyond those needed counts as clean, a clean book beyond those needed stands in for a missing
    # dirty one, a wild book never stands in; `strict` (go_out_strict): no book stands in for another
    sevens_needed = needs.get("sevens", 0)
    spare_sevens = 0 if strict else max(0, entry["sevens_canastas"] - sevens_needed)
    clean = entry["natural_canastas"] + spare_sevens
    spare = 0 if strict else max(0, clean - needs["natural"])
    missing = {"natural": max(0, needs["natural"] - clean),
               "dirty": max(0, needs["dirty"] - entry["dirty_canastas"] - spare),
               "wild": max(0, needs["wild"] - entry["wild_canastas"])}
    if "sevens" in needs:
        missing["sevens"] = max(0, sevens_needed - entry["sevens_canastas"])
    return missing


def check_house_rules(rules: dict) -> list[FieldError]:
    """What Hand and Foot's house rules may not be together, and a joker's value within its bounds."""
    errors = []
    needs = rules["go_out_needs"]
    rounds = list(enumerate(needs)) if isinstance(needs, list) else [(None, needs)]
    for i, need in rounds:
        where = "options.house_rules.go_out_needs" + ("" if i is None else f"[{i}]")
        said = (lambda text: text) if i is None else \
            (lambda text, n=i + 1: lang._("Round %(n)s: %(refusal)s", n=n, refusal=text))
        if rules["wild_canasta_bonus"] is None and need["wild"]:
            errors.append(FieldError(f"{where}.wild", said(lang._(
                "Going out cannot need a wild book while wild books are not allowed (wild_canasta_bonus is null): set "
                "wild to 0 in go_out_needs, or give wild books a bonus."))))
        if rules["sevens_canasta_bonus"] is None and need.get("sevens"):
            errors.append(FieldError(f"{where}.sevens", said(lang._(
                "Going out cannot need a sevens book while sevens books are not scored apart (sevens_canasta_bonus is "
                "null): set sevens to 0 in go_out_needs, or give sevens books a bonus."))))
    low, high = JOKER_VALUES
    if not low <= rules["joker_value"] <= high:
        errors.append(FieldError("options.house_rules.joker_value", lang._(
            "House rule 'joker_value' must be from %(low)s to %(high)s (a joker's card value; 50 by the rules, some "
            "tables play 20): %(value)s is not.", low=lang.number(low), high=lang.number(high),
            value=lang.number(rules["joker_value"]))))
    return errors


def listed_and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c', in the current language."""
    if len(items) == 1:
        return items[0]
    return lang._("%(items)s and %(last)s", items=", ".join(items[:-1]), last=items[-1])


def books(counts: Mapping[str, int]) -> str:
    """{"natural": 2, "dirty": 1, "wild": 0} → '2 clean books and 1 dirty book'."""
    said = [lang.counted(BOOKS_COUNTED[NEED_WORDS[k]], n) for k, n in counts.items() if n]
    return listed_and(said or [lang._("no book")])


def by_round(values: Any, say) -> str:
    """A rule's value said once, or round by round: '+100 in round 1, +200 in round 2 and +300 from round 3 on'."""
    if not isinstance(values, Sequence) or isinstance(values, str):
        return say(values)
    if len(values) == 1:
        return say(values[0])
    parts = [lang._("%(value)s in round %(n)s", value=say(v), n=lang.number(n)) for n, v in enumerate(values, 1)]
    parts[-1] = lang._("%(value)s from round %(n)s on", value=say(values[-1]), n=lang.number(len(values)))
    return listed_and(parts)


def off_words(field: str, value: int) -> str:
    """Why a field must be 0 at a table whose house rules leave its part out."""
    if field == "wild_canastas":
        return lang._("Wild books are not allowed at this table (house rule wild_canasta_bonus is off), so "
                      "Wild books must be 0, not %(value)s.", value=lang.number(value))
    if field == "sevens_canastas":
        return lang._("Sevens books are not scored apart at this table: count a sevens book as a clean book and "
                      "leave Sevens books at 0, not %(value)s.", value=lang.number(value))
    if field == "black_threes_canastas":
        return lang._("Books of black threes are not scored at this table (house rule black_threes_canasta_bonus is "
                      "off), so Black-three books must be 0, not %(value)s.", value=lang.number(value))
    if field == "black_threes_melded":
        return lang._("Black threes melded going out are not scored at this table (house rule black_three_meld_bonus "
                      "is off), so Black threes melded going out must be 0, not %(value)s.", value=lang.number(value))
    return lang._("An unplayed foot does not count at this table (house rule unplayed_foot_counts is off): leave "
                  "Unplayed foot at 0, not %(value)s, and its threes out of the threes held.",
                  value=lang.number(value))


def black_threes_limit(entries: list[dict], decks: int) -> list[FieldError]:
    """Black threes held, melded going out and 7 in each book of black threes: at most 2 a deck, all sides together
    (those held alone are checked with the other cards)."""
    most = THREES_PER_DECK * decks
    held = sum(e["black_threes"] for e in entries)
    total = held + sum(e["black_threes_melded"] + CANASTA_CARDS * e["black_threes_canastas"] for e in entries)
    if total <= most or held > most:
        return []
    side = last_side_with(entries, "black_threes_canastas", "black_threes_melded")
    field = "black_threes_melded" if entries[side]["black_threes_melded"] else "black_threes_canastas"
    return [FieldError(f"entries[{side}].{field}", lang.ngettext(
        "%(counted)s recorded (held, melded going out, and 7 in each book of black threes), but %(num)s deck holds "
        "only %(most)s.",
        "%(counted)s recorded (held, melded going out, and 7 in each book of black threes), but %(num)s decks hold "
        "only %(most)s.", decks, counted=lang.counted(BLACK_THREES, total), most=lang.number(most)))]


BLACK_THREES = lang.Nn_("%(num)s black three", "%(num)s black threes")

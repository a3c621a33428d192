"""Modern American Canasta's checks (RULES.md §11 "Checks"): what the 108 cards hold, a special hand as a side's
whole entry, going out."""
from __future__ import annotations

import lang

from ..base import FieldError, last_side_with, plural, totals
from ..deck54 import one_goes_out

CARD_POINTS = 1160  # 2 × 580: threes are never card points
WILD_CARDS, JOKERS, TWOS, ACES, SEVENS = 12, 4, 8, 8, 8
THREES_A_COLOUR, THREES = 4, 8
NATURAL_RANKS = 9  # 4 5 6 8 9 10 J Q K: a natural canasta holds at least 5 of a rank's 8 cards, so one a rank
# the least melded points each canasta or incomplete meld holds
LEAST = {"natural_canastas": 35, "mixed_canastas": 50, "aces_canastas": 140, "sevens_canastas": 35,
         "wild_canastas": 170, "joker_canastas": 260, "twos_canastas": 140}
LEAST_ITEMS = tuple(LEAST.items())
LEAST_INCOMPLETE = {"incomplete_aces": 60, "incomplete_sevens": 15, "incomplete_wild": 60}
JOKERS_MELD_LEAST = 200  # an incomplete wild meld of all four jokers
WILD_KINDS = ("wild_canastas", "joker_canastas", "twos_canastas")
KINDS = ("natural_canastas", "mixed_canastas", "aces_canastas", "sevens_canastas") + WILD_KINDS
INCOMPLETE = ("incomplete_aces", "incomplete_sevens", "incomplete_wild")
HELD = ("in_hand", "threes_held", "aces_penalties", "sevens_penalties")  # what a player alone who went out cannot hold


def bounds(rules: dict) -> dict[str, int]:
    """The largest value each count or points field can take (RULES.md §11 "Checks"; §14 held_penalties_per_side)."""
    held = 1 if rules.get("held_penalties_per_side") else 2
    return {"natural_canastas": NATURAL_RANKS, "mixed_canastas": 10, "aces_canastas": 1, "sevens_canastas": 1,
            "wild_canastas": 1, "joker_canastas": 1, "twos_canastas": 1, "red_threes": THREES_A_COLOUR,
            "black_threes_laid": THREES_A_COLOUR, "threes_held": 3, "aces_penalties": held, "sevens_penalties": held,
            "melded": CARD_POINTS, "in_hand": CARD_POINTS,
            "concealed": 0 if rules.get("going_out_concealed_bonus") is None else 1}  # a flag: 0 where it cannot be set


def check_hand(entries: list[dict], rules: dict, sides: list[dict], labels: dict, special_words: dict) -> list[FieldError]:
    """`labels`: each field's label, `special_words`: each special hand's word, as american.py declares them."""
    adds = rules.get("special_hands_add")  # RULES.md §14: a special hand beside the side's other scoring
    if any(e["special_hand"] for e in entries):
        errors = _special(entries, rules, sides, labels, special_words)
        if errors:
            return errors
    errors = []
    for i, e in enumerate(entries):
        if adds or not e["special_hand"]:
            errors += _side(i, e, rules, sides[i], labels)
    errors += _deck(entries, labels)
    if sum(1 for e in entries if e["went_out"]) > 1:
        errors += one_goes_out(entries, sides, "went_out", {}, "go out")
    return errors


def _special(entries: list[dict], rules: dict, sides: list[dict], labels: dict, words: dict) -> list[FieldError]:
    """A special hand is the side's whole entry; one a hand, and then nobody went out."""
    errors = []
    laid = [i for i, e in enumerate(entries) if e["special_hand"]]
    adds = rules.get("special_hands_add")  # the side's other fields are then entered and checked as usual
    for i in laid:
        e, name = entries[i], sides[i]["name"]
        if rules["special_hands"].get(e["special_hand"]) is None:
            errors.append(FieldError(f"entries[{i}].special_hand", lang._(
                "%(hand)s is not played at this table (house rule special_hands); choose another special hand or none.",
                hand=str(words.get(e["special_hand"], e["special_hand"])))))
        if adds:
            continue
        others = [k for k, v in e.items() if k != "special_hand" and v]
        errors += [FieldError(f"entries[{i}].{k}", lang._(
            "A special hand is the side's whole score: %(side)s laid one, so %(field)s must be left empty.",
            side=name, field=labels[k])) for k in others]
    for i in laid[1:]:
        errors.append(FieldError(f"entries[{i}].special_hand", lang._(
            "Only one special hand can be laid down in a hand: %(first)s laid one already.",
            first=sides[laid[0]]["name"])))
    if laid and not adds:
        errors += [FieldError(f"entries[{i}].went_out", lang._(
            "Nobody goes out in a hand ended by a special hand, but %(side)s is marked as going out.",
            side=sides[i]["name"])) for i, e in enumerate(entries) if e["went_out"] and i not in laid]
    return errors


def _side(i: int, e: dict, rules: dict, side: dict, labels: dict) -> list[FieldError]:
    """One side's own limits: melded points its canastas hold, threes and penalties its players can have, going out."""
    errors, name, players = [], side["name"], len(side["players"])
    need = 0
    for k, least in LEAST_ITEMS:
        need += e[k] * least
    rare = e["incomplete_aces"] or e["incomplete_sevens"] or e["incomplete_wild"] or e["incomplete_wild_jokers"]
    if rare:
        need += sum(least for k, least in LEAST_INCOMPLETE.items() if e[k])
        if e["incomplete_wild_jokers"] and e["incomplete_wild"]:
            need += JOKERS_MELD_LEAST - LEAST_INCOMPLETE["incomplete_wild"]
    if e["melded"] < need:
        errors.append(FieldError(f"entries[{i}].melded", lang._(
            "Melded points are %(melded)s, but the canastas and incomplete melds entered alone hold at least %(need)s "
            "points of cards.", melded=lang.number(e["melded"]), need=lang.number(need))))
    for k in ("red_threes", "black_threes_laid"):
        if e[k] > THREES_A_COLOUR:
            errors.append(FieldError(f"entries[{i}].{k}", lang._(
                "%(field)s: the 108 cards hold %(most)s of a colour, not %(n)s.", field=labels[k],
                most=THREES_A_COLOUR, n=lang.number(e[k]))))
    out = e["went_out"]
    if e["concealed"]:  # RULES.md §14: true only with went_out, and only while going_out_concealed_bonus is set
        if rules.get("going_out_concealed_bonus") is None:
            errors.append(FieldError(f"entries[{i}].concealed", lang._(
                "Going out concealed is not played at this table (house rule going_out_concealed_bonus is off): "
                "leave %(field)s unticked.", field=labels["concealed"])))
        elif not out:
            errors.append(FieldError(f"entries[{i}].concealed", lang._(
                "%(name)s is marked as going out concealed but not as going out; tick Went out too, or untick "
                "concealed.", name=name)))
    if not (out or e["threes_held"] > 2 or e["aces_penalties"] > 1 or e["sevens_penalties"] > 1 or rare):
        return errors  # nearly every side: nothing below can be refused (a side has at least one player)
    if out and players == 1:
        errors += [FieldError(f"entries[{i}].{k}", lang._(
            "%(name)s went out playing alone, so nothing is left in hand: %(field)s must be 0, not %(value)s.",
            name=name, field=labels[k], value=lang.number(e[k]))) for k in HELD if e[k]]
    else:
        most = players - 1 if out else players + 1  # one kept back a player, and one drawn as the stock's last card
        if e["threes_held"] > most:
            errors.append(FieldError(f"entries[{i}].threes_held", lang._(
                "%(name)s can hold at most %(most)s threes at the end (one kept back a player still holding cards, plus "
                "one drawn as the last card when nobody went out), not %(n)s.", name=name, most=most,
                n=lang.number(e["threes_held"]))))
        holding = players - 1 if out else players
        for k in ("aces_penalties", "sevens_penalties"):
            if rules.get("held_penalties_per_side") and e[k] > 1:  # RULES.md §14: both partners holding them pay once
                errors.append(FieldError(f"entries[{i}].{k}", lang._(
                    "%(field)s: at this table a side pays this penalty once, however many of its players hold them "
                    "(house rule held_penalties_per_side): 0 or 1, not %(n)s.", field=labels[k],
                    n=lang.number(e[k]))))
            elif e[k] > holding:
                errors.append(FieldError(f"entries[{i}].{k}", lang._(
                    "%(field)s: %(name)s has %(most)s players still holding cards, not %(n)s.", field=labels[k],
                    name=name, most=holding, n=lang.number(e[k]))))
    if e["incomplete_wild_jokers"] and not e["incomplete_wild"]:
        errors.append(FieldError(f"entries[{i}].incomplete_wild_jokers", lang._(
            "%(name)s: tick Incomplete wild meld too, or untick the four jokers (they say what that meld holds).",
            name=name)))
    if out:
        made = sum(e[k] for k in KINDS)
        if made < rules["go_out_canastas"]:
            errors.append(FieldError(f"entries[{i}].went_out", lang.ngettext(
                "%(name)s cannot go out: going out needs %(num)s canasta, and %(name)s has %(made)s.",
                "%(name)s cannot go out: going out needs %(num)s canastas, and %(name)s has %(made)s.",
                rules["go_out_canastas"], name=name, made=lang.number(made))))
        incomplete = [str(labels[k]) for k in INCOMPLETE if e[k]]
        if incomplete:
            errors.append(FieldError(f"entries[{i}].went_out", lang._(
                "%(name)s cannot go out with an incomplete aces, sevens or wild meld on the table (%(melds)s).",
                name=name, melds=", ".join(incomplete))))
    return errors


def _deck(entries: list[dict], labels: dict) -> list[FieldError]:
    """What the 108 cards hold, all sides of the hand together (RULES.md §11 "Checks")."""
    t = totals(entries, TOTALLED)
    if _within(t):
        return []
    jokers_meld = sum(1 for e in entries if e["incomplete_wild"] and e["incomplete_wild_jokers"])
    wild_melds = t["incomplete_wild"]
    limits = [  # (cards needed, most, the fields that use them, words)
        (t["red_threes"], THREES_A_COLOUR, ("red_threes",), lang.L_("red threes")),
        (t["black_threes_laid"], THREES_A_COLOUR, ("black_threes_laid",), lang.L_("black threes")),
        (t["red_threes"] + t["black_threes_laid"] + t["threes_held"], THREES,
         ("red_threes", "black_threes_laid", "threes_held"), lang.L_("threes")),
        (7 * sum(t[k] for k in WILD_KINDS) + t["mixed_canastas"] + 3 * wild_melds + jokers_meld, WILD_CARDS,
         WILD_KINDS + ("mixed_canastas", "incomplete_wild"), lang.L_("wild cards (jokers and 2s)")),
        (t["wild_canastas"] + 4 * t["joker_canastas"] + 4 * jokers_meld, JOKERS,
         ("wild_canastas", "joker_canastas", "incomplete_wild_jokers"), lang.L_("jokers")),
        (4 * t["wild_canastas"] + 3 * t["joker_canastas"] + 7 * t["twos_canastas"], TWOS, WILD_KINDS, lang.L_("2s")),
        (7 * t["aces_canastas"] + 3 * t["incomplete_aces"] + 3 * t["aces_penalties"], ACES,
         ("aces_canastas", "incomplete_aces", "aces_penalties"), lang.L_("aces")),
        (7 * t["sevens_canastas"] + 3 * t["incomplete_sevens"] + 3 * t["sevens_penalties"], SEVENS,
         ("sevens_canastas", "incomplete_sevens", "sevens_penalties"), lang.L_("sevens")),
    ]
    errors = []
    for needed, most, names, words in limits:
        if needed > most:
            side = last_side_with(entries, *names)
            field = next((n for n in names if entries[side][n]), names[0])
            errors.append(FieldError(f"entries[{side}].{field}", lang._(
                "All sides together need at least %(needed)s %(cards)s, but the 108 cards hold only %(most)s.",
                needed=lang.number(needed), cards=lang.shown(words), most=lang.number(most))))
    one_kind = lang.L_("All sides together entered %(made)s, but no rank has two canastas in the 108 cards (at least 5 "
                       "of a rank's 8 cards each): at most %(most)s.")
    # said apart from the natural canastas alone, which may be refused beside it: the two messages name what they count
    together = lang.L_("Natural, mixed and aces canastas together: all sides entered %(made)s, but no rank has two "
                       "canastas in the 108 cards (at least 5 of a rank's 8 cards each): at most %(most)s of the three "
                       "kinds in all.")
    ranks = [(t["natural_canastas"], NATURAL_RANKS, ("natural_canastas",), one_kind),
             (t["natural_canastas"] + t["mixed_canastas"] + t["aces_canastas"], NATURAL_RANKS + 1,
              ("natural_canastas", "mixed_canastas", "aces_canastas"), together),
             (t["sevens_canastas"], 1, ("sevens_canastas",), one_kind)]
    for made, most, names, words in ranks:
        if made > most:
            side = last_side_with(entries, *names)
            field = next((n for n in reversed(names) if entries[side][n]), names[0])
            errors.append(FieldError(f"entries[{side}].{field}", lang._(
                lang.english(words), made=plural(made, *_canasta_words()),
                most=lang.number(most))))
    points = t["melded"] + t["in_hand"]
    if points > CARD_POINTS:
        side = last_side_with(entries, "melded", "in_hand")
        field = "in_hand" if entries[side]["in_hand"] else "melded"
        errors.append(FieldError(f"entries[{side}].{field}", lang._(
            "All sides together recorded %(points)s card points, but the 108 cards hold only %(most)s.",
            points=lang.number(points), most=lang.number(CARD_POINTS))))
    return errors


TOTALLED = KINDS + INCOMPLETE + ("red_threes", "black_threes_laid", "threes_held", "aces_penalties",
                                 "sevens_penalties", "melded", "in_hand")


def _within(t: dict) -> bool:
    """Whether the hand's totals are well inside what the 108 cards hold (the usual hand): nothing to word."""
    wild = t["wild_canastas"] + t["joker_canastas"] + t["twos_canastas"]
    return (wild <= 1 and not t["incomplete_wild"] and t["red_threes"] <= THREES_A_COLOUR
            and t["black_threes_laid"] <= THREES_A_COLOUR
            and t["red_threes"] + t["black_threes_laid"] + t["threes_held"] <= THREES
            and 7 * wild + t["mixed_canastas"] <= WILD_CARDS
            and 7 * t["aces_canastas"] + 3 * (t["incomplete_aces"] + t["aces_penalties"]) <= ACES
            and 7 * t["sevens_canastas"] + 3 * (t["incomplete_sevens"] + t["sevens_penalties"]) <= SEVENS
            and t["natural_canastas"] + t["mixed_canastas"] + t["aces_canastas"] <= NATURAL_RANKS
            and t["sevens_canastas"] <= 1 and t["melded"] + t["in_hand"] <= CARD_POINTS)


def _canasta_words() -> tuple:
    return (lang.Nn_("%(num)s canasta", "%(num)s canastas"),)

"""Modern American Canasta (RULES.md §11): the Canasta League of America's game, 108 cards, to 8,500.

Its score is no plain sum: how many canastas a side completed decides whether its threes and even its melded cards
count for it, not at all, or against it; a special hand replaces a side's whole score. The checks are in
american_checks.py.
"""
from __future__ import annotations

import lang
from lang import L_

from ..base import Field, FieldError, SideScore, sides_sent
from .shared import (BLACK_SHORT, CARD_COLUMNS, MIXED_SHORT, NATURAL_SHORT, RED_SHORT, TIE_GOES_TO_GOING_OUT,
                     TIE_PLAYS_ANOTHER_HAND, WENT_OUT, count, in_hand, melded, points_rule)
from ..declare import SCORE, TOTAL, Canasta, HouseRule, SheetColumn, minus, plus
from ..deck54 import ThreesAside
from ..shape import ByScoreRows, Words
from ..variant import Variant, deal_to_the_left
from . import american_checks as checks

DECKS = 2  # 108 cards: every limit and the threes table are for two decks, so a table cannot choose another number
DREAM_HANDS = ("dream_plus_4", "dream_plus_5")

# the special hands: id, words, default value (RULES.md §11 "Special hand"); a value null: not played at this table
SPECIAL = (
    ("pairs", lang.lazy_pgettext("special hand", "Pairs"), 2500),
    ("wild_pairs", lang.lazy_pgettext("special hand", "Wild pairs"), 2000),
    ("miami_pairs", lang.lazy_pgettext("special hand", "Miami pairs"), 2500),
    ("zip_code", lang.lazy_pgettext("special hand", "Zip code"), 2500),
    ("straight", lang.lazy_pgettext("special hand", "Straight"), 3000),
    ("garbage", lang.lazy_pgettext("special hand", "Garbage"), 3000),
    ("blast_off", lang.lazy_pgettext("special hand", "Blast off"), 3000),
    ("triples", lang.lazy_pgettext("special hand", "Triples"), 3500),
    ("quads", lang.lazy_pgettext("special hand", "Quads"), 3500),
    ("dream_plus_4", lang.lazy_pgettext("special hand", "Dream hand +4"), 8500),
    ("dream_plus_5", lang.lazy_pgettext("special hand", "Dream hand +5"), 8500),
)
SPECIAL_WORDS = tuple((key, word) for key, word, _ in SPECIAL)
SPECIAL_WORDS_BY_KEY = dict(SPECIAL_WORDS)

CANASTAS = (
    Canasta("mixed_canastas", lang.lazy_pgettext("canasta kind", "mixed"), "mixed_canasta_bonus", 50,
            contents=L_("Seven of one rank with 1 or 2 wild cards")),
    Canasta("natural_canastas", lang.lazy_pgettext("canasta kind", "natural"), "natural_canasta_bonus", 35,
            contents=L_("Seven of one rank (4 to K, not 7s), no wild card")),
    Canasta("aces_canastas", lang.lazy_pgettext("canasta kind", "natural aces"), "aces_canasta_bonus", 140,
            contents=L_("Seven aces, no wild card")),
    Canasta("sevens_canastas", lang.lazy_pgettext("canasta kind", "natural sevens"), "sevens_canasta_bonus", 35,
            contents=L_("Seven 7s")),
    Canasta("wild_canastas", lang.lazy_pgettext("canasta kind", "wild (1–3 jokers)"), "wild_canasta_bonus", 170),
    Canasta("joker_canastas", lang.lazy_pgettext("canasta kind", "four jokers"), "joker_canasta_bonus", 260),
    Canasta("twos_canastas", lang.lazy_pgettext("canasta kind", "seven 2s"), "twos_canasta_bonus", 140),
)
KINDS = tuple(c.field for c in CANASTAS)  # a side's canastas: all seven kinds together
# the hand form's one choice among the three wild kinds (a hand holds at most one), under the "Canastas" heading
WILD = lang.lazy_pgettext("canastas", "Wild")
RARE = L_("Penalties and incomplete melds")
THREES_LAID = L_("Threes laid out")  # the heading says it, so the red and black threes need no help line

RULES = (
    HouseRule("meld_minimums_by_score", "by_score", [[None, 125], [3000, 155], [5000, 180]],
              L_("Initial meld minimum by score"), L_("Meld minimums by score"),
              note=L_("[from, minimum] rows; the first from null: every score below the next row"), step=5),
    HouseRule("meld_minimums", "list", None, L_("Initial meld minimum by hand instead"), L_("Meld minimums by hand"),
              note=L_("hand 1, hand 2 …; later hands keep the last"), step=5, off=L_("by score"),
              each=L_("Hand {n}")),
    points_rule("mixed_canasta_bonus", 300, L_("Mixed canasta")),
    points_rule("natural_canasta_bonus", 500, L_("Natural canasta")),
    points_rule("aces_canasta_bonus", 2500, L_("Natural aces canasta")),
    points_rule("sevens_canasta_bonus", 2500, L_("Natural sevens canasta")),
    points_rule("wild_canasta_bonus", 2000, L_("Wild canasta (1–3 jokers)")),
    points_rule("joker_canasta_bonus", 2500, L_("Canasta of four jokers and three 2s")),
    points_rule("twos_canasta_bonus", 3000, L_("Canasta of seven 2s")),
    points_rule("going_out_bonus", 100, L_("Going out")),
    # RULES.md §14 (turn 6): Classic's key and meaning, off unless a table sets it; the flag field concealed goes with it
    points_rule("going_out_concealed_bonus", None, L_("Going out concealed (instead)"), off=L_("not played")),
    HouseRule("go_out_canastas", "count", 2, L_("Canastas needed to go out")),
    HouseRule("threes_table", "list", [100, 300, 500, 1000], L_("Threes of one colour: 1, 2, 3, 4"),
              L_("Threes of one colour"), step=5, size=4, each=L_("{n} of a colour")),
    points_rule("three_held_penalty", 5, L_("Three left in hand (minus)"), L_("Three left in hand, each")),
    points_rule("incomplete_aces_penalty", 2500, L_("Incomplete aces meld (minus)"), L_("Incomplete aces meld")),
    points_rule("incomplete_sevens_penalty", 2500, L_("Incomplete sevens meld (minus)"), L_("Incomplete sevens meld")),
    points_rule("incomplete_wild_penalty", 2000, L_("Incomplete wild meld (minus)"), L_("Incomplete wild meld")),
    points_rule("incomplete_jokers_penalty", 2000, L_("Incomplete wild meld of all four jokers (minus)"),
                L_("Incomplete meld of four jokers")),
    points_rule("aces_held_penalty", 1500, L_("Player holding three or more aces (minus)"),
                L_("Three or more aces held, a player")),
    points_rule("sevens_held_penalty", 1500, L_("Player holding three or more sevens (minus)"),
                L_("Three or more sevens held, a player")),
    HouseRule("special_hands", "values", {key: value for key, _, value in SPECIAL}, L_("Special hands"),
              note=L_("points by hand; null: not played at this table"), step=5, off=L_("not played"),
              words=SPECIAL_WORDS),
    HouseRule("dream_hand_wins", "flag", True, L_("A Dream hand wins the game at once"), L_("Dream hand wins")),
    # RULES.md §14 (turn 6): a special hand on top of the side's other scoring, and the held-card penalties once a side
    HouseRule("special_hands_add", "flag", False, L_("A special hand adds to the side's other scoring"),
              L_("Special hands add to the hand"),
              note=L_("false: a special hand is the side's whole score; true: its canastas, threes, cards, penalties "
                      "and going out are entered and scored beside it")),
    HouseRule("held_penalties_per_side", "flag", False,
              L_("Three or more aces or sevens held cost a side once, whoever holds them"),
              L_("Aces or sevens held: once a side")),
    TIE_GOES_TO_GOING_OUT,
    TIE_PLAYS_ANOTHER_HAND,
)
HOUSE_RULES = {r.key: r.default for r in RULES}

FIELDS = (
    Field("special_hand", "choice", L_("Special hand"), L_("Laid down whole instead of melding: the side scores its "
                                                            "value and nothing else"),
          choices=SPECIAL_WORDS, whole=True),
    # the short help, said once under the first side (the labels say the rest): aces and sevens have none, as
    # their chips are half a row each, and a mixed canasta's help says where a mixed aces canasta goes
    count("natural_canastas", L_("Natural canastas"), L_("4 to K (not 7s), no wild card"), short=NATURAL_SHORT),
    count("mixed_canastas", L_("Mixed canastas"), L_("1 or 2 wild cards (aces too)"), short=MIXED_SHORT),
    count("aces_canastas", L_("Natural aces canastas"), short=(L_("Aces"), "")),
    count("sevens_canastas", L_("Natural sevens canastas"), short=(L_("Sevens"), "")),
    count("wild_canastas", L_("Wild canastas"), L_("Seven wild cards with 1 to 3 jokers"), one_of=WILD,
          word=L_("1–3 jokers")),
    count("joker_canastas", L_("Canastas of four jokers"), L_("All four jokers and three 2s"), one_of=WILD,
          word=L_("4 jokers")),
    count("twos_canastas", L_("Canastas of seven 2s"), L_("Seven 2s"), one_of=WILD, word=L_("Seven 2s")),
    count("red_threes", L_("Red threes"), group=THREES_LAID, per_unit=False, short=RED_SHORT),
    count("black_threes_laid", L_("Black threes"), group=THREES_LAID, per_unit=False, short=BLACK_SHORT),
    melded(L_("Canastas included; threes count nothing")),
    in_hand(L_("A 3 left in hand goes under Penalties")),
    WENT_OUT,
    Field("concealed", "flag", L_("Went out concealed"), L_("Melded the whole hand in one turn, nothing melded before"),
          group=L_("Going out")),
    count("threes_held", L_("Threes left in hand"), L_("Red or black, kept back or drawn last"), group=RARE,
          rare=True),
    count("aces_penalties", L_("Players holding 3 or more aces"), group=RARE, rare=True),
    count("sevens_penalties", L_("Players holding 3 or more sevens"), group=RARE, rare=True),
    Field("incomplete_aces", "flag", L_("Incomplete natural aces meld"), group=RARE, rare=True),
    Field("incomplete_sevens", "flag", L_("Incomplete sevens meld"), group=RARE, rare=True),
    Field("incomplete_wild", "flag", L_("Incomplete wild meld"), group=RARE, rare=True),
    Field("incomplete_wild_jokers", "flag", L_("That wild meld holds all four jokers"), group=RARE, rare=True),
)
LABELS = {f.name: f.label for f in FIELDS}

# the parts of a side's score under "Penalties and incomplete melds": one column of their points on the sheets
PENALTIES = ("threes_held", "incomplete_aces", "incomplete_sevens", "incomplete_wild", "aces_penalties",
             "sevens_penalties")
# a played sheet shows the rare columns only when a hand used them; a blank sheet keeps the special hand, the aces,
# sevens and wild canastas and the penalties (RULES.md §11 scores them all), and leaves the four jokers' and the
# seven 2s' canastas to be counted into Score first when short of room
COLUMNS = (
    SheetColumn(lang.lazy_pgettext("sheet column", "Sp"), "choice", "special_hand", optional=True,
                choices=SPECIAL_WORDS, blank_optional=False),
    SheetColumn(lang.lazy_pgettext("sheet column", "N"), "count", "natural_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "M"), "count", "mixed_canastas"),
    SheetColumn(lang.lazy_pgettext("sheet column", "A"), "count", "aces_canastas", optional=True, blank_optional=False),
    SheetColumn(lang.lazy_pgettext("sheet column", "7s"), "count", "sevens_canastas", optional=True,
                blank_optional=False),
    SheetColumn(lang.lazy_pgettext("sheet column", "W"), "count", "wild_canastas", optional=True, blank_optional=False),
    SheetColumn(lang.lazy_pgettext("sheet column", "WJ"), "count", "joker_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "W2"), "count", "twos_canastas", optional=True),
    SheetColumn(lang.lazy_pgettext("sheet column", "R3"), "count", "red_threes"),
    SheetColumn(lang.lazy_pgettext("sheet column", "B3"), "count", "black_threes_laid"),
    *CARD_COLUMNS,
    SheetColumn(lang.lazy_pgettext("sheet column", "Pen"), "points", optional=True, blank_optional=False,
                parts=PENALTIES, legend=RARE),
    SheetColumn(lang.lazy_pgettext("sheet column", "Conc"), "flag", "concealed", optional=True),  # RULES.md §14
    SCORE, TOTAL,
)


BONUSES = tuple((c.field, c.bonus) for c in CANASTAS)  # each canasta kind's field and the house rule of its bonus


def score_side(e: dict, rules: dict) -> dict[str, int]:
    """One side's hand score in named parts (RULES.md §11 "Hand score of a side")."""
    if e["special_hand"] and not rules.get("special_hands_add"):
        return {"special_hand": rules["special_hands"][e["special_hand"]] or 0}  # the side's whole score
    parts, made = {}, 0
    for name, bonus in BONUSES:  # written out plainly: this runs for every side of every hand of every game read
        n = e[name]
        made += n
        parts[name] = n * rules[bonus]
    # each colour scored on its own from how many of it a side laid out (1 → 100, 2 → 300, 3 → 500, 4 → 1000); more
    # than the table lists is refused by the checks, the live preview still scores it (at the last row)
    table, red_n, black_n = rules["threes_table"], e["red_threes"], e["black_threes_laid"]
    red = table[min(red_n, len(table)) - 1] if red_n else 0
    black = table[min(black_n, len(table)) - 1] if black_n else 0
    sign = -1 if made == 0 else 0 if made == 1 else 1  # against, not at all, for
    concealed = rules.get("going_out_concealed_bonus")
    if concealed is None:  # not played (the default): no part of its own, the breakdown as it always was
        parts["going_out"] = rules["going_out_bonus"] if e["went_out"] else 0
    else:  # RULES.md §14: going out concealed gets this instead of the going-out bonus
        parts["going_out"] = rules["going_out_bonus"] if e["went_out"] and not e["concealed"] else 0
        parts["concealed"] = concealed if e["went_out"] and e["concealed"] else 0
    parts["red_threes"] = sign * red
    parts["black_threes_laid"] = sign * black
    parts["melded"] = e["melded"] if made else -e["melded"]
    parts["in_hand"] = -e["in_hand"]
    parts["threes_held"] = -e["threes_held"] * rules["three_held_penalty"]
    parts["incomplete_aces"] = -rules["incomplete_aces_penalty"] if e["incomplete_aces"] else 0
    parts["incomplete_sevens"] = -rules["incomplete_sevens_penalty"] if e["incomplete_sevens"] else 0
    parts["incomplete_wild"] = -(rules["incomplete_jokers_penalty"] if e["incomplete_wild_jokers"]
                                 else rules["incomplete_wild_penalty"]) if e["incomplete_wild"] else 0
    parts["aces_penalties"] = -e["aces_penalties"] * rules["aces_held_penalty"]
    parts["sevens_penalties"] = -e["sevens_penalties"] * rules["sevens_held_penalty"]
    if e["special_hand"]:  # special_hands_add (RULES.md §14): the special hand on top of the rest
        parts["special_hand"] = rules["special_hands"][e["special_hand"]] or 0
    return parts


def incomplete_row(rules: dict) -> tuple[str, str]:
    """The rules card's row of the incomplete melds' penalties: two numbers when aces and sevens cost alike and so
    do the wild meld and the four jokers' (the defaults), else all four."""
    aces, sevens, wild, jokers = (rules[k] for k in ("incomplete_aces_penalty", "incomplete_sevens_penalty",
                                                     "incomplete_wild_penalty", "incomplete_jokers_penalty"))
    if aces == sevens and wild == jokers:
        return lang._("Incomplete meld: aces or sevens / wild cards"), f"{minus(aces)} / {minus(wild)}"
    return (lang._("Incomplete meld of aces / sevens / wild cards / four jokers"),
            "/".join(minus(n) for n in (aces, sevens, wild, jokers)))


class American(ThreesAside, Variant):
    id = "american"
    name = L_("Modern American Canasta")
    summary = L_("2 partnerships, or 2 players alone; 108 cards; threes for or against; special hands; to 8,500.")
    fields = FIELDS
    target = 8500
    rules = RULES
    canastas = CANASTAS
    columns = COLUMNS
    words = Words(meld=L_("canasta"), melds=L_("canastas"), round=L_("hand"), rounds=L_("hands"),
                  meld_count=lang.Nn_("%(num)s canasta", "%(num)s canastas"),
                  round_count=lang.Nn_("%(num)s hand", "%(num)s hands"))
    minimum = ByScoreRows(by_round="meld_minimums")
    minimum_words = L_("%(points)s, with a clean triple")
    part_labels = {"going_out": L_("Going out")}
    describe_sides = {"partnerships": {"sides": [2, 2], "players_per_side": 2},
                      "individuals": {"sides": [2, 2], "players_per_side": 1}}
    decks_note = L_("Two 54-card decks (108 cards, 4 jokers); always two")
    describe_decks = DECKS
    decks_range = (DECKS, DECKS)

    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        sizes = {len(s["players"]) for s in sides}
        if len(sides) == 2 and len(sizes) == 1 and sizes <= {1, 2}:
            return []
        return [FieldError("sides", lang._("Modern American Canasta is played by 2 partnerships of two players, or by "
                                           "2 players alone; got %(sent)s.", sent=sides_sent(sides)))]

    def default_decks(self, sides: list[dict]) -> int:
        return DECKS

    def build_options(self, raw, sides):
        options, errors = super().build_options(raw, sides)
        if isinstance(raw, dict) and raw.get("decks") not in (None, DECKS):
            errors = [e for e in errors if e.field != "options.decks"] + [FieldError("options.decks", lang._(
                "Modern American Canasta is always played with 2 decks (108 cards): leave decks out or send 2."))]
        return options, errors

    def check_house_rules(self, rules: dict) -> list[FieldError]:
        if not 1 <= rules["go_out_canastas"] <= 12:
            return [FieldError("options.house_rules.go_out_canastas", lang._(
                "Canastas needed to go out must be from 1 to 12, not %(n)s.", n=lang.number(rules["go_out_canastas"])))]
        return []

    def choices_played(self, field: Field, options: dict) -> tuple[tuple[str, str], ...]:
        """The special hands this table plays: a hand whose value it set to null is not offered."""
        if field.name != "special_hand":
            return field.choices
        values = options["house_rules"]["special_hands"]
        return tuple((key, word) for key, word in field.choices if values.get(key) is not None)

    def field_bounds(self, options: dict) -> dict[str, int]:
        return checks.bounds(options["house_rules"])

    def choice_is_whole(self, field: Field, options: dict) -> bool:
        return field.whole and not options["house_rules"].get("special_hands_add")

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        return checks.check_hand(entries, options["house_rules"], sides, LABELS, SPECIAL_WORDS_BY_KEY)

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        rules = options["house_rules"]
        return [SideScore(i, score_side(e, rules)) for i, e in enumerate(entries)]

    def wins_at_once(self, entries: list[dict], options: dict) -> int | None:
        """A Dream hand wins the game at once (house rule dream_hand_wins)."""
        if options["house_rules"]["dream_hand_wins"]:
            return next((i for i, e in enumerate(entries) if e.get("special_hand") in DREAM_HANDS), None)
        return None

    def score_note(self, entry: dict, options: dict) -> str:
        """The swing, before Record: what the side's canastas so far make of its threes and melded cards."""
        if entry.get("special_hand") or not (entry.get("melded") or entry.get("red_threes")
                                             or entry.get("black_threes_laid")):
            return ""
        made = sum(entry.get(k) or 0 for k in KINDS if isinstance(entry.get(k), int))
        if made == 0:
            return lang._("No canasta yet: your threes and melded cards count against you.")
        if made == 1 and (entry.get("red_threes") or entry.get("black_threes_laid")):
            return lang._("One canasta: your threes count nothing; with a second they count for you.")
        return ""

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        """The deal passes to the left; the player to the dealer's left plays first."""
        return deal_to_the_left(sides, hands_played)

    # -- the rules card, in Modern American Canasta's words ------------------------------------------
    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        table = rules["threes_table"]
        return [(lang._("Melded points: against the side while it has no canasta"), lang._("plus or minus")),
                (lang._("Points left in hand"), lang._("minus")),
                (lang._("Threes of one colour laid out, 1 to 4: against a side with no canasta, nothing with one, "
                        "for it with two or more"), "/".join(lang.number(n) for n in table)),
                (lang._("Going out"), plus(rules["going_out_bonus"])),
                *([(lang._("Going out concealed (the whole hand in one turn)"),
                    lang._("%(points)s instead", points=plus(rules["going_out_concealed_bonus"])))]
                  if rules.get("going_out_concealed_bonus") is not None else []),

                incomplete_row(rules),
                (lang._("Left in hand: a three (each) / three or more aces / sevens (a side, once)")
                 if rules.get("held_penalties_per_side") else
                 lang._("Left in hand: a three (each) / three or more aces / sevens (a player)"), "/".join(
                    minus(rules[k]) for k in ("three_held_penalty", "aces_held_penalty", "sevens_held_penalty")))]

    def more_sections(self, rules: dict) -> list[tuple[str, list[tuple[str, str]]]]:
        """The special hands and their values, a section of the rules card of its own."""
        rows = [(str(word), lang.number(rules["special_hands"][key]) if rules["special_hands"][key] is not None
                 else lang._("not played")) for key, word, _ in SPECIAL]
        if rules.get("special_hands_add"):  # RULES.md §14
            return [(lang._("Special hands (added to the side's canastas, threes, cards and penalties)"), rows)]
        return [(lang._("Special hands (laid down whole: the side scores this and nothing else)"), rows)]

    def going_out_text(self, rules: dict) -> str:
        return lang.ngettext(
            "To go out a side needs %(num)s canasta of any kind and no incomplete aces, sevens or wild meld. At most "
            "one side goes out; a hand may also end when the stock runs out or a special hand is laid down.",
            "To go out a side needs %(num)s canastas of any kinds and no incomplete aces, sevens or wild meld. At most "
            "one side goes out; a hand may also end when the stock runs out or a special hand is laid down.",
            rules["go_out_canastas"])

    def end_note(self, rules: dict) -> str:
        if rules["dream_hand_wins"]:
            return lang._("A Dream hand wins the game at once, whatever the totals.")
        return ""

    def meld_rows(self, rules: dict) -> tuple[list[tuple[str, str]], str]:
        rows, note = super().meld_rows(rules)
        clean = lang._("The opening needs a clean triple: three natural cards of one rank.")
        return rows, " ".join(n for n in (note, clean) if n)


VARIANT = American()

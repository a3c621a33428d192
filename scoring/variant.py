"""What every variant module provides, and the parts all variants share: options and sides."""
from __future__ import annotations

import copy
from dataclasses import replace
from datetime import datetime
from typing import Any

import lang
from lang import L_

from . import adjustment, by_value
from .base import Field, FieldError, SideScore, listed
from .declare import Canasta, HouseRule, Seating, SheetColumn, points
from .shape import ByScore, MeldMinimum, SideMark, Words
from .entries import parse_entries, whole_number
from . import vocabulary

NAME_MAX = 40
NO_END = lang.R_("A game needs a way to end: a target score, a number of %(rounds)s or a finish time. "
            "Give at least one of them.")


class Variant:
    """A variant's rules as data plus the small functions that apply them.

    A subclass sets the class attributes and implements check_sides, check_hand,
    score_hand and dealing; everything else here is common to all variants. The declarations
    (rules, canastas, columns, seating, the rules-card text) are all the pages and PDFs know of it.
    """

    id: str
    name: str
    summary: str
    fields: tuple[Field, ...]
    card_values: dict[str, int]
    card_words: dict[str, tuple[str, str]] = {}  # each card value's word, one and many: "twenties" → ("twenty", "twenties")
    card_names: dict[str, str] = {}  # which cards carry each card value, in words (rules card)
    valueless_cards: str = ""  # cards that carry no card value, in words (rules card): "3 (red or black)"
    target: int
    rules: tuple[HouseRule, ...]
    canastas: tuple[Canasta, ...] = ()
    columns: tuple[SheetColumn, ...] = ()  # a side's block on a score sheet
    seating: Seating = Seating()
    words: Words = Words()  # what its melds and rounds are called: canastas and hands, books and rounds…
    minimum: MeldMinimum = ByScore()  # what sets a side's initial-meld minimum: its score, the round, nothing
    marks: tuple[SideMark, ...] = ()  # what a table marks for a side between hands (Pony's failed melds)
    part_labels: dict[str, str] = {}  # hand-score parts that are no entry field: "going_out" → "Going out"
    finish_time_note: str = ""  # on the rules card, when a finish time is part of the usual rules
    # who does what as a round begins, as the pages word it: (key of dealing()'s answer, what that player does)
    dealing_jobs: tuple[tuple[str, str], ...] = (("dealer", L_("deals")), ("first_player", L_("plays first")))
    score_instead: int | None = None  # a game of rounds: the score a table that plays to one instead usually sets
    uses_decks: bool = True
    minimum_words: str = ""  # the minimum as the pages say it, when a number alone leaves something out: "%(points)s, with a clean triple"
    decks_range: tuple[int, int] = (1, 40)  # the fewest and most decks a table may choose
    going_out_field: str = "went_out"  # the flag of the side that went out (a tie may go to it, RULES.md §14)
    # the pack, by card value (RULES.md §4: counts by value are checked against it, scoring/by_value.py): the cards of
    # each value in one deck where a table chooses its decks, or in the whole pack where it never changes
    deck_counts: dict[str, int] = {}
    pack_counts: dict[str, int] = {}
    card_counted: dict[str, tuple[str, str]] = {}  # each value counted, marked with lang.Nn_: "%(num)s joker(s)"
    # the fields a house rule switches off: a field's name → the house rule that, set to null (a bonus) or false (a
    # flag), leaves it unplayed. Declared once; the base derives from it the field's bound 0 (`with_switched_off`, so the form, the
    # API and the sheets leave it out) and its refusal (`switched_off_errors`)
    switched_off_by: dict[str, str] = {}

    @property
    def house_rules(self) -> dict[str, Any]:
        """Each house rule's default."""
        return {r.key: r.default for r in self.rules}

    def house_rule(self, key: str) -> HouseRule | None:
        return next((r for r in self.rules if r.key == key), None)

    # -- sides and options -------------------------------------------------------------
    def check_sides(self, sides: list[dict]) -> list[FieldError]:
        raise NotImplementedError  # each variant module defines its own

    def default_decks(self, sides: list[dict]) -> int | None:
        return None

    def default_max_hands(self, sides: list[dict] | None) -> int | None:
        """The hand limit a game gets when the table sets none (None: no limit)."""
        return None

    def default_options(self, sides: list[dict] | None = None) -> dict:
        """The options a new game gets when the table changes nothing."""
        return {
            "target": self.target,
            "max_hands": self.default_max_hands(sides),
            "decks": self.default_decks(sides) if (sides and self.uses_decks) else None,
            "finish_at": None,
            "house_rules": copy.deepcopy(self.house_rules),
        }

    def build_options(self, raw: Any, sides: list[dict]) -> tuple[dict, list[FieldError]]:
        """Defaults overlaid with what the table chose (a null target or hand limit: none); every value checked."""
        options = self.default_options(sides)
        if raw is None:
            return options, []
        if not isinstance(raw, dict):
            return options, [FieldError("options", lang._("options must be an object."))]
        errors: list[FieldError] = []
        allowed = ("target", "max_hands", "decks", "finish_at", "house_rules")
        for key in raw:
            if key not in allowed:
                errors.append(FieldError(f"options.{key}", lang._("'%(key)s' is not an option. Options are: %(options)s.",
                                                                   key=key, options=", ".join(allowed))))
        if "target" in raw and raw["target"] is None:
            options["target"] = None  # null says "no target" (API.md), even where the variant has one
        elif raw.get("target") is not None:
            n, err = whole_number(raw["target"], "options.target", lang._("The target score"))
            if err or n < 1:
                errors.append(err or FieldError("options.target", lang._("The target score must be at least 1.")))
            else:
                options["target"] = n
        if "max_hands" in raw and raw["max_hands"] is None:
            options["max_hands"] = None  # null says "no limit", even where the default has one
        elif raw.get("max_hands") is not None:
            n, err = whole_number(raw["max_hands"], "options.max_hands", lang._("The hand limit"))
            if err or not 1 <= n <= 1000:
                errors.append(err or FieldError("options.max_hands", lang._(
                    "The hand limit must be from %(least)s to %(most)s hands, or empty for no limit.",
                    least=lang.number(1), most=lang.number(1000))))
            else:
                options["max_hands"] = n
        if raw.get("decks") is not None:
            n, err = whole_number(raw["decks"], "options.decks", lang._("The number of decks"))
            if not self.uses_decks:
                errors.append(FieldError("options.decks", lang._("%(variant)s always uses its own pack; leave decks out.",
                                                                  variant=self.name)))
            elif err or not self.decks_range[0] <= n <= self.decks_range[1]:
                fewest, most = self.decks_range
                errors.append(err or FieldError("options.decks", lang._("The number of decks must be from %(fewest)s to "
                                                                         "%(most)s.", fewest=fewest, most=most)))
            else:
                options["decks"] = n
        if raw.get("finish_at") is not None:
            value = raw["finish_at"]
            try:
                moment = datetime.fromisoformat(value) if isinstance(value, str) else None
            except ValueError:
                moment = None
            # far-off years overflow when a local time is converted; no card game is timed by them
            options["finish_at"] = moment.isoformat() if moment and 2000 <= moment.year <= 2999 else None
            if options["finish_at"] is None:
                errors.append(FieldError("options.finish_at", lang._("The finish time must be a date and time like "
                                                                     "2026-11-22T22:30 (years 2000 to 2999).")))
        if raw.get("house_rules") is not None:
            errors.extend(self._apply_house_rules(raw["house_rules"], options["house_rules"]))
        ends = ("target", "max_hands", "finish_at")
        if all(options[k] is None for k in ends) and not any(e.field in {f"options.{k}" for k in ends} for e in errors):
            # an endless game: no target, no hand limit, no finish time
            errors.append(FieldError("options", self.words.say(NO_END)))
        return options, errors

    def _apply_house_rules(self, raw: Any, rules: dict) -> list[FieldError]:
        if not isinstance(raw, dict):
            return [FieldError("options.house_rules", lang._("house_rules must be an object."))]
        raw, sent_as, errors = vocabulary.read(self, raw)  # older keys (RULES.md §14) in today's names
        for key, value in raw.items():
            where = f"options.house_rules.{sent_as.get(key, key)}"
            rule = self.house_rule(key)
            if rule is None:
                errors.append(FieldError(where, lang._("'%(key)s' is not a house rule of %(variant)s. House rules are: "
                                                       "%(rules)s.", key=key, variant=self.name,
                                                       rules=", ".join(self.house_rules))))
                continue
            if sent_as.get(key) in (vocabulary.OLD_BASE, vocabulary.OLD_TIERS):
                rules[key] = value  # checked as min_meld and min_meld_tiers were, made one table by vocabulary.read
                continue
            if sent_as.get(key) in vocabulary.RENAMED.get(self.id, {}):  # its refusals name the key as sent
                rule = replace(rule, key=sent_as[key])
            value, err = rule.read(value, where)
            if err:
                errors.append(err)
            else:
                rules[key] = value
        return errors or self.check_house_rules(rules)

    def check_house_rules(self, rules: dict) -> list[FieldError]:
        """What the house rules may not be together (each one alone was checked by its kind); none in most variants."""
        return []

    # -- hands --------------------------------------------------------------------------
    def parse_hand(self, payload: Any, sides: int, options: dict | None = None) -> tuple[list[dict], list[FieldError]]:
        """Read a posted hand into whole numbers and flags (shape and types only; card counts by the game's values),
        with each side's penalty or award (scoring/adjustment.py: the same in every variant, so no variant declares
        it)."""
        values = self.card_values if options is None else self.card_values_for(options)
        payload, kept, refused = adjustment.take(payload)
        counted: list = []  # each card count by value read: (side, field, counts)
        entries, errors = parse_entries(payload, self.fields, values, sides, self.name, counted)
        if counted and not errors and options is not None:  # each value no more than the pack holds (RULES.md §4)
            errors = by_value.check(self, counted, entries, options)
        return adjustment.put(entries, kept), errors + refused

    def held_apart(self, options: dict, entries: list[dict]) -> tuple[str, int, tuple[str, str]] | None:
        """Cards of one value entered in a field of their own, so not among that value's counted cards: (the value,
        how many, their words marked with lang.Nn_); None in most variants."""
        return None

    def card_values_for(self, options: dict) -> dict[str, int]:
        """Each card value at this table (a house rule may change one: Hand and Foot's joker_value)."""
        return self.card_values

    def round_options(self, options: dict, number: int) -> dict:
        """The options as round `number` (from 1) plays them: a house rule given one value per round takes that
        round's; the same options in most variants."""
        return options

    def hand_errors(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        """check_hand on a parsed hand: the variant's own checks never see a side's penalty or award."""
        return self.check_hand(adjustment.without(entries), options, sides)

    def hand_scores(self, entries: list[dict], options: dict) -> list[SideScore]:
        """score_hand on a parsed or stored hand, each side's penalty or award then added on top (a special hand's
        whole score included)."""
        return adjustment.added(self.score_hand(adjustment.without(entries), options), entries)

    def check_hand(self, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
        raise NotImplementedError  # each variant module defines its own

    def score_hand(self, entries: list[dict], options: dict) -> list[SideScore]:
        raise NotImplementedError  # each variant module defines its own

    def min_meld(self, total: int, rounds_played: int, options: dict, marks: dict[str, int] | None = None) -> int:
        """A side's initial-meld minimum for the next round: as `minimum` declares it (from its total or the
        round), raised by whatever the table marked for it this round (`marks`: each mark's count)."""
        rules = options["house_rules"]
        least = self.minimum.minimum(total, rounds_played, rules)
        return least + sum(m.raised((marks or {}).get(m.key, 0), rules) for m in self.marks)

    def dealing(self, sides: list[dict], hands_played: int) -> dict:
        raise NotImplementedError  # each variant module defines its own

    def wins_at_once(self, entries: list[dict], options: dict) -> int | None:
        """The side whose hand wins the game at once whatever the totals (American's Dream hand); None in most."""
        return None

    def score_note(self, entry: dict, options: dict) -> str:
        """What the hand form's preview says of a side's entry so far, beyond its score ("" for nothing)."""
        return ""

    def minimum_said(self, least: int) -> str:
        """A side's initial-meld minimum as the pages say it: '50', or '155, with a clean triple'."""
        return lang._(self.minimum_words, points=points(least)) if self.minimum_words else points(least)

    def field_help(self, field: Field, options: dict) -> str:
        """A field's short help at this table, where its house rules change what it says (Classic's red threes);
        as declared in most variants."""
        return field.help

    def choices_played(self, field: Field, options: dict) -> tuple[tuple[str, str], ...]:
        """A choice field's choices this table plays (American's special hands a table set to null are not); all in
        most variants."""
        return field.choices

    def field_bounds(self, options: dict) -> dict[str, int]:
        """The largest value each count or points field can take at this table."""
        return {}

    def switched_off(self, rules: dict) -> tuple[tuple[str, str], ...]:
        """The (field, house rule) pairs this table's rules switched off (`switched_off_by`)."""
        return tuple((field, rule) for field, rule in self.switched_off_by.items()
                     if rules[rule] is None or rules[rule] is False)  # a bonus at null, a flag unticked

    def with_switched_off(self, found: dict[str, int], rules: dict) -> dict[str, int]:
        """`found` (each field's largest value) with 0 for every field the table's rules switched off."""
        off = {field for field, _ in self.switched_off(rules)}
        return {k: 0 if k in off else n for k, n in found.items()} if off else found

    def switched_off_errors(self, entries: list[dict], rules: dict, first: int = 0) -> list[FieldError]:
        """A field the table's rules switched off must be 0: the refusal for each side's entry that is not (`first`:
        the index of `entries[0]`, when one side's entry is checked alone)."""
        off = self.switched_off(rules)
        if not off:
            return []
        labels = {f.name: f.label for f in self.fields}
        return [FieldError(f"entries[{i}].{k}", lang._(
                    "%(field)s is not played at this table (house rule %(rule)s is off), so it must be 0, not %(n)s.",
                    field=labels[k], rule=rule, n=lang.number(e[k])))
                for i, e in enumerate(entries, first) for k, rule in off if e[k]]

    def choice_is_whole(self, field: Field, options: dict) -> bool:
        """Whether a choice declared as a side's whole entry is one at this table (American's special hand is not
        while special_hands_add is on); as declared in most variants."""
        return field.whole

    def partners(self, names: list[str]) -> list[dict]:
        """Per seat, whose score a player shares ({"player", "partner", "rentrap"}); none in most variants."""
        return []

    # -- the rules card, in the variant's words ------------------------------------------
    def meld_heading(self, rules: dict) -> str:
        """The heading over the left column of the meld-minimum rows ("Score before the hand", "Round"; "": none)."""
        return self.minimum.rows(rules, self.words)[0]

    def bonus_rows(self, rules: dict) -> list[tuple[str, str]]:
        """Every part of a hand score besides the bonuses of its melds: (what, points)."""
        return [(lang._("Melded points (%(meld)s cards included)", meld=self.words.meld), lang._("plus")),
                (lang._("Points left in hand"), lang._("minus"))]

    def going_out_text(self, rules: dict) -> str:
        """What a side needs before it may go out."""
        kinds = [c.word for c in self.canastas]
        return self.words.say("To go out a side needs at least one %(meld)s of each kind: %(kinds)s. At most one side goes out; "
                      "a %(round)s may also end when the stock runs out.", meld=self.words.meld,
                      kinds=listed(kinds, "and"))

    def more_sections(self, rules: dict) -> list[tuple[str, list[tuple[str, str]]]]:
        """Sections of the rules card beyond the usual ones: (title, rows of (what, points)); none in most."""
        return []

    def end_note(self, rules: dict) -> str:
        """What ends the game besides the target and the hand limit, for the rules card ("" for nothing)."""
        return ""

    def meld_rows(self, rules: dict) -> tuple[list[tuple[str, str]], str]:
        """The initial-meld minimum as rows (when, minimum) as `minimum` declares it, and a note that adds
        what the table's marks do."""
        _, rows = self.minimum.rows(rules, self.words)
        notes = [self.minimum.note(rules)] + [m.note.format(step=points(rules[m.raises_by])) for m in self.marks]
        return rows, " ".join(n for n in notes if n)

    def describe(self) -> dict:
        """The variant as GET /api/variants shows it."""
        options = self.default_options()
        bounds = self.field_bounds({**options, "decks": options["decks"] or self.describe_decks})
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "options": options,
            "decks_note": self.decks_note,
            "sides": {kind: {**shape, "max_hands": self.default_max_hands(
                          [{"players": [""] * shape["players_per_side"]}] * shape["sides"][0])}
                      for kind, shape in self.describe_sides.items()},
            "card_values": dict(self.card_values),
            "fields": [f.describe(bounds.get(f.name)) for f in self.fields] + adjustment.describe(),
        }

    describe_sides: dict = {}
    decks_note: str = ""
    describe_decks: int = 1


def seats(sides: list[dict]) -> list[tuple[int, str]]:
    """Players in seat order, partners opposite: first player of each side, then the second…"""
    order = []
    for r in range(max(len(s["players"]) for s in sides)):
        for i, s in enumerate(sides):
            if r < len(s["players"]):
                order.append((i, s["players"][r]))
    return order


def deal_to_the_left(sides: list[dict], hands_played: int, *, pony_dealer: int | None = None,
                     cutter: int | None = None) -> dict:
    """Who deals (one seat further left each hand), plays first (the dealer's left) and does the other jobs."""
    # the other jobs, where a variant has them, are seats counted from the dealer: 1 is the dealer's left, −1 the right
    order = [p for _, p in seats(sides)]
    k = hands_played % len(order)
    at = lambda j: None if j is None else order[(k + j) % len(order)]  # noqa: E731
    return {"dealer": order[k], "pony_dealer": at(pony_dealer), "cutter": at(cutter), "first_player": at(1),
            "seats": order}

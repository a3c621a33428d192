"""The shape of a variant's game: what sets the initial-meld minimum, what its melds and rounds are called,
and what a table marks for a side between hands.

A variant declares these; the game replay, the pages, the sheets and the API read them, so none of those
needs to know whether a game's minimum follows the score or the round, or calls its melds canastas or books.
"""
from __future__ import annotations

from dataclasses import dataclass

import lang
from lang import L_, Lazy

from .base import meld_minimum
from .declare import points

def capital(word: str | Lazy) -> str:
    """A word with its first letter made a capital ("hand" → "Hand"), the rest as the language writes it."""
    text = str(word)
    return text[:1].upper() + text[1:]


MELD_COUNT = lang.Nn_("%(num)s canasta", "%(num)s canastas")
ROUND_COUNT = lang.Nn_("%(num)s hand", "%(num)s hands")


@dataclass(frozen=True)
class Words:
    """What a variant calls its seven-card melds and its rounds of play, one and many, and counted."""

    meld: str | Lazy = L_("canasta")
    melds: str | Lazy = L_("canastas")
    round: str | Lazy = L_("hand")
    rounds: str | Lazy = L_("hands")
    meld_count: tuple[str, str] = MELD_COUNT
    round_count: tuple[str, str] = ROUND_COUNT

    def melds_counted(self, n: int) -> str:
        """'1 canasta', '3 books', in the current language."""
        return lang.counted(self.meld_count, n)

    def rounds_counted(self, n: int) -> str:
        """'1 hand', '4 rounds', in the current language."""
        return lang.counted(self.round_count, n)

    def whole(self, sentence: str) -> str:
        """A sentence's English msgid with this variant's round words written in ("Record %(round)s %(n)s" →
        "Record deal %(n)s"): each round word's sentence is its own catalog entry, so a language whose words for
        hand, round and deal differ in gender says each one right. `make catalogs-update` lists every sentence
        once per round word (scoring/extract.py)."""
        return fill_round_words(sentence, lang.english(self.round), lang.english(self.rounds))

    def say(self, sentence: str, /, **values) -> str:
        """`sentence` ("The %(round)s in play…") as this variant's own whole sentence in the current language."""
        return lang._(self.whole(sentence), **values)

    def say_n(self, singular: str, plural: str, num: int, /, **values) -> str:
        """A counted sentence as this variant's own whole sentence, singular or plural for `num`."""
        return lang.ngettext(self.whole(singular), self.whole(plural), num, **values)


ROUND_SLOTS = ("%(round)s", "%(rounds)s", "%(Round)s", "%(Rounds)s")


def fill_round_words(sentence: str, round_word: str, rounds_word: str) -> str:
    """`sentence` with the English round words put in its round slots (%(round)s, %(Rounds)s…)."""
    return (sentence.replace("%(round)s", round_word).replace("%(rounds)s", rounds_word)
            .replace("%(Round)s", capital(round_word)).replace("%(Rounds)s", capital(rounds_word)))


@dataclass(frozen=True)
class ByScore:
    """The minimum follows the side's own total: `base` below the first tier, then the highest tier reached."""

    base: str = "min_meld"
    tiers: str = "min_meld_tiers"
    negative_note: bool = True  # False where the tiers themselves say what a score below 0 needs
    applies = True  # the pages show each side's next minimum
    same_for_every_side = False
    follows_score = True  # a game begun on paper: its totals set the minimums
    follows_round = False

    def minimum(self, total: int, rounds_played: int, rules: dict) -> int:
        return meld_minimum(total, rules[self.base], rules[self.tiers])

    def rows(self, rules: dict, words: Words = Words()) -> tuple[str, list[tuple[str, str]]]:
        """(the left column's heading, rows of (score before the round, minimum))."""
        tiers = sorted(rules[self.tiers])
        bounds = [t for t, _ in tiers]
        first = lang._("below %(score)s", score=points(bounds[0])) if bounds else lang._("any score")
        rows = [(first, points(rules[self.base]))]
        for i, (threshold, least) in enumerate(tiers):
            if i + 1 < len(bounds):
                when = lang._("%(low)s to %(high)s", low=points(threshold), high=points(bounds[i + 1] - 5))
            else:
                when = lang._("%(low)s and up", low=points(threshold))
            rows.append((when, points(least)))
        return words.say("Score before the %(round)s"), rows

    def note(self, rules: dict) -> str:
        return lang._("Negative scores use the lowest minimum.") if self.negative_note else ""


@dataclass(frozen=True)
class ByRound:
    """The minimum is set by the round being played, the same for every side; rounds past the list keep its last.
    A table that sets minimums by score (`by_score`, a rule null by default) has them follow each side's total."""

    rule: str = "meld_minimums"
    by_score: str | None = None
    applies = True
    same_for_every_side = True  # with minimums by score, each side still shows its own where they differ
    follows_score = False
    follows_round = True  # a game begun on paper: its first round kept here takes the first minimum of `rule`

    def _scored(self, rules: dict) -> ByScoreRows | None:
        return ByScoreRows(self.by_score) if self.by_score and rules.get(self.by_score) else None

    def minimum(self, total: int, rounds_played: int, rules: dict) -> int:
        if scored := self._scored(rules):
            return scored.minimum(total, rounds_played, rules)
        listed = rules[self.rule]
        return listed[min(rounds_played, len(listed) - 1)]

    def rows(self, rules: dict, words: Words = Words()) -> tuple[str, list[tuple[str, str]]]:
        if scored := self._scored(rules):
            return scored.rows(rules, words)
        listed, word = rules[self.rule], capital(words.round)
        rows = [(words.say("%(Round)s %(n)s", n=lang.number(n)), points(m)) for n, m in enumerate(listed, start=1)]
        if len(listed) > 1:
            rows[-1] = (words.say("%(Round)s %(n)s and later", n=lang.number(len(listed))), rows[-1][1])
        else:
            rows[-1] = (words.say("Every %(round)s"), rows[-1][1])
        return word, rows

    def note(self, rules: dict) -> str:
        if self._scored(rules):
            return lang._("Each side's own minimum, by its score before the round.")
        return lang._("The same for every side, whatever the score.")


@dataclass(frozen=True)
class Fixed:
    """One minimum for everyone at any score (`reduced` when the rules lower it in some cases)."""

    rule: str
    reduced: str | None = None
    reduced_when: str = ""
    applies = True
    follows_score = False
    follows_round = False

    @property
    def same_for_every_side(self) -> bool:
        """Only without a reduced case: where one side may open lower (Five-person's kitty), each side shows its own."""
        return self.reduced is None

    def minimum(self, total: int, rounds_played: int, rules: dict) -> int:
        return rules[self.rule]

    def rows(self, rules: dict, words: Words = Words()) -> tuple[str, list[tuple[str, str]]]:
        rows = [(lang._("Opening minimum"), points(rules[self.rule]))]
        if self.reduced:
            rows.append((lang.shown(self.reduced_when), points(rules[self.reduced])))
        return "", rows

    def note(self, rules: dict) -> str:
        return ""


@dataclass(frozen=True)
class NoMinimum:
    """No initial-meld minimum at all (Burraco): a side opens with any meld, `next_min_meld` is always 0, and the
    pages say nothing of a minimum."""

    applies = False
    same_for_every_side = True
    follows_score = False
    follows_round = False

    def minimum(self, total: int, rounds_played: int, rules: dict) -> int:
        return 0

    def rows(self, rules: dict, words: Words = Words()) -> tuple[str, list[tuple[str, str]]]:
        return "", [(lang._("Opening minimum"), lang._("none"))]

    def note(self, rules: dict) -> str:
        return lang._("A side may lay down its first meld with any points, at any score.")


@dataclass(frozen=True)
class ByScoreRows:
    """The minimum follows the side's own total by a table of [from, minimum] rows (the first from None: every total
    below the next row), unless the table sets minimums by round (`by_round`, None by default), which then win."""

    rule: str = "meld_minimums_by_score"
    by_round: str | None = None
    negative_note: bool = False  # the note ByScore gives: the rows' "below 15,000" includes scores below 0
    applies = True
    same_for_every_side = False
    follows_score = True
    follows_round = False

    def minimum(self, total: int, rounds_played: int, rules: dict) -> int:
        if self.by_round and rules.get(self.by_round):
            return ByRound(self.by_round).minimum(total, rounds_played, rules)
        least = rules[self.rule][0][1]
        for low, value in rules[self.rule][1:]:
            if total >= low:
                least = value
        return least

    def rows(self, rules: dict, words: Words = Words()) -> tuple[str, list[tuple[str, str]]]:
        if self.by_round and rules.get(self.by_round):
            return ByRound(self.by_round).rows(rules, words)
        table = rules[self.rule]
        rows = []
        for i, (low, least) in enumerate(table):
            high = table[i + 1][0] if i + 1 < len(table) else None
            if low is None:
                when = lang._("below %(score)s", score=points(high)) if high is not None else lang._("any score")
            elif high is not None:
                when = lang._("%(low)s to %(high)s", low=points(low), high=points(high - 5))
            else:
                when = lang._("%(low)s and up", low=points(low))
            rows.append((when, points(least)))
        return words.say("Score before the %(round)s"), rows

    def note(self, rules: dict) -> str:
        if self.by_round and rules.get(self.by_round):
            return ByRound(self.by_round).note(rules)
        return lang._("Negative scores use the lowest minimum.") if self.negative_note else ""


MeldMinimum = ByScore | ByRound | Fixed | NoMinimum | ByScoreRows


@dataclass(frozen=True)
class SideMark:
    """Something the table marks for one side between hands, kept with the game until the next hand is
    recorded: Pony's failed initial meld, which raises that side's minimum by a house rule's step each time."""

    key: str  # per-side count in the game object's sides and in storage: "failed_melds"
    action: str  # the last part of its address: POST …/sides/{i}/failed-meld
    button: str  # "Failed meld"
    raises_by: str  # the house rule each mark adds to the side's minimum: "failed_meld_step"
    note: str  # on the rules card: what the table does and what it costs
    shown: str = L_("raised {points} this hand")  # beside the side's next minimum while marked

    def raised(self, count: int, rules: dict) -> int:
        return count * rules[self.raises_by]

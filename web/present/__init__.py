"""How the pages word and format what scoring/ computes: numbers, breakdown lines, dealing, time left."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Mapping, Sequence

from flask import Flask
from markupsafe import Markup

import lang

from scoring import VARIANTS, Variant, adjustment, get_variant, paper
from scoring.base import SideScore, team_name
from scoring.events.sections import table_label
from scoring.game import places, players_shown
from scoring.shape import Words
from service.model import Game, HandScore, Side


@dataclass(frozen=True)
class Line:
    """One readable part of a hand score: 'Natural canastas', '2 × 500', 1000."""

    label: str
    detail: str
    value: int


num = lang.number  # 12345 -> '12,345' (or '12.345' in German…); negatives with a real minus sign
signed = lang.signed  # a hand score: '+10,330', '−415', '0'


def players_note(side: Side) -> str:
    """A side's players to show under its name ('Ann & Bob', 'Ann, Bob & Cy'), or '' when the name says just that
    already."""
    return team_name(players_shown(side.name, side.players))


def card_count_text(counts: Mapping, variant: Variant, values: Mapping | None = None) -> str:
    """{'jokers': 2, 'tens': 3} -> '2 jokers × 50 + 3 tens × 10', in the variant's card words."""
    parts = []
    for key, n in counts.items():
        if n:
            one, many = variant.card_words.get(key, (key, key))
            parts.append(lang._("%(count)s %(word)s × %(value)s", count=num(n), word=one if n == 1 else many,
                                value=num((values or variant.card_values).get(key, 0))))
    return " + ".join(parts)


def part_label(variant: Variant, key: str) -> str:
    field = next((f for f in variant.fields if f.name == key), None)
    if field:
        return field.label
    if key == paper.PART:
        return paper.LABEL
    if key == adjustment.PART:
        return adjustment.LABEL
    return variant.part_labels.get(key, key.replace("_", " ").capitalize())


def breakdown_lines(variant: Variant, entry: Mapping, parts: Mapping[str, int],
                    values: Mapping | None = None) -> list[Line]:
    """The non-zero parts of a side's hand score, each with how it came about (`values`: the game's card values)."""
    fields = {f.name: f for f in variant.fields}
    lines = []
    for key, value in parts.items():
        given = entry.get(key)
        field = fields.get(key)
        kind = field.kind_of if field else None
        if not value:
            continue
        detail = ""
        if kind and kind.chips and isinstance(given, int) and given and field.per_unit and value % given == 0:
            detail = f"{num(given)} × {num(abs(value) // given)}"  # the sign shows on the value
        elif kind and kind.chips and given:
            detail = num(given) if isinstance(given, int) else f"{given}"
        elif kind and kind.by_cards and isinstance(given, Mapping):
            detail = card_count_text(given, variant, values)
        elif kind and kind.picked and given:
            detail = field.choice_word(given)
        elif key == adjustment.PART:
            detail = adjustment_detail(variant, entry)
        lines.append(Line(part_label(variant, key), detail, value))
    return lines


def adjustment_detail(variant: Variant, entry: Mapping) -> str:
    """A penalty or award's reason, and where a special hand is the side's whole score, that it came on top."""
    reason = entry.get(adjustment.REASON) or ""
    if any(f.kind_of.picked and f.whole and entry.get(f.name) for f in variant.fields):
        return lang._("%(reason)s (added on top of the special hand)", reason=reason)
    return reason


def side_lines(variant: Variant, sides: Sequence[Side], entries: Sequence[Mapping], score: HandScore | SideScore,
               values: Mapping | None = None) -> dict:
    """Everything the pages show about one side's hand score (and, where partners' scores are shared, own parts and the partner's share)."""
    i, extra = score.side, score.extra
    if "own_breakdown" in extra:
        own = breakdown_lines(variant, entries[i], extra["own_breakdown"], values)
        partner = sides[extra["partner"]].name
        # the side's own penalty or award, after the partner's share (it is not shared)
        after = breakdown_lines(variant, entries[i], {adjustment.PART: score.breakdown.get(adjustment.PART, 0)})
        return {"total": score.total, "lines": own, "own": extra["own"], "partner": partner,
                "partner_share": score.breakdown["partner_share"], "after": after}
    return {"total": score.total, "lines": breakdown_lines(variant, entries[i], score.breakdown, values)}


def dealing_lines(game: Game) -> list[str]:
    """Who deals, plays first and does the variant's other jobs this round, in the variant's words."""
    d = game.dealing
    if not d:
        return []
    if d.get("note"):
        return [lang.shown(d["note"])]  # kept in English with the game: said in the page's language
    variant = get_variant(game.variant)
    return [lang._("%(name)s %(does)s", name=d[key], does=does) for key, does in variant.dealing_jobs if d.get(key)]


def round_line(game: Game, variant: Variant) -> str:
    """Where the game stands, in the variant's words: 'Round 2 of 4' while a game of a set number of rounds and no
    target is played; else '3 hands played', with the limit and target it has ('1 hand played of 4 · to 50,000')."""
    words, played = variant.words, game.hands_played
    limit, target = game.options.get("max_hands"), game.options["target"]
    if limit and target is None and not game.finished and played < limit:
        return words.say("%(Round)s %(n)s of %(limit)s", n=num(played + 1), limit=num(limit))
    if limit and target is not None:
        return words.say_n("%(num)s %(round)s played of %(limit)s · to %(target)s",
                           "%(num)s %(rounds)s played of %(limit)s · to %(target)s", played, limit=num(limit),
                           target=num(target))
    if limit:
        return words.say_n("%(num)s %(round)s played of %(limit)s", "%(num)s %(rounds)s played of %(limit)s", played,
                           limit=num(limit))
    if target is not None:
        return words.say_n("%(num)s %(round)s played · to %(target)s", "%(num)s %(rounds)s played · to %(target)s",
                           played, target=num(target))
    return words.say_n("%(num)s %(round)s played", "%(num)s %(rounds)s played", played)


def round_heading(game: Game, variant: Variant, number: int, editing: bool) -> str:
    """The hand form's heading: 'Hand 3', 'Correct hand 2', or for a game of a set number of rounds and no target
    'Round 2 of 4', with the minimum when it is the same for every side ('… — minimum 90 for everyone')."""
    words = variant.words
    if editing:
        return words.say("Correct %(round)s %(n)s", n=num(number))
    limit = game.options.get("max_hands") if game.options["target"] is None else None
    if limit and number <= limit:
        heading = words.say("%(Round)s %(n)s of %(limit)s", n=num(number), limit=num(limit))
    else:
        heading = words.say("%(Round)s %(n)s", n=num(number))
    least = one_minimum(game, variant)
    if least is None:
        return heading
    return lang._("%(heading)s \u2014 minimum %(least)s for everyone", heading=heading, least=num(least))


def one_minimum(game: Game, variant: Variant) -> int | None:
    """The next initial-meld minimum once for every side, where the variant's minimum is the same for every side and
    nothing the table marked makes one side's differ; else None (each side shows its own)."""
    if not variant.minimum.applies:  # a game with no minimum at all says nothing of one
        return None
    minimums = {s.next_min_meld for s in game.sides}
    return minimums.pop() if variant.minimum.same_for_every_side and len(minimums) == 1 else None


def hand_minimums(game: Game, variant: Variant, number: int) -> list[str]:
    """Each side's initial-meld minimum in hand `number` as the pages say it ("155, with a clean triple"), for the hand
    form of a variant whose minimum asks more than a number (American's clean triple); [] for the others."""
    if not variant.minimum_words or not variant.minimum.applies:
        return []
    if number > game.hands_played:
        return [variant.minimum_said(s.next_min_meld) for s in game.sides]
    before = [s.start_score for s in game.sides] if number == 1 else \
        [s.running_total for s in game.hands[number - 2].scores]
    return [variant.minimum_said(variant.min_meld(total, number - 1, game.options)) for total in before]


def unfilled_ask(game: Game, names: list[str], number: int | None) -> dict:
    """What the hand form asks when a special hand was tapped and these sides have nothing entered: its words and
    the label of the button that records them as 0 (`number`: the hand corrected, None for a new one)."""
    sides = names[0] if len(names) == 1 else lang._("%(names)s and %(last)s", names=", ".join(names[:-1]),
                                                    last=names[-1])
    if number:
        label = lang._("Save: %(sides)s scored nothing", sides=sides)
        record = say_of(game, "Save %(round)s %(n)s", n=number)
    else:
        label = lang._("Record: %(sides)s scored nothing", sides=sides)
        record = say_of(game, "Record %(round)s %(n)s", n=game.hands_played + 1)
    return {"label": label, "words": lang._("Nothing is entered yet for %(sides)s: enter what they scored, then tap "
                                            "“%(record)s”. If they scored nothing, tap “%(label)s”.", sides=sides,
                                            record=record, label=label)}


def unanswered_ask(game: Game, question, number: int | None) -> dict:
    """What the hand form asks when "Who went out?" (a question asked once a hand with no default, `question` its
    field) was left unanswered: its words, and the button that records the hand with nobody chosen (the question's
    input and the value "nobody" it posts)."""
    from web.forms.hand_form import NOBODY  # the form's own value for "nobody"
    nobody = lang._("Nobody%(meaning)s", meaning=question.nobody)
    if number:
        label = say_of(game, "%(nobody)s: save %(round)s %(n)s", nobody=nobody, n=number)
    else:
        label = say_of(game, "%(nobody)s: record %(round)s %(n)s", nobody=nobody, n=game.hands_played + 1)
    return {"heading": lang._("%(question)s Nobody?", question=question.once), "label": label,
            "name": question.name, "value": NOBODY,
            "words": lang._("“%(question)s” is not answered yet. Tap the side above, then record; if it was nobody, "
                            "tap “%(label)s”.", question=question.once, label=label)}


def finish_time(game: Game, now: datetime | None = None) -> dict | None:
    """The table's finish time, and minutes left (0 once passed); None without one."""
    raw = game.options.get("finish_at")
    if not raw:
        return None
    finish = datetime.fromisoformat(raw)
    if finish.tzinfo is None:
        finish = finish.astimezone()  # typed at the table: the table's local time
    now = now or datetime.now(timezone.utc)
    left = max(0, int((finish - now).total_seconds() // 60) + (1 if finish > now else 0))
    # "at" is the server's clock; meldbook.js shows `iso` in each device's own time zone
    return {"at": lang.numbers.clock(finish.astimezone()), "day": lang.numbers.day(finish.astimezone()),
            "iso": finish.isoformat(), "minutes_left": left}


def when(iso: str | None) -> str:
    """A stored UTC moment in the table's local time, as its language writes it: 'Sat 21 Nov 2026, 21:30',
    'today, 21:30' (German: 'Sa., 21. Nov. 2026, 21:30')."""
    if not iso:
        return ""
    moment = datetime.fromisoformat(iso).astimezone()
    today = datetime.now().astimezone().date()
    if moment.date() == today:
        return lang._("today, %(time)s", time=lang.numbers.clock(moment))
    return lang.numbers.day_and_time(moment)


def variant_names(conj: str) -> str:
    """Every registered variant's name: 'Ponytail Canasta, Pony Canasta and Classic Canasta'."""
    names = [str(v.name) for v in VARIANTS.values()]
    if len(names) == 1:
        return names[0]
    if conj == "or":
        return lang._("%(names)s or %(last)s", names=", ".join(names[:-1]), last=names[-1])
    return lang._("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def say_of(game: Game, sentence: str, /, **values) -> str:
    """A round-word sentence as the game's variant says it whole ('%(Round)s %(n)s was taken back' → 'Deal 3 was
    taken back'), its whole numbers written out in the current language."""
    return get_variant(game.variant).words.say(
        sentence, **{name: num(v) if isinstance(v, int) else v for name, v in values.items()})


def said(words: Words, sentence: str, /, **values) -> Markup:
    """A template's round-word sentence as the variant says it whole, escaped as Jinja's own `_` does."""
    return Markup(lang._(words.whole(sentence))) % values


def said_n(words: Words, singular: str, plural: str, num: int, /, **values) -> Markup:
    """A template's counted round-word sentence as the variant says it whole, singular or plural for `num`."""
    return Markup(lang.translations().ngettext(words.whole(singular), words.whole(plural), num)) % {
        "num": lang.number(num), **values}


def capital(words) -> str:
    """Words with a capital first letter, the rest as written (Jinja's capitalize lowers the rest)."""
    words = str(words)
    return words[:1].upper() + words[1:]


def ranked(game: Game) -> list[tuple[int, Side]]:
    """The sides from first to last with their places (level totals share one: 1, 1, 3)."""
    return [(place, game.sides[i]) for place, i in places([s.score for s in game.sides], game.winner)]


def input_id(name: str) -> str:
    """An element id from an input name: 'entries[1].melded.tens' -> 'entries-1-melded-tens'."""
    return re.sub(r"[^A-Za-z0-9_]+", "-", name).strip("-")


def table_no(table) -> str:
    """A table as pages show it: "B 13" in an event in sections (its section's letter before its number), "13"
    otherwise; `table` a round_list table, a seat or a TableView (anything with `table` and maybe `section`)."""
    get = table.get if isinstance(table, dict) else lambda key, default=None: getattr(table, key, default)
    return table_label(get("section"), lang.number(get("table")))


def init_app(app: Flask) -> None:
    """Make the formatting helpers available in every template."""
    app.jinja_env.filters.update(num=num, signed=signed, when=when, input_id=input_id, players_note=players_note,
                                 capital=capital, team=team_name, table_no=table_no)
    # a game's variant declares its own words
    app.jinja_env.globals.update(get_variant=get_variant, variant_names=variant_names, round_line=round_line,
                                 ranked=ranked, said=said, said_n=said_n,
                                 one_minimum=one_minimum)

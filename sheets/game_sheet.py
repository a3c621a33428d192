"""The score sheet of a game as played: every hand, each side's entries, scores and running totals."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from reportlab.platypus import Spacer, Table, TableStyle

import lang
from scoring import adjustment, get_variant, paper as paper_hands
from scoring.game import places, players_shown
from scoring.shape import Words
from scoring.variant import Variant

from . import columns as cols
from .chart import fitted_chart
from .layout import (
    BODY,
    HEAD,
    INK,
    RULE,
    SCORE_SIZE,
    date_and_time,
    day,
    fitted_heads,
    frame_width,
    names,
    num,
    para,
    render,
    text,
    versus,
)
from .rules_data import house_rule_changes
from .table import hands_table

if TYPE_CHECKING:  # the sheets read the game service's typed game; they import nothing of it to run
    from service.model import Game, Hand

REASONS = {"ended": lang.L_("ended by the table"), "target": lang.L_("target reached"),
           "max_hands": lang.R_("all %(rounds)s played"), "finish_time": lang.L_("finish time passed"),
           "won_outright": lang.L_("won outright by one hand")}


def game_sheet_pdf(game: Game, paper: str = "a4") -> bytes:
    """The game (the service's typed game) printed as a score sheet; same game, same bytes."""
    variant = get_variant(game.variant)
    hands = [_points_as_numbers(variant, h, variant.card_values_for(game.options)) for h in game.hands]
    named = [{"name": s.name, "players": list(s.players)} for s in game.sides]
    sides = side_headings(variant, named)
    plan = cols.plan(variant, game.options, len(sides), paper, hands)
    words = variant.words
    subtitle = lang._("Played %(date)s · game %(game)s · %(counted)s", date=day(game.created), game=game.id,
                      counted=words.rounds_counted(game.hands_played))
    story = heading(variant, named, game.options, lang._("Score sheet"), subtitle)
    story += [para(lang._("<b>Result:</b> %(result)s", result=text(result(game, variant))), "result"), Spacer(1, 6)]
    carried = any(s.start_score for s in game.sides)
    for k, band in enumerate(plan.bands):
        rows = [[str(h["number"])] + [cols.cell(c, h["entries"][i], h["scores"][i]) for i in band for c in plan.columns]
                for h in hands]
        if carried:  # a game begun on paper: its totals there come first, as hand 0 would
            rows.insert(0, [lang._("b/f")] + [num(game.sides[i].start_score) if c.kind_of.carried else ""
                                      for i in band for c in plan.columns])
        if k:
            story.append(Spacer(1, 10))
        story.append(hands_table(plan, sides, band, rows, pen=False))
    if not hands:
        story += [Spacer(1, 4), para(text(variant.words.say("No %(rounds)s recorded yet.")))]
    legend = cols.legend(variant, plan.columns, game.options, pen=False)
    if carried:
        legend.append(lang._("b/f brought forward: the totals scored on paper before this game was kept in Meldbook"))
    copied = [words.say("%(Round)s %(n)s", n=num(h.number)) for h in game.hands if h.from_paper]
    if copied:  # its row has each side's score only: the slip gives nothing else
        legend.append(f"{lang.shown(paper_hands.LABEL)}: {', '.join(copied)}")
    story += [Spacer(1, 5), para(" · ".join(text(x) for x in legend), "small")]
    story += adjustments(variant, game, hands)
    story += [Spacer(1, 8), standings(game)]
    minimums = next_minimums(game, variant)
    if minimums:
        story += [Spacer(1, 4), para(text(minimums))]
    chart = fitted_chart(game, frame_width(paper, plan.wide), words)
    if chart is not None:  # after the totals: on a long game's sheet it may take a page of its own
        story += [Spacer(1, 10), chart]
    title = lang._("%(variant)s score sheet: %(sides)s", variant=variant.name, sides=versus(s.name for s in game.sides))
    return render(story, paper=paper, wide=plan.wide, title=title,
                  footer=lang._("Meldbook · %(variant)s · game %(game)s · %(date)s", variant=variant.name,
                                game=game.id, date=day(game.created)))


def adjustments(variant: Variant, game: Game, hands: list[dict]) -> list:
    """Every penalty or award a table gave, with its reason: each one's Score is marked * above."""
    said = [variant.words.say("%(Round)s %(n)s", n=num(h["number"])) + ", " + lang._(
                "%(side)s %(points)s: %(reason)s", side=game.sides[i].name, points=lang.signed(part),
                reason=h["entries"][i].get(adjustment.REASON) or "")
            for h in hands for i, s in enumerate(h["scores"]) if (part := s["breakdown"].get(adjustment.PART))]
    if not said:
        return []
    each = "; ".join(text(x) for x in said)
    return [Spacer(1, 4), para(lang._("<b>* Penalties and awards</b> (in the Score above): %(list)s", list=each),
                               "small")]


def side_headings(variant: Variant, sides: list[dict]) -> list[dict]:
    """Each side's name and players, and whose score a player shares where the variant has partners by seat."""
    out = [{"name": s["name"], "players": players_shown(s["name"], s["players"])} for s in sides]
    for s, seat in zip(out, variant.partners([s["name"] for s in sides])):
        s["note"] = lang._("partner %(name)s", name=seat["partner"])
    return out


def _points_as_numbers(variant: Variant, hand: Hand, values: Mapping) -> dict:
    """A hand as the sheet's columns read it (number, entries, scores): card points the players counted card by
    card are kept as counts; the sheet prints points."""
    def value(v):
        return sum(n * values.get(k, 0) for k, n in v.items()) if isinstance(v, Mapping) else v
    return {"number": hand.number, "entries": [{k: value(v) for k, v in e.items()} for e in hand.entries],
            "scores": [s.to_json() for s in hand.scores]}


def heading(variant: Variant, sides: list[dict], options: dict, what: str, subtitle: str,
            list_sides: bool = True) -> list:
    """Title, date, sides and players (unless the table heads show them: then date and options share
    a line), options, and the house rules this table changed."""
    story = [para(f"{text(what)} · {text(variant.name)}", "title")]
    if list_sides:
        who = "; ".join(f"<b>{text(s['name'])}</b>"
                        + (f" ({text(names(shown))})" if (shown := players_shown(s["name"], s["players"])) else "")
                        for s in sides)
        story += [para(text(subtitle), "subtitle"), para(lang._("Sides: %(sides)s", sides=who), "subtitle"),
                  para(text(options_line(variant, options)), "subtitle")]
    else:
        story.append(para(text(f"{subtitle} · {options_line(variant, options)}"), "subtitle"))
    changes = house_rule_changes(variant, options)
    if changes:
        chosen = "; ".join(lang._("%(rule)s <b>%(chosen)s</b> (usually %(usual)s)", rule=text(rule), chosen=text(mine),
                                  usual=text(usual)) for rule, usual, mine in changes)
        story.append(para(lang._("House rules: %(changes)s", changes=chosen), "subtitle"))
    story.append(Spacer(1, 2))
    return story


def options_line(variant: Variant, options: dict) -> str:
    """'Target 50,000 · no hand limit · 6 decks', in the variant's words ('ends after 4 rounds')."""
    words = variant.words
    parts = [lang._("Target %(target)s", target=num(options["target"])) if options["target"] is not None
             else lang._("no target")]
    parts.append(words.say_n("ends after %(num)s %(round)s", "ends after %(num)s %(rounds)s", options["max_hands"])
                 if options.get("max_hands") else words.say("no %(round)s limit"))
    if options.get("decks"):
        parts.append(lang.ngettext("%(num)s deck", "%(num)s decks", options["decks"]))
    if options.get("finish_at"):
        parts.append(lang._("finish time %(when)s", when=date_and_time(options["finish_at"])))
    return " · ".join(parts)


def result(game: Game, variant: Variant) -> str:
    """'Us won by 1,234 (target reached)', a shared win, or 'In progress after 12 hands' (in the variant's words)."""
    sides, words = game.sides, variant.words
    played = len(game.hands)
    if not game.finished:
        if not played:
            return words.say("In progress, no %(rounds)s recorded yet.")
        ranked = sorted(sides, key=lambda s: -s.score)
        lead = ranked[0].score - ranked[1].score if len(ranked) > 1 else 0
        leaders = [s.name for s in ranked if s.score == ranked[0].score]
        if len(leaders) > 1:
            return words.say_n("In progress after %(num)s %(round)s: %(sides)s level at %(score)s.",
                               "In progress after %(num)s %(rounds)s: %(sides)s level at %(score)s.", played,
                               sides=names(leaders), score=num(ranked[0].score))
        return words.say_n("In progress after %(num)s %(round)s: %(side)s leads by %(margin)s.",
                           "In progress after %(num)s %(rounds)s: %(side)s leads by %(margin)s.", played,
                           side=leaders[0], margin=num(lead))
    why = ", ".join(reason(REASONS[r], words) if r in REASONS else r
                    for r in game.finish_reasons)
    winners = [sides[i] for i in game.winner or ()]
    if len(winners) == 1:
        won = {"side": winners[0].name, "score": num(winners[0].score), "margin": num(game.margin), "why": why}
        if "won_outright" not in game.finish_reasons and sum(s.score == winners[0].score for s in sides) > 1:
            # a tie that went to the side that went out (RULES.md §14)
            return lang._("%(side)s won the tie at %(score)s, having gone out in the last hand (%(why)s).", **won)
        if why:
            return lang._("%(side)s won with %(score)s, by %(margin)s (%(why)s).", **won)
        return lang._("%(side)s won with %(score)s, by %(margin)s.", **won)
    shared = {"sides": names([w.name for w in winners]), "score": num(winners[0].score), "why": why}
    if why:
        return lang._("%(sides)s share the win with %(score)s each (%(why)s).", **shared)
    return lang._("%(sides)s share the win with %(score)s each.", **shared)


def reason(said: object, words: Words) -> str:
    """Why a game ended, as a phrase: one with round slots (`lang.R_`) in the variant's own whole words."""
    return words.say(said) if isinstance(said, str) else lang.shown(said)


def next_minimums(game: Game, variant: Variant) -> str:
    """Each side's initial-meld minimum for the next hand, where the variant's says more than a number ("Next meld:
    A 155, with a clean triple; B 125, with a clean triple"); "" for the others and a finished game."""
    if game.finished or not variant.minimum_words or not variant.minimum.applies:
        return ""
    return lang._("Next meld: %(minimums)s", minimums="; ".join(
        f"{s.name} {variant.minimum_said(s.next_min_meld)}" for s in game.sides))


def standings(game: Game) -> Table:
    """The sides from first to last with their totals and how far behind the leader."""
    ranked = [(place, game.sides[i]) for place, i in places([s.score for s in game.sides], game.winner)]
    best = ranked[0][1].score
    shown = [names(players_shown(s.name, s.players)) for _, s in ranked]
    if any(shown):
        widths, heads = [40, 170, 170, 70, 64], [lang._("Place"), lang._("Side"), lang._("Players")]
    else:  # every side is one player named as its side: no Players column of empty cells
        widths, heads = [40, 340, 70, 64], [lang._("Place"), lang._("Side")]
    rows = [fitted_heads(heads + [lang._("Total"), lang._("Behind")], widths, BODY, right={len(heads), len(heads) + 1},
                         centre={0})]
    for (place, s), players in zip(ranked, shown):
        cells = [str(place), para(text(s.name), "cell")] + ([para(text(players), "cell")] if any(shown) else [])
        rows.append(cells + [num(s.score), num(best - s.score) if s.score != best else ""])
    heading = lang._("Final totals") if game.finished else lang._("Totals so far")
    total = len(heads)  # the Total column's index; Behind is the last
    table = Table([[heading] + [""] * (len(widths) - 1)] + rows, colWidths=widths, hAlign="LEFT",
                  repeatRows=2)
    table.setStyle(TableStyle([
        ("SPAN", (0, 0), (-1, 0)), ("FONT", (0, 0), (-1, -1), "Cond", BODY),
        ("FONT", (0, 0), (-1, 1), "Cond-Bold", BODY), ("FONT", (total, 2), (-1, -1), "Cond-Bold", SCORE_SIZE),
        ("BACKGROUND", (0, 0), (-1, 1), HEAD), ("ALIGN", (total, 1), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 1), (0, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("INNERGRID", (0, 1), (-1, -1), 0.25, RULE), ("BOX", (0, 0), (-1, -1), 1.0, INK),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return table

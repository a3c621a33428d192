"""The game's running totals as a line chart, drawn on the server as SVG (no script, no styles inline)."""
from __future__ import annotations

import math

import lang
from scoring import get_variant
from service.model import Game
from web.present import num

WIDTH, HEIGHT = 400, 250
LEFT, RIGHT, TOP, BOTTOM = 58, 12, 12, 30  # room for the axis labels
DIGIT = 8  # the width of a 14 px axis figure, with room: a longer gridline label ("100,000") widens LEFT


def running_totals(game: Game) -> list[list[int]]:
    """Each side's total after each hand; the first (hand 0) is what was brought forward from paper."""
    series = [[s.start_score] for s in game.sides]
    for hand in game.hands:
        for score in hand.scores:
            series[score.side].append(score.running_total)
    return series


def _step(span: float) -> int:
    """A round gridline step giving about four lines: 1, 2 or 5 × a power of ten."""
    raw = max(span / 4, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def chart(game: Game) -> dict | None:
    """Polylines, gridlines and words for the chart; None before there is anything to draw."""
    series = running_totals(game)
    hands = len(series[0]) - 1
    if hands < 1:
        return None
    low, high = min(0, *(min(s) for s in series)), max(1, *(max(s) for s in series))
    step = _step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    values = range(low, high + 1, step)
    left = max(LEFT, 10 + DIGIT * max(len(num(v)) for v in values))
    width, height = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(left + width * i / hands, 1)

    def y(v: int) -> float:
        return round(TOP + height * (high - v) / (high - low), 1)

    target, said = game.options["target"], get_variant(game.variant).words
    lines = [{"index": i, "name": side.name, "points": " ".join(f"{x(h)},{y(v)}" for h, v in enumerate(s)),
              "end": (x(hands), y(s[-1])), "last": s[-1]}
             for i, (side, s) in enumerate(zip(game.sides, series))]
    grid = [{"y": y(v), "label": num(v)} for v in values]
    every = max(1, math.ceil(hands / 10))  # at most about ten round numbers along the bottom
    ticks = [{"x": x(h), "label": lang._("Start") if h == 0 else num(h)} for h in range(0, hands + 1, every)]
    words = [lang._("%(side)s: %(totals)s.", side=side.name, totals=", ".join(num(v) for v in s))
             for side, s in zip(game.sides, series)]
    start = said.say("Running totals after each %(round)s, starting from %(round)s 0 (brought forward from paper).") \
        if any(s[0] for s in series) else said.say("Running totals after each %(round)s, starting from %(round)s 0 "
                                                     "(no score).")
    return {"width": WIDTH, "height": HEIGHT, "left": left, "right": WIDTH - RIGHT, "top": TOP,
            "bottom": HEIGHT - BOTTOM, "lines": lines, "grid": grid, "ticks": ticks,
            "target": {"y": y(target), "label": num(target)} if target is not None and low <= target <= high else None,
            "description": " ".join([start] + words)}

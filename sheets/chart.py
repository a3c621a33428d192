"""The running totals of a game as a line chart on the score sheet (reportlab graphics)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.platypus import Flowable

from scoring.shape import Words

from .layout import INK, RULE, SMALLEST, num

if TYPE_CHECKING:
    from service.model import Game

# dark enough to tell apart in print, and each line also has its own dash pattern for a grey printer
COLOURS = [colors.HexColor(c) for c in ("#17463f", "#a3231b", "#1a64c8", "#8a5a00", "#6b3fa0", "#2f7d32")]
DASHES = [None, (6, 2), (1.5, 2), (4, 1.5, 1, 1.5), (8, 3), (2, 4)]


def running_totals(game: Game) -> list[list[tuple[int, int]]]:
    """Each side's (hand, total) points, hand 0 being its score brought forward from paper."""
    series = [[(0, s.start_score)] for s in game.sides]
    for hand in game.hands:
        for score in hand.scores:
            series[score.side].append((hand.number, score.running_total))
    return series


class FittedChart(Flowable):
    """The chart, as tall as the room left on the page allows (between SHORTEST and TALLEST points).

    A short game's chart then fits under its table on one page; with less room it goes to the next page.
    """

    TALLEST, SHORTEST = 200, 130

    def __init__(self, game: Game, width: float, words: Words = Words()):
        super().__init__()
        self.game, self.width, self.height, self.words = game, width, self.TALLEST, words

    def wrap(self, available_width: float, available_height: float):
        self.height = self.TALLEST if available_height < self.SHORTEST else min(self.TALLEST, available_height)
        return self.width, self.height

    def draw(self):
        drawing = totals_chart(self.game, self.width, self.height, self.words)
        if drawing is not None:
            renderPDF.draw(drawing, self.canv, 0, 0)


def fitted_chart(game: Game, width: float, words: Words = Words()) -> FittedChart | None:
    """The chart for the score sheet's story; None when no hand was played."""
    return FittedChart(game, width, words) if len(running_totals(game)[0]) >= 2 else None


def totals_chart(game: Game, width: float, height: float = 180, words: Words = Words()) -> Drawing | None:
    """The chart as a Drawing to put in the story, along the variant's rounds; None when no hand was played."""
    series = running_totals(game)
    if len(series[0]) < 2:
        return None
    drawing = Drawing(width, height)
    title = words.say("Running totals, %(round)s by %(round)s (%(round)s 0: brought forward)") \
        if any(s.start_score for s in game.sides) else words.say("Running totals, %(round)s by %(round)s")
    drawing.add(String(0, height - 10, title, fontName="Sans-Bold", fontSize=SMALLEST + 1, fillColor=INK))
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 56, 40, width - 68, height - 66
    plot.data = series
    for i in range(len(series)):
        plot.lines[i].strokeColor = COLOURS[i % len(COLOURS)]
        plot.lines[i].strokeWidth = 1.6
        if DASHES[i % len(DASHES)]:
            plot.lines[i].strokeDashArray = DASHES[i % len(DASHES)]
    hands = len(series[0]) - 1
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, hands
    plot.xValueAxis.valueStep = max(1, round(hands / 12))
    plot.xValueAxis.labels.fontName = plot.yValueAxis.labels.fontName = "Cond"
    plot.xValueAxis.labels.fontSize = plot.yValueAxis.labels.fontSize = SMALLEST  # nothing on paper below 9 pt
    plot.yValueAxis.labelTextFormat = lambda v: num(int(v))
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = RULE
    plot.yValueAxis.gridStrokeWidth = 0.25
    plot.yValueAxis.forceZero = True
    drawing.add(plot)
    legend = LineLegend()
    legend.x, legend.y = 56, 10
    legend.fontName, legend.fontSize = "Cond", SMALLEST
    legend.columnMaximum, legend.dx, legend.dy = 1, 14, 2
    legend.alignment = "right"
    legend.colorNamePairs = [(COLOURS[i % len(COLOURS)], f"{s.name} {num(s.score)}")
                             for i, s in enumerate(game.sides)]
    drawing.add(legend)
    return drawing

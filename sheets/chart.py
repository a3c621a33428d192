"""The running totals of a game as a line chart on the score sheet (reportlab graphics)."""
from __future__ import annotations

from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from .layout import INK, RULE, num

# dark enough to tell apart in print, and each line also has its own dash pattern for a grey printer
COLOURS = [colors.HexColor(c) for c in ("#17463f", "#a3231b", "#1a64c8", "#8a5a00", "#6b3fa0", "#2f7d32")]
DASHES = [None, (6, 2), (1.5, 2), (4, 1.5, 1, 1.5), (8, 3), (2, 4)]
TITLE = "Running totals, hand by hand (hand 0: brought forward)"


def running_totals(game: dict) -> list[list[tuple[int, int]]]:
    """Each side's (hand, total) points, hand 0 being its score brought forward from paper."""
    series = [[(0, s.get("start_score", 0))] for s in game["sides"]]
    for hand in game["hands"]:
        for score in hand["scores"]:
            series[score["side"]].append((hand["number"], score["running_total"]))
    return series


def totals_chart(game: dict, width: float, height: float = 190) -> Drawing | None:
    """The chart as a Drawing to put in the story; None when no hand was played."""
    series = running_totals(game)
    if len(series[0]) < 2:
        return None
    drawing = Drawing(width, height)
    drawing.add(String(0, height - 10, TITLE, fontName="Sans-Bold", fontSize=9, fillColor=INK))
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 48, 34, width - 60, height - 58
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
    plot.xValueAxis.labels.fontSize = plot.yValueAxis.labels.fontSize = 7
    plot.yValueAxis.labelTextFormat = lambda v: num(int(v))
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = RULE
    plot.yValueAxis.gridStrokeWidth = 0.25
    plot.yValueAxis.forceZero = True
    drawing.add(plot)
    legend = LineLegend()
    legend.x, legend.y = 48, 8
    legend.fontName, legend.fontSize = "Cond", 7.5
    legend.columnMaximum, legend.dx, legend.dy = 1, 14, 2
    legend.alignment = "right"
    legend.colorNamePairs = [(COLOURS[i % len(COLOURS)], f"{s['name']} {num(s['score'])}")
                             for i, s in enumerate(game["sides"])]
    drawing.add(legend)
    return drawing

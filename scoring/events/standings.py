"""An event's standings (API.md): every entrant's row, wins kept as fractions (1/3 + 1/3 + 1/3 is exactly 1), ties
split once for the whole tied group; the figures one finished game, a bye and an adjustment give."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from .model import Adjustment, Event, TableGame
from .vp_scales import vp_of


@dataclass(frozen=True)
class Standing:
    """One entrant's row of the standings."""

    entrant: int
    name: str
    place: int
    played: int
    wins: Fraction
    points: int
    margin: int
    vp: int | None
    tie_break: str | None = None  # what placed it among entrants level on the ranking figure: TIE_BREAKS or "shared"

    def as_dict(self) -> dict:
        return {"entrant": self.entrant, "name": self.name, "place": self.place, "played": self.played,
                "wins": shown_wins(self.wins), "points": self.points, "margin": self.margin, "vp": self.vp,
                "tie_break": self.tie_break}


def shown_wins(wins: Fraction) -> int | float:
    """Wins as JSON shows them: a whole number as is, a share of a tied win to two decimals (1/3 → 0.33,
    2 1/2 → 2.5). The ranking always uses the exact fraction."""
    return wins.numerator if wins.denominator == 1 else round(float(wins), 2)


def game_figures(event: Event, game: TableGame) -> dict[int, tuple[Fraction, int, int, int]]:
    """Each entrant's (wins, points, margin, vp) from one finished game: a win is shared by k tied winners 1/k each;
    the margin is the entrant's total minus the best other total at the table; vp as the event's vp_scale says."""
    totals, winners = game.totals, set(game.winners)
    figures = {}
    for seat, entrant in enumerate(game.entrants):
        others = [t for s, t in enumerate(totals) if s != seat]
        margin = totals[seat] - max(others) if others else 0
        win = Fraction(1, len(winners)) if seat in winners else Fraction(0)
        figures[entrant] = (win, totals[seat], margin, vp_of(event.vp_scale, seat in winners, len(winners),
                                                             abs(margin)))
    return figures


def bye_figures(event: Event) -> tuple[Fraction, int, int, int]:
    """A bye: a game played and won; the event's `bye` VP and MP (MP count into points and margin), by default the
    0 row's winner_vp and 0 points."""
    if event.bye is not None:
        return Fraction(1), event.bye.points, event.bye.points, event.bye.vp
    return Fraction(1), 0, 0, (event.vp_scale[0][1] if event.vp_scale else 0)


FIGURE = {"wins": 0, "points": 1, "vp": 3}  # the ranking figure's place in a game's figures
TIE_BREAKS = ("between", "margin", "points")  # after the ranking figure, in the order they split level entrants


def tie_break(key: tuple, neighbours: list[tuple]) -> str | None:
    """What placed an entrant among the others level with it on the ranking figure (`neighbours`: the keys just
    above and below it in the order; the closest of the level ones is always one of them): the first tie-break that
    tells it from the closest ("between": the figure in the games among them), "shared" when that one is level on
    every tie-break too, None when no one is level with it."""
    level = [other for other in neighbours if other[0] == key[0]]
    if not level:
        return None
    deepest = max(next((i for i in range(1, len(key)) if other[i] != key[i]), len(key)) for other in level)
    return "shared" if deepest == len(key) else TIE_BREAKS[deepest - 1]


def standings(event: Event, games: Iterable[TableGame], byes: Iterable[int] = (),
              adjustments: Iterable[Adjustment] = ()) -> list[Standing]:
    """Every entrant's row, first place first (API.md): finished games, byes and adjustments count. Level entrants
    are split, once for the whole level group, by the ranking figure over the games among them only, then the sum
    of margins, then points; still level they share a place and the next place skips (1, 1, 3)."""
    n = len(event.entrants)
    kept = [g for g in games if g.finished]
    per_game = [game_figures(event, g) for g in kept]
    totals = [[0, Fraction(0), 0, 0, 0] for _ in range(n)]  # played, wins, points, margin, vp
    for figures in per_game + [{e: bye_figures(event)} for e in byes]:
        for entrant, (win, points, margin, vp) in figures.items():
            row = totals[entrant]
            row[0] += 1
            row[1] += win
            row[2] += points
            row[3] += margin
            row[4] += vp
    for a in adjustments:  # a penalty or award: not a game played
        row = totals[a.entrant]
        row[2] += a.points
        row[3] += a.points
        row[4] += a.vp
    k = FIGURE[event.standings]
    figure = [row[1 + k] for row in totals]  # wins, points or vp
    among = [0] * n  # the figure over the games between the level entrants only
    for figures in per_game:  # one pass over the games (not one per level group: 200 entrants, 400 games)
        at_table: dict = {}
        for e in figures:
            at_table.setdefault(figure[e], []).append(e)
        for level_here in at_table.values():
            if len(level_here) >= 2:  # two or more of one level group played this game
                for e in level_here:
                    among[e] += figures[e][k]
    keys = [(figure[e], among[e], totals[e][3], totals[e][2]) for e in range(n)]
    order = sorted(range(n), key=lambda e: (tuple(-x for x in keys[e]), e))
    place = {}  # 1 + how many rank above: the first place of a run of level keys in `order`
    for at, e in enumerate(order):
        place.setdefault(keys[e], at + 1)
    return [Standing(entrant=e, name=event.entrants[e].name, place=place[keys[e]],
                     played=totals[e][0], wins=totals[e][1], points=totals[e][2], margin=totals[e][3],
                     vp=totals[e][4] if event.standings == "vp" else None,
                     tie_break=tie_break(keys[e], [keys[o] for o in order[max(at - 1, 0):at + 2] if o != e]))
            for at, e in enumerate(order)]

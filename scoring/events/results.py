"""An event's results round by round (API.md `results.csv`): one row per entrant per round, with its table, its
opponent, both MP, its VP and the adjustments it got in that round."""
from __future__ import annotations

from typing import Sequence

from .model import Adjustment, Event, Round
from .standings import bye_figures, game_figures

COLUMNS = ("round", "table", "entrant", "name", "opponent", "mp", "opponent_mp", "vp", "adjustment_vp",
           "adjustment_points")


def round_rows(event: Event, rounds: Sequence[Round], numbers: Sequence[Sequence[int]],
               adjustments: Sequence[Adjustment] = ()) -> list[dict]:
    """Every round's rows, entrants in `entrants` order; `numbers` each round's tables' numbers. The opponent is
    the other entrant at the table (at a bigger table, the one with the best other total: the margin's). A game
    not finished has no MP and no VP yet (its cells empty: not a 0–0 game; issue 39); a bye has no table and no opponent, its bye MP and VP. `vp` is
    None unless the event ranks by it."""
    rows = []
    by_vp = event.standings == "vp"
    for number, (played, tables) in enumerate(zip(rounds, numbers), start=1):
        got: dict[int, dict] = {}
        for table, game in zip(tables, played.tables):
            figures = game_figures(event, game) if game.finished else {}
            for seat, entrant in enumerate(game.entrants):
                others = [s for s in range(len(game.entrants)) if s != seat]
                best = max(others, key=lambda s: (game.totals[s], -s)) if others and game.totals else None
                got[entrant] = {"table": table, "opponent": None if best is None else game.entrants[best],
                                "mp": game.totals[seat] if game.totals and game.finished else None,
                                "opponent_mp": None if best is None or not game.finished else game.totals[best],
                                "vp": figures[entrant][3] if figures and by_vp else None}
        for entrant in played.byes:
            _, points, _, vp = bye_figures(event)
            got[entrant] = {"table": None, "opponent": None, "mp": points, "opponent_mp": None,
                            "vp": vp if by_vp else None}
        for entrant in sorted(got):
            mine = [a for a in adjustments if a.entrant == entrant and a.round == number]
            rows.append({"round": number, "entrant": entrant, "name": event.entrants[entrant].name, **got[entrant],
                         "adjustment_vp": sum(a.vp for a in mine), "adjustment_points": sum(a.points for a in mine)})
    return rows

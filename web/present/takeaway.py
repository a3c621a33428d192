"""What a table takes home from the game page: the chart, and the result in words to share."""
from __future__ import annotations

from flask import Flask

from scoring import get_variant
from service.model import Game
from web.present import num
from web.present.chart import chart


def share_text(game: Game) -> str:
    """'Ponytail Canasta: Us won by 1,230. Us 51,230 · Them 50,000.' (a shared win says so)."""
    sides = game.sides
    winners = [sides[i].name for i in game.winner or ()]
    if len(winners) == 1:
        result = f"{winners[0]} won by {num(game.margin)}" if game.margin else f"{winners[0]} won"
    else:
        result = f"{', '.join(winners[:-1])} and {winners[-1]} shared the win"
    totals = " · ".join(f"{s.name} {num(s.score)}" for s in sorted(sides, key=lambda s: -s.score))
    words = get_variant(game.variant).words
    return f"{game.variant_name}: {result}. {totals} ({words.count(game.hands_played, words.round, words.rounds)})."


def init_app(app: Flask) -> None:
    """Make the chart and the share text available to the game page's templates."""
    app.jinja_env.globals.update(game_chart=chart, share_text=share_text)

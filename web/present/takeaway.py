"""What a table takes home from the game page: the chart, and the result in words to share."""
from __future__ import annotations

from flask import Flask

import lang

from scoring import get_variant
from service.model import Game
from web.present import num
from web.present.chart import chart


def share_text(game: Game) -> str:
    """'Ponytail Canasta: Us won by 1,230. Us 51,230 · Them 50,000 (12 hands).' (a shared win says so), in the page's
    language."""
    sides = game.sides
    winners = [sides[i].name for i in game.winner or ()]
    said = {"variant": lang.shown(game.variant_name), "side": winners[0] if winners else "", "margin": num(game.margin),
            "totals": " · ".join(f"{s.name} {num(s.score)}" for s in sorted(sides, key=lambda s: -s.score)),
            "counted": get_variant(game.variant).words.rounds_counted(game.hands_played)}
    if len(winners) == 1 and game.margin:
        return lang._("%(variant)s: %(side)s won by %(margin)s. %(totals)s (%(counted)s).", **said)
    if len(winners) == 1:
        return lang._("%(variant)s: %(side)s won. %(totals)s (%(counted)s).", **said)
    return lang._("%(variant)s: %(sides)s and %(last)s shared the win. %(totals)s (%(counted)s).",
                  sides=", ".join(winners[:-1]), last=winners[-1], **said)


def init_app(app: Flask) -> None:
    """Make the chart and the share text available to the game page's templates."""
    app.jinja_env.globals.update(game_chart=chart, share_text=share_text)

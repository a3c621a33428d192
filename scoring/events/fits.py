"""Whether every table an event can seat is a game of its variant, asked of the variant's own new-game check."""
from __future__ import annotations

from typing import Any

import lang

from ..base import FieldError, Refused
from ..game import new_game
from ..variant import Variant
from .model import Entrant


def fits(variant: Variant, table_size: int, entrants: list[Entrant], raw_options: Any
          ) -> tuple[dict | None, list[FieldError]]:
    """Whether every table this event can seat is a game of the variant, and its options: asked of new_game itself
    with one such table (entrants of each number of players there is), so a round's games are sure to be made."""
    sizes = sorted({len(e.players) for e in entrants})
    shapes = [s for s in variant.describe_sides.values() if s["players_per_side"] == sizes[0]]
    if len(sizes) == 1 and shapes:
        low, high = min(s["sides"][0] for s in shapes), max(s["sides"][1] for s in shapes)
        if not low <= table_size <= high:
            return None, [FieldError("table_size", _seats(variant.name, low, high, sizes[0], table_size))]
    # a table with the first entrant of every size (any two entrants may meet), filled up in list order
    firsts = [next(i for i, e in enumerate(entrants) if len(e.players) == n) for n in sizes][:table_size]
    table = firsts + [i for i in range(len(entrants)) if i not in firsts][:table_size - len(firsts)]
    body = {"variant": variant.id, "sides": [entrants[i].side() for i in table]}
    if raw_options is not None:
        body["options"] = raw_options
    try:
        _, options = new_game(variant, body)
    except Refused as refused:
        return None, [_at_event(e, table, len(sizes) > 1) for e in refused.errors]
    return options, []


def _seats(variant: str, low: int, high: int, players: int, got: int) -> str:
    """'Pony seats 2 players alone at one table; table_size must be 2 (got 3).'"""
    if low == high and players == 1:
        return lang._("%(variant)s seats %(low)s players alone at one table; table_size must be %(low)s (got %(got)s).",
                      variant=variant, low=low, got=got)
    if low == high:
        return lang._("%(variant)s seats %(low)s sides of %(players)s players at one table; table_size must be "
                      "%(low)s (got %(got)s).", variant=variant, low=low, players=players, got=got)
    if players == 1:
        return lang._("%(variant)s seats from %(low)s to %(high)s players alone at one table; table_size must be from "
                      "%(low)s to %(high)s (got %(got)s).", variant=variant, low=low, high=high, got=got)
    return lang._("%(variant)s seats from %(low)s to %(high)s sides of %(players)s players at one table; table_size "
                  "must be from %(low)s to %(high)s (got %(got)s).", variant=variant, low=low, high=high,
                  players=players, got=got)


def _at_event(error: FieldError, table: list[int], mixed: bool) -> FieldError:
    """A refusal of the trial table's game, said of the event's fields."""
    field = error.field or ""
    if field == "sides":
        seated = ", ".join(str(i + 1) for i in table)
        if mixed:
            return FieldError("entrants", lang._("A table of entrants %(seated)s could not play (any entrants may meet "
                                                 "at a table): %(refusal)s", seated=seated, refusal=error.message))
        return FieldError("entrants", lang._("A table of entrants %(seated)s could not play (every table seats "
                                             "table_size entrants): %(refusal)s", seated=seated, refusal=error.message))
    if field.startswith("sides["):
        side, rest = field[len("sides["):].split("]", 1)
        return FieldError(f"entrants[{table[int(side)]}]{rest}", error.message)
    return error


"""Renaming a player, or merging two names into one, across every game: what changes, or why not.

A side named after its players follows them: a lone player's side called by that player's name,
and a partnership or team called "Ann & Bob" or "Ann, Bob & Cy" (the name the new-game form gives when none is
typed), are renamed with the player. A side with a name of its own ("Us") keeps it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import lang

from .base import FieldError, Refused, team_name
from .game_setup import _name, shows_nothing
from .standings import player_key


@dataclass
class GameChange:
    """What one game gets: new names at seats, new side names."""

    game_id: str
    variant: str
    created: str
    seats: list = field(default_factory=list)  # (side, seat, old name, new name)
    sides: list = field(default_factory=list)  # (side, old name, new name)
    side_names: list = field(default_factory=list)  # the sides' names before: how the players know the game
    has_pin: bool = False  # a table PIN guards it: only a device that entered it may change it


def check_new_name(value: object, where: str = "name") -> str:
    """A player's new name, tidied as a seat's name is; Refused with the reason otherwise."""
    name, err = _name(value, where, lang._("The new name"))
    if err:
        raise Refused([err])
    if shows_nothing(name):
        raise Refused([FieldError(where, lang._("The new name shows nothing (only invisible characters); type a name."))])
    return name


def _games_of(seat_rows: list[dict], key: str) -> dict[str, list[dict]]:
    """The seats of every game where the player `key` sits, by game id."""
    games: dict[str, list[dict]] = {}
    for r in seat_rows:
        games.setdefault(r["game_id"], []).append(r)
    return {game_id: seats for game_id, seats in games.items() if any(player_key(r["name"]) == key for r in seats)}


def _by_side(seats: list[dict]) -> dict[int, list[dict]]:
    by_side: dict[int, list[dict]] = {}
    for r in sorted(seats, key=lambda r: (r["side_idx"], r["seat"])):
        by_side.setdefault(r["side_idx"], []).append(r)
    return by_side


def _game(game_id: str, seats: list[dict]) -> GameChange:
    return GameChange(game_id, seats[0]["variant"], seats[0]["created"],
                      side_names=[rs[0]["side_name"] for rs in _by_side(seats).values()],
                      has_pin=bool(seats[0].get("has_pin")))


def played(seat_rows: list[dict], key: str) -> list[GameChange]:
    """Every game where the player `key` sits, with nothing to change (what a rename would touch)."""
    return [_game(game_id, seats) for game_id, seats in _games_of(seat_rows, key).items()]


def locked(changes: list[GameChange], unlocked) -> list[GameChange]:
    """The games among `changes` that have a table PIN for which `unlocked(game_id)` is false."""
    return [c for c in changes if c.has_pin and not unlocked(c.game_id)]


def plan(seat_rows: list[dict], old: str, new_name: str) -> list[GameChange]:
    """Every game where the player `old` (a key) sits, with what becomes `new_name` there."""
    changes = []
    for game_id, seats in _games_of(seat_rows, old).items():
        change = _game(game_id, seats)
        by_side = _by_side(seats)
        side_names = {i: rs[0]["side_name"] for i, rs in by_side.items()}
        for i, rs in by_side.items():
            before = [r["name"] for r in rs]
            after = [new_name if player_key(n) == old else n for n in before]
            for r, name in zip(rs, after):
                if name != r["name"]:
                    change.seats.append((i, r["seat"], r["name"], name))
            now = side_names[i]
            follows = (len(before) == 1 and player_key(now) == old) or now == team_name(before)
            renamed = team_name(after) if follows else now
            taken = {player_key(n) for j, n in side_names.items() if j != i}
            if renamed != now and player_key(renamed) not in taken:
                change.sides.append((i, now, renamed))
                side_names[i] = renamed
        changes.append(change)
    return changes


def check_rename(known: dict[str, str], old: str, new_name: str) -> None:
    """Refuse a rename onto another player's name (that is a merge) or onto the very same name."""
    new = player_key(new_name)
    if new != old and new in known:
        raise Refused([FieldError("name", lang._("There is already a player called “%(other)s”. To make “%(name)s” and "
                                                 "“%(other)s” one player, merge them instead.", other=known[new],
                                                 name=known[old]))])
    if new_name == known[old]:
        raise Refused([FieldError("name", lang._("“%(name)s” is already this player's name; type a different one.",
                                                 name=new_name))])


def check_merge(known: dict[str, str], seat_rows: list[dict], old: str, into: object) -> str:
    """The key of the player to merge into; Refused when it is the same player, unknown or at a shared game."""
    if not isinstance(into, str) or not into.strip():
        raise Refused([FieldError("into", lang._("Choose the player to merge into."))])
    target = player_key(into)
    if target == old:
        raise Refused([FieldError("into", lang._("“%(name)s” cannot be merged into itself; choose another player.",
                                                 name=known[old]))])
    if target not in known:
        raise Refused([FieldError("into", lang._("There is no player called “%(name)s” to merge into.",
                                                 name=" ".join(into.split())))])
    together = sorted({r["game_id"] for r in seat_rows if player_key(r["name"]) == old}
                      & {r["game_id"] for r in seat_rows if player_key(r["name"]) == target})
    if together:
        # counted, not listed: a game's id means nothing to the players
        raise Refused([FieldError("into", lang.ngettext(
            "“%(name)s” and “%(other)s” played at the same table in %(num)s game, so they are two people; they were "
            "not merged.",
            "“%(name)s” and “%(other)s” played at the same table in %(num)s games, so they are two people; they were "
            "not merged.", len(together), name=known[old], other=known[target]))])
    return target

"""Players across every game, kept up to date cheaply (what the players pages and API read), and renaming them.

Each game's summary is kept in the database at the revision it was made from; a game at another
revision (a hand recorded, corrected or deleted, a rename) is summarized again when next asked.
The whole table is kept in memory under a one-row key of the games table (db.players.state_key),
so an unchanged database answers from memory after one aggregate query. Ratings replay a variant's
finished games in the order they finished; when games only finished after the last replay,
only those are rated. The rating library (openskill) is imported when ratings are first needed.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable, Sequence

import sqlite_utils

import lang

from db import database_path, write
from db import events as event_store
from db import games as game_store
from db import players as store
from scoring import FieldError, Refused, get_variant
from scoring.base import team_name
from scoring.renames import (
    GameChange,
    check_merge,
    check_new_name,
    check_rename,
    locked,
    plan,
)
from scoring.members import check_given, check_member, member_key
from scoring.standings import Player, player_key, seatings, summarize, tally

from . import cache
from .games import game_object, not_found, read_game


@dataclass(frozen=True)
class Standings:
    """Every player by key, each game's summary and sides, and ratings by variant then player key."""

    players: dict[str, Player]
    summaries: dict[str, dict]
    sides: dict[str, list[list[str]]]
    ratings: dict[str, dict]


_tables = cache.Recent(6 * 2 ** 20)  # database file -> (the state key it was made at, Standings): 2,000 games 4.4 MB
_rated = cache.Recent(2 ** 20)  # (database file, variant) -> (the finished games rated, in order; ratings): 0.2 MB


def current(db: sqlite_utils.Database) -> Standings:
    """The standings as the database holds them now."""
    key = store.state_key(db)
    held = _tables.get(database_path(db))
    if held is not None and held[0] == key:
        return held[1]
    versions = store.game_versions(db)
    wanted = [(game_id, revision) for game_id, revision, _ in versions]
    made = _summarize([game_id for game_id, revision, kept in versions if kept != revision], db)
    summaries = store.summaries(db) | made  # made ones count even when a busy database could not keep them
    summaries = {game_id: summaries[game_id] for game_id, _ in wanted if game_id in summaries}
    sides = seatings(store.seats(db))
    table = Standings(tally(summaries, sides), summaries, sides, _ratings(db, summaries, sides))
    # kept only when every summary stands for the revision its game had: a game changed meanwhile
    # (or one that could not be summarized) is looked at again on the next request
    if [(game_id, s["revision"]) for game_id, s in summaries.items()] == wanted:
        _tables.put(database_path(db), (key, table))
    return table


def _summarize(stale: list[str], db: sqlite_utils.Database) -> dict[str, dict]:
    """Summaries of games whose kept one is missing or of another revision; kept for next time."""
    made = []
    for game_id in stale:
        game = cache.kept(database_path(db), game_store.get_version(db, game_id))
        if game is None:
            stored = read_game(db, game_id)
            if stored is None:
                continue  # deleted meanwhile
            # not put in the game cache: a first visit after an import may read hundreds of old games
            game = game_object(get_variant(stored["variant"]), stored)
        made.append((game_id, game.revision, summarize(game)))
    if made:
        try:
            store.put_summaries(db, made)  # never waits: another program may hold the database (API.md)
        except sqlite3.Error:
            pass  # busy, full or read-only: kept another time; this answer uses them as made
    return {game_id: {**summary, "revision": revision} for game_id, revision, summary in made}


def _ratings(db: sqlite_utils.Database, summaries: dict, sides: dict) -> dict[str, dict]:
    from scoring import ratings as rating

    finished: dict[str, list] = {}
    for game_id in sorted((g for g, s in summaries.items() if s["finished"]),
                          key=lambda g: (summaries[g]["finished_at"] or "", g)):
        finished.setdefault(summaries[game_id]["variant"], []).append(game_id)
    result = {}
    for variant, order in finished.items():
        done = tuple((g, summaries[g]["revision"]) for g in order)
        held = _rated.get((database_path(db), variant))
        if held is not None and done[:len(held[0])] == held[0]:
            start, ratings = len(held[0]), dict(held[1])  # only games finished since are new
        else:
            start, ratings = 0, {}
        rating.replay([(sides.get(g, []), summaries[g]["totals"]) for g in order[start:]], ratings)
        _rated.put((database_path(db), variant), (done, ratings))
        result[variant] = ratings
    return result


def ratings_of(table: Standings, key: str) -> dict:
    """A player's rating per variant they finished a game of."""
    from scoring import ratings as rating

    return {variant: rating.describe(found[key]) for variant, found in sorted(table.ratings.items()) if key in found}


def listed(table: Standings, key: str, members: dict[str, str] | None = None) -> dict:
    """A player as GET /api/players lists them (`members`: every player key's federation number)."""
    p = table.players[key]
    return {"name": p.name, "games": p.games, "wins": p.wins, "rating": ratings_of(table, key),
            "last_played": p.last_played, "member": (members or {}).get(key)}


def everyone(db: sqlite_utils.Database, table: Standings | None = None) -> list[dict]:
    """Every player, most games first, then by name."""
    table = table or current(db)
    members = store.members(db)
    return [listed(table, key, members) for key in sorted(table.players, key=lambda k: (-table.players[k].games, k))]


def one(db: sqlite_utils.Database, name: str, table: Standings | None = None) -> dict:
    """A player with partners, opponents, best hand and game per variant and recent games; Refused 404."""
    table = table or current(db)
    key = player_key(name) if isinstance(name, str) else ""
    p = table.players.get(key)
    if p is None:
        raise not_found(lang._("There is no player called “%(name)s”. Players are the names typed at the seats of a "
                               "game.", name=" ".join(str(name).split())))

    def people(rows: dict) -> list[dict]:
        found = [{"name": table.players[k].name, "games": g, "wins": w} for k, (g, w) in rows.items()]
        return sorted(found, key=lambda r: (-r["games"], -r["wins"], r["name"].casefold()))

    recent = []
    for last_at, game_id in p.recent:
        s = table.summaries[game_id]
        names = table.sides.get(game_id, [])
        side = next(i for i, team in enumerate(names) if key in (player_key(n) for n in team))
        recent.append({"id": game_id, "variant": s["variant"], "last_played": last_at, "finished": s["finished"],
                       "side": side, "won": s["finished"] and side in (s["winner"] or []),
                       "sides": [{"players": team, "score": s["totals"][i]} for i, team in enumerate(names)]})
    return {**listed(table, key, store.members(db)), "partners": people(p.partners), "opponents": people(p.opponents),
            "best_hand": {v: b["best_hand"] for v, b in sorted(p.best.items())},
            "best_game": {v: b["best_game"] for v, b in sorted(p.best.items())},
            "recent_games": recent}


class Locked(Refused):
    """A rename or merge touching games with a PIN this device has not entered: 403, nothing changed.

    `games` are those games; the web layer words how to unlock them (a page, or a PIN header)."""

    def __init__(self, what: str, old: str, new_name: str, games: list[GameChange], message: str):
        super().__init__([FieldError(None, message)], status=403)
        self.what, self.old, self.new_name, self.games = what, old, new_name, games


def change_player(db: sqlite_utils.Database, name: str, *, unlocked: Callable[[str], bool],
                  locked_refusal: Callable[[str, str, str, list[GameChange]], Locked],
                  new: object = None, into: object = None, apply: bool = False,
                  directs: Callable[[str], bool] = lambda event_id: True) -> tuple[str, str, list[GameChange]]:
    """Rename `name` to `new`, or merge it into the player `into`: (old name, new name, what changes).

    Checked and (when `apply`) written in one transaction, so what was checked is what changes. A
    change touching a game with a PIN for which `unlocked(game_id)` is false is refused with
    `locked_refusal(what, old, new_name, games)`; one renaming an entrant of a club night this device may not
    direct (`directs(event_id)` false: it has a director's PIN not entered) is refused 403 in words.
    """
    with write(db):
        rows = store.seats_and_sides(db)
        known: dict[str, str] = {}
        for r in rows:  # oldest game first: the newest spelling stays
            known[player_key(r["name"])] = r["name"]
        old = player_key(name)
        if old not in known:
            raise not_found(lang._("There is no player called “%(name)s”.", name=" ".join(name.split())))
        if into is None:
            new_name = check_new_name(new)
            check_rename(known, old, new_name)
        else:
            new_name = known[check_merge(known, rows, old, into)]
        changes = plan(rows, old, new_name)
        shut = locked(changes, unlocked) if apply else []
        if shut:
            raise locked_refusal("rename" if into is None else "merge", known[old], new_name, shut)
        number_moves = _number_moves(db, old, player_key(new_name), known[old], new_name)
        nights = [(e, renamed) for e, entrants in event_store.every_entrants(db)
                  if (renamed := entrants_renamed(entrants, old, new_name)) is not None]
        undirected = [e for e, _ in nights if not directs(e)] if apply else []
        if undirected:
            raise _not_the_director(db, known[old], undirected)
        if apply:
            for change in changes:
                for side, seat, _, after in change.seats:
                    store.rename_seat(db, change.game_id, side, seat, after)
                for side, _, after in change.sides:
                    store.rename_side(db, change.game_id, side, after)
                store.new_revision(db, change.game_id)
            for event_id, renamed in nights:
                event_store.put_entrants(db, event_id, renamed)
            number_moves()
    if apply:
        for change in changes:
            cache.forget(database_path(db), change.game_id)
    return known[old], new_name, changes


def renamed_nights(db: sqlite_utils.Database, old: str, new_name: str) -> list[str]:
    """The club nights whose entrants renaming the player `old` to `new_name` changes."""
    key = player_key(old)
    return [e for e, entrants in event_store.every_entrants(db) if entrants_renamed(entrants, key, new_name)]


def _not_the_director(db: sqlite_utils.Database, old: str, event_ids: list[str]) -> Refused:
    """A rename or merge that would change the entrants of club nights with a director's PIN this device has not
    entered: 403, in words naming the nights and how to enter the PIN."""
    names = "; ".join(f"“{event_store.get_event(db, e)['name']}”" for e in event_ids)
    return Refused([FieldError("director_pin", lang._(
        "“%(old)s” plays in the club night %(nights)s, whose director's PIN this device has not entered. Nothing was "
        "changed. Enter the director's PIN on the club night's page (or send it in the X-Director-PIN header), then "
        "try again.", old=old, nights=names))], status=403)


def entrants_renamed(entrants: list[dict], old: str, new_name: str) -> list[dict] | None:
    """A club night's entrants with the player `old` (a key) called `new_name`, as the games' sides are (an entrant
    named after its players follows them; a name another entrant has stays as it was); None when none plays."""
    if not any(player_key(p) == old for e in entrants for p in e["players"]):
        return None
    taken = {player_key(e["name"]) for e in entrants}
    result = []
    for e in entrants:
        players = [new_name if player_key(p) == old else p for p in e["players"]]
        follows = (len(players) == 1 and player_key(e["name"]) == old) or e["name"] == team_name(e["players"])
        name = team_name(players) if follows and players != e["players"] else e["name"]
        if name != e["name"] and player_key(name) in taken - {player_key(e["name"])}:
            name = e["name"]
        result.append({**e, "name": name, "players": players})
    return result


def _number_moves(db: sqlite_utils.Database, old: str, new: str, old_name: str, new_name: str) -> Callable[[], None]:
    """What a rename or merge of the player `old` into `new` (keys) does to their federation numbers, checked now
    and written by the function returned: the number goes with the player; when both carry a different one, the
    change is refused (422) at `member`, since one of the numbers would be lost."""
    members = store.members(db)
    if old not in members:
        return lambda: None
    if old != new and new in members and member_key(members[new]) != member_key(members[old]):
        raise Refused([FieldError("member", lang._(
            "“%(old)s” carries the membership number “%(number)s” and “%(new)s” the number “%(other)s”; a player "
            "has one. Remove one of the numbers on its player's page first.", old=old_name, number=members[old],
            new=new_name, other=members[new]))])

    def move() -> None:
        store.remove_member(db, old)
        store.put_member(db, new, new_name, members[old], member_key(members[old]))
    return move


def set_member(db: sqlite_utils.Database, name: str, payload: object) -> dict:
    """PUT /api/players/{name} {"member": "IT-004512"}: give the player a federation number (null removes it); the
    player object. Refused 404 for an unknown player, 422 for a number that is not one or another player's."""
    if not isinstance(payload, dict) or set(payload) != {"member"}:
        raise Refused([FieldError("member", lang._('Send {"member": "IT-004512"} (or {"member": null} to remove the '
                                                   'number) and nothing else.'))])
    table = current(db)
    key = player_key(name) if isinstance(name, str) else ""
    if key not in table.players:
        one(db, name, table)  # its 404, in its words
    shown = table.players[key].name
    member, err = check_member(payload["member"], "member", shown)
    if err is not None:
        raise Refused([err])
    with write(db):
        if member is None:
            store.remove_member(db, key)
        else:
            owner = store.member_owners(db).get(member_key(member))
            if owner is not None and owner[0] != key:
                raise Refused([FieldError("member", lang._(
                    "The membership number “%(member)s” is %(owner)s's already; each player has their own.",
                    member=member, owner=owner[1]))])
            store.put_member(db, key, shown, member, member_key(member))
    return one(db, shown, table)


def keep_entrant_members(db: sqlite_utils.Database, entrants: Sequence) -> None:
    """The federation numbers a new event's entrants give (scoring.events.Entrant.members), checked against those
    the players carry (scoring.members.check_given: Refused 422 at each entrant's field) and kept for the players
    who had none. Runs inside the event's write transaction, so a refused event keeps no number."""
    given = [(f"entrants[{i}].member" if len(e.players) == 1 else f"entrants[{i}].members[{j}]", player, member)
             for i, e in enumerate(entrants) for j, (player, member) in enumerate(zip(e.players, e.members))
             if member is not None]
    if not given:
        return
    known = store.members(db)
    errors = check_given(given, known, {number: name for number, (_, name) in store.member_owners(db).items()})
    if errors:
        raise Refused(errors)
    for _, player, member in given:
        if player_key(player) not in known:
            store.put_member(db, player_key(player), player, member, member_key(member))


def members_key(db: sqlite_utils.Database) -> tuple:
    """Every player's federation number, as a key: what results.csv's `members` column is drawn from beside the
    night's own state (a number changed on a player's page draws the file again), read from the one small table."""
    return tuple(sorted(store.members(db).items()))


def event_members(db: sqlite_utils.Database, event_id: str) -> list[list[str]]:
    """Each entrant's players' federation numbers in their order, an unknown one "" (results.csv's `members`, which
    joins them by "+"); an unknown event has none."""
    event = event_store.get_event(db, event_id)
    members = store.members(db)
    return [[members.get(player_key(p), "") for p in e["players"]] for e in (event["entrants"] if event else [])]

"""A new event's entrants checked: each one's name and players, names distinct, nobody in two entrants."""
from __future__ import annotations

from typing import Any

import lang

from ..base import FieldError
from ..game import _name, how_many, shows_nothing
from ..members import check_member
from ..standings import player_key
from .model import Entrant

MAX_ENTRANTS = 1024  # API.md "Big events": a national championship's field; a typo of extra rows is caught
MAX_TABLES = 256  # tables a round (Bridgemate's server takes as many): 512 pairs, or 1,024 at tables of 4


def check_entrants(raw: Any, most: int) -> tuple[list[Entrant], list[FieldError]]:
    """Each entrant's name and players; names distinct, and nobody in two entrants (as the players pages compare
    names: standings.player_key)."""
    if not isinstance(raw, list) or not raw:
        return [], [FieldError("entrants", lang._("entrants must be a list of entrants, each with a name and its "
                                                  "players."))]
    if len(raw) > MAX_ENTRANTS:
        return [], [FieldError("entrants", lang._("At most %(most)s entrants can play; got %(got)s.", most=lang.number(MAX_ENTRANTS),
                                                  got=lang.number(len(raw))))]
    entrants, errors, names, players_seen = [], [], {}, {}
    for i, e in enumerate(raw):
        where = f"entrants[{i}]"
        if not isinstance(e, dict):
            errors.append(FieldError(where, lang._("Entrant %(n)s must be an object with a name and players.", n=i + 1)))
            continue
        errors += [FieldError(f"{where}.{k}", lang._("'%(key)s' is not part of an entrant; give name and players "
                                                     "(and member or members).", key=k))
                   for k in sorted(set(e) - {"name", "players", "member", "members"}, key=str)]
        name, err = _name(e.get("name"), f"{where}.name", lang._("Entrant %(n)s's name", n=i + 1))
        if not err and shows_nothing(name):
            err = FieldError(f"{where}.name", lang._("Entrant %(n)s's name shows nothing (only invisible characters); "
                                                     "type a name.", n=i + 1))
        if err:
            errors.append(err)
        elif player_key(name) in names:
            j = names[player_key(name)]
            errors.append(FieldError(f"{where}.name", lang._(
                "Entrant %(n)s's name “%(name)s” looks the same as entrant %(other)s's (“%(other_name)s”); give each "
                "entrant its own name.", n=i + 1, name=name, other=j + 1, other_name=raw[j]["name"].strip())))
        else:
            names[player_key(name)] = i
        raw_players = e.get("players", [name] if name else [])
        players = []
        if not isinstance(raw_players, list) or not raw_players or len(raw_players) > most:
            errors.append(FieldError(f"{where}.players", lang._("Entrant %(n)s's players must be a list of %(names)s.",
                                                                 n=i + 1, names=how_many(most))))
        else:
            for j, p in enumerate(raw_players):
                at = f"{where}.players[{j}]"
                player, err = _name(p, at, lang._("Player %(seat)s of entrant %(n)s", seat=j + 1, n=i + 1))
                if not err and shows_nothing(player):
                    err = FieldError(at, lang._("Player %(seat)s of entrant %(n)s shows nothing (only invisible "
                                                "characters); type a name.", seat=j + 1, n=i + 1))
                if err:
                    errors.append(err)
                elif player_key(player) in players_seen:
                    errors.append(FieldError(at, lang._(
                        "“%(name)s” already plays in entrant %(other)s; a person plays in one entrant (e.g. “Ann B.” "
                        "for another Ann).", name=player, other=players_seen[player_key(player)])))
                else:
                    players_seen[player_key(player)] = i + 1
                    players.append(player)
        members, member_errors = _members(e, i, players)
        errors += member_errors
        entrants.append(Entrant(name, tuple(players), members))
    return entrants, errors


def _members(e: dict, i: int, players: list[str]) -> tuple[tuple[str | None, ...], list[FieldError]]:
    """The federation numbers an entrant gives beside its players: `member` for an entrant of one player, `members`
    (one a player, in their order, null for none) beside a pair's players."""
    where = f"entrants[{i}]"
    if "member" in e and "members" in e:
        return (), [FieldError(f"{where}.member", lang._("Entrant %(n)s gives both member and members; give member "
                                                         "for one player, members for a pair.", n=i + 1))]
    if "member" in e:
        if len(players) != 1:
            return (), [FieldError(f"{where}.member", lang._("Entrant %(n)s has %(count)s players: give their numbers "
                                                             "as members, one a player in their order.",
                                                             n=i + 1, count=len(players)))]
        member, err = check_member(e["member"], f"{where}.member", lang._("entrant %(n)s", n=i + 1))
        return ((member,), []) if err is None else ((), [err])
    if "members" not in e:
        return (), []
    raw = e["members"]
    if not isinstance(raw, list) or len(raw) != len(players):
        return (), [FieldError(f"{where}.members", lang._("Entrant %(n)s's members must be a list of %(count)s "
                                                          "numbers (or null), one for each player in their order.",
                                                          n=i + 1, count=len(players)))]
    members, errors = [], []
    for j, m in enumerate(raw):
        member, err = check_member(m, f"{where}.members[{j}]", lang._("player %(seat)s of entrant %(n)s",
                                                                       seat=j + 1, n=i + 1))
        members.append(member)
        errors += [err] if err else []
    return tuple(members), errors


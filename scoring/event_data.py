"""What `import` and `restore` check of a club night's stored rounds, tables and log, beside its fields (which
check_event checks as POST /api/events does): each as strictly as a game, so nothing stored can break a page.

Pure functions of the export's shapes (db/export.py): no Flask, no database. Each returns its problems as
sentences naming where they are ("Event 1, round 2, table 3: …"); an empty list means it can be stored.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping, Sequence

import lang

from .events.movements import MOVEMENTS
from .variant import NAME_MAX

ROUND_KEYS = {"number", "byes", "started", "closed", "request_key", "tables"}
TABLE_KEYS = {"table", "game", "entrants"}
LOG_KEYS = {"at", "device", "game", "what", "change"}
MAX_DEVICE = 120  # a device as the log names it: an address (IPv6 at most 45), a page's device name, a phone's name
MAX_WHAT = 2000  # a late change in words: the round, table, hand and each side's totals before and after
MAX_WORD = 80  # a change's action ("corrected", "marked"…)
MAX_DETAIL = 200  # what a change marked: the mark's button words and the side's name ("failed meld for Ann & Bob")
MAX_SCORE = 10 ** 9  # far above any game's total; a total beyond it is no score Meldbook made


def is_time(value: Any, nullable: bool = False) -> bool:
    if value is None:
        return nullable
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def is_count(value: Any, least: int = 0, most: int = 2 ** 53) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _text(value: Any, most: int, nullable: bool = False) -> bool:
    return (value is None and nullable) or (isinstance(value, str) and len(value) <= most)


def check_rounds(rounds: Any, where: str, entrants: Sequence[Mapping[str, Any]], table_size: int, planned: int,
                 variant: str, games: Mapping[str, Any], seated: dict[str, str], *, table_pins: bool = True,
                 created: Any = None) -> list[str]:
    """An event's round_list: numbered from 1, at most `planned` rounds, every round but the last closed; in each
    round an entrant sits at one table or out (a bye), fewer byes than a table seats; each table's game is one of
    the file's `games` (id → exported game), of the event's variant with a side for each of the table's entrants,
    and a table of no other event (`seated`: game id → where it is seated, filled in here). Times follow each other:
    a round starts no earlier than the night was `created` and the round before it started, and closes no earlier
    than it started; a table has its own PIN only on a night of `table_pins`."""
    if not isinstance(rounds, list) or len(rounds) > planned:
        return [lang._("%(where)s: round_list must be a list of at most %(most)s rounds.", where=where, most=planned)]
    errors, n, keys = [], len(entrants), set()
    before = (lang._("the event's created"), _moment(created), created) if is_time(created) else None
    for k, r in enumerate(rounds, start=1):
        at = lang._("%(where)s, round %(n)s", where=where, n=k)
        if (not isinstance(r, dict) or not ROUND_KEYS <= set(r) <= ROUND_KEYS | {"movement"} or r["number"] != k
                or not isinstance(r.get("movement", "draw"), str) or r.get("movement", "draw") not in MOVEMENTS):
            errors.append(lang._("%(where)s must have exactly %(keys)s, numbered %(n)s.", where=at,
                                 keys=", ".join(sorted(ROUND_KEYS)), n=k))
            continue
        if not is_time(r["started"]) or not is_time(r["closed"], nullable=k == len(rounds)):
            errors.append(lang._("%(where)s: started and closed must be dates and times (closed may be null in the "
                                 "last round only: a round closes when the next one starts).", where=at))
        else:
            started = _moment(r["started"])
            if r["closed"] is not None and _moment(r["closed"]) < started:
                errors.append(lang._("%(where)s: closed (%(closed)s) is before started (%(started)s).", where=at,
                                     closed=r["closed"], started=r["started"]))
            if before is not None and started < before[1]:
                errors.append(lang._("%(where)s: started (%(started)s) is before %(earlier)s (%(then)s).", where=at,
                                     started=r["started"], earlier=before[0], then=before[2]))
            before = (lang._("round %(n)s started", n=k), started, r["started"])
        if r["request_key"] is not None and not (isinstance(r["request_key"], str) and 1 <= len(r["request_key"]) <= 64
                                                 and r["request_key"] not in keys):
            errors.append(lang._("%(where)s: request_key must be null or 1 to 64 characters, not another round's.",
                                 where=at))
        keys.add(r["request_key"] if isinstance(r["request_key"], str) else None)
        byes = r["byes"]
        if (not isinstance(byes, list) or len(byes) >= table_size
                or not all(is_count(b, most=n - 1) for b in byes)):
            errors.append(lang._("%(where)s: byes must be fewer than %(size)s entrant numbers from 0 to %(most)s.",
                                 where=at, size=table_size, most=n - 1))
            byes = []
        if not isinstance(r["tables"], list) or not r["tables"]:
            errors.append(lang._("%(where)s: tables must be a list of at least one table.", where=at))
            continue
        seats, last = list(byes), 0
        for j, t in enumerate(r["tables"], start=1):
            errors += _table(t, lang._("%(where)s, table %(n)s", where=at, n=j), last, entrants, table_size, variant,
                             games, seated, table_pins)
            # tables in order; a Mitchell round skips the number of the table whose pair sits out
            last = t["table"] if isinstance(t, dict) and type(t.get("table")) is int and t["table"] > last else last + 1
            if isinstance(t, dict) and isinstance(t.get("entrants"), list):
                seats += [x for x in t["entrants"] if is_count(x, most=n - 1)]
        twice = sorted({x for x in seats if seats.count(x) > 1})
        if twice:
            errors.append(lang._("%(where)s: an entrant sits at one table or out, once a round; seated more than once: "
                                 "%(entrants)s.", where=at, entrants=", ".join(str(x) for x in twice)))
    return errors


def _moment(value: str) -> datetime:
    """A stored time, comparable with any other (one without a zone is UTC, as Meldbook writes them)."""
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _table(t: Any, here: str, last: int, entrants: Sequence[Mapping[str, Any]], table_size: int, variant: str,
           games: Mapping[str, Any], seated: dict[str, str], table_pins: bool = True) -> list[str]:
    if (not isinstance(t, dict) or set(t) - {"pin"} != TABLE_KEYS or type(t["table"]) is not int
            or not last < t["table"] <= 10_000):
        return [lang._("%(where)s must have exactly table, game and entrants, numbered above %(n)s.", where=here,
                       n=last)]
    errors, n = [], len(entrants)
    pin = t.get("pin")
    if "pin" in t and not (isinstance(pin, str) and len(pin) == 4 and pin.isascii() and pin.isdigit()):
        errors.append(lang._("%(where)s: pin (the table's own PIN) must be 4 digits as text.", where=here))
    elif "pin" in t and not table_pins:
        errors.append(lang._("%(where)s: pin: only a night whose every table gets its own PIN (table_pins) has a "
                             "PIN for each table.", where=here))
    seats = t["entrants"]
    if not isinstance(seats, list) or len(seats) != table_size or not all(is_count(x, most=n - 1) for x in seats):
        errors.append(lang._("%(where)s: entrants must be %(size)s entrant numbers from 0 to %(most)s.",
                             where=here, size=table_size, most=n - 1))
        seats = None
    if not isinstance(t["game"], str) or t["game"] not in games:
        quoted = f"{t['game']!r:.70}"
        return errors + [lang._("%(where)s: its game %(game)s is not among the file's games.", where=here,
                                game=quoted)]
    if t["game"] in seated:
        return errors + [lang._("%(where)s: its game %(game)s is already %(seated)s.", where=here, game=t["game"],
                                seated=seated[t["game"]])]
    seated[t["game"]] = here.lower()
    if seats is not None:
        wrong = table_game_problem(games[t["game"]], variant, [entrants[x] for x in seats])
        if wrong:
            errors.append(lang._("%(where)s: its game %(game)s %(problem)s", where=here, game=t["game"],
                                 problem=wrong))
    return errors


def table_game_problem(game: Any, variant: str, seated: Sequence[Mapping[str, Any]]) -> str | None:
    """What is wrong with `game` (an exported game) as the game of a table seating `seated` (the entrants in seat
    order) of an event of `variant`, or None: it is of that variant, with a side for each entrant, each with as
    many players (names may differ: a player renamed since keeps the seat)."""
    if not isinstance(game, dict) or game.get("variant") != variant:
        return lang._("is not a game of the event's variant (%(variant)s).", variant=variant)
    sides = game.get("sides")
    if not isinstance(sides, list) or len(sides) != len(seated):
        return lang._("must have a side for each of the table's %(count)s entrants.", count=len(seated))
    for side, entrant in zip(sides, seated):
        if not isinstance(side, dict) or len(side.get("players") or []) != len(entrant.get("players") or []):
            return lang._("must seat each of the table's entrants as its side, with its players.")
    return None


def check_log(log: Any, where: str, games: set[str], rounds: int, table_size: int) -> list[str]:
    """An event's log of late changes: each entry at (a time), device (short text or null), game (one of the
    event's tables' `games`), what (text) and change (an object); a change in the form Meldbook says again in the
    reader's language (it has "names") has each part of the right kind."""
    if not isinstance(log, list):
        return [lang._("%(where)s: log must be a list.", where=where)]
    errors = []
    for k, entry in enumerate(log, start=1):
        at = lang._("%(where)s, log entry %(n)s", where=where, n=k)
        if (not isinstance(entry, dict) or set(entry) != LOG_KEYS or not is_time(entry["at"])
                or not _text(entry["device"], MAX_DEVICE, nullable=True) or not _text(entry["what"], MAX_WHAT)
                or not isinstance(entry["change"], dict)):
            errors.append(lang._("%(where)s must have exactly at (a time), device (text of at most %(device)s "
                                 "characters, or null), game, what (text of at most %(what)s characters) and change "
                                 "(an object).", where=at, device=MAX_DEVICE, what=MAX_WHAT))
            continue
        adjustment = "adjustment" in entry["change"]  # a director's penalty or award: of no table's game
        if adjustment and entry["game"] != "" or not adjustment and entry["game"] not in games:
            errors.append(lang._("%(where)s: its game %(game)s is not a table of this event.", where=at,
                                 game=f"{entry['game']!r:.70}"))
        if "names" in entry["change"] and not _said_again(entry["change"], rounds, table_size):
            errors.append(lang._("%(where)s: change must have round and table (whole numbers), action (text), hand (a "
                                 "whole number or null), names (%(size)s names), and before and after (each with "
                                 "scores, one whole number a name, finished, true or false, and winner, seat numbers "
                                 "or null).", where=at, size=table_size))
    return errors


def _said_again(change: Mapping[str, Any], rounds: int, table_size: int) -> bool:
    """True when a late change has what the log needs to say it again (service.games.late_change_words)."""
    names = change.get("names")
    if not (isinstance(names, list) and len(names) == table_size and all(_text(x, NAME_MAX) for x in names)):
        return False
    if not (is_count(change.get("round"), 1, rounds) and is_count(change.get("table"), 1, 10 ** 4)
            and _text(change.get("action"), MAX_WORD) and (change.get("hand") is None or is_count(change["hand"]))
            and _text(change.get("detail", ""), MAX_DETAIL)
            and (change.get("planned") is None or is_count(change["planned"], 1, 2 ** 31))):
        return False
    for state in (change.get("before"), change.get("after")):
        if not (isinstance(state, dict) and isinstance(state.get("finished"), bool)
                and isinstance(state.get("scores"), list) and len(state["scores"]) == table_size
                and all(isinstance(s, int) and not isinstance(s, bool) and abs(s) <= MAX_SCORE for s in state["scores"])
                and (state.get("winner") is None or (isinstance(state["winner"], list)
                                                     and all(is_count(w, most=table_size - 1) for w in state["winner"])))):
            return False
    return True

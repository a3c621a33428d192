"""A table's result, confirmed by both sides (API.md): `confirm: accept` (the second side accepts what the first
recorded, on the same phone handed across or its own) and `confirm: both` (each side sends the turn's totals; agreeing
totals finish the game, differing ones wait for the director's decision).

A table's acceptance is kept with the game revision it accepted (and every write of this module makes a new revision,
so every phone and screen polling the game sees it): a later new, replaced or deleted hand leaves the acceptance
behind, and the table waits again (`noted`, called by every game write, logs that return). While a finished game
waits it counts nowhere (service.events reads `counts`). Every acceptance, disagreement, decision and return to
waiting is an entry of the event's log with the device and the time. No Flask in it.
"""
from __future__ import annotations

from typing import Any, Sequence

import sqlite_utils

import lang
from db import confirm as store
from db import events as events_store
from db import games as games_store
from db import write
from scoring import FieldError, Refused, adjustment
from scoring.base import MAX_NUMBER
from scoring.game import now_utc

from .games import committed, derive, end_game, get_game, read_stored
from .model import Game

MODES = ("none", "accept", "both")
SECOND = 1  # the side that accepts: East–West (with other movements the side listed second)
MOST = 10 ** 7  # a turn's total beyond any game's


def check_confirm(payload: Any) -> tuple[str, list[FieldError]]:
    """The `confirm` of a POST /api/events body (default none) and what is wrong with it."""
    if not isinstance(payload, dict):
        return "none", []
    mode = payload.get("confirm", "none")
    if not isinstance(mode, str) or mode not in MODES:
        return "none", [FieldError("confirm", lang._("confirm is one of %(modes)s: “none” (one phone's word), "
                                                     "“accept” (the other side accepts) or “both” (each side "
                                                     "enters the totals).", modes=", ".join(MODES)))]
    if mode == "both" and not payload.get("director_pin"):
        return mode, [FieldError("confirm", lang._("confirm “both” needs a director_pin: the director decides when "
                                                   "the two sides' totals differ."))]
    return mode, []


def without_confirm(payload: Any) -> Any:
    """The event body without its `confirm` (scoring.events.check_event checks the rest)."""
    return {k: v for k, v in payload.items() if k != "confirm"} if isinstance(payload, dict) else payload


def event_mode(db: sqlite_utils.Database, event_id: str) -> str:
    return store.event_confirm(db, event_id)


def set_mode(db: sqlite_utils.Database, event_id: str, mode: str) -> None:
    """In the new event's transaction: its confirm mode."""
    store.set_confirm(db, event_id, mode)


# -- what the event reads ----------------------------------------------------------------------------------------

def waiting_games(db: sqlite_utils.Database, event_id: str, finished: dict[str, bool]) -> dict[str, int]:
    """Of the event's games that are finished (`finished`: each game's own finished, as played), those that wait for
    a side's acceptance: game id → how many sides sent totals (with `both`). Empty for an event of `confirm: none`."""
    if store.event_confirm(db, event_id) == "none":
        return {}
    marks = store.event_marks(db, event_id)
    return {g: marks[g]["sent"] for g, done in finished.items()
            if done and g in marks and marks[g]["accepted"] != marks[g]["revision"]}


def waits_for(db: sqlite_utils.Database, event_id: str, finished: dict[str, bool]) -> dict[str, str]:
    """Of the event's games that do not count though finished or sent (`finished`: each game's own finished, as
    played), what each waits for: "accept" (East–West's acceptance), "totals:0" / "totals:1" (that side's totals),
    "totals" (both sides'), "director" (the versions differ: his decision). Empty with confirm none."""
    mode = store.event_confirm(db, event_id)
    if mode == "none":
        return {}
    found = {}
    for g, m in store.event_marks(db, event_id).items():
        if g not in finished or (m["accepted"] is not None and m["accepted"] == m["revision"]):
            continue
        if mode == "accept":
            reason = "accept" if finished[g] else None
        elif m["sent"] >= 2:
            reason = "director"  # both sent and not taken: they differ (from each other or from the hands)
        elif m["sent"] == 1:
            reason = f"totals:{1 - m['first_sent']}"
        else:
            reason = "totals" if finished[g] else None
        if reason:
            found[g] = reason
    return found


def wait_words(round_: int, table: int | str, reason: str) -> str:
    """What a table that does not count yet waits for, as a sentence (a refused round start says it); `table` its
    number, or its label as the pages show it ("B 13" in an event in sections)."""
    n = {"round": lang.number(round_), "table": table if isinstance(table, str) else lang.number(table)}
    if reason == "accept":
        return lang._("Round %(round)s, table %(table)s waits for East–West to accept its result.", **n)
    if reason == "totals:1":
        return lang._("Round %(round)s, table %(table)s waits for East–West's totals.", **n)
    if reason == "totals:0":
        return lang._("Round %(round)s, table %(table)s waits for North–South's totals.", **n)
    if reason == "totals":
        return lang._("Round %(round)s, table %(table)s waits for both sides' totals.", **n)
    return lang._("Round %(round)s, table %(table)s waits for the director's decision (the versions differ).", **n)


def mark_rounds(db: sqlite_utils.Database, row: dict, round_list: list[dict], pins: bool) -> None:
    """The event object's round_list as confirming events show it: each table's "confirmed" (a finished game
    waiting for a side is "finished": true, "confirmed": false), and with `both` and table_pins the director's
    "pins": [first side's, second side's] instead of "pin"."""
    mode = row.get("confirm") or "none"
    if mode == "none":
        return
    marks = store.event_marks(db, row["id"])
    for r in round_list:
        for t in r["tables"]:
            m = marks.get(t["game"])
            accepted = bool(m and m["accepted"] is not None and m["accepted"] == m["revision"])
            if not t["finished"] and not accepted and m is not None and get_game(db, t["game"]).finished:
                t["finished"] = True
            t["confirmed"] = t["finished"] and accepted


def counts(mode: str, accepted: int | None, revision: int | None) -> bool:
    """Whether a finished table game counts in the standings: always with confirm none, else once accepted at its
    current revision."""
    return mode == "none" or (accepted is not None and accepted == revision)


def is_confirmed(db: sqlite_utils.Database, game: Game) -> bool:
    found = store.acceptance(db, game.id)
    return bool(game.finished and found and found["revision"] == game.revision)


def game_marks(db: sqlite_utils.Database, game: Game) -> dict:
    """What the game object adds for a table of an event that confirms: {"confirmed": bool} and, while the game
    waits with sides' totals sent, "results": [{"side", "totals"}]. Empty for any other game."""
    if not game.event or store.event_confirm(db, game.event["id"]) == "none":
        return {}
    confirmed = is_confirmed(db, game)
    marks: dict = {"confirmed": confirmed}
    sent = store.side_results(db, game.id)
    if sent and not confirmed:
        marks["results"] = [{"side": r["side"], "totals": r["totals"]} for r in sent]
    return marks


def disagree(game: Game, sent: dict[int, dict]) -> bool:
    """Whether both sides sent and their versions differ: from each other, or both from the totals of the game's
    recorded hands when those finished it (the table's phone played it to the end; or a hand was corrected after the
    sides agreed). The director decides then."""
    if len(sent) != 2:
        return False
    return sent[0]["totals"] != sent[1]["totals"] or (game.finished and sent[0]["totals"] != scores_of(game))


def scores_of(game: Game) -> list[int]:
    return [s.score for s in game.sides]


def side_state(db: sqlite_utils.Database, game: Game) -> dict:
    """For the pages: the event's mode, whether confirmed, each side's sent totals, whether they differ, and the
    recorded hands' totals when the game is finished with others than a side sent (`recorded`, else None)."""
    mode = store.event_confirm(db, game.event["id"]) if game.event else "none"
    sent = {r["side"]: r for r in store.side_results(db, game.id)} if game.event else {}
    confirmed = is_confirmed(db, game) if mode != "none" else game.finished
    recorded = scores_of(game) if game.finished and not confirmed and any(
        r["totals"] != scores_of(game) for r in sent.values()) else None
    return {"mode": mode, "confirmed": confirmed, "sent": sent, "differ": disagree(game, sent),
            "agree": len(sent) == 2 and sent[0]["totals"] == sent[1]["totals"], "recorded": recorded}


# -- second side's PINs (confirm both with table_pins) ------------------------------------------------------------

def keep_second_pins(db: sqlite_utils.Database, games: Sequence[Game], hashes: list[str] | None) -> None:
    """In the round's transaction: the hash of each new table game's second side's PIN (confirm both with
    table_pins; its digits are worked out from the night's secret, as the first side's: db/pin_hash.py)."""
    for game, hashed in zip(games, hashes or []):
        store.put_side_pin(db, game.id, SECOND, hashed)


def second_pin_hash(db: sqlite_utils.Database, game_id: str) -> str | None:
    found = store.side_pin(db, game_id, SECOND)
    return found["pin_hash"] if found else None


# -- the writes ---------------------------------------------------------------------------------------------------

def _seated(db: sqlite_utils.Database, game_id: str) -> tuple[Game, str]:
    """The table game and its event's mode; Refused 404 / 409 for a game that is no table of a confirming event."""
    game = get_game(db, game_id)
    mode = store.event_confirm(db, game.event["id"]) if game.event else "none"
    if mode == "none":
        raise Refused([FieldError(None, lang._("This game's result needs no confirmation: it is not a table of a "
                                               "club night that asks both sides to confirm."))], status=409)
    return game, mode


def _side(value: Any, sides: int, *, second_only: bool) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < sides:
        raise Refused([FieldError("side", lang._("side is the number of the side (0 to %(last)s).",
                                                 last=sides - 1))])
    if second_only and value != SECOND:
        raise Refused([FieldError("side", lang._("The other side accepts what was recorded: East–West (side 1) "
                                                 "accepts, not side %(side)s.", side=value))], status=409)
    return value


def _log(db: sqlite_utils.Database, game: Game, change: dict, device: str | None, now: str) -> None:
    """An entry of the event's log: its change as data, and its words in English (the stored ones; pages say it again
    in their language, log_words)."""
    entry = {"confirm": change, "round": game.event["round"], "table": game.event["table"]}
    with lang.using("en"):
        what = log_words(entry)
    events_store.add_log(db, game.event["id"], now, device, game.id, what, entry)


def log_words(entry: dict) -> str:
    """A confirmation's log entry (its change: {"confirm": {"action", …}, "round", "table"}) in the current language;
    LookupError, TypeError… when the change does not say enough (an older entry: its stored words are shown)."""
    c = entry["confirm"]
    n = {"table": lang.number(entry["table"]), "round": lang.number(entry["round"])}

    def shown(totals) -> str:
        return " – ".join(lang.number(t) for t in totals)

    action = c["action"]
    if action == "accepted" and c.get("director"):
        return lang._("Table %(table)s, round %(round)s: the director accepted %(totals)s for East–West.", **n,
                      totals=shown(c["totals"]))
    if action == "accepted":
        return lang._("Table %(table)s, round %(round)s: East–West accepted %(totals)s.", **n,
                      totals=shown(c["totals"]))
    if action == "sent" and c["side"] == 0:
        return lang._("Table %(table)s, round %(round)s: North–South sent %(totals)s.", **n, totals=shown(c["totals"]))
    if action == "sent":
        return lang._("Table %(table)s, round %(round)s: East–West sent %(totals)s.", **n, totals=shown(c["totals"]))
    if action == "agreed":
        return lang._("Table %(table)s, round %(round)s: both sides agree on %(totals)s.", **n,
                      totals=shown(c["totals"]))
    if action == "disagreed" and "game_totals" in c:
        return lang._("Table %(table)s, round %(round)s: both sides sent %(totals)s, but the recorded hands "
                      "finished the game at %(recorded)s; the director decides.", **n,
                      totals=shown(c["totals"]), recorded=shown(c["game_totals"]))
    if action == "disagreed":
        first, second = c["versions"]
        return lang._("Table %(table)s, round %(round)s: the sides disagree (North–South sent %(first)s, East–West "
                      "%(second)s); the director decides.", **n, first=shown(first), second=shown(second))
    if action == "decided":
        return lang._("Table %(table)s, round %(round)s: the director decided %(totals)s.", **n,
                      totals=shown(c["totals"]))
    if action == "waiting":  # service.games.noted stores it
        return lang._("Table %(table)s, round %(round)s: changed after it was accepted; it waits for acceptance "
                      "again.", **n)
    raise LookupError(action)


def accept(db: sqlite_utils.Database, game_id: str, payload: Any, device: str | None = None, *,
           director: bool = False, revision: int | None = None) -> Game:
    """POST /api/games/{id}/confirm {"side": 1}: the second side accepts the finished game as it stands (the
    director's PIN may accept for a side: `director`). Refused 409 for side 0, an unfinished game, or one accepted
    already at this revision (a double tap: nothing stored twice, answered with the game). `revision`: the game's
    revision the accepting page showed; a game changed since (a hand corrected on another phone) is refused 409, so
    nobody accepts totals they were not shown."""
    if not isinstance(payload, dict) or set(payload) - {"side"}:
        raise Refused([FieldError("side", lang._("Send {\"side\": 1}: the side that accepts."))])
    game, _ = _seated(db, game_id)
    side = _side(payload.get("side"), len(game.sides), second_only=not director or payload.get("side") is not None)
    with write(db):
        _, stored = read_stored(db, game_id)
        game = get_game(db, game_id)
        if not game.finished:
            raise Refused([FieldError(None, lang._("The game is not finished yet; the other side accepts it once its "
                                                   "last hand is recorded."))], status=409)
        if is_confirmed(db, game):
            return game  # accepted already (a double tap, a resend): nothing recorded twice
        if revision is not None and revision != stored["revision"]:
            raise Refused([FieldError(None, lang._("The totals changed since this page showed them (a hand was "
                                                   "corrected): check the totals as they are now, then accept."))],
                          status=409)
        now = now_utc()
        games_store.touch_game(db, game_id, now)
        store.put_acceptance(db, game_id, stored["revision"] + 1, side, now, device)
        _log(db, game, {"action": "accepted", "side": side, "totals": scores_of(game), "director": director},
             device, now)
    game = get_game(db, game_id)
    committed(db, game)
    return game


def _totals(value: Any, sides: int, field: str) -> list[int]:
    if not isinstance(value, list) or len(value) != sides or any(
            isinstance(t, bool) or not isinstance(t, int) or abs(t) > MOST for t in value):
        raise Refused([FieldError(field, lang._("%(field)s is one whole number per side (%(sides)s of them), each "
                                                "side's total of the turn as the slip shows it.",
                                                field=field, sides=sides))])
    return list(value)


def send_results(db: sqlite_utils.Database, game_id: str, payload: Any, device: str | None = None,
                 key: str | None = None, *, director: bool = False) -> Game:
    """POST /api/games/{id}/results: a side's totals ({"side", "totals"}), or the director's decision
    ({"decide": totals}). Both sides agreeing (or the decision) copy the totals into the game (a hand copied from
    paper) and finish it, accepted. A side may send again until the other has; after both, 409."""
    if not isinstance(payload, dict) or not payload or set(payload) - {"side", "totals", "decide"} or (
            "decide" in payload and set(payload) != {"decide"}):
        raise Refused([FieldError(None, lang._("Send {\"side\": 0, \"totals\": [1230, 455]}, or the director's "
                                               "{\"decide\": [1230, 455]}."))])
    game, mode = _seated(db, game_id)
    if mode != "both":
        raise Refused([FieldError(None, lang._("This club night has the other side accept the result (POST "
                                               "/api/games/{id}/confirm); each side does not send its totals."))],
                      status=409)
    if "decide" in payload:
        if not director:
            raise Refused([FieldError("director_pin", lang._("Only the director decides a table's result: send the "
                                                             "director's PIN."))], status=403)
        totals = _totals(payload["decide"], len(game.sides), "decide")
        return _finish(db, game, totals, device, "decided", key)
    side = _side(payload.get("side"), len(game.sides), second_only=False)
    totals = _totals(payload.get("totals"), len(game.sides), "totals")
    _check_multiples(db, game_id, totals)
    agreed = None
    with write(db):
        sent = {r["side"]: r for r in store.side_results(db, game_id)}
        mine = sent.get(side)
        if mine is not None and key is not None and mine["request_key"] == key and mine["totals"] == totals:
            return get_game(db, game_id)  # this very send again (a double tap, a lost answer)
        if mine is not None and mine["totals"] == totals and len(sent) < 2:
            return get_game(db, game_id)  # the same totals again, keyless, before the other side: nothing changes
        if len(sent) == 2 or (is_confirmed(db, get_game(db, game_id)) and game.finished):
            if mine is not None and mine["totals"] == totals and len(sent) == 2:
                raise Refused([FieldError("side", lang._("Both sides sent their totals already; this side's are "
                                                         "kept as they were."))], status=409)
            raise Refused([FieldError("side", lang._("Both sides sent their totals already; only the director "
                                                     "changes the table's result now."))], status=409)
        now = now_utc()
        store.put_side_result(db, game_id, side, totals, now, device, key)
        _, stored = read_stored(db, game_id)
        games_store.touch_game(db, game_id, now)  # every phone polling the game sees the send
        other = sent.get(1 - side) if len(game.sides) == 2 else None
        current = derive(db, *read_stored(db, game_id))  # the game as this transaction reads it
        if other is None:
            change = {"action": "sent"}
        elif other["totals"] == totals and current.finished and totals != scores_of(current):
            change = {"action": "disagreed", "game_totals": scores_of(current)}
        elif other["totals"] == totals:
            change, agreed = {"action": "agreed"}, totals
        else:
            change = {"action": "disagreed", "versions": [totals, other["totals"]][::1 if side == 0 else -1]}
        _log(db, game, {**change, "side": side, "totals": totals}, device, now)
        if agreed is not None:  # copied, finished and accepted in this same transaction: never half of it
            _finish(db, derive(db, *read_stored(db, game_id)), agreed, device, None, key)
    game = get_game(db, game_id)
    committed(db, game)
    return game


def _check_multiples(db: sqlite_utils.Database, game_id: str, totals: list[int], field: str = "totals") -> None:
    """Totals in the variant's steps (multiples of 5 where its scores are), as a hand copied from paper is checked;
    each refusal names the side by its name, as the slip does ("The total of Ann & Bob must be a multiple of 5…")."""
    from .paper import _checked  # service.paper reads service.games only: no circle
    variant, stored = read_stored(db, game_id)
    names = [s["name"] for s in stored["sides"]]
    named = []
    for name, total in zip(names, totals):
        if abs(total) > MAX_NUMBER:
            named.append(lang._("The total of %(name)s must be from %(low)s to %(high)s (got %(value)s).", name=name,
                                low=lang.number(-MAX_NUMBER), high=lang.number(MAX_NUMBER),
                                value=lang.number(total)))
        elif total % adjustment.STEP:
            named.append(lang._("The total of %(name)s must be a multiple of 5 (every card counts 5 or more): "
                                "%(value)s is not.", name=name, value=lang.number(total)))
    if named:
        raise Refused([FieldError(field, message) for message in named])
    try:
        _checked(variant, stored, totals, field)
    except Refused as err:
        raise Refused([FieldError(field, e.message) for e in err.errors]) from None


def _finish(db: sqlite_utils.Database, game: Game, totals: list[int], device: str | None, decided: str | None,
            key: str | None) -> Game:
    """The agreed or decided totals become the game's: the difference from its totals copied as one hand from
    paper, the game ended and accepted at its new revision; a decision is logged."""
    from .paper import copy_from_paper  # service.paper reads service.games only: no circle
    if decided:
        _check_multiples(db, game.id, totals, "decide")
    with write(db):  # one transaction (inside the agreeing send's): the copy, the end and the acceptance
        game = derive(db, *read_stored(db, game.id))
        if decided and is_confirmed(db, game) and scores_of(game) == totals:
            return game  # decided already (a double tap, a resend): nothing recorded twice
        diff = [t - s for t, s in zip(totals, scores_of(game))]
        if game.finished and any(diff):  # the recorded hands ended it with other totals: its last hand takes them
            game = _decided_last_hand(db, game, diff, device)
        elif any(diff):
            game = copy_from_paper(db, game.id, {}, [diff], device=device,
                                   key=None if key is None else f"confirm:{key}"[:64])
        if not game.finished:
            game = end_game(db, game.id, device=device)
        _, stored = read_stored(db, game.id)
        now = now_utc()
        games_store.touch_game(db, game.id, now)
        store.put_acceptance(db, game.id, stored["revision"] + 1, SECOND, now, device)
        if decided:
            _log(db, game, {"action": "decided", "totals": totals}, device, now)
        game = derive(db, *read_stored(db, game.id))  # read in the transaction: never a state kept from before it
    committed(db, game)  # nothing when inside the agreeing send's transaction: that one's caller, once committed
    return game



def _decided_last_hand(db: sqlite_utils.Database, game: Game, diff: list[int], device: str | None) -> Game:
    """The director decided other totals than the finished game's: its last hand takes the difference, as a
    corrected slip row when it was copied from paper, else as a side's award or penalty with its reason (so the
    results say why the score is not the hands'). Refused 409 when the game still ends before that hand."""
    from scoring import paper

    from .hands import replace_hand
    from .paper import copy_from_paper
    _, stored = read_stored(db, game.id)
    number, last = len(stored["hands"]), stored["hands"][-1]["entries"]
    if paper.is_paper_entries(last):
        return copy_from_paper(db, game.id, {number: [e[paper.KEY] + d for e, d in zip(last, diff)]}, [],
                               device=device)
    reason = lang._("The director's decision")
    entries = []
    for entry, d in zip(last, diff):
        entry = {k: v for k, v in entry.items()}
        if d:
            points = entry.get(adjustment.FIELD, 0) + d
            said = "; ".join(filter(None, [entry.get(adjustment.REASON), reason]))[:adjustment.REASON_MAX]
            entry.pop(adjustment.FIELD, None), entry.pop(adjustment.REASON, None)
            entry.update({adjustment.FIELD: points, adjustment.REASON: said} if points else {})
        entries.append(entry)
    _, game = replace_hand(db, game.id, number, {"entries": entries}, device=device)
    return game

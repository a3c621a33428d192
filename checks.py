"""What `import` and `restore` check before storing anything: every value's type and range."""
from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

import db
import lang
from db import export
from db.migrations import MIGRATIONS, unknown_migrations
from scoring import VARIANTS, Refused, derive_game, get_variant, new_game, prepare_hand, rule_sets, vocabulary
from scoring.event_data import check_log, check_rounds, is_count, is_time
from scoring.events import check_adjustment
from scoring.events import check_event as check_new_event
from scoring.game import HandRecord, to_store
from scoring.game_setup import _name as game_name
from scoring.members import check_member, member_key
from scoring.seasons import check_season as check_season_body
from scoring.standings import player_key
from db.pin_hash import is_own_hash

GAME_KEYS = {"id", "variant", "options", "created", "updated", "revision", "ended_at", "marks",
             "sides", "hands"}
HAND_KEYS = {"entries", "recorded_at", "edited_at"}
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_MARKS = 100  # marks of one kind on a side in one hand (a failed meld raises a minimum by 10): never a hundred


def _exact(value: Any) -> str:
    """Compare by JSON text: 50 and 50.0 (or 1 and true) are equal in Python but not as stored values."""
    return json.dumps(value, sort_keys=True)


def check_game(g: Any, where: str) -> list[str]:
    """Everything wrong with one exported game; an empty list means it can be stored as it is."""
    if not isinstance(g, dict):
        return [lang._("%(where)s is not an object.", where=where)]
    errors = []
    keys = set(g) - {"pin_hash"}
    if keys != GAME_KEYS:
        missing, unknown = sorted(GAME_KEYS - keys), sorted(keys - GAME_KEYS)
        return [lang._("%(where)s has missing fields %(missing)s or unknown fields %(unknown)s.", where=where,
                       missing=missing, unknown=unknown)]
    if not isinstance(g["id"], str) or not GAME_ID.fullmatch(g["id"]):
        errors.append(lang._("%(where)s: id must be 1 to 64 letters, digits, - or _.", where=where))
    variant = get_variant(g["variant"])
    if variant is None:
        return errors + [lang._("%(where)s: unknown variant %(variant)s.", where=where, variant=repr(g["variant"]))]
    try:
        sides, options = new_game(variant, {"variant": variant.id, "sides": g["sides"], "options": g["options"]},
                                  seated_now=False)
    except Refused as err:
        return errors + [_refused(where, e.field or "game", e.message) for e in err.errors]
    if sides != g["sides"] or options != g["options"]:
        errors.append(lang._("%(where)s: sides or options are not in the form Meldbook stores them.", where=where))
    for key in ("created", "updated"):
        if not is_time(g[key]):
            errors.append(lang._("%(where)s: %(field)s must be a date and time.", where=where, field=key))
    if not is_time(g["ended_at"], nullable=True):
        errors.append(lang._("%(where)s: ended_at must be a date and time or null.", where=where))
    if not is_count(g["revision"], least=1):
        errors.append(lang._("%(where)s: revision must be a whole number from 1 to 2^53.", where=where))
    errors += _marks(g["marks"], variant, len(sides), where)
    pin_hash = g.get("pin_hash")
    if pin_hash is not None and not is_own_hash(pin_hash):
        errors.append(_not_own_hash(where))
    if not isinstance(g["hands"], list):
        return errors + [lang._("%(where)s: hands must be a list.", where=where)]
    for n, h in enumerate(g["hands"], start=1):
        at = lang._("%(where)s, hand %(n)s", where=where, n=n)
        if not isinstance(h, dict) or set(h) != HAND_KEYS:
            errors.append(lang._("%(where)s must have exactly entries, recorded_at and edited_at.", where=at))
            continue
        if not is_time(h["recorded_at"]) or not is_time(h["edited_at"], nullable=True):
            errors.append(lang._("%(where)s: recorded_at and edited_at must be dates and times.", where=at))
        try:
            entries = prepare_hand(variant, options, sides, {"entries": h["entries"]}, n)
        except Refused as err:
            errors.extend(_refused(at, e.field or "hand", e.message) for e in err.errors)
            continue
        if _exact(to_store(variant, {"entries": h["entries"]}, entries)) != _exact(h["entries"]):
            errors.append(lang._("%(where)s: entries are not in the form Meldbook stores them (whole numbers, no 50.0).",
                                 where=at))
    if not errors:
        try:  # the game must replay, or it would be stored but unreadable
            derive_game(variant, options, sides, [HandRecord(h["entries"], h["recorded_at"]) for h in g["hands"]],
                        ended=bool(g["ended_at"]), marks=g["marks"])
        except (ArithmeticError, LookupError, TypeError, ValueError) as err:
            errors.append(lang._("%(where)s: its hands cannot be replayed (%(why)s).", where=where, why=err))
    return errors


def _refused(where: str, field: str, message: str) -> str:
    """A refusal of the rules, said where in the file it is: 'Game 2: sides[0].name: …'."""
    return lang._("%(where)s: %(field)s: %(refusal)s", where=where, field=field, refusal=message)


def _not_own_hash(where: str) -> str:
    return lang._("%(where)s: pin_hash is not a hash Meldbook makes (salted scrypt at this app's cost).", where=where)


def _marks(marks: Any, variant, sides: int, where: str) -> list[str]:
    """A game's marks: an object with some of the marks its variant declares, each one count per side."""
    keys = [m.key for m in variant.marks]
    if not isinstance(marks, dict) or not set(marks) <= set(keys):
        if keys:
            return [lang._("%(where)s: marks must be an object of the variant's marks (only %(marks)s).", where=where,
                           marks=", ".join(keys))]
        return [lang._("%(where)s: marks must be an object of the variant's marks (none for %(variant)s).",
                       where=where, variant=variant.name)]
    return [lang._("%(where)s: marks.%(mark)s must be one whole number (0 to %(most)s) per side.", where=where, mark=key,
                   most=MAX_MARKS)
            for key, counts in marks.items()
            if not (isinstance(counts, list) and len(counts) == sides and all(is_count(c, most=MAX_MARKS) for c in counts))]


def check_document(data: Any) -> list[str]:
    """Everything wrong with an export file's contents; an empty list means it can be imported."""
    if not isinstance(data, dict) or data.get("format") != export.FORMAT:
        return [lang._("This is not a Meldbook export (it has no \"format\": \"%(format)s\").", format=export.FORMAT)]
    if data.get("version") != export.VERSION:
        return [lang._("This export is version %(version)s; this Meldbook reads version %(reads)s.",
                       version=repr(data.get("version")), reads=export.VERSION)]
    if (set(data) != {"format", "version", "games", "events", "rule_sets", "members", "seasons"}
            or not all(isinstance(data[k], list) for k in ("games", "events", "rule_sets", "members", "seasons"))):
        return [lang._("An export has exactly format, version, a list of games, a list of events, a list of rule "
                       "sets (rule_sets), a list of membership numbers (members) and a list of seasons.")]
    errors = []
    for i, game in enumerate(data["games"], start=1):
        errors += check_game(game, lang._("Game %(n)s", n=i))
    doubled = _doubled(data["games"])
    if doubled:
        errors.append(lang._("The file has the same game more than once: %(ids)s", ids=", ".join(doubled)))
    seated: dict[str, str] = {}
    by_id = {g["id"]: g for g in data["games"] if isinstance(g, dict) and isinstance(g.get("id"), str)}
    for i, event in enumerate(data["events"], start=1):
        errors += check_event(event, lang._("Event %(n)s", n=i), by_id, seated)
    doubled = _doubled(data["events"])
    if doubled:
        errors.append(lang._("The file has the same event more than once: %(ids)s", ids=", ".join(doubled)))
    for i, found in enumerate(data["rule_sets"], start=1):
        errors += check_rule_set(found, lang._("Rule set %(n)s", n=i))
    doubled = _doubled(data["rule_sets"])
    if doubled:
        errors.append(lang._("The file has the same rule set more than once: %(ids)s", ids=", ".join(doubled)))
    errors += check_members(data["members"])
    events = {e["id"]: e for e in data["events"] if isinstance(e, dict) and isinstance(e.get("id"), str)}
    counted: dict[str, str] = {}
    for i, season in enumerate(data["seasons"], start=1):
        errors += check_season(season, lang._("Season %(n)s", n=i), events, counted)
    doubled = _doubled(data["seasons"])
    if doubled:
        errors.append(lang._("The file has the same season more than once: %(ids)s", ids=", ".join(doubled)))
    return errors


def check_members(members: list) -> list[str]:
    """Everything wrong with an export's federation numbers: each {"player", "member"} with a player's name and a
    number as PUT /api/players checks it, no player or number twice."""
    errors, players, numbers = [], set(), set()
    for i, m in enumerate(members, start=1):
        where = lang._("Membership number %(n)s", n=i)
        if not isinstance(m, dict) or set(m) != {"player", "member"}:
            errors.append(lang._("%(where)s must have exactly player and member.", where=where))
            continue
        player, err = game_name(m["player"], "player", "player")
        member, problem = check_member(m["member"], "member", str(m["player"])[:40])
        for e in (err, problem):
            if e is not None:
                errors.append(_refused(where, e.field, e.message))
        if err is None and problem is None:
            if member is None or member != m["member"]:
                errors.append(lang._("%(where)s: the number must be 1 to 32 printable characters, with no spaces "
                                     "around it.", where=where))
            elif player_key(player) in players or member_key(member) in numbers:
                errors.append(lang._("%(where)s: %(player)s or the number %(member)s is in the file twice.",
                                     where=where, player=player, member=member))
            players.add(player_key(player))
            numbers.add(member_key(member))
    return errors


SEASON_KEYS = {"id", "name", "counting", "created", "events"}


def check_season(s: Any, where: str, events: dict[str, dict], counted: dict[str, str]) -> list[str]:
    """Everything wrong with one exported season: its id and creation time, its name, events and counting as POST
    /api/seasons checks them, every event one of the file's (of one variant) and in no other season of the file."""
    if not isinstance(s, dict) or set(s) != SEASON_KEYS:
        return [lang._("%(where)s must have exactly %(keys)s.", where=where, keys=", ".join(sorted(SEASON_KEYS)))]
    errors = []
    if not isinstance(s["id"], str) or not GAME_ID.fullmatch(s["id"]):
        errors.append(lang._("%(where)s has no valid id.", where=where))
    if not is_time(s["created"]):
        errors.append(lang._("%(where)s: created must be a date and time.", where=where))
    try:
        body = check_season_body({k: s[k] for k in ("name", "events", "counting")}, whole=True)
    except Refused as err:
        return errors + [_refused(where, e.field, e.message) for e in err.errors]
    if body.counting != s["counting"]:
        errors.append(lang._("%(where)s: counting must give figure, best, min_events and place_points.", where=where))
    variants = set()
    for e in body.events:
        if e not in events:
            errors.append(lang._("%(where)s counts the event %(id)s, which is not in the file.", where=where, id=e))
        elif e in counted:
            errors.append(lang._("%(where)s counts the event %(id)s, which %(other)s counts too.", where=where, id=e,
                                 other=counted[e]))
        else:
            counted[e] = where
            variants.add(events[e].get("variant"))
    if len(variants) > 1:
        errors.append(lang._("%(where)s counts events of more than one game.", where=where))
    return errors


def _doubled(items: list) -> list[str]:
    """The ids that more than one of a file's games, events or rule sets carry, in order."""
    ids = [item["id"] for item in items if isinstance(item, dict) and isinstance(item.get("id"), str)]
    return sorted({i for i in ids if ids.count(i) > 1})


RULE_SET_KEYS = {"id", "name", "variant", "options", "created", "updated"}


def check_rule_set(s: Any, where: str) -> list[str]:
    """Everything wrong with one exported rule set: its id and times, and its name, variant and options as
    POST /api/rule-sets checks them."""
    if not isinstance(s, dict) or not RULE_SET_KEYS <= set(s) <= RULE_SET_KEYS | {"pin_hash"}:
        return [lang._("%(where)s must have exactly %(keys)s (and pin_hash, when the set has a PIN).", where=where,
                       keys=", ".join(sorted(RULE_SET_KEYS)))]
    errors = []
    if not isinstance(s["id"], str) or not GAME_ID.fullmatch(s["id"]):
        errors.append(lang._("%(where)s: id must be 1 to 64 letters, digits, - or _.", where=where))
    elif rule_sets.preset(s["id"]) is not None:
        errors.append(lang._("%(where)s: id “%(id)s” is the id of a rule set Meldbook ships; a saved set needs an id "
                             "of its own.", where=where, id=s["id"]))
    if s.get("pin_hash") is not None and not is_own_hash(s["pin_hash"]):
        errors.append(_not_own_hash(where))
    errors += [lang._("%(where)s: %(field)s must be a date and time.", where=where, field=field)
               for field in ("created", "updated") if not is_time(s[field])]
    variant = get_variant(s["variant"]) if isinstance(s["variant"], str) else None
    try:
        rule_sets.check(variant, {k: s[k] for k in ("name", "variant", "options")}, VARIANTS)
    except Refused as err:
        errors += [_refused(where, x.field or "rule_set", x.message) for x in err.errors]
    return errors


EVENT_KEYS = set(export.EVENT_FIELDS) | {"round_list", "log"}
OPTIONAL_EVENT_KEYS = {"pin_hash", "director_pin_hash", "table_pins", "adjustments", "confirm", "confirmations",
                       *export.TOURNAMENT_FIELDS}
CONFIRM_MODES = ("accept", "both")  # an exported night's `confirm` (none is left out)
CONFIRMATION_KEYS = {"accepted": {"game", "revision", "side", "at", "device"},
                     "results": {"game", "side", "totals", "at", "device"},
                     "side_pins": {"game", "side", "pin", "pin_hash"}}
ADJUSTMENT_KEYS = {"id", "entrant", "round", "vp", "points", "reason", "at"}


def check_event(e: Any, where: str, games: dict[str, Any], seated: dict[str, str]) -> list[str]:
    """Everything wrong with one exported club night: its fields as POST /api/events checks them, its rounds and
    tables (scoring.event_data: each a game of the file's `games`, by id, in one table only, that seats the table's
    entrants), and its log. `seated`: games seated by events before."""
    if not isinstance(e, dict) or not EVENT_KEYS <= set(e) <= EVENT_KEYS | OPTIONAL_EVENT_KEYS:
        return [lang._("%(where)s must be an object with exactly %(keys)s (and pin_hash, when the night has a table "
                       "PIN).", where=where, keys=", ".join(sorted(EVENT_KEYS)))]
    errors = []
    if any(e.get(k) is not None and not is_own_hash(e[k]) for k in ("pin_hash", "director_pin_hash")):
        errors.append(_not_own_hash(where))
    if not isinstance(e["id"], str) or not GAME_ID.fullmatch(e["id"]):
        errors.append(lang._("%(where)s: id must be 1 to 64 letters, digits, - or _.", where=where))
    fields = {k: e[k] for k in export.EVENT_FIELDS + export.TOURNAMENT_FIELDS + ("table_pins",)
              if k not in ("id", "created") and e.get(k) is not None}
    if e.get("pin_hash") is not None and e.get("table_pins"):
        fields["pin"] = "0000"  # check_event refuses the night's one PIN beside a PIN for each table
    try:
        event = check_new_event(fields, stored=True)
    except Refused as err:
        return errors + [_refused(where, x.field or "event", x.message) for x in err.errors]
    if _exact(event.as_dict()) != _exact(fields):
        errors.append(lang._("%(where)s: its fields are not in the form Meldbook stores them.", where=where))
    if not is_time(e["created"]):
        errors.append(lang._("%(where)s: %(field)s must be a date and time.", where=where, field="created"))
    entrants = [entrant.side() for entrant in event.entrants]
    errors += check_rounds(e["round_list"], where, entrants, event.table_size, event.rounds, event.variant, games,
                           seated, table_pins=bool(e.get("table_pins")), created=e["created"])
    rounds = e["round_list"] if isinstance(e["round_list"], list) else []
    tables = {t["game"] for r in rounds if isinstance(r, dict) and isinstance(r.get("tables"), list)
              for t in r["tables"] if isinstance(t, dict) and isinstance(t.get("game"), str)}
    errors += _adjustments_wrong(e.get("adjustments", []), where, len(entrants), len(rounds))
    errors += _confirmations_wrong(e, where, tables, event.table_size)
    return errors + check_log(e["log"], where, tables, event.rounds, event.table_size)


def _confirmations_wrong(e: dict, where: str, tables: set[str], sides: int) -> list[str]:
    """Everything wrong with an exported night's `confirm` and `confirmations` (API.md "A table's result, confirmed
    by both sides"): a mode Meldbook has, and rows each naming a table of the night, a side, and well-formed values."""
    if "confirm" in e and e["confirm"] not in CONFIRM_MODES:
        return [lang._("%(where)s: confirm must be one of %(modes)s.", where=where, modes=", ".join(CONFIRM_MODES))]
    kept = e.get("confirmations", {})
    if not isinstance(kept, dict) or set(kept) - set(CONFIRMATION_KEYS):
        return [lang._("%(where)s: confirmations must be an object of %(keys)s.", where=where,
                       keys=", ".join(CONFIRMATION_KEYS))]
    for name, rows in kept.items():
        for r in rows if isinstance(rows, list) else [None]:
            good = (isinstance(r, dict) and set(r) == CONFIRMATION_KEYS[name] and r["game"] in tables
                    and is_count(r["side"], 0, sides - 1)
                    and (name == "side_pins" or (is_time(r["at"]) and (r["device"] is None or (
                        isinstance(r["device"], str) and len(r["device"]) <= 120))))
                    and (name != "accepted" or is_count(r["revision"]))
                    and (name != "results" or (isinstance(r["totals"], list) and len(r["totals"]) == sides
                                               and all(is_count(abs(t) if isinstance(t, int) else t, 0, 10 ** 9)
                                                       for t in r["totals"])))
                    and (name != "side_pins" or (isinstance(r["pin"], str) and r["pin"].isascii()
                                                 and r["pin"].isdigit() and len(r["pin"]) == 4
                                                 and is_own_hash(r["pin_hash"]))))
            if not good:
                return [lang._("%(where)s: confirmations.%(name)s must list rows of %(keys)s, each of a table of "
                               "this night.", where=where, name=name, keys=", ".join(sorted(CONFIRMATION_KEYS[name])))]
    return []


def _adjustments_wrong(adjustments: Any, where: str, entrants: int, rounds: int) -> list[str]:
    """Everything wrong with an exported event's adjustments (each as POST …/adjustments checks it, with its id and
    time)."""
    if not isinstance(adjustments, list):
        return [lang._("%(where)s: adjustments must be a list.", where=where)]
    errors = []
    for k, a in enumerate(adjustments, start=1):
        at = lang._("%(where)s, adjustment %(n)s", where=where, n=k)
        if not isinstance(a, dict) or set(a) != ADJUSTMENT_KEYS or not is_time(a["at"]) or not (
                isinstance(a["id"], str) and GAME_ID.fullmatch(a["id"])):
            errors.append(lang._("%(where)s must have exactly %(keys)s.", where=at,
                                 keys=", ".join(sorted(ADJUSTMENT_KEYS))))
            continue
        try:
            check_adjustment({k: a[k] for k in ("entrant", "round", "vp", "points", "reason")}, entrants, rounds)
        except Refused as err:
            errors += [_refused(at, x.field or "adjustment", x.message) for x in err.errors]
    return errors


def check_backup(path: str) -> list[str]:
    """Everything wrong with a database file to restore (a private copy, brought up to this schema here).

    The same checks as an imported file: integrity, schema version, then every game's values.
    """
    try:
        conn = sqlite3.connect(path)
        try:
            integrity = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            if integrity != ["ok"]:
                return [lang._("it is damaged (integrity check: %(found)s)", found=integrity[0])]
            if conn.execute("PRAGMA foreign_key_check").fetchone():
                return [lang._("it is damaged (hands or sides of games that are not there)")]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        finally:
            conn.close()
        if not 1 <= version <= len(MIGRATIONS):
            return [lang._("it is not a Meldbook database this version can read (schema version %(version)s, this "
                           "Meldbook knows 1 to %(known)s)", version=version, known=len(MIGRATIONS))]
        copy = db.connect(path)
        try:
            newer = unknown_migrations(copy)
            if newer:
                return [lang._("it was made by a newer Meldbook (schema steps this one does not know: %(steps)s)",
                               steps=", ".join(newer))]
            db.migrate(copy)
            document = export.export_games(copy)
        finally:
            copy.conn.close()
    except sqlite3.DatabaseError as err:
        return [lang._("it is not a readable Meldbook database (%(why)s)", why=err)]
    except export.DamagedValue as err:
        return [str(err)]
    return check_document(vocabulary.current_names(document))

"""`python app.py export|import|backup FILE [--db PATH]`: move all games as JSON, or copy the live database."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from datetime import datetime
from typing import Any

import db
from db import transfer
from scoring import Refused, derive_game, get_variant, new_game, prepare_hand
from scoring.game import HandRecord

COMMANDS = ("export", "import", "backup")
GAME_KEYS = {"id", "variant", "options", "created", "updated", "revision", "ended_at", "failed_melds",
             "sides", "hands"}
HAND_KEYS = {"entries", "recorded_at", "edited_at"}
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
PIN_HASH = re.compile(r"scrypt\$\d{1,7}\$\d{1,3}\$\d{1,3}\$[0-9a-f]{2,128}\$[0-9a-f]{2,256}")


def _is_time(value: Any, nullable: bool = False) -> bool:
    if value is None:
        return nullable
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def _is_count(value: Any, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def check_game(g: Any, where: str) -> list[str]:
    """Everything wrong with one exported game; an empty list means it can be stored as it is."""
    if not isinstance(g, dict):
        return [f"{where} is not an object."]
    errors = []
    keys = set(g) - {"pin_hash"}
    if keys != GAME_KEYS:
        missing, unknown = sorted(GAME_KEYS - keys), sorted(keys - GAME_KEYS)
        return [f"{where} has missing fields {missing} or unknown fields {unknown}."]
    if not isinstance(g["id"], str) or not GAME_ID.fullmatch(g["id"]):
        errors.append(f"{where}: id must be 1 to 64 letters, digits, - or _.")
    variant = get_variant(g["variant"])
    if variant is None:
        return errors + [f"{where}: unknown variant {g['variant']!r}."]
    try:
        sides, options = new_game(variant, {"variant": variant.id, "sides": g["sides"], "options": g["options"]})
    except Refused as err:
        return errors + [f"{where}: {e.field or 'game'}: {e.message}" for e in err.errors]
    if sides != g["sides"] or options != g["options"]:
        errors.append(f"{where}: sides or options are not in the form Meldbook stores them.")
    for key in ("created", "updated"):
        if not _is_time(g[key]):
            errors.append(f"{where}: {key} must be a date and time.")
    if not _is_time(g["ended_at"], nullable=True):
        errors.append(f"{where}: ended_at must be a date and time or null.")
    if not _is_count(g["revision"], least=1):
        errors.append(f"{where}: revision must be a whole number from 1.")
    melds = g["failed_melds"]
    if not (isinstance(melds, list) and len(melds) == len(sides) and all(_is_count(m) for m in melds)):
        errors.append(f"{where}: failed_melds must be one whole number per side.")
    pin_hash = g.get("pin_hash")
    if pin_hash is not None and not (isinstance(pin_hash, str) and PIN_HASH.fullmatch(pin_hash)):
        errors.append(f"{where}: pin_hash is not a hash Meldbook made.")
    if not isinstance(g["hands"], list):
        return errors + [f"{where}: hands must be a list."]
    for n, h in enumerate(g["hands"], start=1):
        at = f"{where}, hand {n}"
        if not isinstance(h, dict) or set(h) != HAND_KEYS:
            errors.append(f"{at} must have exactly entries, recorded_at and edited_at.")
            continue
        if not _is_time(h["recorded_at"]) or not _is_time(h["edited_at"], nullable=True):
            errors.append(f"{at}: recorded_at and edited_at must be dates and times.")
        try:
            prepare_hand(variant, options, sides, {"entries": h["entries"]})
        except Refused as err:
            errors.extend(f"{at}: {e.field or 'hand'}: {e.message}" for e in err.errors)
    if not errors:
        try:  # the game must replay, or it would be stored but unreadable
            derive_game(variant, options, sides, [HandRecord(h["entries"], h["recorded_at"]) for h in g["hands"]],
                        ended=bool(g["ended_at"]), failed_melds=melds)
        except (ArithmeticError, LookupError, TypeError, ValueError) as err:
            errors.append(f"{where}: its hands cannot be replayed ({err}).")
    return errors


def check_document(data: Any) -> list[str]:
    """Everything wrong with an export file's contents; an empty list means it can be imported."""
    if not isinstance(data, dict) or data.get("format") != transfer.FORMAT:
        return [f"This is not a Meldbook export (it has no \"format\": \"{transfer.FORMAT}\")."]
    if data.get("version") != transfer.VERSION:
        return [f"This export is version {data.get('version')!r}; this Meldbook reads version {transfer.VERSION}."]
    if set(data) != {"format", "version", "games"} or not isinstance(data["games"], list):
        return ["An export has exactly format, version and a list of games."]
    errors = []
    for i, game in enumerate(data["games"], start=1):
        errors += check_game(game, f"Game {i}")
    ids = [g["id"] for g in data["games"] if isinstance(g, dict) and isinstance(g.get("id"), str)]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        errors.append("The file has the same game more than once: " + ", ".join(doubled))
    return errors


def _database(path: str | None, must_exist: bool):
    from app import create_app  # the app resolves the default path and brings the schema up to date

    if path and must_exist and not os.path.exists(path):
        raise SystemExit(f"There is no database at {path}.")
    app = create_app({"DATABASE": os.path.abspath(path)} if path else None)
    return db.connect(app.config["DATABASE"]), app.config["DATABASE"]


def export_command(args) -> int:
    conn, where = _database(args.db, must_exist=True)
    document = transfer.export_games(conn)
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    partial = f"{args.file}.partial"
    with open(partial, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(partial, args.file)
    print(f"Exported {len(document['games'])} games from {where} to {args.file}.")
    return 0


def import_command(args) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        print(f"Cannot read {args.file}: {err}. Nothing was imported.", file=sys.stderr)
        return 1
    errors = check_document(data)
    if errors:
        shown = errors[:20] + ([f"… and {len(errors) - 20} more."] if len(errors) > 20 else [])
        print(f"{args.file} was refused; nothing was imported:", *shown, sep="\n  ", file=sys.stderr)
        return 1
    conn, where = _database(args.db, must_exist=False)
    try:
        transfer.import_games(conn, data["games"], replace=args.replace)
    except ValueError as err:
        print(f"{err}. Nothing was imported; use --replace to overwrite them.", file=sys.stderr)
        return 1
    print(f"Imported {len(data['games'])} games into {where}.")
    return 0


def backup_command(args) -> int:
    conn, where = _database(args.db, must_exist=True)
    try:
        status = transfer.backup(conn, args.file)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 1
    print(f"Backed up {where} to {args.file} (integrity check: {status}).")
    return 0 if status == "ok" else 1


def main(argv: list[str]) -> int:
    """Run one of the export, import and backup commands."""
    parser = argparse.ArgumentParser(prog="python app.py", description="Move Meldbook's games in and out.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("export", "write every game to a JSON file"),
                            ("import", "add the games of a JSON export file"),
                            ("backup", "copy the database file safely, even while Meldbook runs")):
        command = sub.add_parser(name, help=help_text)
        command.add_argument("file", metavar="FILE")
        command.add_argument("--db", help="SQLite file the games are kept in (default: instance/meldbook.sqlite)")
        if name == "import":
            command.add_argument("--replace", action="store_true", help="overwrite games with the same id")
    args = parser.parse_args(argv)
    return {"export": export_command, "import": import_command, "backup": backup_command}[args.command](args)

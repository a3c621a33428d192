"""Small shared helpers: the usual games' bodies for POST /api/games, and a game's sides and options as the
engine sees them; the SQL an app runs meanwhile."""
from __future__ import annotations

from contextlib import contextmanager

from scoring import Refused, get_variant, new_game, prepare_hand
from web.plumbing.database import get_db

PONYTAIL_PAIRS = {"variant": "ponytail",
                  "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}
PONY_THREE = {"variant": "pony", "sides": [{"name": "P1", "players": ["P1"]}, {"name": "P2", "players": ["P2"]},
                                           {"name": "P3", "players": ["P3"]}]}
FIVE = {"variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]}


def setup(variant_id: str, sides: list[list[str]], **options):
    """(variant, sides, options) for a game with these players per side."""
    variant = get_variant(variant_id)
    payload = {"variant": variant_id, "sides": [{"name": p[0] if len(p) == 1 else f"{p[0]} & {p[1]}", "players": p}
                                                 for p in sides]}
    if options:
        payload["options"] = options
    s, o = new_game(variant, payload)
    return variant, s, o


def totals(variant, options, entries):
    """Each side's hand total for these entries (already-parsed numbers)."""
    parsed, errors = variant.parse_hand({"entries": entries}, len(entries))
    assert not errors, errors
    return [s.total for s in variant.score_hand(parsed, options)]


def example_scores(example, number: int):
    """The engine's SideScores for hand `number` (from 1) of a worked example (tests/examples.py), checks and all."""
    variant, sides, options = setup(example.variant, example.players, **example.options)
    entries = prepare_hand(variant, options, sides, example.hands[number - 1].payload)
    return variant, options, variant.score_hand(entries, options)


def rules_setup(variant, sides: list[list[str]], **options):
    """(sides, options) from the variant's own checks alone, for a variant the game model does not know yet."""
    s = [{"name": p[0] if len(p) == 1 else " & ".join(p), "players": p} for p in sides]
    assert variant.check_sides(s) == []
    built, errors = variant.build_options(options or None, s)
    assert errors == [], errors
    return s, built


def refusals(variant, sides: list[dict], options: dict, entries: list[dict]) -> list[tuple[str | None, str]]:
    """The (field, message) of every error these entries get; [] when they pass."""
    try:
        prepare_hand(variant, options, sides, {"entries": entries})
    except Refused as refused:
        return [(e.field, e.message) for e in refused.errors]
    return []


def attributes(value):
    """A part-written game object (dicts and lists) read by attribute, as the game service's typed game is."""
    from types import SimpleNamespace

    if isinstance(value, dict):
        return SimpleNamespace(**{k: attributes(v) for k, v in value.items()})
    if isinstance(value, list):
        return [attributes(v) for v in value]
    return value


@contextmanager
def traced(app):
    """The SQL statements the app's connection (this thread's, as the test client uses) runs meanwhile."""
    with app.app_context():
        conn = get_db().conn
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        yield seen
    finally:
        conn.set_trace_callback(None)
        # the callback fires again, with the statement's own text, at each trigger program it runs (the triggers
        # keeping a club night's revision, db/migrations.py): a statement repeated at once was sent once
        seen[:] = [s for i, s in enumerate(seen) if i == 0 or s != seen[i - 1]]


@contextmanager
def registered(variant):
    """A variant registered (scoring.register) for the time of the with block, then unregistered again."""
    from scoring import register, unregister

    register(variant)
    try:
        yield variant
    finally:
        unregister(variant.id)

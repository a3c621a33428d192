"""Small shared helpers for the engine tests: a game's sides and options as the engine sees them."""
from __future__ import annotations

from scoring import get_variant, new_game


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

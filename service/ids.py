"""What every use case names things with: a new record's short random id, and the 404 refusal of one not found.
Its own module so that the use cases that make records (games, rule sets, events, tournaments) share it without
importing one another."""
from __future__ import annotations

import secrets

from scoring import FieldError, Refused

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes, so an id can be read aloud


def new_id() -> str:
    """A short random id (a game's, an event's, a rule set's, an adjustment's)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


def not_found(what: str) -> Refused:
    """The 404 refusal saying `what` is not there."""
    return Refused([FieldError(None, what)], status=404)

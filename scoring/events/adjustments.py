"""A director's penalty or award (API.md "Tournaments as federations run them", Adjustments): a POST
/api/events/{id}/adjustments body checked into an `Adjustment` and its reason, or `Refused` naming each field."""
from __future__ import annotations

from typing import Any

import lang

from ..base import FieldError, Refused
from ..entries import whole_number
from ..game import shows_nothing
from .model import Adjustment

KEYS = ("entrant", "round", "vp", "points", "reason")
MOST = 100_000  # beyond any evening's VP or MP
REASON = 200


def _signed(value: Any, field: str) -> tuple[int | None, FieldError | None]:
    """A whole number, negative for a penalty; left out: 0."""
    if value is None:
        return 0, None
    negative = type(value) in (int, float) and value < 0
    n, err = whole_number(-value if negative else value, field, field)
    if err:
        return None, err
    if n > MOST:
        return None, FieldError(field, lang._("%(field)s must be from −%(most)s to %(most)s.", field=field,
                                              most=lang.number(MOST)))
    return (-n if negative else n), None


def check_adjustment(payload: Any, entrants: int, rounds_started: int) -> tuple[Adjustment, str]:
    """The adjustment and its reason; `entrants` the event's count, `rounds_started` how many rounds started."""
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("An adjustment must be a JSON object with entrant, round, vp, points "
                                               "and reason."))])
    errors = [FieldError(k, lang._("'%(key)s' is not part of an adjustment; send %(keys)s.", key=k,
                                   keys=", ".join(KEYS))) for k in sorted(set(payload) - set(KEYS), key=str)]
    entrant, err = whole_number(payload.get("entrant"), "entrant", "entrant")
    if not err and entrant >= entrants:
        err = FieldError("entrant", lang._("entrant is an entrant's number, from 0 to %(most)s (got %(got)s).",
                                           most=entrants - 1, got=entrant))
    errors += [err] if err else []
    number, err = whole_number(payload.get("round"), "round", "round")
    if not err and not 1 <= number <= rounds_started:
        err = FieldError("round", lang._("No round has started yet; an adjustment belongs to a round already started.")
                         if not rounds_started else
                         lang._("round must be a round already started, from 1 to %(most)s (got %(got)s).",
                                most=rounds_started, got=number))
    errors += [err] if err else []
    vp, err = _signed(payload.get("vp"), "vp")
    errors += [err] if err else []
    points, err = _signed(payload.get("points"), "points")
    if not err and points % 5:
        err = FieldError("points", lang._("points must be a multiple of 5, as a game's totals are (got %(got)s).",
                                          got=points))
    errors += [err] if err else []
    if not errors and vp == 0 and points == 0:
        errors.append(FieldError("vp", lang._("An adjustment changes vp or points (or both); both are 0.")))
    reason = payload.get("reason")
    if not isinstance(reason, str) or not reason.strip() or shows_nothing(reason) or len(reason.strip()) > REASON:
        errors.append(FieldError("reason", lang._("reason must be 1 to %(most)s characters saying why (e.g. “late "
                                                  "start”).", most=REASON)))
    if errors:
        raise Refused(errors)
    return Adjustment(entrant, number, vp, points), reason.strip()

"""A director's adjustment as the event's log says it, in the current language, and whether a log entry is one:
what the tournament use cases write (service.tournament) and the event log reads again (service.events)."""
from __future__ import annotations

import lang


def adjustment_words(change: dict, names: list[str]) -> str:
    """A log entry of an adjustment in the current language: 'Penalty to Ann & Bob in round 2: VP −1, points 0
    (late start).'"""
    a = change["adjustment"]
    name = names[a["entrant"]] if 0 <= a["entrant"] < len(names) else str(a["entrant"])
    figures = dict(name=name, round=lang.number(a["round"]), vp=_signed(a["vp"]), points=_signed(a["points"]),
                   reason=a["reason"])
    if change.get("action") == "removed":
        return lang._("Adjustment removed: %(name)s in round %(round)s, VP %(vp)s, points %(points)s (%(reason)s).",
                      **figures)
    return lang._("Adjustment to %(name)s in round %(round)s: VP %(vp)s, points %(points)s (%(reason)s).", **figures)


def _signed(n: int) -> str:
    return ("+" if n > 0 else "−" if n < 0 else "") + lang.number(abs(n))


def is_adjustment(entry: dict) -> bool:
    """Whether a log entry is an adjustment's (its change holds a well-formed adjustment)."""
    change = entry.get("change")
    a = change.get("adjustment") if isinstance(change, dict) else None
    return isinstance(a, dict) and all(isinstance(a.get(k), int) for k in ("entrant", "round", "vp", "points")) \
        and isinstance(a.get("reason"), str)

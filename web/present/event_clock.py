"""A club night round's clock (API.md round_minutes): when time is called and the minutes left, for the director's
page and the room's screen (a table's own game page reads its game's finish time: present.finish_time)."""
from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

import lang

WARNING = 10  # minutes left from which the room is warned


def round_clock(event: dict, now: datetime | None = None) -> dict | None:
    """The current round's clock while a table of it plays: {"iso", "at", "minutes_left", "warning", "over"};
    None without round_minutes, before round 1, or once every table of the round has finished."""
    minutes, rounds = event.get("round_minutes"), event.get("round_list") or []
    if not minutes or not rounds or all(t["finished"] for t in rounds[-1]["tables"]):
        return None
    ends = datetime.fromisoformat(rounds[-1]["started"]) + timedelta(minutes=minutes)
    now = now or datetime.now(timezone.utc)
    left = max(0, math.ceil((ends - now).total_seconds() / 60))  # 9 min 30 s left: "10 min left"
    local = ends.astimezone()
    return {"iso": ends.isoformat(), "at": lang.numbers.clock(local), "minutes_left": left,
            "warning": 0 < left <= WARNING, "over": left == 0}

"""How the director's page and the room's screen show a table of a night that confirms its results (API.md "A
table's result, confirmed by both sides")."""
from __future__ import annotations

import lang
from service import confirm


def mark_tables(db, event: dict, tables: list[dict]) -> None:
    """The director's page and the screen: a finished table waiting for a side is not finished there, and says
    "Waiting for E–W" (or that its totals differ); with `both` and table_pins, each side's PIN."""
    mode = confirm.event_mode(db, event["id"])
    if mode == "none":
        return
    for t in tables:
        game = t["game"]
        state = confirm.side_state(db, game)
        t["confirm_mode"] = mode
        if state["differ"] and not state["confirmed"]:
            t.update(finished=False, waiting=True, state=lang._("Totals differ: the director decides"))
        elif mode == "both" and not state["confirmed"] and state["sent"]:
            t.update(finished=False, waiting=True, state=lang._("Waiting for N–S") if 1 in state["sent"]
                     else lang._("Waiting for E–W"))
        elif game.finished and not state["confirmed"]:
            t.update(finished=False, waiting=True, state=lang._("Waiting for both sides' totals") if mode == "both"
                     else lang._("Waiting for E–W"))

"""The season form (a new season, or a season's counting and nights changed): the posted form as POST or PUT
/api/seasons' body, and the service's refusals back at the inputs they are about.

What counts is one choice: each night's ranking figure (victory points, points or wins; or whatever the first night
ranks by), points by place from a typed list ("25 18 15 12 10"), or the field (the first of n gets n). "Best" and
"at least" are whole numbers, empty for every night and for one night.
"""
from __future__ import annotations

import re
from typing import Any

import lang
from scoring import FieldError
from web.forms.numbers import number

FIELDS = ("name", "events", "counts", "figure", "place_points", "best", "min_events")
COUNTS = {"figure": lang.L_("Each night's ranking figure"), "list": lang.L_("Points for each place, from a list"),
          "field": lang.L_("Points for each place: as many as there were pairs or players, one less a place below")}
FIGURES = {"": lang.L_("What the first night ranks by"), "vp": lang.L_("Victory points"), "points": lang.L_("Points"),
           "wins": lang.L_("Wins")}


def payload(form) -> dict:
    """The posted form as a season's body: name, events (the ticked nights, in the order listed) and counting."""
    counts = form.get("counts", "figure")
    counting: dict[str, Any] = {"figure": form.get("figure") or None}
    if counts == "field":
        counting["place_points"] = "field"
    elif counts == "list":
        counting["place_points"] = [number(p, "place_points") for p in re.split(r"[\s;,/]+", form.get(
            "place_points", "").strip()) if p] or None
        if counting["place_points"] is None:
            counting["place_points"] = []
    for key in ("best", "min_events"):
        raw = form.get(key, "").strip()
        if raw:
            counting[key] = number(raw, key)
    return {"name": form.get("name", "").strip(), "events": form.getlist("events"), "counting": counting}


def values(season: dict) -> dict:
    """A season's fields as the form shows them."""
    counting = season["counting"]
    scheme = counting.get("place_points")
    return {"name": season["name"], "events": season["events"], "figure": counting.get("figure") or "",
            "counts": "field" if scheme == "field" else "list" if scheme else "figure",
            "place_points": " ".join(str(p) for p in scheme) if isinstance(scheme, list) else "",
            "best": "" if counting.get("best") is None else str(counting["best"]),
            "min_events": "" if counting.get("min_events") in (None, 1) else str(counting["min_events"])}


def typed(form) -> dict:
    """What was posted, as the form shows it again after a refusal."""
    return {"name": form.get("name", ""), "events": form.getlist("events"), "figure": form.get("figure", ""),
            "counts": form.get("counts", "figure"), "place_points": form.get("place_points", ""),
            "best": form.get("best", ""), "min_events": form.get("min_events", "")}


def place(errors: list[FieldError]) -> tuple[dict[str, list[str]], list[str]]:
    """Each refusal at the input it is about (counting.best → best, events[2] → events …), the rest for the top."""
    at: dict[str, list[str]] = {}
    general = []
    for err in errors:
        field = re.sub(r"\[\d+\]$", "", (err.field or "").removeprefix("counting."))
        if field in FIELDS:
            at.setdefault(field, []).append(err.message)
        else:
            general.append(err.message)
    return at, general


def refusal(errors: list[FieldError]) -> list[FieldError]:
    """An empty list of places is said as a missing list (the API's message names the list's shape)."""
    return [FieldError(e.field, lang._("Type the points for each place, best place first, such as “25 18 15 12 "
                                       "10”.")) if e.field == "counting.place_points" else e for e in errors]

"""Which events a season may count (API.md "Seasons", settled turn 6): existing ones, in no other season, of one
variant, and ranked by victory points when the season counts them. Read by service.seasons and by a new event
that names its season (service.events), so it imports neither."""
from __future__ import annotations

from typing import Sequence

import sqlite_utils

import lang
from db import seasons as store
from scoring import FieldError, get_variant


def _variant_name(variant_id: str) -> str:
    variant = get_variant(variant_id)
    return variant.name if variant else variant_id


def check_events(db: sqlite_utils.Database, season_id: str | None, events: Sequence[str], counting: dict,
                 field: str = "events") -> list[FieldError]:
    """The season's events exist, are in no other season and play one variant; a season counting victory points
    (its figure, with no place points) has only nights ranked by them. Each refusal names `field` (or its item)."""
    found = store.event_variants(db, events)
    elsewhere = store.season_of_events(db, events)
    errors = []
    for i, e in enumerate(events):
        at = f"{field}[{i}]" if field == "events" else field
        if e not in found:
            errors.append(FieldError(at, lang._("There is no event with id “%(id)s” (GET /api/events lists them).",
                                                id=e)))
        elif elsewhere.get(e, season_id) != season_id:
            other = store.get_season(db, elsewhere[e])
            errors.append(FieldError(at, lang._("The night “%(event)s” already counts in the season “%(season)s”; "
                                                "a night counts in one season.", event=found[e][2],
                                                season=other["name"] if other else elsewhere[e])))
    known = [e for e in events if e in found]
    variants = {found[e][0] for e in known}
    if len(variants) > 1:
        first = found[known[0]]
        odd = next(e for e in known if found[e][0] != first[0])
        errors.append(FieldError(field, lang._(
            "Every night of a season plays one game: “%(first)s” plays %(variant)s, “%(other)s” %(other_variant)s.",
            first=first[2], variant=_variant_name(first[0]), other=found[odd][2],
            other_variant=_variant_name(found[odd][0]))))
    if known and counting["place_points"] is None:
        figure = counting["figure"] or found[known[0]][1]
        if figure == "vp":
            unranked = [found[e][2] for e in known if found[e][1] != "vp"]
            if unranked:
                errors.append(FieldError(field, lang._(
                    "The season counts victory points, but “%(event)s” is not ranked by them; count points or wins, "
                    "or places (place_points), or leave that night out.", event=unranked[0])))
    return errors

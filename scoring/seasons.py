"""Seasons: a club's circuit across nights (API.md "Seasons: a club's circuit across nights").

A season ranks players over its finished events. A player's result in an event is that event's ranking figure
for them (`vp`, `points` or `wins`, as the event's standings count them; by default the figure the first event
ranks by), or with `place_points` points for their final place: a list (places past it get 0) or "field" (the
first of n ranked rows gets n, each place below one less; a shared place gets the higher place's points, which is
the place a shared row shows). With `best`, only a player's best that many results count; a player with fewer
than `min_events` finished events is listed after the ranked ones, unranked (place None). Ties are broken by the
sum of all the player's results (not only the counted ones), then the better best result; still equal, a shared
place (1, 1, 3). A pair's result counts for each of its players. Pure: no Flask, no database.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import lang

from .base import FieldError, Refused
from .entries import whole_number
from .game_setup import _name, shows_nothing
from .standings import player_key

FIGURES = ("vp", "points", "wins")
KEYS = ("name", "events", "counting")
COUNTING_KEYS = ("figure", "best", "min_events", "place_points")
DEFAULT_COUNTING = {"figure": None, "best": None, "min_events": 1, "place_points": None}
MAX_EVENTS = 200  # two years of weekly nights
MAX_PLACES = 1024  # the largest event's entrants
MAX_PLACE_POINTS = 100_000


@dataclass(frozen=True)
class EventRow:
    """One entrant's line of an event's final standings, as a season reads it: its players, place and figures."""

    players: tuple[str, ...]
    place: int
    vp: int | None
    points: int
    wins: Fraction

    def figure(self, figure: str) -> Fraction | int:
        value = getattr(self, figure)
        return 0 if value is None else value


@dataclass(frozen=True)
class EventResult:
    """One event of a season: its id, whether it is finished, the figure its standings rank by, and its rows."""

    id: str
    finished: bool
    ranking: str
    rows: tuple[EventRow, ...]


@dataclass(frozen=True)
class Result:
    """A player's result in one event: the event's figure for them, their place, and what it counts."""

    event: str
    figure: Fraction | int
    place: int
    counts: Fraction | int


@dataclass(frozen=True)
class SeasonRow:
    """A player's line of the season's standings."""

    player: str
    place: int | None
    counted: tuple[str, ...]
    total: Fraction | int
    results: tuple[Result, ...]

    @property
    def events(self) -> int:
        return len(self.results)


def shown(value: Fraction | int) -> int | float:
    """A figure as JSON shows it: a whole number as is, a share of a tied win to two decimals (as event standings)."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else round(float(value), 2)
    return value


def figure_of(counting: dict, events: Sequence[EventResult]) -> str:
    """The figure the season counts: the one given, else the one its first event ranks by (points with none)."""
    if counting.get("figure"):
        return counting["figure"]
    return events[0].ranking if events else "points"


def place_points(scheme: Any, place: int, field: int) -> int:
    """What a final place counts with `place_points`: the list's entry (0 past its end), or with "field" n for the
    first of `field` ranked rows, one less for each place below."""
    if scheme == "field":
        return max(field - place + 1, 0)
    return scheme[place - 1] if place <= len(scheme) else 0


def season_standings(counting: dict, events: Sequence[EventResult]) -> list[SeasonRow]:
    """The season's standings: ranked players first (best first), then the unranked (place None)."""
    figure = figure_of(counting, events)
    scheme, best, least = counting.get("place_points"), counting.get("best"), counting.get("min_events") or 1
    results: dict[str, list[Result]] = {}
    names: dict[str, str] = {}
    for event in events:
        if not event.finished:
            continue
        for row in event.rows:
            value = row.figure(figure)
            counts = value if scheme is None else place_points(scheme, row.place, len(event.rows))
            for player in row.players:
                key = player_key(player)
                names[key] = player  # the latest spelling
                results.setdefault(key, []).append(Result(event.id, value, row.place, counts))
    made = []
    for key, found in results.items():
        order = sorted(range(len(found)), key=lambda i: (-found[i].counts, i))
        chosen = sorted(order[:best] if best else order)
        total = sum((found[i].counts for i in chosen), 0)
        made.append((key, found, tuple(found[i].event for i in chosen), total))

    def rank(item) -> tuple:
        _, found, _, total = item
        return -total, -sum((r.counts for r in found), 0), -max(r.counts for r in found)

    ranked = sorted((m for m in made if len(m[1]) >= least), key=lambda m: (rank(m), names[m[0]].casefold()))
    unranked = sorted((m for m in made if len(m[1]) < least), key=lambda m: (rank(m), names[m[0]].casefold()))
    rows, place, previous = [], 0, None
    for i, item in enumerate(ranked):
        if rank(item) != previous:
            place, previous = i + 1, rank(item)
        rows.append(SeasonRow(names[item[0]], place, item[2], item[3], tuple(item[1])))
    rows += [SeasonRow(names[m[0]], None, m[2], m[3], tuple(m[1])) for m in unranked]
    return rows


def row_json(row: SeasonRow, counted_only: bool = False) -> dict:
    """A season standings row as API.md has it."""
    return {"player": row.player, "place": row.place, "events": row.events, "counted": list(row.counted),
            "total": shown(row.total),
            "results": [{"event": r.event, "figure": shown(r.figure), "place": r.place, "counts": shown(r.counts)}
                        for r in row.results]}


@dataclass(frozen=True)
class SeasonBody:
    """A checked POST or PUT /api/seasons body: the fields it gave (None for those a PUT leaves as they were)."""

    name: str | None
    events: tuple[str, ...] | None
    counting: dict | None


def check_season(payload: Any, *, whole: bool) -> SeasonBody:
    """A season body checked (`whole`: a POST, which needs its name; a PUT replaces only the fields it gives);
    Refused 422 naming every field that is wrong. Whether the events exist, play one variant and are in no other
    season is the service's to check."""
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("A season must be a JSON object with name, events and counting."))])
    errors = [FieldError(k, lang._("'%(key)s' is not part of a season; send %(keys)s.", key=k, keys=", ".join(KEYS)))
              for k in sorted(set(payload) - set(KEYS), key=str)]
    name = None
    if whole or "name" in payload:
        name, err = _name(payload.get("name"), "name", lang._("The season's name"))
        if not err and shows_nothing(name):
            err = FieldError("name", lang._("The season's name shows nothing (only invisible characters); type a "
                                            "name."))
        errors += [err] if err else []
    events = None
    if whole or "events" in payload:
        events, found = _events(payload.get("events", []))
        errors += found
    counting = None
    if whole or "counting" in payload:
        counting, found = check_counting(payload.get("counting") or {})
        errors += found
    if errors:
        raise Refused(errors)
    return SeasonBody(name, events, counting)


def _events(raw: Any) -> tuple[tuple[str, ...], list[FieldError]]:
    if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
        return (), [FieldError("events", lang._("events must be a list of up to %(most)s event ids, in the order "
                                                "played.", most=MAX_EVENTS))]
    errors, seen = [], set()
    for i, e in enumerate(raw):
        if not isinstance(e, str) or not e or len(e) > 64:
            errors.append(FieldError(f"events[{i}]", lang._("Event %(n)s must be an event's id (as text).", n=i + 1)))
        elif e in seen:
            errors.append(FieldError(f"events[{i}]", lang._("The event “%(id)s” is listed twice; a season lists each "
                                                            "event once.", id=e)))
        else:
            seen.add(e)
    return tuple(raw) if not errors else (), errors


def check_counting(raw: Any) -> tuple[dict, list[FieldError]]:
    """A season's `counting`, whole (keys left out take their defaults), and every refusal naming its field."""
    if not isinstance(raw, dict):
        return dict(DEFAULT_COUNTING), [FieldError("counting", lang._(
            "counting must be an object with figure, best, min_events and place_points."))]
    errors = [FieldError(f"counting.{k}", lang._("'%(key)s' is not part of counting; send %(keys)s.", key=k,
                                                 keys=", ".join(COUNTING_KEYS)))
              for k in sorted(set(raw) - set(COUNTING_KEYS), key=str)]
    counting = dict(DEFAULT_COUNTING)
    figure = raw.get("figure")
    if figure is not None and figure not in FIGURES:
        errors.append(FieldError("counting.figure", lang._("counting.figure must be one of vp, points or wins (or "
                                                           "null: what the first event ranks by).")))
    counting["figure"] = figure if figure in FIGURES else None
    for key, default in (("best", None), ("min_events", 1)):
        value = raw.get(key, default)
        if value is None and key == "best":
            continue
        number, err = whole_number(value, f"counting.{key}", f"counting.{key}")
        if err is None and not 1 <= number <= MAX_EVENTS:
            err = FieldError(f"counting.{key}", lang._("counting.%(key)s must be a whole number from 1 to %(most)s "
                                                       "(got %(value)s).", key=key, most=MAX_EVENTS, value=number))
        if err is not None:
            errors.append(err)
        else:
            counting[key] = number
    scheme = raw.get("place_points")
    if scheme is None or scheme == "field":
        counting["place_points"] = scheme
    elif isinstance(scheme, list) and 1 <= len(scheme) <= MAX_PLACES:
        points = []
        for i, p in enumerate(scheme):
            number, err = whole_number(p, f"counting.place_points[{i}]", lang._("Place %(n)s's points", n=i + 1))
            if err is None and number > MAX_PLACE_POINTS:
                err = FieldError(f"counting.place_points[{i}]", lang._(
                    "Place %(n)s's points must be at most %(most)s.", n=i + 1, most=lang.number(MAX_PLACE_POINTS)))
            errors += [err] if err else []
            points.append(number)
        counting["place_points"] = points
    else:
        errors.append(FieldError("counting.place_points", lang._(
            "counting.place_points must be a list of points by place (such as [25, 18, 15, 12, 10]), “field”, or "
            "null to count the figure.")))
    return counting, errors

"""A new event checked (API.md "Club nights (events)" and "Tournaments as federations run them"): a POST
/api/events body into an `Event`, or `Refused` (422) naming every field that is wrong."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import lang

from ..base import FieldError, Refused
from ..entries import whole_number
from ..game import _listed, _name, _pin, shows_nothing
from ..registry import VARIANTS
from ..variant import Variant
from .entrants import MAX_TABLES, check_entrants
from .fits import fits
from . import sections as split_into
from .model import Bye, Event
from .movements import FIXED, MOVEMENTS, offered, pairs_only
from .vp_scales import check_vp_scale

RANKINGS = ("points", "wins", "vp")
KEYS = ("name", "variant", "options", "entrants", "table_size", "rounds", "movement", "standings", "vp_scale", "pin",
        "deals_per_round", "round_minutes", "bye", "director_pin", "table_pins", "season", "sections")
STORED = ("vp_scale_name",)  # kept with a stored event (an export): not sent, but read back as it was kept
MAX_ROUNDS = 100
DEFAULT_TABLE_SIZE = 2
MINUTES = (5, 240)  # round_minutes: a short club turn to a long afternoon's
MAX_DEALS = 100
MAX_BYE = 100_000  # a bye's VP or MP beyond any game's


def check_event(payload: Any, variants: Mapping[str, Variant] | None = None, *, stored: bool = False) -> Event:
    """Check a POST /api/events body; returns the Event or raises Refused (422) with every error found. `stored`:
    an event as Meldbook keeps it (an import), which may name the shipped scale its rows were copied from."""
    if variants is None:
        variants = VARIANTS
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("A new event must be a JSON object with name, variant, options, "
                                               "entrants, table_size, rounds, movement and standings."))])
    known = KEYS + (STORED if stored else ())
    errors = [FieldError(k, lang._("'%(key)s' is not part of an event; send %(keys)s.", key=k, keys=", ".join(KEYS)))
              for k in sorted(set(payload) - set(known), key=str)]
    name, err = _name(payload.get("name"), "name", lang._("The event's name"))
    errors += [err] if err else []
    pin_error = _pin(payload.get("pin"))  # every table's game gets it: a phone at a table asks for it
    errors += [pin_error] if pin_error else []
    errors += _who_may_change(payload)
    if not err and shows_nothing(name):
        errors.append(FieldError("name", lang._("The event's name shows nothing (only invisible characters); type a "
                                                "name.")))
    variant_id = payload.get("variant")
    variant = variants.get(variant_id) if isinstance(variant_id, str) else None
    if variant is None:
        errors.append(FieldError("variant", lang._("Choose a variant: %(variants)s.", variants=_listed(list(variants)))))
    table_size, err = _table_size(payload.get("table_size", DEFAULT_TABLE_SIZE))
    errors += [err] if err else []
    most = 2 if variant is None else max([2] + [s["players_per_side"] for s in variant.describe_sides.values()])
    entrants, entrant_errors = check_entrants(payload.get("entrants"), most)
    errors += entrant_errors
    if table_size and entrants and not entrant_errors and len(entrants) < table_size:
        errors.append(FieldError("entrants", lang._("At least %(size)s entrants are needed to fill one table of "
                                                    "%(size)s; got %(got)s.", size=table_size, got=len(entrants))))
    elif table_size and entrants and not entrant_errors and -(-len(entrants) // table_size) > MAX_TABLES:
        errors.append(FieldError("entrants", lang._(
            "At most %(tables)s tables can play a round: %(got)s entrants at tables of %(size)s would need %(need)s. "
            "With table_size %(size)s at most %(most)s entrants can play.", tables=lang.number(MAX_TABLES),
            got=lang.number(len(entrants)), size=table_size, need=lang.number(-(-len(entrants) // table_size)),
            most=lang.number(MAX_TABLES * table_size))))
    rounds, err = _rounds(payload.get("rounds"))
    errors += [err] if err else []
    sections, section_errors = split_into.check(payload.get("sections"), len(entrants) if not entrant_errors else None,
                                                table_size, MAX_TABLES)  # API.md "Big events: sections"
    errors += section_errors
    movement, ranking = payload.get("movement"), payload.get("standings")
    if not isinstance(movement, str) or movement not in MOVEMENTS or not MOVEMENTS[movement].seats(FIXED):
        errors.append(FieldError("movement", _must_be("movement", list(offered(FIXED)), movement)))
    elif table_size:
        err = movement_fits(movement, table_size)
        errors += [err] if err else []
        refuses = MOVEMENTS[movement].refuses
        if refuses is not None and not err and MOVEMENTS[movement].seats(FIXED):  # its own limits (a round robin's)
            # a sectioned event's movement seats each section: the smallest is the one its limits reach first
            if entrants and not entrant_errors:
                errors += refuses(split_into.smallest(len(entrants), sections), rounds)
    if ranking not in RANKINGS:
        errors.append(FieldError("standings", _must_be("standings", RANKINGS, ranking)))
    vp_scale = scale_name = None
    if ranking == "vp":
        if table_size and table_size != 2:
            errors.append(FieldError("standings", lang._("Victory points (vp) compare a table's two sides; with "
                                                         "table_size %(size)s rank by “points” or “wins”.",
                                                         size=table_size)))
        vp_scale, scale_name, scale_errors = check_vp_scale(payload.get("vp_scale"))
        errors += scale_errors
        kept = payload.get("vp_scale_name")
        if stored and kept is not None and not scale_errors:
            scale_name = kept if isinstance(kept, str) and len(kept) <= 40 else None
    elif payload.get("vp_scale") is not None:
        errors.append(FieldError("vp_scale", lang._("vp_scale is used only when standings is “vp”; leave it out or "
                                                    "rank by “vp”.")))
    deals, err = _optional_count(payload.get("deals_per_round"), "deals_per_round", 1, MAX_DEALS)
    errors += [err] if err else []
    minutes, err = _optional_count(payload.get("round_minutes"), "round_minutes", *MINUTES)
    errors += [err] if err else []
    bye, bye_errors = _bye(payload.get("bye"))
    errors += bye_errors
    options = None
    if variant is not None and table_size and entrants and not entrant_errors:
        raw_options = payload.get("options")
        if deals is not None:  # every table plays that many deals, whatever its score: no target
            raw_options = {**(raw_options if isinstance(raw_options, dict) else {}), "max_hands": deals,
                           "target": None}
        options, fit_errors = fits(variant, table_size, entrants, raw_options)
        errors += fit_errors
    if errors:
        raise Refused(errors)
    return Event(name=name, variant=variant.id, options=options, entrants=tuple(entrants), table_size=table_size,
                 rounds=rounds, movement=movement, standings=ranking, vp_scale=vp_scale, pin=payload.get("pin") or None,
                 vp_scale_name=scale_name, deals_per_round=deals, round_minutes=minutes, bye=bye,
                 director_pin=payload.get("director_pin") or None, table_pins=payload.get("table_pins") is True,
                 sections=sections)


def _who_may_change(payload: dict) -> list[FieldError]:
    """director_pin (4 to 8 digits, or none) and table_pins (true or false; not with the night's one pin)."""
    errors = []
    director = payload.get("director_pin")
    if director not in (None, "") and not (isinstance(director, str) and 4 <= len(director) <= 8
                                           and director.isascii() and director.isdigit()):
        errors.append(FieldError("director_pin", lang._("The director's PIN must be 4 to 8 digits (as text, e.g. "
                                                        "\"2024\"), or left out for none.")))
    table_pins = payload.get("table_pins", False)
    if not isinstance(table_pins, bool):
        errors.append(FieldError("table_pins", lang._("table_pins must be true (every table gets its own PIN) or "
                                                      "false.")))
    elif table_pins and payload.get("pin") not in (None, ""):
        errors.append(FieldError("table_pins", lang._("Each table's own PIN (table_pins) and the night's one table "
                                                      "PIN (pin) do not go together: choose one.")))
    return errors


def movement_fits(movement: str, table_size: int, partners: str = FIXED) -> FieldError | None:
    """A movement that seats two entrants a table only, asked of a table of more: the refusal naming `movement` (the
    movement's own words where it has them); one that cannot seat the event's kind of partners, naming `movement`
    (API.md "Partners who change": `round-robin`, `swiss`, `mitchell` seat no players who change partners)."""
    if not MOVEMENTS[movement].seats(partners):
        if partners == FIXED:
            return FieldError("movement", lang._("The “%(movement)s” movement seats players who change partners, not "
                                                 "pairs; choose %(names)s.", movement=movement,
                                                 names=_listed([f"“{m}”" for m in offered(FIXED)])))
        return FieldError("movement", lang._("The “%(movement)s” movement seats pairs, not players who change "
                                             "partners; choose %(names)s.", movement=movement,
                                             names=_listed([f"“{m}”" for m in offered(partners)])))
    if table_size != 2 and MOVEMENTS[movement].wider is not None:
        return MOVEMENTS[movement].wider(table_size)
    if table_size != 2 and pairs_only(movement):
        return FieldError("movement", lang._("The “%(movement)s” movement seats two entrants a table; with "
                                             "table_size %(size)s choose “swiss” or “draw”.", movement=movement,
                                             size=table_size))
    return None


def _must_be(field: str, allowed: Sequence[str], value: Any) -> str:
    """'movement must be “round-robin”, “swiss” or “draw” (got “x”).'"""
    choices = _listed([f"“{a}”" for a in allowed])
    if value is None:
        return lang._("%(field)s must be %(choices)s.", field=field, choices=choices)
    if isinstance(value, str) and len(value) <= 40:
        return lang._("%(field)s must be %(choices)s (got “%(value)s”).", field=field, choices=choices, value=value)
    return lang._("%(field)s must be %(choices)s (got something else).", field=field, choices=choices)


def _table_size(value: Any) -> tuple[int | None, FieldError | None]:
    n, err = whole_number(value, "table_size", lang._("table_size (entrants at one table)"))
    if err:
        return None, err
    if n < 2:
        return None, FieldError("table_size", lang._("table_size is how many entrants sit at one table: at least 2 "
                                                     "(got %(got)s).", got=n))
    return n, None


def _rounds(value: Any) -> tuple[int | None, FieldError | None]:
    if value is None:
        return None, FieldError("rounds", lang._("rounds is missing: how many rounds the event plays, 1 to %(most)s.",
                                                 most=MAX_ROUNDS))
    n, err = whole_number(value, "rounds", "rounds")
    if err:
        return None, err
    if not 1 <= n <= MAX_ROUNDS:
        return None, FieldError("rounds", lang._("rounds must be from 1 to %(most)s (got %(got)s).", most=MAX_ROUNDS,
                                                 got=lang.number(n)))
    return n, None


def _optional_count(value: Any, field: str, low: int, high: int) -> tuple[int | None, FieldError | None]:
    """deals_per_round, round_minutes: left out (None), or a whole number from `low` to `high`."""
    if value is None:
        return None, None
    n, err = whole_number(value, field, field)
    if err:
        return None, err
    if not low <= n <= high:
        return None, FieldError(field, lang._("%(field)s must be a whole number from %(low)s to %(high)s (got "
                                              "%(got)s).", field=field, low=low, high=high, got=lang.number(n)))
    return n, None


def _bye(raw: Any) -> tuple[Bye | None, list[FieldError]]:
    """bye: {"vp", "points"}, what an entrant who sits out gets; points (MP) a multiple of 5 as a game's totals."""
    if raw is None:
        return None, []
    if not isinstance(raw, dict) or set(raw) != {"vp", "points"}:
        return None, [FieldError("bye", lang._("bye must be an object with vp and points, e.g. {\"vp\": 14, "
                                               "\"points\": 355}."))]
    figures, errors = [], []
    for key in ("vp", "points"):
        where = f"bye.{key}"
        n, err = whole_number(raw[key], where, where)
        if not err and n > MAX_BYE:
            err = FieldError(where, lang._("%(field)s must be from 0 to %(most)s (got %(got)s).", field=where,
                                           most=lang.number(MAX_BYE), got=lang.number(n)))
        errors += [err] if err else []
        figures.append(n)
    if not errors and figures[1] % 5:
        errors.append(FieldError("bye.points", lang._("bye.points must be a multiple of 5, as a game's totals are "
                                                      "(got %(got)s).", got=lang.number(figures[1]))))
    return (None if errors else Bye(*figures)), errors

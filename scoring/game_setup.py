"""A new game checked from what is sent (POST /api/games, a club night's table, an import, a blank sheet's heads):
its variant, its sides (names, players, a score brought forward from paper), its table PIN and its options; returns
the sides and the options snapshot, or raises Refused with every problem at its field (new_game). The check of every
name typed or imported (_name, shows_nothing) and a PIN's shape (pin_shaped) live here too. A game's hands and
totals are scoring/game.py."""
from __future__ import annotations

import unicodedata
from typing import Any

import lang
from lang import L_

from .base import FieldError, Refused, listed
from .entries import not_whole
from .standings import player_key
from .names import visible
from .registry import VARIANTS
from .variant import NAME_MAX, Variant


def new_game(variant: Variant | None, payload: Any, *, seated_now: bool = True) -> tuple[list[dict], dict]:
    """Check a new game's sides and options; returns (sides, options snapshot) or raises Refused.

    `seated_now`: the table is sitting down now, so its names must show and nobody sits twice (new_seats);
    False for a game kept before (an import keeps its seats as they were) and for a blank sheet's heads.
    """
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("A new game must be a JSON object with variant, sides and options."))])
    unknown = sorted(set(payload) - {"variant", "sides", "options", "pin"})
    errors = [FieldError(k, lang._("'%(key)s' is not part of a new game; send variant, sides and options.", key=k))
              for k in unknown]
    if variant is None:
        raise Refused(errors + [FieldError("variant", lang._("Choose a variant: %(variants)s.",
                                                             variants=_listed(list(_variant_ids()))))])
    pin_error = _pin(payload.get("pin"))
    errors += [pin_error] if pin_error else []
    # a side lists two players at most, three where the variant seats teams of three (check_sides says what it seats)
    most = max([2] + [shape["players_per_side"] for shape in variant.describe_sides.values()])
    sides, side_errors = _sides(payload.get("sides"), most)
    errors += side_errors
    if side_errors:
        raise Refused(errors)
    errors += variant.check_sides(sides)
    errors += new_seats(sides) if seated_now else []
    options, option_errors = variant.build_options(payload.get("options"), sides)
    errors += option_errors
    errors += _start_reaches_target(sides, options) if not option_errors else []
    if errors:
        raise Refused(errors)
    return sides, options


def _variant_ids():
    return VARIANTS


def _listed(words: list[str]) -> str:
    return listed(words, "or")


HOW_MANY = {2: L_("one or two names"), 3: L_("one to three names")}


def how_many(most: int) -> str:
    """How many names a side's players may be, in words: "one or two names"."""
    return str(HOW_MANY[most]) if most in HOW_MANY else lang._("1 to %(most)s names", most=lang.number(most))


def _sides(raw: Any, most: int = 2) -> tuple[list[dict], list[FieldError]]:
    if not isinstance(raw, list) or not raw:
        return [], [FieldError("sides", lang._("sides must be a list of sides, each with a name and its players."))]
    if len(raw) > 16:
        return [], [FieldError("sides", lang._("At most %(most)s sides can play; got %(got)s.", most=16,
                                               got=lang.number(len(raw))))]
    sides, errors, seen = [], [], {}
    for i, s in enumerate(raw):
        where = f"sides[{i}]"
        if not isinstance(s, dict):
            errors.append(FieldError(where, lang._("Side %(n)s must be an object with a name and players.", n=i + 1)))
            continue
        for key in sorted(set(s) - {"name", "players", "start_score"}):
            errors.append(FieldError(f"{where}.{key}", lang._("'%(key)s' is not part of a side; give name, players and "
                                                               "(for a game begun on paper) start_score.", key=key)))
        name, err = _name(s.get("name"), f"{where}.name", lang._("Side %(n)s's name", n=i + 1))
        if err:
            errors.append(err)
        elif name.casefold() in seen:
            errors.append(FieldError(f"{where}.name", lang._("Two sides are called “%(name)s”; give each side its own "
                                                              "name.", name=name)))
        else:
            seen[name.casefold()] = i
        raw_players = s.get("players", [name] if name else [])
        players = []
        if not isinstance(raw_players, list) or not raw_players or len(raw_players) > most:
            errors.append(FieldError(f"{where}.players", lang._("Side %(n)s's players must be a list of %(names)s.",
                                                                 n=i + 1, names=how_many(most))))
        else:
            for j, p in enumerate(raw_players):
                player, err = _name(p, f"{where}.players[{j}]",
                                    lang._("Player %(seat)s of side %(n)s", seat=j + 1, n=i + 1))
                if err:
                    errors.append(err)
                else:
                    players.append(player)
        side = {"name": name, "players": players}
        start, err = _start_score(s.get("start_score"), f"{where}.start_score", i)
        if err:
            errors.append(err)
        elif start:
            side["start_score"] = start  # kept only when there is one: a game begun here stores as before
        sides.append(side)
    return sides, errors


def shows_nothing(name: str) -> bool:
    """True when no character of `name` shows: only format characters (a zero-width space, a direction mark)."""
    return all(unicodedata.category(c) == "Cf" for c in name)


def new_seats(sides: list[dict]) -> list[FieldError]:
    """What a new game's names may not be, beyond what a stored game's may (an import keeps its seats as they were):
    a name that shows nothing, two sides or seats whose names look the same (compared as the players pages
    compare them: standings.player_key)."""
    errors, seen, side_names = [], {}, {}
    for i, side in enumerate(sides):
        if shows_nothing(side["name"]):
            errors.append(FieldError(f"sides[{i}].name", lang._("Side %(n)s's name shows nothing (only invisible "
                                                                "characters); type a name.", n=i + 1)))
        elif player_key(side["name"]) in side_names:  # "A" and "A" + a zero-width space look the same
            errors.append(FieldError(f"sides[{i}].name", lang._(
                "Side %(n)s's name “%(name)s” looks the same as side %(other)s's; give each side its own name.",
                n=i + 1, name=side["name"], other=side_names[player_key(side["name"])] + 1)))
        else:
            side_names[player_key(side["name"])] = i
        for j, player in enumerate(side["players"]):
            key = player_key(player)
            if shows_nothing(player):
                errors.append(FieldError(f"sides[{i}].players[{j}]", lang._(
                    "Player %(seat)s of side %(n)s shows nothing (only invisible characters); type a name.",
                    seat=j + 1, n=i + 1)))
            elif key in seen:
                errors.append(FieldError(f"sides[{i}].players[{j}]", lang._(
                    "“%(name)s” already sits at %(seat)s; give each person at the table their own name (e.g. “Ann B.”).",
                    name=player, seat=seen[key])))
            else:
                seen[key] = (lang._("side %(n)s", n=i + 1) if len(side["players"]) == 1
                             else lang._("side %(n)s, seat %(seat)s", n=i + 1, seat=j + 1))
    return errors


START_MAX = 1_000_000  # far beyond any game's target; a typo of several extra digits is caught


def _start_score(value: Any, where: str, i: int) -> tuple[int, FieldError | None]:
    """A side's score brought forward from paper: a whole number, may be below zero, 0 when left out."""
    if value is None:
        return 0, None
    label = lang._("Side %(n)s's starting score", n=i + 1)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0, FieldError(where, not_whole(value, label))
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or not value.is_integer():
            return 0, FieldError(where, lang._("%(label)s must be a whole number (no fractions): %(value)s is not.",
                                               label=label, value=repr(value)))
        value = int(value)
    if not -START_MAX <= value <= START_MAX:
        return 0, FieldError(where, lang._("%(label)s must be from %(low)s to %(high)s (got %(value)s).", label=label,
                                           low=_typed(-START_MAX), high=_typed(START_MAX), value=_typed(value)))
    return value, None


def _typed(n: int) -> str:
    """A number as a table types it, a plain hyphen before one below 0: "-1,000,000"."""
    if type(n) is not int:  # a stand-in for a number of thousands of digits (strict_json.Huge): shown by its length
        return str(n)
    return f"-{lang.number(-n)}" if n < 0 else lang.number(n)


def _start_reaches_target(sides: list[dict], options: dict) -> list[FieldError]:
    """A game begun on paper that has already reached the target is over: nothing to go on with."""
    if options["target"] is None:  # a game without a target goes on from any score
        return []
    return [FieldError(f"sides[{i}].start_score", lang._(
                "Side %(n)s's starting score %(score)s already reaches the target (%(target)s); that game is over. "
                "Give a lower score or a higher target.", n=i + 1, score=lang.number(s["start_score"]),
                target=lang.number(options["target"])))
            for i, s in enumerate(sides) if s.get("start_score", 0) >= options["target"]]


def _name(value: Any, where: str, label: str) -> tuple[str, FieldError | None]:
    if isinstance(value, str):
        value = " ".join(visible(value).split())  # marks that show nothing would make two names look alike
    if not isinstance(value, str) or not value:
        return "", FieldError(where, lang._("%(label)s is missing; type a name.", label=label))
    if len(value) > NAME_MAX:
        return "", FieldError(where, lang._("%(label)s is too long (%(length)s characters; at most %(most)s).",
                                            label=label, length=lang.number(len(value)), most=NAME_MAX))
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        return "", FieldError(where, lang._("%(label)s contains control characters.", label=label))
    if any(0xD800 <= ord(c) <= 0xDFFF for c in value):  # a lone surrogate is not text and cannot be stored
        return "", FieldError(where, lang._("%(label)s contains characters that are not text.", label=label))
    return value, None


def pin_shaped(value: Any) -> bool:
    """Whether a PIN (a table's, a rule set's) may be as sent: left out, or 4 to 8 digits sent as text, so leading
    zeros count."""
    return value is None or value == "" or (isinstance(value, str) and 4 <= len(value) <= 8 and value.isascii()
                                            and value.isdigit())


def _pin(value: Any) -> FieldError | None:
    """A table PIN is optional; when given it is 4 to 8 digits, sent as text so leading zeros count."""
    return None if pin_shaped(value) else FieldError("pin", lang._(
        "The table PIN must be 4 to 8 digits (as text, e.g. \"0427\"), or left out for no PIN."))


"""Players' federation (or club) membership numbers (API.md "Players' federation numbers"): what a number may be,
and whether the numbers an event's entrants give fit those the players already carry."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import lang

from .base import FieldError
from .standings import player_key

MOST = 32


def member_key(member: str) -> str:
    """A number as numbers are compared for being the same: without regard to case ("it-1" is "IT-1")."""
    return member.casefold()


def check_member(raw: Any, field: str, whose: str) -> tuple[str | None, FieldError | None]:
    """A number as given (1–32 printable characters, spaces around it taken off) or None (no number); else the
    refusal naming `field`. `whose` says whose number it is, for the message."""
    if raw is None:
        return None, None
    if not isinstance(raw, str):
        return None, FieldError(field, lang._("The membership number of %(whose)s must be text, such as "
                                              "“IT-004512”, or null for none.", whose=whose))
    member = raw.strip()
    if not member or len(member) > MOST or not member.isprintable():
        return None, FieldError(field, lang._("The membership number of %(whose)s must be 1 to %(most)s "
                                              "printable characters (letters, digits, - / .), such as “IT-004512”.",
                                              whose=whose, most=MOST))
    return member, None


def check_given(given: Sequence[tuple[str, str, str]], known: Mapping[str, str],
                owners: Mapping[str, str]) -> list[FieldError]:
    """Numbers given beside names ((field, player name, number), in order) against those kept: `known` each player
    key's number, `owners` each number's key (member_key) → the player's name. A number another player carries, a
    player given another number than theirs, or one number given to two players is refused at its field."""
    errors, taken = [], {}
    for field, name, member in given:
        key, number = player_key(name), member_key(member)
        owner = owners.get(number)
        if owner is not None and player_key(owner) != key:
            errors.append(FieldError(field, lang._("The membership number “%(member)s” is %(owner)s's; give %(name)s "
                                                   "their own number, or none.", member=member, owner=owner,
                                                   name=name)))
        elif key in known and member_key(known[key]) != number:
            errors.append(FieldError(field, lang._("%(name)s's membership number is “%(kept)s”, not “%(member)s”; "
                                                   "change it on the player's page first, or leave it out here.",
                                                   name=name, kept=known[key], member=member)))
        elif number in taken and taken[number] != key:
            errors.append(FieldError(field, lang._("The membership number “%(member)s” is given to two players; each "
                                                   "player has their own.", member=member)))
        taken.setdefault(number, key)
    return errors

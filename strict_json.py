"""JSON as Meldbook reads it from others (an API body, a file to import): a key given twice is refused, and a
whole number of hundreds of digits is read as a stand-in every range check refuses, naming its field.

Python's `json` keeps the last of two equal keys (which one counts is anyone's guess), and refuses a
number of more than 4,300 digits with a ValueError before anyone knows which field it was given for.
Shared by the API (web/views/api.py) and the command line (commands.py), so both refuse the same things.
"""
from __future__ import annotations

import json
from typing import IO, Any

LONGEST = 30  # digits; every number Meldbook takes has fewer than 17 (revisions stop at 2^53)
_BEYOND = 10 ** (LONGEST + 1)  # beyond every bound, so every field's range check refuses a Huge


class RepeatedKey(ValueError):
    """An object gives the same key twice."""

    def __init__(self, key: str):
        self.key = key[:40]
        super().__init__(f"“{self.key}” is given twice in one object; give each key once.")


class Huge(int):
    """A whole number of more than LONGEST digits: read as a stand-in beyond every bound, shown by its length."""

    shown: str

    def __new__(cls, text: str) -> "Huge":
        number = super().__new__(cls, -_BEYOND if text.startswith("-") else _BEYOND)
        # short enough for every message that quotes a value (a revision's shows 24 characters)
        number.shown = f"{text[:7 if text.startswith('-') else 6]}… ({len(text.lstrip('-')):,} digits)"
        return number

    def __repr__(self) -> str:
        return self.shown

    __str__ = __repr__

    def __format__(self, spec: str) -> str:  # f"{value:,}" in a message shows the digits, not the stand-in
        return self.shown


def _whole(text: str) -> int:
    return int(text) if len(text) <= LONGEST else Huge(text)


def _object(pairs: list[tuple[str, Any]]) -> dict:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        raise RepeatedKey(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return found


def loads(text: str | bytes) -> Any:
    """The JSON document in `text`; RepeatedKey or ValueError (not JSON), RecursionError when nested too deeply.

    NaN and Infinity are read (as Python does), so that the field they were given for is the one refused.
    """
    return json.loads(text, object_pairs_hook=_object, parse_int=_whole)


def load(file: IO[str]) -> Any:
    """The JSON document in an open text file, read as `loads` reads it."""
    return loads(file.read())

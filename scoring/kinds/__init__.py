"""The kinds of entry field, house rule and sheet column: one class per kind, owning everything about it.

A Field, HouseRule or SheetColumn declares its kind by name (``Field("melded", "points", …)``); its ``kind_of`` is
the kind's object, found here by that name. Pages, forms, sheets, CSV and OpenAPI ask that object (how a value is
read from JSON and from the form, its bounds, its schema, its sheet cell) and never compare kind names. A new kind
is one class registered with `field_kind`, `rule_kind` or `column_kind` (scoring/kinds/fields.py, house_rules.py,
columns.py hold the built-in ones). This module imports nothing of scoring, so that any declaration can use it.
"""
from __future__ import annotations

from typing import Any

FIELD_KINDS: dict[str, Any] = {}  # "count" → the Count kind's object
RULE_KINDS: dict[str, Any] = {}  # "tiers" → the Tiers kind's object
COLUMN_KINDS: dict[str, Any] = {}  # "total" → the Total column kind's object (a field kind is a column kind too)


def _registered(table: dict, cls: type) -> type:
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no kind name")
    table[cls.name] = cls()
    return cls


def field_kind(cls: type) -> type:
    """Register a kind of entry field (a FieldKind subclass): also a kind of sheet column of its values."""
    return _registered(FIELD_KINDS, cls)


def rule_kind(cls: type) -> type:
    """Register a kind of house rule (a RuleKind subclass)."""
    return _registered(RULE_KINDS, cls)


def column_kind(cls: type) -> type:
    """Register a kind of sheet column that is no field's (a side's own score, its score, its running total)."""
    return _registered(COLUMN_KINDS, cls)


def unknown(what: str, name: str, table: dict):
    raise LookupError(f"no {what} kind {name!r}: known are {', '.join(table)}")


def of_field(name: str):
    """The kind object of an entry field's kind name."""
    found = FIELD_KINDS.get(name)
    return found if found is not None else unknown("entry field", name, FIELD_KINDS)


def of_rule(name: str):
    """The kind object of a house rule's kind name."""
    found = RULE_KINDS.get(name)
    return found if found is not None else unknown("house rule", name, RULE_KINDS)


def of_column(name: str):
    """The kind object of a sheet column's kind name: its own kind, else the kind of the field it shows."""
    found = COLUMN_KINDS.get(name) or FIELD_KINDS.get(name)
    return found if found is not None else unknown("sheet column", name, {**COLUMN_KINDS, **FIELD_KINDS})

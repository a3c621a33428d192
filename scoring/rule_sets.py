"""Named rule sets (RULES.md §14, "Named rule sets"): a table's house rules and options kept under a name for one
variant, and the published ones Meldbook ships.

A set holds options as a new game takes them (target, max_hands, decks, house_rules), only what it says; a game
made from it gets its options, then whatever the table gives beside it, key by key (house rules one by one). The
game keeps its own snapshot, so editing or deleting the set later changes no game.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Mapping

import lang

from .base import FieldError, Refused
from . import vocabulary
from .game_setup import pin_shaped
from .names import visible
from .standings import player_key
from .variant import Variant

NAME_MOST = 80
MOST_SETS = 500  # saved sets a server keeps (RULES.md §14): the list, the page and an export stay small
OPTION_KEYS = ("target", "max_hands", "decks", "house_rules")  # a set's options: finish_at belongs to one evening


@dataclass(frozen=True)
class Preset:
    """A published rule set Meldbook ships, named by its source."""

    id: str
    name: Any  # a lazy text: said in the page's language
    variant: str
    options: Mapping[str, Any]
    source: Any  # where it is published (a lazy text)

    def as_dict(self) -> dict:
        return {"id": self.id, "name": str(self.name), "variant": self.variant, "options": copy.deepcopy(dict(self.options)),
                "preset": True, "source": str(self.source)}


PRESETS = (
    Preset("pagat-hand-and-foot", lang.L_("Pagat's partnership Hand and Foot"), "hand-and-foot",
           {"house_rules": {"go_out_needs": {"natural": 2, "dirty": 2, "wild": 1}, "red_three_penalty": 100}},
           lang.L_("pagat.com, Hand and Foot (partnership game)")),
    Preset("classic-to-10000", lang.L_("Classic to 10,000"), "classic", {"target": 10000},
           lang.L_("the longer game many family tables play")),
)


def preset(set_id: str) -> Preset | None:
    """The shipped rule set with this id, or None."""
    return next((p for p in PRESETS if p.id == set_id), None)


def sample_sides(variant: Variant) -> list[dict]:
    """The smallest table the variant seats, to check a set's options against (decks and hand limits follow it)."""
    shape = next(iter(variant.describe_sides.values()), {"sides": [2, 2], "players_per_side": 1})
    per_side = shape["players_per_side"]
    return [{"name": f"S{i}", "players": [f"P{i}.{j}" for j in range(per_side)]} for i in range(shape["sides"][0])]


def check(variant: Variant | None, payload: Any, variants: Mapping[str, Variant]) -> tuple[str, str, dict]:
    """A rule set as posted ({"name", "variant", "options"}): (name, variant id, options) or Refused (422)."""
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("A rule set must be a JSON object with name, variant and options."))])
    errors = [FieldError(k, lang._("'%(key)s' is not part of a rule set; send name, variant and options.", key=k))
              for k in sorted(set(payload) - {"name", "variant", "options"})]
    name = payload.get("name")
    if isinstance(name, str):
        name = cleaned_name(name)
    if not isinstance(name, str) or not name:
        errors.append(FieldError("name", lang._("Give the rule set a name (e.g. “Our Thursday rules”).")))
    else:
        if len(name) > NAME_MOST:
            errors.append(FieldError("name", lang._("The rule set's name is too long (%(length)s characters; at most "
                                                    "%(most)s).", length=lang.number(len(name)), most=NAME_MOST)))
        elif any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or 0xD800 <= ord(c) <= 0xDFFF for c in name):
            errors.append(FieldError("name", lang._("The rule set's name contains characters that are not text.")))
    if variant is None:
        errors.append(FieldError("variant", lang._("Choose a variant: %(variants)s.", variants=", ".join(variants))))
        raise Refused(errors)
    options = payload.get("options", {})
    if not isinstance(options, dict):
        errors.append(FieldError("options", lang._("options must be an object.")))
        raise Refused(errors)
    for key in options:
        if key not in OPTION_KEYS:
            errors.append(FieldError(f"options.{key}", lang._(
                "'%(key)s' cannot be kept in a rule set; it keeps %(keys)s.", key=key, keys=", ".join(OPTION_KEYS))))
    if not errors:
        errors += variant.build_options(options, sample_sides(variant))[1]
    if errors:
        raise Refused(errors)
    return name, variant.id, json.loads(json.dumps(vocabulary.renamed_options(variant, options)))


def cleaned_name(name: str) -> str:
    """A set's name as it is kept: marks that show nothing taken out (they would make two names look alike, or turn
    the text beside them around), spaces as one, as players' names are."""
    return " ".join(visible(name).split())


def name_key(name: str) -> str:
    """What two sets' names are compared by: as players' names are (case, width and marks that show nothing left
    out), so “Thursday” and “thursday” + a zero-width space are one name."""
    return player_key(name)


def check_pin(value: Any) -> FieldError | None:
    """A set's PIN is optional; when given it is 4 to 8 digits, sent as text (as a game's PIN)."""
    return None if pin_shaped(value) else FieldError("pin", lang._(
        "The rule set's PIN must be 4 to 8 digits (as text, e.g. \"0427\"), or left out for none."))


def too_many(count: int) -> Refused:
    """The refusal of one more set when `count` are kept already (422, naming name)."""
    return Refused([FieldError("name", lang._(
        "This Meldbook keeps %(most)s rule sets already, the most it keeps. Delete sets no table plays any more (on "
        "the Rule sets page, or DELETE /api/rule-sets/{id}), then save this one.", most=lang.number(count)))])


def with_rule_set(kept: Mapping[str, Any], given: Any) -> Any:
    """A new game's options from a rule set's and those given beside it: the given win key by key, house rules one by
    one. Anything that is no object is given back as it is, for the game's own checks to refuse."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        return given
    merged = {**copy.deepcopy(dict(kept)), **given}
    rules = given.get("house_rules")
    if isinstance(rules, dict) and isinstance(kept.get("house_rules"), dict):
        merged["house_rules"] = {**copy.deepcopy(kept["house_rules"]), **rules}
    return merged

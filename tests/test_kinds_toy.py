"""A new kind of entry field and a new kind of house rule are one class each (scoring/kinds): registered, they are read
from JSON and from the forms, described in the OpenAPI document and printed on a score sheet with nothing else
changed, and none of those places knows their names."""
from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

import lang
from scoring import get_variant, kinds
from scoring.base import FieldError
from scoring.declare import HouseRule, SheetColumn
from scoring.entries import parse_entries
from scoring.kinds.fields import FieldKind
from scoring.kinds.house_rules import NOT_GIVEN, RuleKind
from scoring.rule_words import rule_value
from sheets.columns import cell
from web.forms.hand_form import hand_payload
from web.forms.house_rules_form import typed_house_rules
from web.present.openapi_variants import entry_schema, rule_schema


class Dozens(FieldKind):
    """Toy field kind: a number of cards in dozens ("2 dz"), sent as {"dozens": n}, typed on the form as "2dz"."""

    name = "dozens"
    whole = False

    def read(self, field, value, at, card_values):
        if isinstance(value, dict) and type(value.get("dozens")) is int and value["dozens"] >= 0:
            return value["dozens"] * 12, []
        return None, [FieldError(at, f"{field.label} must be {{\"dozens\": n}}.")]

    def schema(self, field, cards):
        return {"type": "object", "properties": {"dozens": {"type": "integer", "minimum": 0}}}

    def from_form(self, field, text, name, number):
        return {"dozens": int((text or "0").removesuffix("dz"))}

    def cell(self, column, value, entry):
        return f"{value // 12} dz" if value else ""


class Between(RuleKind):
    """Toy house-rule kind: a low and a high number, [low, high], low at most high; typed "low-high" in one box."""

    name = "between"

    def read(self, rule, value, where, label):
        if isinstance(value, list) and len(value) == 2 and all(type(n) is int for n in value) and value[0] <= value[1]:
            return value, None
        return None, FieldError(where, f"{label} must be [low, high].")

    def schema(self, rule, number):
        return {"type": "array", "minItems": 2, "maxItems": 2, "items": number}

    def from_form(self, rule, typed, name):
        text = typed.get(name, "")
        return [int(n) for n in text.split("-")] if text else NOT_GIVEN

    def said(self, rule, value):
        return f"{value[0]} to {value[1]}"


@pytest.fixture
def toy():
    """Ponytail with one field and one house rule of the toy kinds, the kinds registered for the test only."""
    kinds.field_kind(Dozens)
    kinds.rule_kind(Between)
    base = type(get_variant("ponytail"))
    field = base.fields[0].__class__("spares", "dozens", "Spare cards")
    rule = HouseRule("spare_range", "between", [0, 2], "Spare dozens allowed")

    class Toy(base):
        fields = base.fields + (field,)
        rules = base.rules + (rule,)
        columns = base.columns + (SheetColumn("Spare", "dozens", "spares"),)

    yield Toy()
    del kinds.FIELD_KINDS["dozens"], kinds.RULE_KINDS["between"]


def test_a_toy_field_kind_is_read_from_json_and_the_form_and_shown_in_openapi_and_on_a_sheet(toy):
    with lang.using("en"):
        entries, errors = parse_entries({"entries": [{"spares": {"dozens": 2}}, {}]}, toy.fields, toy.card_values, 2,
                                        toy.name)
        assert errors == [] and entries[0]["spares"] == 24 and entries[1]["spares"] == 0
        _, errors = parse_entries({"entries": [{"spares": "two"}, {}]}, toy.fields, toy.card_values, 2, toy.name)
        assert [e.as_dict() for e in errors] == [{"field": "entries[0].spares",
                                                  "message": 'Spare cards must be {"dozens": n}.'}]
        form = MultiDict({"entries[0].spares": "3dz"})
        assert hand_payload(form, toy, [object(), object()])["entries"][0]["spares"] == {"dozens": 3}
        assert entry_schema(toy)["properties"]["spares"] == {
            "type": "object", "properties": {"dozens": {"type": "integer", "minimum": 0}}, "description": "Spare cards"}
        column = toy.columns[-1]
        assert cell(column, {"spares": 36}, {"total": 0, "running_total": 0}) == "3 dz"
        assert next(f for f in toy.describe()["fields"] if f["name"] == "spares")["kind"] == "dozens"


def test_a_toy_house_rule_kind_is_read_from_json_and_the_form_and_shown_in_openapi_and_words(toy):
    with lang.using("en"):
        rule = toy.house_rule("spare_range")
        assert rule.read([1, 3], "options.house_rules.spare_range") == ([1, 3], None)
        _, err = rule.read([3, 1], "options.house_rules.spare_range")
        assert err.message == "House rule 'spare_range' must be [low, high]."
        assert typed_house_rules(MultiDict({"options.house_rules.spare_range": "1-4"}), toy)["spare_range"] == [1, 4]
        assert "spare_range" not in typed_house_rules(MultiDict({}), toy)
        schema = rule_schema(rule)
        assert schema["type"] == "array" and schema["default"] == [0, 2]
        assert rule_value([1, 4], rule) == "1 to 4"  # as the rules card and the sheet's house rules say it

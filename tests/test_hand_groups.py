"""Issue 14: the hand form shows each side's entry fields under the headings its variant declares
("Canastas", "Threes", "Cards"), each a group named by its heading and the side, for every variant; a heading is
drawn where it completes a short name ("Natural" under "Canastas")."""
from __future__ import annotations

import pytest

from scoring import VARIANTS
from web.forms import hand_form as hand_form_rules

from .pages import hand_form

SIDES = {"ponytail": [["Ann", "Bob"], ["Cy", "Di"]], "classic": [["Ann", "Bob"], ["Cy", "Di"]],
         "pony": [["Ann", "Bob"], ["Cy", "Di"]], "five-person": [[n] for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]}


def payload(variant_id: str) -> dict:
    sides = SIDES.get(variant_id, [["Ann"], ["Bo"]])
    return {"variant": variant_id, "sides": [{"name": f"Side {i + 1}", "players": p} for i, p in enumerate(sides)]}


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_side_shows_its_fields_in_the_groups_its_variant_declares(client, make_game, variant_id):
    variant = VARIANTS[variant_id]
    game = make_game(payload(variant_id))
    form = hand_form(client, game)
    # a field that can hold nothing at this table is not offered (Hand and Foot's sevens books, off by default)
    unused = {name for name, most in variant.field_bounds(game["options"]).items() if most == 0}
    for i, side in enumerate(game["sides"]):
        panel = form.region(f"{side['name']} {' & '.join(side['players'])}")
        for f in variant.fields:
            if f.once or (f.pairs_only and len(side["players"]) < 2) or f.name in unused:
                continue
            if f.whole:  # a choice that is the whole entry (a special hand) is asked first, above the groups
                assert panel.group(f"{f.label}, {side['name']}")
                continue
            assert f.group, f"{variant_id}: {f.name} declares no group"
            group = panel.group(f"{f.group}, {side['name']}")  # named by its heading and whose it is
            together = [g for g in variant.fields if g.group == f.group and not g.once and g.name not in unused
                        and not (g.pairs_only and len(side["players"]) < 2)]
            if all(g.rare for g in together):  # folded away: the fold's own summary names the group
                assert [e for e in group.walk() if e.tag == "h3"] == []
            elif len(together) > 1 and hand_form_rules.needs_heading(together, variant.words):
                assert group.heading(f.group).level == 3
            elif len(together) > 1:  # every label there says it all ("Red threes"): named for a screen reader only
                assert [e for e in group.walk() if e.tag == "h3"] == []
            else:  # a group of one field is named by the field's own label; a heading would only add height
                assert [e for e in group.walk() if e.tag == "h3"] == []
            inputs = [e.get("name") for e in group.walk() if e.tag == "input"]
            if f.one_of:  # counts asked as one choice: one radio group, named after the first of them
                first = next(g for g in variant.fields if g.one_of == f.one_of)
                assert f"entries[{i}].{first.name}:one" in inputs, f"{f.name} is not under {f.group}"
                continue
            assert f"entries[{i}].{f.name}" in inputs, f"{f.name} is not under {f.group}"


def test_canasta_counts_under_canastas_leave_the_word_to_the_heading(client, make_game):
    form = hand_form(client, make_game(payload("ponytail")))
    canastas = form.region("Side 1 Ann & Bob").group("Canastas, Side 1")
    legends = [e.text for e in canastas.walk() if e.tag == "legend"]
    assert legends == [f"{short}, Side 1" for short in ("Natural", "Dirty", "Natural sevens", "Wild-card")]
    # the count's own name still says all of it
    assert canastas.group("Natural sevens canastas, Side 1").field("0").checked

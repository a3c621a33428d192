"""Issue 23, finding 10: the scores CSV names each column for what it holds. A count ("Natural canastas") holds
how many were entered, its points stand apart ("Natural canastas (points)"), and a row's points columns add up
to the hand's score, for a worked example of every variant (tests/examples.py)."""
from __future__ import annotations

import csv
import io

import pytest

from scoring import get_variant
from web.forms.hand_form import unused_fields

from .examples import HAND_IDS, HANDS, PONY, PONYTAIL
from .pages import url


def table(client, example) -> list[dict[str, str]]:
    """The example's hands recorded through the API, then its CSV read back as one dict per row."""
    r = client.post("/api/games", json=example.game)
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    for hand in example.hands:
        assert client.post(f"/api/games/{game['id']}/hands", json=hand.payload).status_code == 201
    text = client.get(url(client.application, "downloads.game_scores", game_id=game["id"])).get_data(as_text=True)
    return list(csv.DictReader(io.StringIO(text)))


def side_columns(row: dict[str, str], side: str) -> dict[str, str]:
    return {head.removeprefix(f"{side}: "): value for head, value in row.items() if head.startswith(f"{side}: ")}


def is_points(head: str) -> bool:
    """A column of points says so: "Melded points", "Natural canastas (points)"."""
    return head.endswith((" points", "(points)"))


def stand_alone(label: str) -> str:
    return f"{label.removeprefix('…of them ').capitalize()} canastas" if label.startswith("…of them ") else label


def points_head(label: str) -> str:
    return label if label.endswith(" points") else f"{label} (points)"


@pytest.mark.parametrize(("example", "number"), HANDS, ids=HAND_IDS)
def test_counts_are_counts_and_the_points_add_up_to_the_hand(client, example, number):
    variant = get_variant(example.variant)
    # a count's own label (its field's), a part of the score with no field its variant's word for it; Pony's
    # "…of them surprise wild" under "Wild canastas" on the form is "Surprise wild canastas" in a column
    labels = variant.part_labels | {f.name: stand_alone(f.label) for f in variant.fields}
    hand = example.hands[number - 1]
    row = table(client, example)[number - 1]
    word = variant.words.round  # the rows and the score are the variant's: "Hand", "Deal", "Round"
    own = (f"{word} score", "running total")
    assert row[word.capitalize()] == str(number)
    for i, side in enumerate(example.sides):
        mine = side_columns(row, side["name"])
        points = {head: int(v) for head, v in mine.items() if is_points(head)}
        # a choice (American's special hand) in its words, beside its points; "" when none was made
        chosen = {labels[f.name]: f for f in variant.fields if f.kind == "choice" and labels[f.name] in mine}
        assert {head: mine[head] for head in chosen} == {
            head: f.choice_word(hand.entries[i].get(f.name)) for head, f in chosen.items()}
        counts = {head: int(v) for head, v in mine.items() if not is_points(head) and head not in own
                  and head not in chosen}
        # every count the table plays, as the players entered it (a count the hand left out is 0; one the table's house
        # rules switched off, such as Classic's wild canastas, is no column)
        options, _ = variant.build_options(example.options, example.sides)
        off = unused_fields(variant, options)
        entered = {f.name: hand.entries[i].get(f.name, 0) for f in variant.fields
                   if f.kind == "count" and f.name not in off}
        assert counts == {labels[name]: n for name, n in entered.items()}
        # the points columns are the score's breakdown, and add up to the hand's score
        scored = {head: v for head, v in points.items() if v}
        assert scored == {points_head(labels[k]): v for k, v in hand.parts[i].items()}
        assert sum(points.values()) == hand.totals[i] == int(mine[f"{word} score"])
        assert int(mine["running total"]) == hand.running[i]


def test_two_natural_canastas_are_2_and_1000_points(client):
    us = side_columns(table(client, PONYTAIL)[1], "Us")  # RULES.md §6 hand 2: Us melded two natural canastas
    assert (us["Natural canastas"], us["Natural canastas (points)"]) == ("2", "1000")
    assert (us["Red threes"], us["Red threes (points)"]) == ("1", "100")
    assert us["Going out (points)"] == "200" and us["Melded points"] == "1455"


def test_pony_surprise_columns_stand_alone(client):
    # on the form "…of them surprise wild" sits under "Wild canastas"; a spreadsheet column has no line above it
    p1 = side_columns(table(client, PONY)[0], "P1")
    surprise = (p1["Wild canastas"], p1["Surprise wild canastas"], p1["Surprise wild canastas (points)"])
    assert surprise == ("1", "1", "500")
    assert not [head for head in p1 if head.startswith("…")]

"""Issue 24: a score sheet prints no column for a part of the score the game's options switch off (Hand and Foot's
wild books forbidden, sevens books not scored apart, an unplayed foot not counted), on the played sheet and the
blank one, for every variant: the columns follow the variant's field_bounds at this table (a field whose largest
value is 0 is left out, as the hand form leaves it out), never the variant's id."""
from __future__ import annotations

import pytest

from scoring import VARIANTS, register, unregister
from tests.examples import HAND_AND_FOOT
from tests.sheet_helpers import pdf_pages, render_png
from tests.toy_variant import ToyDeals

OFF = {"wild_canasta_bonus": None, "sevens_canasta_bonus": None, "unplayed_foot_counts": False}
ON = {"wild_canasta_bonus": 1500, "sevens_canasta_bonus": 750, "unplayed_foot_counts": True}
# RULES.md §8's worked example, round 1, without its wild book (forbidden at an OFF table) and B's unplayed foot
ROUND = {"entries": [{**HAND_AND_FOOT.hands[0].entries[0], "wild_canastas": 0},
                     {**HAND_AND_FOOT.hands[0].entries[1], "in_foot": 0, "red_threes_held": 0, "black_threes": 1}]}


def heads(data: bytes) -> list[list[str]]:
    """The column heads of every score table on every page: the words of each line that starts with '#'."""
    return [line.split()[1:] for p in pdf_pages(data) for line in p["text"].splitlines() if line.split()[:1] == ["#"]]


def pdf(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", response.get_data(as_text=True)
    return response.data


def sheets(client, make_game, house_rules: dict, name: str, played: dict = ROUND) -> tuple[bytes, bytes]:
    game = make_game(HAND_AND_FOOT.game, house_rules=house_rules)
    assert client.post(f"/api/games/{game['id']}/hands", json=played).status_code == 201
    played, blank = pdf(client, f"/games/{game['id']}/sheet.pdf"), pdf(client, f"/games/{game['id']}/blank-sheet.pdf")
    render_png(played, f"score-sheet-hand-and-foot-{name}")
    render_png(blank, f"blank-sheet-hand-and-foot-{name}")
    return played, blank


def test_a_column_the_house_rules_switch_off_is_not_printed(client, make_game):
    for data in sheets(client, make_game, OFF, "off"):
        assert heads(data)
        for row in heads(data):
            assert not {"W", "7s", "Foot"} & set(row), row
            assert {"C", "D", "Meld", "Score", "Total"} <= set(row), row
    played, _ = sheets(client, make_game, OFF, "off")
    text = " ".join(pdf_pages(played)[0]["text"].split())
    assert "no wild books" not in text and "no sevens books" not in text  # not "left out": not part of this game


def test_the_same_columns_print_when_the_house_rules_switch_them_on(client, make_game):
    # the worked example (a wild book, an unplayed foot) with a sevens book for B
    used = {"entries": [HAND_AND_FOOT.hands[0].entries[0], {**HAND_AND_FOOT.hands[0].entries[1], "sevens_canastas": 1}]}
    played, blank = sheets(client, make_game, ON, "on", used)
    for data in (played, blank):
        assert all({"W", "7s", "Foot"} <= set(row) for row in heads(data)), heads(data)


class ToyShort(ToyDeals):
    """Toy Piles, whose short piles a table may forbid, saying so in its field bounds."""

    id = "toy-short"
    name = "Toy Short Piles"

    def field_bounds(self, options: dict) -> dict[str, int]:
        return {"short_piles": 0 if options["house_rules"]["short_pile"] is None else 20}


@pytest.fixture
def toy_short():
    variant = ToyShort()
    register(variant)
    yield variant
    unregister(variant.id)


@pytest.mark.parametrize("short_pile, printed", [(None, False), (100, True)])
def test_any_variant_drops_what_its_options_switch_off(client, make_game, toy_short, short_pile, printed):
    game = make_game({"variant": toy_short.id, "sides": [{"name": "Ann", "players": ["Ann"]},
                                                         {"name": "Bo", "players": ["Bo"]}]},
                     house_rules={"short_pile": short_pile})
    blank = pdf(client, f"/games/{game['id']}/blank-sheet.pdf")
    played = pdf(client, f"/games/{game['id']}/sheet.pdf")
    for data in (blank, played):
        assert all(("Sh" in row) == printed and "Ta" in row for row in heads(data)), heads(data)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variants_blank_sheet_leaves_out_what_its_defaults_switch_off(client, variant_id):
    variant = VARIANTS[variant_id]
    options = variant.default_options()
    bounds = variant.field_bounds({**options, "decks": options["decks"] or variant.describe_decks})  # as describe()
    off = {c.head for c in variant.columns if c.field and bounds.get(c.field) == 0}  # Hand and Foot: 7s, by default
    printed = heads(pdf(client, f"/variants/{variant_id}/blank-sheet.pdf"))
    assert printed and all(not off & set(row) for row in printed), (off, printed)

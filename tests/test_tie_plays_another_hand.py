"""House rule `tie_plays_another_hand` (RULES.md §14, "Added (turn 6)" line 1111 and "Settled (turn 6)" line 1130), in
every variant: a game that ends by its target with the best totals level is not finished and goes on hand by hand until
one side is ahead; a hand limit, a finish time or POST …/end share the tie as before; tie_goes_to_going_out is read
first; a correction reads the game as §5 does. Through the engine and the API."""
from __future__ import annotations

import pytest

from scoring import VARIANTS, new_game
from scoring.game import HandRecord, derive_game

AT = "2026-12-01T20:00:00+00:00"
RULE = "tie_plays_another_hand"


def sides_for(variant_id: str) -> list[dict]:
    shapes = VARIANTS[variant_id].describe_sides
    shape = shapes.get("partnerships") or shapes["individuals"]
    return [{"name": f"S{i}", "players": [f"P{i}{j}" for j in range(shape["players_per_side"])]}
            for i in range(shape["sides"][0])]


def paper(*totals) -> HandRecord:
    return HandRecord([{"total": t} for t in totals], AT)


def state(variant_id, hands, *, ended=False, **options):
    variant = VARIANTS[variant_id]
    sides, built = new_game(variant, {"variant": variant_id, "sides": sides_for(variant_id), "options": options})
    return derive_game(variant, built, sides, hands, ended=ended)


def to(variant_id, *rows):
    """Paper hands, each row one total per side (the rest 0)."""
    n = len(sides_for(variant_id))
    return [paper(*(list(row) + [0] * (n - len(row)))) for row in rows]


@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_the_default_shares_a_tie_at_the_target_as_before(vid):
    """Line 1111: the default false leaves §5 as it is."""
    assert VARIANTS[vid].house_rules[RULE] is False
    t = 1000
    got = state(vid, to(vid, (500, 500), (500, 500)), target=t)
    assert (got["finished"], got["winner"], got["margin"], got["playing_off"]) == (True, [0, 1], 0, None)


@pytest.mark.parametrize("vid", sorted(VARIANTS))
def test_a_tie_at_the_target_plays_another_hand_until_one_side_is_ahead(vid):
    """Line 1111 and settled line 1130: level at the target, not finished; the first hand after which one side is
    above every other ends it, whatever the totals."""
    t = 1000
    rules = {RULE: True}
    hands = to(vid, (500, 500), (500, 500))
    got = state(vid, hands, target=t, house_rules=rules)
    assert (got["finished"], got["winner"], got["finish_reasons"], got["playing_off"]) == (False, None, [], 1000)
    assert got["dealing"] is not None  # the game goes on: somebody deals the next hand
    still = state(vid, hands + to(vid, (40, 40)), target=t, house_rules=rules)
    assert (still["finished"], still["playing_off"]) == (False, 1040)
    # the play-off hand: both lose points, one less; the game is over though nobody is at the target any more
    over = state(vid, hands + to(vid, (-300, -305)), target=t, house_rules=rules)
    assert (over["finished"], over["winner"], over["margin"], over["finish_reasons"], over["playing_off"]) == (
        True, [0], 5, ["target"], None)


def test_any_side_may_win_the_play_off_one_that_was_not_level_too():
    """Settled line 1130: "any side may win it, one that was not level too"."""
    three = [{"name": n, "players": [n]} for n in ("A", "B", "C")]
    variant = VARIANTS["classic"]
    sides, options = new_game(variant, {"variant": "classic", "sides": three,
                                        "options": {"target": 1000, "house_rules": {RULE: True}}})
    hands = [paper(1000, 1000, 900)]
    assert derive_game(variant, options, sides, hands)["playing_off"] == 1000
    got = derive_game(variant, options, sides, hands + [paper(-100, -100, 250)])
    assert (got["finished"], got["winner"], got["margin"]) == (True, [2], 250)


@pytest.mark.parametrize("end, options, reasons", [
    ("max_hands", {"max_hands": 2}, ["target", "max_hands"]),  # settled: the same hand as its max_hands: the limit
    ("ended", {}, ["ended", "target"]),  # POST …/end
    ("finish_at", {"finish_at": "2026-12-01T19:00:00+00:00"}, ["target", "finish_time"]),
])
def test_a_hand_limit_a_finish_time_or_the_table_s_end_share_the_tie_as_before(end, options, reasons):
    """Line 1111: "A game ending by max_hands, finish_at or POST …/end shares the tie as before"."""
    got = state("american", to("american", (4250, 4250), (4250, 4250)), ended=end == "ended", target=8500,
                house_rules={RULE: True}, **options)
    assert (got["finished"], got["winner"], got["margin"], got["finish_reasons"], got["playing_off"]) == (
        True, [0, 1], 0, reasons, None)


def test_a_tournament_turn_without_a_target_never_plays_on():
    got = state("burraco", to("burraco", (500, 500), (400, 400), (100, 100)), target=None, max_hands=3,
                house_rules={RULE: True})
    assert (got["finished"], got["winner"], got["finish_reasons"]) == (True, [0, 1], ["max_hands"])


# Modern American hands that leave both sides at 8,500 after hand 2, A going out in it (RULES.md §11's values)
OUT = {"natural_canastas": 2, "melded": 200, "went_out": True}  # 1000 + 100 + 200 = 1,300
STAY = {"natural_canastas": 2, "melded": 400}  # 1000 + 400 = 1,400 … and 100 less with 100 in hand
LEVEL = [paper(7200, 7100), HandRecord([OUT, {**STAY, "in_hand": 0}], AT)]


def american(hands, **rules):
    return state("american", hands, house_rules=rules)


def test_american_level_at_8500_after_real_hands():
    got = american(LEVEL, **{RULE: True})
    assert [s["score"] for s in got["sides"]] == [8500, 8500]
    assert (got["finished"], got["playing_off"]) == (False, 8500)


def test_tie_goes_to_going_out_is_read_first():
    """Line 1114: "With tie_goes_to_going_out also on, that rule is read first"."""
    got = american(LEVEL, **{RULE: True, "tie_goes_to_going_out": True})
    assert (got["finished"], got["winner"], got["margin"], got["playing_off"]) == (True, [0], 0, None)
    # nobody among the level sides went out in the last hand: played off
    nobody = [paper(7200, 7100), HandRecord([{**OUT, "went_out": False, "melded": 300}, STAY], AT)]
    got = american(nobody, **{RULE: True, "tie_goes_to_going_out": True})
    assert (got["finished"], got["playing_off"]) == (False, 8500)
    # in the play-off the level sides' going out breaks a level play-off hand too
    after = american(nobody + [paper(0, 0)], **{RULE: True, "tie_goes_to_going_out": True})
    assert after["playing_off"] == 8500
    decided = american(nobody + [HandRecord([{**OUT, "melded": 200, "in_hand": 0},
                                             {**STAY, "melded": 200, "natural_canastas": 2}], AT)],
                       **{RULE: True, "tie_goes_to_going_out": True})
    assert [s["score"] for s in decided["sides"]] == [9800, 9700]
    assert (decided["finished"], decided["winner"], decided["margin"]) == (True, [0], 100)


def test_a_correction_reads_the_game_as_section_5_does():
    """Settled line 1130: "a correction reads the game as §5 does (finished at the first hand after which it would
    be, later hands kept)": a corrected earlier hand that makes the sides level at the target is played off in the
    hands kept after it; one that leaves a side ahead there ends the game at that hand."""
    rules = {RULE: True}
    # corrected hand 1 puts both at 8,500; the kept hand 2 leaves A ahead: finished at hand 2
    got = american([paper(8500, 8500), paper(100, 50)], **rules)
    assert (got["finished"], got["winner"], got["margin"]) == (True, [0], 50)
    # kept hand 2 leaves them level again: still played off
    got = american([paper(8500, 8500), paper(100, 100)], **rules)
    assert (got["finished"], got["playing_off"]) == (False, 8600)
    # a corrected hand 1 that leaves A ahead at the target: finished there, hand 2 kept
    got = american([paper(8600, 8500), paper(0, 100)], **rules)
    assert (got["finished"], got["winner"], got["finish_reasons"]) == (True, [0, 1], ["target"])


def test_the_rule_is_a_flag_that_takes_true_or_false_only():
    """Settled line 1134: "flags take true or false only (null, 0 or 1 are refused)"."""
    from scoring import Refused
    for value in (None, 0, 1, "true"):
        with pytest.raises(Refused) as refused:
            new_game(VARIANTS["samba"], {"variant": "samba", "sides": sides_for("samba"),
                                         "options": {"house_rules": {RULE: value}}})
        assert [e.field for e in refused.value.errors] == [f"options.house_rules.{RULE}"]
        assert "must be true or false" in refused.value.errors[0].message


# -- through the API: the game keeps asking for hands, and says so -----------------------------------------------
def test_the_api_keeps_asking_for_hands_while_the_tie_is_played_off(client):
    sides = sides_for("american")
    g = client.post("/api/games", json={"variant": "american", "sides": sides,
                                        "options": {"house_rules": {RULE: True}}}).get_json()
    for _ in range(2):
        r = client.post(f"/api/games/{g['id']}/hands", json={"entries": [{"total": 4250}, {"total": 4250}]})
        assert r.status_code == 201
    game = client.get(f"/api/games/{g['id']}").get_json()
    assert (game["finished"], game["winner"], game["playing_off"]) == (False, None, 8500)
    r = client.post(f"/api/games/{g['id']}/hands", json={"entries": [{"total": 150}, {"total": 100}]})
    assert r.status_code == 201
    game = client.get(f"/api/games/{g['id']}").get_json()
    assert (game["finished"], game["winner"], game["margin"], game["playing_off"]) == (True, [0], 50, None)
    assert client.post(f"/api/games/{g['id']}/hands", json={"entries": [{"total": 0}, {"total": 0}]}).status_code == 409
    # correcting the play-off hand to a level one plays on again
    r = client.put(f"/api/games/{g['id']}/hands/3", json={"entries": [{"total": 100}, {"total": 100}]})
    assert r.status_code == 200, r.get_json()
    game = client.get(f"/api/games/{g['id']}").get_json()
    assert (game["finished"], game["playing_off"]) == (False, 8600)


def test_the_game_page_and_the_tv_say_the_tie_is_played_off(client):
    from .pages import read
    sides = sides_for("american")
    g = client.post("/api/games", json={"variant": "american", "sides": sides,
                                        "options": {"house_rules": {RULE: True}}}).get_json()
    for _ in range(2):
        client.post(f"/api/games/{g['id']}/hands", json={"entries": [{"total": 4250}, {"total": 4250}]})
    for path in (f"/games/{g['id']}", f"/games/{g['id']}/table"):
        text = read(client.get(path)).text()
        assert "Level at 8,500: one more hand" in text, path
    assert "Record hand 3" in read(client.get(f"/games/{g['id']}")).text()


def test_a_play_off_won_below_the_target_says_so(client):
    from .pages import read
    g = client.post("/api/games", json={"variant": "american", "sides": sides_for("american"),
                                        "options": {"house_rules": {RULE: True}}}).get_json()
    for totals in ((4250, 4250), (4250, 4250), (-300, -305)):
        client.post(f"/api/games/{g['id']}/hands", json={"entries": [{"total": t} for t in totals]})
    text = read(client.get(f"/games/{g['id']}")).text()
    assert "The tie at the target (8,500) was played off." in text and "S0 win by 5" in text

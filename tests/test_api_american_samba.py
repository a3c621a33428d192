"""Modern American Canasta, Samba and Bolivia through the JSON API (API.md; RULES.md §11–§13): worked examples,
refusals naming their field, house rules, and the refusals in every language."""
import pytest

PAIRS = [{"name": "A", "players": ["Ann", "Bob"]}, {"name": "B", "players": ["Cy", "Di"]}]
AMERICAN_1 = {"entries": [
    {"natural_canastas": 1, "mixed_canastas": 1, "sevens_canastas": 1, "red_threes": 2, "black_threes_laid": 1,
     "melded": 480, "in_hand": 35, "went_out": True},
    {"red_threes": 1, "black_threes_laid": 2, "melded": 230, "in_hand": 185, "incomplete_aces": True}]}
# RULES.md:778-779, hand 2 as API.md would send it
AMERICAN_2 = {"entries": [{"natural_canastas": 1, "red_threes": 1, "melded": 340, "in_hand": 260,
                           "sevens_penalties": 1}, {"special_hand": "garbage"}]}
LANGUAGES = ("es", "pt-BR", "it", "de")


def game(client, variant, **options):
    body = {"variant": variant, "sides": PAIRS, **({"options": options} if options else {})}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_american_worked_example_through_the_api(client):
    g = game(client, "american")
    assert g["options"]["target"] == 8500 and g["options"]["decks"] == 2
    assert [s["next_min_meld"] for s in g["sides"]] == [125, 125]
    r = client.post(f"/api/games/{g['id']}/hands", json=AMERICAN_1)
    assert r.status_code == 201
    hand = r.get_json()["hand"]
    assert [s["total"] for s in hand["scores"]] == [4245, -3315]
    b = hand["scores"][1]["breakdown"]
    assert sum(b.values()) == -3315 and b["melded"] == -230 and b["red_threes"] + b["black_threes_laid"] == -400
    r = client.post(f"/api/games/{g['id']}/hands", json=AMERICAN_2)
    assert r.status_code == 201 and r.get_json()["hand"]["scores"][1]["breakdown"] == {"special_hand": 3000}
    state = client.get(f"/api/games/{g['id']}").get_json()
    assert [(s["score"], s["next_min_meld"]) for s in state["sides"]] == [(3325, 155), (-315, 125)]
    assert state["hands"][1]["entries"][1]["special_hand"] == "garbage"


def test_a_dream_hand_ends_the_game_and_no_hand_comes_after(client):
    g = game(client, "american")
    client.post(f"/api/games/{g['id']}/hands", json=AMERICAN_1)
    r = client.post(f"/api/games/{g['id']}/hands", json={"entries": [AMERICAN_2["entries"][0],
                                                                     {"special_hand": "dream_plus_4"}]})
    assert r.status_code == 201
    state = client.get(f"/api/games/{g['id']}").get_json()
    assert (state["finished"], state["winner"], state["margin"]) == (True, [1], 1860)
    assert state["finish_reasons"] == ["won_outright"]
    after = client.post(f"/api/games/{g['id']}/hands", json={"entries": [{}, {}]})
    assert after.status_code == 409  # API.md: the game is finished


@pytest.mark.parametrize("variant, options, field", [
    ("american", {"decks": 3}, "options.decks"),  # RULES.md:622-624: always 2 decks
    ("american", {"house_rules": {"go_out_canastas": 13}}, "options.house_rules.go_out_canastas"),
    ("american", {"house_rules": {"threes_table": [100, 300, 500]}}, "options.house_rules.threes_table"),
    ("american", {"house_rules": {"threes_table": [100, 300, 500, 1003]}}, "options.house_rules.threes_table[3]"),
    ("american", {"house_rules": {"special_hands": {"royal": 100}}}, "options.house_rules.special_hands.royal"),
    ("american", {"house_rules": {"special_hands": {"pairs": 2501}}}, "options.house_rules.special_hands.pairs"),
    ("american", {"house_rules": {"meld_minimums_by_score": [[0, 125]]}},
     "options.house_rules.meld_minimums_by_score[0]"),
    ("american", {"house_rules": {"dream_hand_wins": "yes"}}, "options.house_rules.dream_hand_wins"),
    ("american", {"house_rules": {"wild_canasta_bonus": None}}, "options.house_rules.wild_canasta_bonus"),
    ("american", {"house_rules": {"concealed_bonus": 100}}, "options.house_rules.concealed_bonus"),
    ("samba", {"house_rules": {"go_out_sequences": 3}}, "options.house_rules.go_out_sequences"),
    ("bolivia", {"decks": 1}, "options.decks"),
])
def test_house_rules_refused_naming_the_field(client, variant, options, field):
    r = client.post("/api/games", json={"variant": variant, "sides": PAIRS, "options": options})
    assert r.status_code == 422
    assert field in [e["field"] for e in r.get_json()["errors"]], r.get_json()


def test_three_sides_are_not_offered_for_american(client):
    sides = PAIRS + [{"name": "C", "players": ["Ed", "Flo"]}]
    r = client.post("/api/games", json={"variant": "american", "sides": sides})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "sides"


@pytest.mark.parametrize("variant, entries, field", [
    ("american", [{"special_hand": "garbage", "melded": 50}, {}], "entries[0].melded"),
    ("american", [{"special_hand": "flush"}, {}], "entries[0].special_hand"),
    ("american", [{"natural_canastas": 1, "melded": 35, "went_out": True}, {}], "entries[0].went_out"),
    ("samba", [{"natural_canastas": 1, "melded": 35, "went_out": True}, {}], "entries[0].went_out"),
    ("samba", [{"wild_canastas": 1, "melded": 140}, {}], "entries[0].wild_canastas"),
    ("bolivia", [{"natural_canastas": 2, "melded": 70, "went_out": True}, {}], "entries[0].went_out"),
])
def test_refused_hands_name_their_field_in_every_language(client, variant, entries, field):
    g = game(client, variant)
    english = client.post(f"/api/games/{g['id']}/hands", json={"entries": entries})
    assert english.status_code == 422
    said = {e["field"]: e["message"] for e in english.get_json()["errors"]}
    assert field in said
    for language in LANGUAGES:
        r = client.post(f"/api/games/{g['id']}/hands", json={"entries": entries},
                        headers={"Accept-Language": language})
        assert r.status_code == 422
        theirs = {e["field"]: e["message"] for e in r.get_json()["errors"]}
        assert theirs[field] and theirs[field] != said[field], (language, theirs[field])
        assert "%(" not in theirs[field]
    assert client.get(f"/api/games/{g['id']}").get_json()["hands"] == []


def test_samba_and_bolivia_worked_examples_through_the_api(client):
    samba = game(client, "samba")
    assert (samba["options"]["target"], samba["options"]["decks"]) == (10000, 3)
    r = client.post(f"/api/games/{samba['id']}/hands", json={"entries": [
        {"natural_canastas": 2, "mixed_canastas": 1, "sequence_canastas": 1, "red_threes": 2, "melded": 820,
         "in_hand": 40, "went_out": True}, {"natural_canastas": 1, "red_threes": 3, "melded": 480, "in_hand": 235}]})
    assert [s["total"] for s in r.get_json()["hand"]["scores"]] == [3980, 445]
    bolivia = game(client, "bolivia")
    assert bolivia["options"]["target"] == 15000
    r = client.post(f"/api/games/{bolivia['id']}/hands", json={"entries": [
        {"sequence_canastas": 1, "wild_canastas": 1, "natural_canastas": 1, "mixed_canastas": 1, "red_threes": 6,
         "melded": 910, "in_hand": 55, "black_threes": 1, "went_out": True},
        {"natural_canastas": 1, "mixed_canastas": 1, "melded": 530, "in_hand": 145, "black_threes": 2}]})
    assert [s["total"] for s in r.get_json()["hand"]["scores"]] == [6755, 985]


def test_the_pages_name_them_in_each_language(client):
    """The new-game chooser in each language: each game by its own name there."""
    expected = {"en": ("Modern American Canasta", "Samba", "Bolivia"),
                "es": ("Canasta americana moderna", "Samba", "Bolivia"),
                "pt-BR": ("Canastra Americana Moderna", "Samba", "Bolívia"),
                "it": ("Canasta americana moderna", "Samba", "Bolivia"),
                "de": ("Modernes ameri\u00adkanisches Canasta",  # a soft hyphen: the 360 px header breaks it there
                       "Samba-Canasta", "Bolivia")}
    for language, names in expected.items():
        page = client.get("/games/new", headers={"Accept-Language": language})
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and all(name in text for name in names), language


@pytest.mark.parametrize("variant, hand", [
    ("american", {"entries": [{"special_hand": "dream_plus_4"}, {}]}),  # a Dream hand finishes the table's game
    ("samba", {"entries": [{"natural_canastas": 1, "melded": 35}, {}]}),
    ("bolivia", {"entries": [{"natural_canastas": 1, "melded": 35}, {}]}),
])
def test_a_club_night_of_each(client, variant, hand):
    """Issue 33: each is playable at a club night: rounds seat the tables, the games finish, the standings rank."""
    body = {"name": "Tuesday club", "variant": variant, "entrants": [
        {"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(4)], "table_size": 2, "rounds": 3,
        "movement": "round-robin", "standings": "wins"}
    event = client.post("/api/events", json=body)
    assert event.status_code == 201, event.get_json()
    event_id = event.get_json()["id"]
    round_ = client.post(f"/api/events/{event_id}/rounds").get_json()
    for table in round_["tables"]:
        assert client.get(f"/api/games/{table['game']}").get_json()["variant"] == variant
        assert client.post(f"/api/games/{table['game']}/hands", json=hand).status_code == 201
        if variant != "american":
            assert client.post(f"/api/games/{table['game']}/end").status_code == 200
        assert client.get(f"/api/games/{table['game']}").get_json()["finished"]
    standings = client.get(f"/api/events/{event_id}/standings").get_json()
    assert sorted(row["wins"] for row in standings) == [0, 0, 1, 1]
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 201  # the next round starts


@pytest.mark.parametrize("variant, rules, field", [
    ("american", {"special_hands": {"royal": 100}}, "options.house_rules.special_hands.royal"),
    ("american", {"threes_table": [100, 300]}, "options.house_rules.threes_table"),
    ("american", {"go_out_canastas": 0}, "options.house_rules.go_out_canastas"),
    ("samba", {"go_out_sequences": 3}, "options.house_rules.go_out_sequences"),
    ("bolivia", {"meld_minimums_by_score": [[None, 15], [100, 50], [50, 90]]},
     "options.house_rules.meld_minimums_by_score[2]"),
])
def test_refused_house_rules_in_every_language(client, variant, rules, field):
    body = {"variant": variant, "sides": PAIRS, "options": {"house_rules": rules}}
    english = {e["field"]: e["message"] for e in client.post("/api/games", json=body).get_json()["errors"]}
    assert field in english
    for language in LANGUAGES:
        r = client.post("/api/games", json=body, headers={"Accept-Language": language})
        theirs = {e["field"]: e["message"] for e in r.get_json()["errors"]}
        assert r.status_code == 422 and theirs[field] != english[field] and "%(" not in theirs[field], language
    assert client.get("/api/games").get_json() == []


def test_the_scores_csv_says_the_special_hand_beside_its_points(client):
    g = game(client, "american")
    client.post(f"/api/games/{g['id']}/hands", json=AMERICAN_1)
    client.post(f"/api/games/{g['id']}/hands", json=AMERICAN_2)
    rows = client.get(f"/games/{g['id']}/scores.csv").get_data(as_text=True).splitlines()
    header = rows[0].split(",")
    at = header.index("B: Special hand")
    assert header[at + 1] == "B: Special hand (points)"
    assert rows[2].split(",")[at:at + 2] == ["Garbage", "3000"] and rows[1].split(",")[at:at + 2] == ["", "0"]

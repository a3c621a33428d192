"""Issue 39 item 10: "Who went out?" has no default on the hand form. A hand sent with nobody chosen there is not
recorded without a question ("Who went out? Nobody?"), a real "nobody went out" is one deliberate tap (the Nobody chip,
or the one button of the question), a correction opens on the answer stored, and the JSON API is unchanged."""
from __future__ import annotations

from .pages import hand_form, post, read, url

ASK = ("Who went out? Nobody? “Who went out?” is not answered yet. Tap the side above, then record; if it was nobody, "
       "tap “Nobody (the stock ran out): record hand 1”. Nobody (the stock ran out): record hand 1")
HAND = {"entries[0].natural_canastas:chip": "2", "entries[0].melded": "300", "entries[1].melded": "80",
        "entries[1].in_hand": "120"}


def record_path(client, game) -> str:
    return url(client.application, "hands.record_hand", game_id=game["id"])


def hands_of(client, game) -> list[list[int]]:
    return [[s["total"] for s in h["scores"]] for h in client.get(f"/api/games/{game['id']}").get_json()["hands"]]


def test_who_went_out_starts_with_no_side_and_not_nobody_chosen(client, make_game):
    form = hand_form(client, make_game())
    question = form.one("group", "Who went out?")
    assert [r.checked for r in question.all("radio")] == [False, False, False]
    # a question whose usual answer is nobody keeps it chosen
    assert form.one("group", "Who earned the cut bonus?").field("Nobody", "radio").checked


def test_a_hand_sent_with_nobody_chosen_asks_and_records_nothing(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    sent = {**form.form_values(), **HAND}
    response = post(client, record_path(client, game), sent)
    assert response.status_code == 422
    doc = read(response)
    ask = doc.alert(ASK)
    assert hands_of(client, game) == []
    # everything typed is kept, and the key: confirming records the hand once, as nobody went out
    assert doc.values["entries[0].melded"] == "300" and doc.values["idempotency_key"] == form.values["idempotency_key"]
    button = ask.button("Nobody (the stock ran out): record hand 1")
    confirmed = {**doc.form_values(), button.get("name"): button.get("value")}
    assert post(client, record_path(client, game), confirmed).status_code == 303
    assert post(client, record_path(client, game), confirmed).status_code == 303  # a double tap: still one hand
    assert hands_of(client, game) == [[1300, -40]]


def test_the_nobody_chip_is_one_tap(client, make_game):
    game = make_game()
    values = {**hand_form(client, game).form_values(), **HAND, "went_out": "none"}
    assert post(client, record_path(client, game), values).status_code == 303
    assert hands_of(client, game) == [[1300, -40]]


PAIRS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def test_a_correction_opens_on_the_answer_stored(client, make_game):
    game = make_game({"variant": "classic", "sides": PAIRS})
    for entries in ([{"melded": 100}, {"melded": 50}], [{"melded": 100, "natural_canastas": 1, "went_out": True},
                                                         {"melded": 50}]):
        assert client.post(f"/api/games/{game['id']}/hands", json={"entries": entries}).status_code == 201
    for number, chosen in ((1, "Nobody (the stock ran out)"), (2, "Us")):
        doc = read(client.get(url(client.application, "hands.edit_hand", game_id=game["id"], number=number)))
        assert doc.one("group", "Who went out?").field(chosen, "radio").checked
        saved = post(client, url(client.application, "hands.replace_hand", game_id=game["id"], number=number),
                     doc.form_values())
        assert saved.status_code == 303, number


def test_a_special_hand_or_an_empty_hand_needs_no_answer(client, make_game):
    game = make_game({"variant": "american", "sides": PAIRS})
    values = {**hand_form(client, game).form_values(), "entries[1].melded": "100", "entries[0].special_hand": "garbage"}
    assert post(client, record_path(client, game), values).status_code == 303
    empty = {**hand_form(client, game).form_values(), "empty_hand": "yes", "number": "2"}
    assert post(client, record_path(client, game), empty).status_code == 303
    assert len(hands_of(client, game)) == 2


def test_the_api_records_a_hand_without_went_out_as_before(client, make_game):
    game = make_game()
    response = client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 300}, {"melded": 80}]})
    assert response.status_code == 201

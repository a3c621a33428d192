"""Pages drawn once for every device (web/present/once.py): the key is the whole context, and a template drawn that
way cannot read the device behind the context's back."""
import pytest

from service.model import Game
from web.present import once


def test_every_context_value_is_part_of_the_key():
    base = {"view": "game", "notice": None, "undo": {"number": 3, "recorded_at": "t"}, "unlocked": True}
    keys = {once.key_of(base)}
    for change in ({"view": "table"}, {"notice": "Hand 3 deleted"}, {"undo": None}, {"unlocked": False},
                   {"undo": {"number": 4, "recorded_at": "t"}}, {"finish": {"minutes_left": 5}}):
        keys.add(once.key_of(base | change))
    assert len(keys) == 7


def test_a_game_is_keyed_by_its_state_and_anything_else_must_be_plain_data():
    game = Game("g", "classic", "Classic Canasta", {}, (), (), False, (), None, None, None, 7, "t7", "t7", None,
                False, None)
    assert once.key_of({"game": game}) == (("game", ("game", "g", 7, "t7")),)
    with pytest.raises(once.Unkeyed):
        once.key_of({"sides": game.sides, "now": object()})


def test_helpers_that_read_the_device_refuse_inside_a_shared_drawing(app):
    helpers = app.jinja_env.globals
    with app.test_request_context("/"):
        assert helpers["get_flashed_messages"]() == []  # outside a shared drawing they answer as ever
        token = once._drawing.set(True)
        try:
            for name in once.DEVICE_DEPENDENT:
                with pytest.raises(once.DependsOnTheDevice):
                    helpers[name]() if name != "table_unlocked" else helpers[name](None)
        finally:
            once._drawing.reset(token)


def test_a_message_for_one_device_is_not_shown_to_another(app, client, make_game):
    game = make_game()
    other = app.test_client()
    other.get(f"/games/{game['id']}")  # drawn for every device first
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Hand 1 corrected; the totals after it are recomputed.")]
    assert "Hand 1 corrected" in client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Hand 1 corrected" not in other.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Hand 1 corrected" not in client.get(f"/games/{game['id']}").get_data(as_text=True)  # shown once

"""lang/: the current language, lazy declarations and the catalogs as the code meets them (issue 25)."""
from __future__ import annotations

import json
import os
import shutil

import pytest
from markupsafe import escape

import lang


def test_a_lazy_text_is_said_in_the_language_of_the_moment_it_is_shown():
    card = lang.L_("Card values")
    assert str(card) == "Card values"
    with lang.using("de"):
        german = str(card)
        assert german != "Card values" and f"{card}" == german and card + "!" == german + "!"
        assert card[:1] == german[:1] and card.upper() == german.upper()
    assert str(card) == "Card values"  # the block ended: English again


def test_a_lazy_text_keeps_its_english_for_what_is_stored_and_compares_by_it():
    name = lang.L_("Classic Canasta")
    with lang.using("es"):
        assert lang.english(name) == "Classic Canasta"
        assert name == "Classic Canasta" and name == lang.L_("Classic Canasta")
        assert hash(name) == hash(lang.L_("Classic Canasta"))
        assert {name: 1}[lang.L_("Classic Canasta")] == 1
    assert lang.english("plain") == "plain"


def test_a_lazy_text_is_escaped_as_html_in_its_language():
    with lang.using("de"):
        assert str(escape(lang.L_("Card values"))) == str(escape(lang._("Card values")))


def test_a_placeholder_may_have_any_name_even_message():
    assert lang._("%(message)s", message="x") == "x"
    assert lang.ngettext("%(num)s hand", "%(num)s hands", 2, message="y") == "2 hands"


def test_plurals_and_numbers_follow_the_language():
    assert lang.ngettext("%(num)s hand", "%(num)s hands", 10330) == "10,330 hands"
    with lang.using("de"):
        assert lang.ngettext("%(num)s hand", "%(num)s hands", 10330).startswith("10.330 ")
        assert lang.ngettext("%(num)s hand", "%(num)s hands", 1).startswith("1 ")
    assert lang.number(-415) == "−415" and lang.signed(10330) == "+10,330"


def test_an_unknown_language_speaks_english():
    with lang.using("xx") as spoken:
        assert spoken == "en" and lang._("Card values") == "Card values"


def test_the_shown_filter_translates_kept_english_and_leaves_names_alone():
    with lang.using("de"):
        assert lang.shown("Card values") == lang._("Card values") != "Card values"
        assert lang.shown("Ann & Bob") == "Ann & Bob" and lang.shown(None) == ""


def test_a_catalog_without_its_compiled_file_is_compiled_from_its_po(tmp_path):
    """A checkout run without `make catalogs` (or with an older .mo) still speaks the language of its .po."""
    folder = tmp_path / "translations"
    shutil.copytree(os.path.join(lang.TRANSLATIONS, "de"), folder / "de",
                    ignore=shutil.ignore_patterns("*.mo"))
    loaded = lang._load(str(folder), "de")
    assert loaded is not None and loaded.gettext("Card values") != "Card values"
    with lang.using("de"):
        assert loaded.gettext("Card values") == lang._("Card values")


def test_json_of_a_lazy_text_through_the_app_is_its_translation(app):
    with app.test_request_context(headers={"Accept-Language": "it"}):
        app.preprocess_request()
        said = json.loads(app.json.dumps({"name": lang.L_("Classic Canasta")}))["name"]
    with lang.using("it"):
        assert said == str(lang.L_("Classic Canasta")) != "Classic Canasta"


@pytest.mark.parametrize("code", [c for c in lang.LANGUAGES if c != lang.DEFAULT])
def test_every_offered_language_has_its_catalog(code):
    assert os.path.exists(os.path.join(lang.TRANSLATIONS, code, "LC_MESSAGES", "messages.po"))
    with lang.using(code):
        assert lang._("Language") != "Language"

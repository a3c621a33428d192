"""Issue 25: the sheets, the rules card and the CSV in the language of the page that asked (`?lang=`).

A marking catalog is built here from the texts the sheets' own code marks ("«Score sheet»"), registered as the
test language ie whose numbers are written as German writes them (10.330), so every marked text and every number
can be found by reading the PDF back. A second one makes every text about half as long again, as German runs, to
show the rules card still fits its page. English is checked unchanged beside them.
"""
from __future__ import annotations

import csv
import io
import os

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo

import lang
from scoring import VARIANTS

from .sheet_helpers import HAND_1, HAND_2, char_sizes, club_night, pdf_pages, played, render_png


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = [os.path.join("sheets", f) for f in sorted(os.listdir(os.path.join(ROOT, "sheets"))) if f.endswith(".py")] + [
    "web/views/sheets.py", "web/views/scores_csv.py", "web/present/takeaway.py", "web/present/chart.py"]
KEYWORDS = {**DEFAULT_KEYWORDS, "L_": None, "N_": None, "Nn_": (1, 2), "lazy_pgettext": ((1, "c"), 2),
            "say": None, "say_n": None, "R_": None, "say_of": None}
ACCENTS = "ñ ã ç ß ü é à"
ACCENTED = "Card values"  # its marked form carries every accent to check


def marked(text: str) -> str:
    return f"«{text} {ACCENTS}»" if text == ACCENTED else f"«{text}»"


def longer(text: str) -> str:
    """Half as long again, as a German sentence runs beside the English one (placeholders left whole)."""
    return text + " Überlänge" * max(1, len(text) // 20)


def card_texts() -> set[str]:
    """What the rules cards print from scoring/ (summaries, parts, cards, going out), as the card asks for it."""
    found = set()
    for variant in VARIANTS.values():
        rules = variant.default_options()["house_rules"]
        meld_rows, note = variant.meld_rows(rules)
        found |= {variant.summary, variant.going_out_text(rules), variant.meld_heading(rules), note,
                  variant.valueless_cards, variant.finish_time_note, *variant.card_names.values(),
                  *(f.help for f in variant.fields), *(c for row in variant.bonus_rows(rules) + meld_rows for c in row)}
    return {str(t) for t in found if t and str(t).strip() and not str(t).replace(",", "").isdigit()}


def much_longer(text: str) -> str:
    """Twice as long and more: a language no card's first size holds."""
    return text + " Überlänge" * max(2, len(text) // 8)


def catalog_of(folder, code: str, say, more: set[str] = frozenset()) -> None:
    """Every text the sheets' code marks (and `more`), said by `say`, compiled into `folder`/`code`."""
    catalog = Catalog(locale="de")
    for path in SOURCES:
        for _, message, _, context in extract_from_file("scoring.extract.python", os.path.join(ROOT, path), keywords=KEYWORDS):
            said = tuple(say(m) for m in message) if isinstance(message, tuple) else say(message)
            catalog.add(message, said, context=context)
    for message in sorted(more):
        if catalog.get(message) is None:
            catalog.add(message, say(message))
    catalog.add(("%(num)s hand", "%(num)s hands"), (say("%(num)s hand"), say("%(num)s hands")))
    where = folder / code / "LC_MESSAGES"
    where.mkdir(parents=True)
    with open(where / "messages.mo", "wb") as f:
        write_mo(f, catalog)


@pytest.fixture
def languages(tmp_path, monkeypatch):
    """ie (every sheet text marked) and ia (every text longer), both writing numbers as German does; the languages
    lang knew before are back after the test."""
    for name in ("_extra_dirs", "_added", "_babel_of"):  # lang.core keeps them (lang gathers its names)
        monkeypatch.setattr(lang.core, name, type(getattr(lang.core, name))(getattr(lang.core, name)))
    monkeypatch.setattr(lang.core, "_catalogs", {})
    catalog_of(tmp_path / "marks", "ie", marked)
    catalog_of(tmp_path / "long", "ia", longer, card_texts())  # the whole card longer, scoring's words too
    lang.add_catalogs(str(tmp_path / "marks"), "ie", "Interlingue", "de")
    lang.add_catalogs(str(tmp_path / "long"), "ia", "Interlingua", "de")
    catalog_of(tmp_path / "longest", "io", much_longer, card_texts())
    lang.add_catalogs(str(tmp_path / "longest"), "io", "Ido", "de")


def german(n: int) -> str:
    return f"{n:,}".replace(",", ".").replace("-", "\u2212")


def english(n: int) -> str:
    return f"{n:,}".replace("-", "\u2212")


def get(client, address: str, **query) -> bytes:
    response = client.get(address, query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.data


def text_of(data: bytes) -> str:
    return "\n".join(p["text"] for p in pdf_pages(data))


@pytest.fixture
def game(client, make_game):
    """A Ponytail game of two hands (RULES.md §6): Núñez & João 20,885, Weiß 940."""
    sides = [{"name": "Núñez & João", "players": ["Núñez", "João"]}, {"name": "Weiß", "players": ["Weiß", "Renée"]}]
    game_id = played(client, make_game, {"variant": "ponytail", "sides": sides}, [HAND_1, HAND_2])
    return client.get(f"/api/games/{game_id}").get_json()


def test_score_sheet_in_the_marked_language(client, game, languages):
    text = text_of(get(client, f"/games/{game['id']}/sheet.pdf", lang="ie"))
    for words in ("«Score sheet»", "«Totals so far»", "«Place»", "«Behind»", "«Page 1»", "«Target 50.000»",
                  "Núñez & João", "Weiß"):
        assert words in text, words
    said = " ".join(text.split())
    assert "«Result: «In progress after 2 hands: Núñez & João leads by 19.945.»»" in said
    assert [s["score"] for s in game["sides"]] == [20_885, 940]
    assert "20.885" in text and "20,885" not in text
    assert "«Running totals," in text  # the chart's title


def test_score_sheet_in_english_is_as_it_was(client, game, languages):
    text = text_of(get(client, f"/games/{game['id']}/sheet.pdf"))
    assert "«" not in text and "Score sheet · Ponytail" in text and "Target 50,000" in text
    assert "20,885" in text and "Núñez & João leads by 19,945." in " ".join(text.split())


def test_blank_sheet_in_the_marked_language(client, game, languages):
    data = get(client, f"/games/{game['id']}/blank-sheet.pdf", lang="ie", hands=14)
    pages = [p["text"] for p in pdf_pages(data)]
    assert len(pages) == 2
    assert "«Score sheet»" in pages[0] and "«Date: ____" in pages[0] and "«Target 50.000»" in pages[0]
    assert "«b/f»" in pages[1] and "«Page 2»" in pages[1]
    assert min(char_sizes(data)) >= 9


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_rules_card_in_the_marked_language(client, languages, variant_id):
    variant = VARIANTS[variant_id]
    data = get(client, f"/variants/{variant_id}/card.pdf", lang="ie")
    pages = pdf_pages(data)
    assert len(pages) == 1 and min(char_sizes(data)) >= 9
    text = " ".join(pages[0]["text"].split())
    for words in (f"«{ACCENTED} {ACCENTS}»", "«Cards»", "«Points", "each»", "«Going out»", "«End of the game»",
                  "«Highest total wins;", "«These are the usual rules;", "rules at a glance»"):
        assert words in text, words
    for name, value in variant.house_rules.items():
        if name.endswith("canasta") and isinstance(value, int) and value >= 1000:
            assert german(value) in text, name
    if variant.target:
        assert german(variant.target) in text
    if variant_id == "hand-and-foot":
        render_png(data, "rules-card-hand-and-foot-marked")


def test_accents_print_in_the_sheets_font(client, languages):
    text = text_of(get(client, "/variants/classic/card.pdf", lang="ie"))
    for letter in ACCENTS.split():
        assert letter in text, letter


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_longer_language_still_fits_the_rules_card_on_its_page(client, languages, variant_id, paper):
    data = get(client, f"/variants/{variant_id}/card.pdf", lang="ia", paper=paper)
    pages = pdf_pages(data)
    assert len(pages) == 1 and min(char_sizes(data)) >= 9
    text = " ".join(pages[0]["text"].split())
    # nothing cut: the last words of the card's longest paragraphs are there, the closing one too
    assert "runner-up's. Überlänge" in text and "prints the rules it chose. Überlänge" in text
    if variant_id in ("ponytail", "five-person") and paper == "a4":
        render_png(data, f"rules-card-{variant_id}-longer")


@pytest.mark.parametrize("variant_id", ["five-person", "ponytail"])
def test_a_much_longer_language_sets_the_card_smaller_never_below_9_pt(client, languages, variant_id):
    """Five-person's card steps down to fit one page; Ponytail's, fuller, still does not at 9 pt and runs onto a
    second page rather than lose a word."""
    data = get(client, f"/variants/{variant_id}/card.pdf", lang="io")
    pages, sizes = pdf_pages(data), set(char_sizes(data))
    assert min(sizes) >= 9 and 12 not in sizes  # the card's tables and prose set smaller than 12 pt
    assert len(pages) == (1 if variant_id == "five-person" else 2)
    text = " ".join(" ".join(p["text"] for p in pages).split())
    assert "runner-up's. Überlänge" in text and "prints the rules it chose. Überlänge" in text
    render_png(data, f"rules-card-{variant_id}-much-longer")


def test_sheet_routes_follow_lang_de(client, game):
    """?lang=de on a sheet's address: German words (the German catalog's), numbers and dates."""
    text = text_of(get(client, f"/games/{game['id']}/sheet.pdf", lang="de"))
    assert german(game["sides"][0]["score"]) in text and "50.000" in text
    with lang.using("de"):
        assert str(lang.L_("Score sheet")) in text and "Score sheet" not in text
    card = " ".join(text_of(get(client, "/variants/ponytail/card.pdf", lang="de")).split())
    assert "50.000" in card and "anyone reaches" not in card


def rows_of(client, game, **query) -> list[list[str]]:
    body = client.get(f"/games/{game['id']}/scores.csv", query_string=query).get_data(as_text=True)
    return list(csv.reader(io.StringIO(body)))


def test_csv_headers_in_the_marked_language_and_its_numbers_plain_digits(client, game, languages):
    header, first, last = rows_of(client, game, lang="ie")
    column = {head: k for k, head in enumerate(header)}
    hand_score, running = column["«Núñez & João: «hand score»»"], column["«Weiß: «running total»»"]
    assert "«Núñez & João: «Natural canastas (points)»»" in column
    assert "«Weiß: «Unpicked pony (points)»»" in column
    assert first[hand_score] == "10330" and last[running] == "940"  # a spreadsheet reads digits, never 10.330
    assert all(cell.lstrip("-").isdigit() for cell in first + last)


def test_csv_in_english_is_as_it_was(client, game, languages):
    header = rows_of(client, game)[0]
    assert header[0] == "Hand" and "Núñez & João: running total" in header and not any("«" in h for h in header)


def test_a_club_nights_results_and_seating_in_the_marked_language(languages):
    from sheets.event_sheets import results_pdf, seating_pdf



    event, rows, results, audit = club_night(byes=True, n=9)
    with lang.using("ie"):
        data = results_pdf(event, rows, results, audit, "a4")
        seating = text_of(seating_pdf(event, 1, "a4"))
    text = " ".join(text_of(data).split())
    for words in ("«Standings»", "«Round 1»", "«Who played (score)»" if event.get("table_size", 2) > 2 else "«Winner»",
                  "«Page 1»", "19.100", "2,33", "24. Nov. 19:31", "Núñez & João"):
        assert words in text, words
    assert "«Table 1:" in seating and "«Sits out:" in seating and "«Table 1»" in seating
    assert min(char_sizes(data)) >= 9

"""Words in every language (issue 31, 23): a sentence about a variant's rounds is its own whole msgid for each
round word (no hand/round/deal word slotted into a larger sentence), and the two meanings of "Finished" are apart."""
from __future__ import annotations

import os
import re

import pytest
from babel.messages.pofile import read_po

import lang
from scoring import VARIANTS, get_variant
from scoring.variants.five_person import FIELDS as FIVE_FIELDS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGES = ("es", "pt_BR", "it", "de")
# a value taken from a variant's words and put into a slot of a translated text: round=words.round,
# Round=capital(words.round), rounds=variant.words.rounds, **words_of(game)…
SLOTTED = re.compile(r"\b[Rr]ounds?\s*=\s*(capital\(|str\()?[\w.()\[\]']*\bwords\b|\bwords_of\(|"
                     r"\bround=(Round|round|word|lang\.shown\(per\))\b|L_\(\"[^\"]*\{round\}")


def sources():
    for folder in ("scoring", "service", "web", "sheets", "templates"):
        for base, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith((".py", ".html")):
                    yield os.path.join(base, name)


def test_no_round_word_is_slotted_into_a_sentence():
    found = [f"{os.path.relpath(path, ROOT)}:{n}: {line.strip()[:100]}"
             for path in sources() for n, line in enumerate(open(path, encoding="utf-8"), 1) if SLOTTED.search(line)]
    assert found == []


def round_sentences() -> set[str]:
    """Every whole round-word msgid the registered variants say, as `make catalogs-update` lists them."""
    catalog = read_po(open(os.path.join(ROOT, "translations", "messages.pot"), "rb"))
    words = {lang.english(v.words.round) for v in VARIANTS.values()} | {lang.english(v.words.rounds)
                                                                         for v in VARIANTS.values()}
    return {m.id if isinstance(m.id, str) else m.id[1] for m in catalog
            if m.id and any(re.search(rf"\b{w}\b", m.id if isinstance(m.id, str) else m.id[1], re.I) for w in words)}


@pytest.mark.parametrize("locale", LANGUAGES)
def test_each_variant_says_its_round_sentences_whole_in_every_language(locale):
    sentences = {"Record %(round)s %(n)s", "%(Round)s %(n)s recorded.",
                 "Optional. The %(round)s in play when it passes is the last."}
    for variant in VARIANTS.values():
        for sentence in sentences:
            whole = variant.words.whole(sentence)
            assert "%(round" not in whole and "%(Round" not in whole and whole in round_sentences()
            with lang.using(locale):
                assert variant.words.say(sentence, n=3) != whole % {"n": 3}, (locale, whole)  # translated


@pytest.mark.parametrize("variant_id, locale, sentence, said", [
    ("five-person", "es", "Optional. The %(round)s in play when it passes is the last.",
     "Opcional. La mano que esté en juego cuando llegue esa hora será la última."),
    ("hand-and-foot", "it", "%(Round)s %(n)s recorded.", "Turno 3 registrato."),
    ("classic", "it", "%(Round)s %(n)s recorded.", "Mano 3 registrata."),
    ("five-person", "it", "%(Round)s %(n)s recorded.", "Smazzata 3 registrata."),
    ("hand-and-foot", "it", "Optional. The %(round)s in play when it passes is the last.",
     "Facoltativa. Il turno in corso a quell'ora è l'ultimo."),
    ("five-person", "pt_BR", "Record %(round)s %(n)s", "Registrar mão 3"),
    ("classic", "de", "%(Round)s limit", "Höchstzahl der Runden"),
    ("classic", "es", "%(Round)s limit", "Límite de manos"),
    ("five-person", "de", "<strong>Time:</strong> finish the %(round)s in play; it is the last (the finish time "
     "%(time)s has passed).",
     "<strong>Zeit:</strong> Spielen Sie die laufende Runde zu Ende; sie ist die letzte (die Endzeit %(time)s ist "
     "vorbei)."),
    ("hand-and-foot", "it", "<strong>Time:</strong> finish the %(round)s in play.",
     "<strong>Tempo:</strong> finite il turno in corso."),
])
def test_gendered_languages_say_each_round_word_right(variant_id, locale, sentence, said):
    with lang.using(locale):
        assert get_variant(variant_id).words.say(sentence, n="3", time="%(time)s") == said


def test_finished_has_a_context_for_each_meaning():
    field = next(f for f in FIVE_FIELDS if f.name == "finished")
    with lang.using("de"):
        assert str(field.label) == "Ausgemacht"
        assert lang.pgettext("a table's game is over", "Finished") == "Beendet"
    with lang.using("es"):
        assert str(field.label) == "Cerró" and lang.pgettext("a table's game is over", "Finished") == "Terminada"


def test_a_finished_club_night_table_reads_as_over_not_as_went_out():
    from types import SimpleNamespace

    from web.views.event_pages import _table_state

    over = SimpleNamespace(finished=True, hands_played=4)
    with lang.using("de"):
        assert _table_state(get_variant("five-person"), over) == "Beendet"
    with lang.using("it"):
        assert _table_state(get_variant("classic"), over) == "Finita"
        assert _table_state(get_variant("hand-and-foot"), SimpleNamespace(finished=False, hands_played=2)) == "Turno 3"

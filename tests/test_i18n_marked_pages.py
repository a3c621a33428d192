"""Every page state of every variant, read in the marking locale (tests/i18n_helpers.py): each text a person meets —
a text node (hidden ones too: scripts show them), a title, an ARIA label, a placeholder, a button's value, the words
a script takes from a data attribute — is inside ⟦…⟧, or is a name typed here, a number or punctuation, or a
language's own name in the language menu. Whatever else is there was never marked for gettext: it would stay
English in every language. A failure lists each such text with the page it is on.
"""
from __future__ import annotations

import csv
import glob
import io
import json
import os
import re

import pytest

import lang
import scoring
from tests.examples import EXAMPLES, form_fields
from tests.i18n_helpers import ROOT, Checker
from tests.pages import Doc, post, read

# on the branch that wrote these tests most texts are not marked yet: the lead removes the mark after the merge

PLAYERS = ["Aurelio", "Benedita", "Ciro", "Dalva", "Eulália", "Fiorella", "Gunnar", "Hedda", "Iñaki", "Jovana"]
PAIRS = ["Norteños", "Sureños"]
PIN = "4826"
# what a person reads in an attribute; data-* ones are checked unless they hold what no person reads
TEXT_ATTRIBUTES = ("title", "aria-label", "aria-description", "aria-roledescription", "aria-valuetext",
                   "aria-placeholder", "alt", "placeholder", "label")
META_TEXT = ("description", "application-name", "apple-mobile-web-app-title", "og:title", "og:description",
             "og:site_name", "twitter:title", "twitter:description")
DATA_NOT_TEXT = {"data-game", "data-poll", "data-step", "data-for", "data-variant", "data-hand", "data-draft",
                 "data-done", "data-sender", "data-local", "data-posted", "data-preview", "data-send-now",
                 "data-discard-draft", "data-htmx-powered", "data-draft-key", "data-key", "data-revision",
                 "data-number", "data-side", "data-value", "data-index", "data-url", "data-href", "data-id",
                 "data-fills", "data-sections"}
UNREAD = {"script", "style"}
SHOWN_VALUES = ("submit", "button", "reset", "text", "search", None)
KEPT_FIELDS = ("revision", "number", "idempotency_key", "recorded_at")  # the hand form's own hidden fields


def example_of(variant_id: str):
    return next(e for e in EXAMPLES if e.variant == variant_id)


def named(example) -> dict:
    """The example's game body with names no English text could be mistaken for."""
    pool = iter(PLAYERS)
    sides = []
    for i, side in enumerate(example.sides):
        players = [next(pool) for _ in side["players"]]
        sides.append({"name": PAIRS[i] if len(players) > 1 and i < len(PAIRS) else players[0], "players": players})
    return {**example.game, "sides": sides}


def names_of(body: dict) -> list[str]:
    return [n for s in body["sides"] for n in (s["name"], *s["players"])]


def shown_text(doc: Doc) -> str:
    """Every text node of the page in order (hidden ones included: a script shows them), one a line."""
    out: list[str] = []

    def walk(element):
        for child in element.children:
            if isinstance(child, str):
                if element.tag not in UNREAD and child.strip():
                    out.append(child)
            elif "address" in (child.get("class") or "").split() and child.get("translate") == "no":
                out.append("".join(child.text.split()))  # an address to type, drawn in pieces that break well: one
            else:
                walk(child)

    walk(doc)
    return "\n".join(out)


def attribute_texts(doc: Doc) -> list[tuple[str, str]]:
    """(where, text) of each attribute a person reads: labels, titles, button values, a script's words."""
    found = []
    for e in doc.walk():
        where = f"<{e.tag}{' id=' + e.get('id') if e.get('id') else ''}>"
        for attr, value in e.attrs.items():
            if not value or not value.strip():
                continue
            if attr in TEXT_ATTRIBUTES:
                found.append((f"{where} {attr}", value))
            elif attr.startswith("data-") and attr not in DATA_NOT_TEXT and not re.match(r"(/|https?:|#)", value):
                found.extend((f"{where} {attr}{key}", text) for key, text in words_of(value))
        if e.tag == "input" and e.get("type") in SHOWN_VALUES and e.get("value"):
            found.append((f"{where} value", e.get("value")))
        if e.tag == "meta" and (e.get("name") or e.get("property")) in META_TEXT and e.get("content"):
            found.append((f"<meta {e.get('name') or e.get('property')}>", e.get("content")))
    return found


def words_of(value: str) -> list[tuple[str, str]]:
    """A data attribute's words: its value, or each string in it when it holds JSON (a script's table of words)."""
    try:
        held = json.loads(value)
    except ValueError:
        return [("", value)]
    if isinstance(held, dict):
        return [(f"[{key!r}]", text) for key, text in held.items() if isinstance(text, str)]
    if isinstance(held, list):
        return [(f"[{i}]", text) for i, text in enumerate(held) if isinstance(text, str)]
    return [("", value)] if isinstance(held, str) else []


def untranslated(html: str, checker: Checker) -> list[str]:
    """Each text outside the marks that is no name, number or punctuation, with where it is."""
    doc = read(html)
    bad = [f"text: {t!r}" for t in checker.leftovers(shown_text(doc))]
    for where, value in attribute_texts(doc):
        bad.extend(f"{where}: {t!r}" for t in checker.leftovers(value))
    return bad


class Tour:
    """The pages visited, each read for unmarked text; `report()` lists them all, page by page."""

    def __init__(self, client, names=()):
        self.client = client
        self.checker = Checker(names)
        self.pages: dict[str, list[str]] = {}
        self.seen = 0

    def look(self, label: str, response, statuses=(200,)) -> Doc | None:
        """Read a page answer; it must be HTML with one of `statuses`."""
        assert response.status_code in statuses, \
            f"{label}: {response.status_code} {response.get_data(as_text=True)[:300]}"
        if "html" not in response.content_type or 300 <= response.status_code < 400:
            return None  # a redirect's body is Werkzeug's, which a browser never shows
        html = response.get_data(as_text=True)
        if not html.strip():
            return None
        self.seen += 1
        bad = untranslated(html, self.checker)
        if bad:
            self.pages[f"{label} ({response.request.method} {response.request.path}, {response.status_code})"] = bad
        return read(html)

    def get(self, label: str, path: str, statuses=(200,), **kw) -> Doc | None:
        return self.look(label, self.client.get(path, **kw), statuses)

    def post(self, label: str, path: str, data=None, statuses=(200, 303, 409, 422), htmx=False) -> Doc | None:
        response = post(self.client, path, data, htmx=htmx)
        self.look(label, response, statuses)
        return response

    def report(self) -> str:
        count = sum(len(v) for v in self.pages.values())
        lines = [f"{count} text(s) on {len(self.pages)} of {self.seen} pages are not marked for translation "
                 "(shown outside ⟦…⟧ in the marking locale; mark them with _(), L_() or N_() + |shown):"]
        for page, bad in self.pages.items():
            lines.append(f"  {page}:")
            lines.extend(f"    {b}" for b in dict.fromkeys(bad))
        return "\n".join(lines)


def new_client(app, locale):
    fresh = app.test_client()
    fresh.set_cookie("meldbook_lang", locale)
    return fresh


def api(client, method, path, body=None, status=(200, 201)):
    answer = client.open(path, method=method, json=body)
    assert answer.status_code in status, answer.get_data(as_text=True)
    return answer.get_json()


def first_typed_field(doc: Doc) -> str:
    """The name of the first field of side 1 a number is typed into."""
    return next(e.get("name") for e in doc.walk()
                if e.tag == "input" and (e.get("name") or "").startswith("entries[0].")
                and e.get("type") in ("text", "number", None) and ":" not in e.get("name"))


@pytest.mark.parametrize("variant_id", list(scoring.VARIANTS))
def test_every_page_of_a_game_is_marked(marked_client, marking_locale, variant_id):
    client, app = marked_client, marked_client.application
    example = example_of(variant_id)
    body = named(example)
    tour = Tour(client, names_of(body))

    tour.get("choose a variant", "/games/new")
    form = tour.get("new game form", f"/games/new/{variant_id}")
    typed = {**form.form_values()}
    for i, name in enumerate(n for s in body["sides"] for n in s["players"]):
        typed.setdefault(f"sides[{i}].players[0]", name)
    blank = {k: ("" if re.fullmatch(r"sides\[\d+\]\.(players\[\d+\]|name)", k) else v) for k, v in typed.items()}
    tour.post("new game form, refused", f"/games/new/{variant_id}", blank, statuses=(400, 422))
    tour.post("new game form, seats drawn", f"/games/new/{variant_id}/seats", typed, statuses=(200, 303, 422))

    game = api(client, "POST", "/api/games", body)
    tour.checker.add(game["id"])
    gid = game["id"]
    tour.get("game page, no hands yet", f"/games/{gid}")
    hand = tour.get("hand form", f"/games/{gid}/hands/new")
    fields = form_fields(example.hands[0].entries)
    base = {k: v for k, v in hand.form_values().items() if k in KEPT_FIELDS}
    tour.post("preview", f"/games/{gid}/hands/preview", {**base, **fields}, statuses=(200,), htmx=True)
    tour.checker.add("12x")  # what the player typed is shown back as typed
    tour.post("hand form, refused", f"/games/{gid}/hands/new", {**base, **fields, first_typed_field(hand): "12x"},
              statuses=(422,))

    recorded = post(client, f"/games/{gid}/hands/new", {**base, **fields})
    assert recorded.status_code == 303, recorded.get_data(as_text=True)[:500]
    page = tour.get("game page, a hand just recorded (undo note)", f"/games/{gid}")
    tour.get("hand detail", f"/games/{gid}/hands/1/detail")
    tour.get("earlier hands", f"/games/{gid}/hands/earlier", statuses=(200, 204, 404))
    tour.get("table display", f"/games/{gid}/table")
    tour.get("edit hand form", f"/games/{gid}/hands/1/edit")
    undo = post(client, f"/games/{gid}/hands/1/undo", {"revision": api(client, "GET", f"/api/games/{gid}")["revision"]})
    assert undo.status_code == 303
    tour.get("game page, a hand taken back", f"/games/{gid}")

    stale = tour.get("hand form, to be stale", f"/games/{gid}/hands/new")
    stale_base = {k: v for k, v in stale.form_values().items() if k in KEPT_FIELDS}
    api(client, "POST", f"/api/games/{gid}/hands", example.hands[0].payload)
    tour.post("conflict (another phone recorded first)", f"/games/{gid}/hands/new", {**stale_base, **fields},
              statuses=(409,))
    shown_revision = api(client, "GET", f"/api/games/{gid}")["revision"]
    api(client, "PUT", f"/api/games/{gid}/hands/1", example.hands[0].payload)
    post(client, f"/games/{gid}/hands/1/undo", {"revision": shown_revision})
    tour.get("game page, undo refused", f"/games/{gid}")
    for number, later in enumerate(example.hands[1:], start=2):
        api(client, "POST", f"/api/games/{gid}/hands", later.payload)
    tour.get("game page with hands", f"/games/{gid}")
    slip = tour.get("paper slip", f"/games/{gid}/paper")
    # a row left to fill (a game played to its last hand has none): a total that is no multiple of 5
    rows = [e.get("name") for e in slip.walk() if e.tag == "input" and e.get("value") == "" and "total" in e.get("name", "")]
    for row in rows[:1]:
        tour.post("paper slip, refused", f"/games/{gid}/paper", {**slip.values, row: "7"}, statuses=(409, 422))
    key = page.by_id("scores") and next((e.get("data-poll") for e in page.walk() if e.get("data-poll")), None)
    if key:
        tour.get("live scores", key, statuses=(200, 204))
    tour.get("hand notice", f"/games/{gid}/hands/live", statuses=(200, 204, 400))
    answer = client.get(f"/games/{gid}/scores.csv")
    tour.seen += 1
    if answer.status_code == 200:
        header = next(csv.reader(io.StringIO(answer.get_data(as_text=True))))
        bad = [h for h in header if tour.checker.leftovers(h)]
        if bad:
            tour.pages["scores.csv header"] = [f"column: {h!r}" for h in bad]

    api(client, "POST", f"/api/games/{gid}/end")
    tour.get("game over", f"/games/{gid}")
    tour.get("table display, game over", f"/games/{gid}/table")
    tour.get("hand form, game over", f"/games/{gid}/hands/new", statuses=(200, 303, 409, 422))

    locked = api(client, "POST", "/api/games", {**body, "pin": PIN})
    stranger = new_client(app, marking_locale)
    stranger_tour = Tour(stranger, names_of(body) + [locked["id"]])
    stranger_tour.get("game page, locked", f"/games/{locked['id']}")
    stranger_tour.get("hand form, locked", f"/games/{locked['id']}/hands/new", statuses=(200, 303, 403))
    stranger_tour.get("unlock (PIN) page", f"/games/{locked['id']}/unlock")
    stranger_tour.post("unlock, wrong PIN", f"/games/{locked['id']}/unlock", {"pin": "0000"},
                       statuses=(200, 303, 401, 403, 422, 429))
    tour.pages.update({f"[another phone] {k}": v for k, v in stranger_tour.pages.items()})
    tour.seen += stranger_tour.seen

    if tour.pages:
        pytest.fail(tour.report(), pytrace=False)


def test_home_players_errors_and_the_api_are_marked(marked_client, marking_locale, app):
    client = marked_client
    tour = Tour(client, PLAYERS + PAIRS + ["Anonimo", "no-such-game", "nope", "Nobody", "Thursdays", "nonsense"])
    # (what was typed, and addresses too)
    tour.look("home, no games yet", new_client(app, marking_locale).get("/"))
    body = named(example_of("ponytail"))
    game = api(client, "POST", "/api/games", body)
    api(client, "POST", f"/api/games/{game['id']}/hands", example_of("ponytail").hands[0].payload)
    home = tour.get("home, a game going", "/")
    manifest = next(e.get("href") for e in home.walk() if e.tag == "link" and e.get("rel") == "manifest")
    installed = client.get(manifest).get_json(force=True)
    bad = [f"{key}: {installed.get(key)!r}" for key in ("name", "short_name", "description")
           if tour.checker.leftovers(installed.get(key) or "")]
    if bad:
        tour.pages[f"the web app manifest ({manifest})"] = bad
    tour.get("players", "/players")
    tour.get("player", f"/players/{PLAYERS[0]}")
    tour.get("rename, confirm", f"/players/{PLAYERS[0]}/rename?name=Anonimo")
    tour.post("rename, refused", f"/players/{PLAYERS[0]}/rename", {"name": PLAYERS[1]}, statuses=(409, 422))
    tour.get("merge, confirm", f"/players/{PLAYERS[0]}/merge?into={PLAYERS[2]}", statuses=(200, 409, 422))
    tour.post("merge, refused", f"/players/{PLAYERS[0]}/merge", {"into": PLAYERS[1]}, statuses=(409, 422))

    tour.get("rule sets, none saved", "/rule-sets")
    kept = api(client, "POST", "/api/rule-sets", {"name": "Thursdays", "variant": "ponytail",
                                                  "options": {"house_rules": {"natural_canasta": 600}}})
    tour.get("rule sets, one saved", "/rule-sets")
    tour.post("rule sets, a bad link", "/rule-sets/add", {"set": "nonsense"}, statuses=(422,))
    tour.get("new game form with a rule set", f"/games/new/ponytail?rule_set={kept['id']}")
    card = client.get(f"/games/{game['id']}/card.pdf")
    tour.seen += 1
    if card.status_code != 200:
        tour.pages["the game's rules card"] = [f"answered {card.status_code}"]
    tour.get("404 page", "/games/no-such-game", statuses=(404,))
    tour.get("404, no such address", "/no/such/address", statuses=(404,))
    tour.get("404, no such player", "/players/Nobody", statuses=(404,))
    tour.look("refusal without the page's token", client.post("/games/new/ponytail", data={}),
              statuses=(400, 403))
    tour.get("405", "/games/new/ponytail/seats", statuses=(405,))

    refusals = [("POST /api/games", client.post("/api/games", json={"variant": "ponytail", "sides": []})),
                ("POST /api/games/…/hands", client.post(f"/api/games/{game['id']}/hands",
                                                      json={"entries": [{"melded": -1.5}, {}]})),
                ("GET /api/games/nope", client.get("/api/games/nope"))]
    for label, answer in refusals:
        assert answer.status_code >= 400, label
        messages = re.findall(r'"message":\s*"((?:[^"\\]|\\.)*)"', answer.get_data(as_text=True))
        assert messages, (label, answer.get_data(as_text=True))
        bad = [m for raw in messages for m in tour.checker.leftovers(json.loads(f'"{raw}"'))]
        if bad:
            tour.pages[f"API error messages of {label}"] = bad
    if tour.pages:
        pytest.fail(tour.report(), pytrace=False)


def test_club_night_pages_are_marked(marked_client):
    client = marked_client
    entrants = [("Aurelio", "Benedita"), ("Ciro", "Dalva"), ("Eulália", "Fiorella"), ("Gunnar", "Hedda")]
    typed = [n for pair in entrants for n in pair] + [" & ".join(p) for p in entrants] + ["Club Azzurro", "nope"]
    tour = Tour(client, typed)
    form = {"name": "Club Azzurro", "variant": "classic", "options.target": "500", "options.max_hands": "",
            "entrants": "\n".join(" & ".join(p) for p in entrants), "table_size": "2", "rounds": "3",
            "movement": "round-robin", "standings": "wins", "vp_scale": "0 10 10\n500 15 5"}
    tour.get("club nights, none yet", "/events")
    tour.get("new club night form", "/events/new")
    tour.post("new club night, refused", "/events/new", {**form, "name": "", "rounds": "0"}, statuses=(422,))
    made = post(client, "/events/new", form)
    assert made.status_code == 303, made.get_data(as_text=True)[:500]
    event_id = made.headers["Location"].rsplit("/", 1)[1]
    tour.checker.add(event_id)
    tour.get("club nights", "/events")
    tour.get("club night before round 1", f"/events/{event_id}")
    tour.get("table picker before round 1", f"/events/{event_id}/tables")
    tour.get("screen before round 1", f"/events/{event_id}/screen")
    tour.post("start round 1", f"/events/{event_id}/rounds", {"idempotency_key": "r1"}, statuses=(303,))
    tour.post("start round 1 twice", f"/events/{event_id}/rounds", {"idempotency_key": "r1-again"},
              statuses=(303, 409, 422))
    tour.get("club night, round 1", f"/events/{event_id}")
    tour.get("table picker, round 1", f"/events/{event_id}/tables")
    tour.get("table 1", f"/events/{event_id}/tables/1", statuses=(200, 303))
    tour.get("screen, round 1", f"/events/{event_id}/screen")
    event = api(client, "GET", f"/api/events/{event_id}")
    for game_id in re.findall(r'"game_id":\s*"([^"]+)"', str(event).replace("'", '"')):
        tour.checker.add(game_id)
        api(client, "POST", f"/api/games/{game_id}/hands", {"entries": [{"melded": 150}, {"melded": 100}]})
        api(client, "POST", f"/api/games/{game_id}/end")
    tour.get("club night, round 1 played", f"/events/{event_id}")
    tour.get("screen, round 1 played", f"/events/{event_id}/screen")
    directed_id = client.post("/api/events", json={  # made by the API: this device is not yet its director
        "name": "Club Azzurro", "variant": "classic", "rounds": 3, "movement": "round-robin", "standings": "wins",
        "entrants": [{"name": " & ".join(p), "players": list(p)} for p in entrants], "director_pin": "9876",
        "table_pins": True}).get_json()["id"]
    tour.checker.add(directed_id)
    tour.get("director's PIN page", f"/events/{directed_id}/unlock")
    tour.post("director's PIN, wrong", f"/events/{directed_id}/unlock", {"pin": "0000"}, statuses=(403,))
    tour.post("director's PIN, right", f"/events/{directed_id}/unlock", {"pin": "9876"}, statuses=(303,))
    tour.post("start round 1, a PIN a table", f"/events/{directed_id}/rounds", {"idempotency_key": "d1"},
              statuses=(303,))
    tour.get("club night with a PIN a table", f"/events/{directed_id}")
    tour.get("no such club night", "/events/nope", statuses=(404,))
    if tour.pages:
        pytest.fail(tour.report(), pytrace=False)


SCRIPT_LITERAL = re.compile(r'''"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`''')


def words_in_scripts() -> list[str]:
    """String literals of static/*.js that read as words for a person (a sentence, or a fragment glued to one)."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "static", "*.js"))):
        source = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), open(path, encoding="utf-8").read(),
                        flags=re.S)
        for number, line in enumerate(source.split("\n"), 1):
            for hit in SCRIPT_LITERAL.finditer(re.sub(r"(^|\s)//.*$", "", line)):
                text = next(g for g in hit.groups() if g is not None)
                if text == "use strict" or re.search(r"[\[\]#=<>{}$]", text):
                    continue  # a selector, markup or a directive
                if re.search(r"[A-Za-z]{2,}[,.;:!?—]? +[A-Za-z]{2,}", text) \
                        or re.fullmatch(r"\s+[a-z]{3,}.*|.*[a-z]{3,}\s+", text):
                    found.append(f"{os.path.relpath(path, ROOT)}:{number}: {text!r}")
    return found


def test_the_scripts_take_their_words_from_the_page():
    """The words a script shows (draft restored, not sent yet, out of touch, undo, shared) come from the page, where
    they are translated (data attributes or hidden elements), never from the script's own English."""
    found = words_in_scripts()
    if found:
        pytest.fail(f"{len(found)} text(s) written in the scripts (pass them from the page instead):\n  "
                    + "\n  ".join(found), pytrace=False)


def test_the_marking_locale_knows_a_marked_text(marked_client):
    """The machinery itself: a page in the marking locale shows the language menu's marked label."""
    html = marked_client.get("/").get_data(as_text=True)
    assert "⟦" in html and 'lang="eo"' in html


def test_what_the_checker_lets_stand_outside_the_marks(marking_locale):
    """Names typed, numbers, signs and punctuation, a language's own name and Babel's date words pass; a word does
    not, nor a word put unmarked into a marked sentence's placeholder, nor marks that do not balance."""
    checker = Checker(["Aurelio", "Norteños"])
    assert checker.leftovers("⟦Hand 3⟧ Aurelio +1,230 · −415 ×2 (15%) 3:20 – Norteños & Aurelio") == []
    assert checker.leftovers("⟦⟦Hand⟧ 2 of 4⟧\nDeutsch\nMeldbook\n26 Nov 2026, 14:05") == []
    assert checker.leftovers("Record hand 2") == ["Record hand 2"]
    assert checker.leftovers("⟦Hand⟧ 2 points") == ["2 points"]
    assert checker.leftovers("⟦Hand 2") == ["(unbalanced ⟦⟧ marks in '⟦Hand 2')"]
    typed = "⟦“%(typed)s” is not a whole number. Use the digits 0–9, e.g. 10330 or %(example)s.⟧"
    assert checker.leftovers(typed.replace("%(typed)s", "Aurelio").replace("%(example)s", "1,230")) == []
    found = checker.leftovers(typed.replace("%(typed)s", "twelve").replace("%(example)s", "1,230"))
    assert len(found) == 1 and found[0].startswith("twelve (in ⟦"), found


def test_the_marking_locale_marks_through_lang(marking_locale):
    with lang.using(marking_locale):
        assert lang._("Language") == "⟦Language⟧"
        assert lang.number(10330) == "10,330"  # numbers as English writes them: only words are marked

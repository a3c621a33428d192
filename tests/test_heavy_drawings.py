"""Issue 31 item 12: heavy drawings (results.pdf, the seating, game sheets) are drawn once per revision of what they
draw and never hold every server thread (web/plumbing/drawings.py): a drawing is made in a drawing thread once per
key, a request waits for it a few seconds at most, and meanwhile, or when too many wait, it is answered 503 "being
prepared" with Retry-After; at most DRAWERS drawings are made at once."""
from __future__ import annotations

import threading

import pytest

import sheets
import sheets.event_sheets
from web.plumbing import drawings

from .sheet_helpers import pdf_pages

EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": None, "max_hands": 1},
         "entrants": [{"name": f"Pair {i}", "players": [f"North {i}", f"South {i}"]} for i in range(1, 5)],
         "table_size": 2, "rounds": 3, "movement": "draw", "standings": "wins"}
HAND = {"entries": [{"melded": 150}, {"melded": 100}]}


@pytest.fixture(autouse=True)
def nothing_kept():
    drawings.forget_all()
    yield
    drawings.forget_all()


class Counted:
    """A drawing function wrapped: counts its calls and, while `hold` is set, waits for it to be released."""

    def __init__(self, draw):
        self.draw, self.calls, self.at_once, self.most = draw, 0, 0, 0
        self.hold: threading.Event | None = None
        self.started = threading.Semaphore(0)
        self._lock = threading.Lock()

    def __call__(self, *args, **kwargs):
        with self._lock:
            self.calls += 1
            self.at_once += 1
            self.most = max(self.most, self.at_once)
        self.started.release()
        try:
            if self.hold is not None:
                assert self.hold.wait(30), "the test never let the drawing finish"
            return self.draw(*args, **kwargs)
        finally:
            with self._lock:
                self.at_once -= 1


def device(app, n: int):
    """A test client that is another device on the network (its own client address)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = f"192.168.1.{10 + n}"
    return client


@pytest.fixture
def event(client):
    event_id = client.post("/api/events", json=EVENT).get_json()["id"]
    tables = client.post(f"/api/events/{event_id}/rounds").get_json()["tables"]
    for t in tables:
        assert client.post(f"/api/games/{t['game']}/hands", json=HAND).status_code == 201
    return event_id, [t["game"] for t in tables]


def test_results_are_drawn_once_per_revision_and_language(client, event, monkeypatch):
    event_id, games = event
    counted = Counted(sheets.event_sheets.results_pdf)
    monkeypatch.setattr(sheets.event_sheets, "results_pdf", counted)
    first = client.get(f"/events/{event_id}/results.pdf")
    assert first.status_code == 200 and client.get(f"/events/{event_id}/results.pdf").data == first.data
    assert counted.calls == 1
    assert client.get(f"/events/{event_id}/results.pdf?lang=de").status_code == 200 and counted.calls == 2
    client.put(f"/api/games/{games[0]}/hands/1", json={"entries": [{"melded": 400}, {"melded": 100}]})
    again = client.get(f"/events/{event_id}/results.pdf")  # a correction: the results are drawn again
    assert counted.calls == 3 and "400" in " ".join(p["text"] for p in pdf_pages(again.data))


def test_a_game_sheet_is_drawn_once_per_revision_and_paper(client, event, monkeypatch):
    _, games = event
    counted = Counted(sheets.game_sheet_pdf)
    monkeypatch.setattr(sheets, "game_sheet_pdf", counted)
    for _ in range(3):
        assert client.get(f"/games/{games[1]}/sheet.pdf").status_code == 200
    assert counted.calls == 1
    assert client.get(f"/games/{games[1]}/sheet.pdf?paper=letter").status_code == 200 and counted.calls == 2
    client.post(f"/api/games/{games[1]}/end")
    assert client.get(f"/games/{games[1]}/sheet.pdf").status_code == 200 and counted.calls == 3


def test_a_long_drawing_answers_503_with_retry_after_and_is_made_once(app, client, event, monkeypatch):
    event_id, _ = event
    app.config["DRAWING_WAIT_SECONDS"] = 0.05
    counted = Counted(sheets.event_sheets.results_pdf)
    counted.hold = threading.Event()
    monkeypatch.setattr(sheets.event_sheets, "results_pdf", counted)
    try:
        for _ in range(3):  # the first asks for it; the others find it under way
            answer = client.get(f"/events/{event_id}/results.pdf")
            assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
            assert "being prepared" in answer.get_data(as_text=True) and answer.mimetype == "text/html"
        assert counted.calls == 1 and drawings.under_way() == 1
    finally:
        counted.hold.set()
    app.config["DRAWING_WAIT_SECONDS"] = 30
    answer = client.get(f"/events/{event_id}/results.pdf")  # drawn meanwhile: the retry gets it
    assert answer.status_code == 200 and answer.mimetype == "application/pdf" and counted.calls == 1


def test_no_more_than_two_drawings_at_once_and_two_requests_waiting(app, event, monkeypatch):
    _, games = event
    app.config["DRAWING_WAIT_SECONDS"] = 30
    app.config["DRAWING_WAITERS"] = 2
    counted = Counted(sheets.game_sheet_pdf)
    counted.hold = threading.Event()
    monkeypatch.setattr(sheets, "game_sheet_pdf", counted)
    answers: dict[int, int] = {}

    def ask(n):  # two tables' phones
        answers[n] = device(app, n).get(f"/games/{games[n]}/sheet.pdf").status_code

    waiting = [threading.Thread(target=ask, args=(n,)) for n in (0, 1)]
    try:
        for thread in waiting:
            thread.start()
        counted.started.acquire(timeout=30)
        counted.started.acquire(timeout=30)  # both drawings began: two drawing threads, two requests waiting
        third = device(app, 2).get(f"/games/{games[0]}/blank-sheet.pdf")  # a third request is not held
        assert third.status_code == 503 and "Retry-After" in third.headers
        assert all(t.is_alive() for t in waiting) and drawings.under_way() == 3  # the blank sheet waits its turn
    finally:
        counted.hold.set()
        for thread in waiting:
            thread.join(30)
    assert answers == {0: 200, 1: 200} and counted.most == 2
    assert app.test_client().get(f"/games/{games[0]}/blank-sheet.pdf").status_code == 200


def test_the_seating_is_kept_and_its_refusals_still_say_why(client, event, monkeypatch):
    event_id, _ = event
    counted = Counted(sheets.event_sheets.seating_pdf)
    monkeypatch.setattr(sheets.event_sheets, "seating_pdf", counted)
    assert client.get(f"/events/{event_id}/seating.pdf?round=1").status_code == 200
    assert client.get(f"/events/{event_id}/seating.pdf").status_code == 200 and counted.calls == 1
    refused = client.get(f"/events/{event_id}/seating.pdf?round=2")
    assert refused.status_code == 404 and "There is no round 2 to seat" in refused.get_data(as_text=True)
    assert client.get("/events/nosuchevent/results.pdf").status_code == 404


def test_one_device_waits_for_two_drawings_at_most_and_never_holds_another_tables_sheet(app, event, monkeypatch):
    """Issue 39 item 16: a device asking for ever more drawings (the results in every language, the seating…) has
    two under way at most, one being drawn; a third is refused in words, and another table's sheet is drawn."""
    event_id, games = event
    app.config["DRAWING_WAIT_SECONDS"] = 0.05
    counted = Counted(sheets.event_sheets.results_pdf)
    counted.hold = threading.Event()
    monkeypatch.setattr(sheets.event_sheets, "results_pdf", counted)
    greedy = device(app, 0)
    try:
        assert greedy.get(f"/events/{event_id}/results.pdf").status_code == 503
        assert greedy.get(f"/events/{event_id}/results.pdf?lang=de").status_code == 503
        for ever_new in ("?x=1", "?x=2&lang=en", "?lang=de&y=3"):  # the same two states: nothing new is drawn
            assert greedy.get(f"/events/{event_id}/results.pdf{ever_new}").status_code == 503
        third = greedy.get(f"/events/{event_id}/seating.pdf?round=1")
        assert third.status_code == 429 and int(third.headers["Retry-After"]) > 0
        assert "asked for two sheets that are still being prepared" in third.get_data(as_text=True)
        api = greedy.get(f"/events/{event_id}/seating.pdf?round=1", headers={"Accept": "application/json"})
        assert api.status_code == 429
        assert counted.started.acquire(timeout=30) and counted.calls == 1  # its second waits for its first
        assert drawings.under_way() == 2
        app.config["DRAWING_WAIT_SECONDS"] = 30
        other = device(app, 1).get(f"/games/{games[1]}/sheet.pdf")  # another table's phone: the other drawer
        assert other.status_code == 200 and other.mimetype == "application/pdf"
    finally:
        counted.hold.set()
    assert greedy.get(f"/events/{event_id}/results.pdf?lang=de").status_code == 200 and counted.calls == 2
    assert greedy.get(f"/events/{event_id}/seating.pdf?round=1").status_code == 200


def test_the_slips_the_rules_card_of_a_game_and_results_csv_are_drawn_once_per_state(client, event, monkeypatch):
    """Issue 39 item 15: slips.pdf (and a game's rules card, and results.csv) were drawn on the request thread on
    every request; now once per state of what they show, in a drawing thread."""
    import sheets.score_slips
    import sheets.rules_card
    from service import tournament

    event_id, games = event
    slips = Counted(sheets.score_slips.slips_pdf)
    monkeypatch.setattr(sheets.score_slips, "slips_pdf", slips)
    card = Counted(sheets.rules_card_pdf)
    monkeypatch.setattr(sheets, "rules_card_pdf", card)
    csv = Counted(tournament.results)
    monkeypatch.setattr(tournament, "results", csv)
    for query in ("", "?round=1", "?round=01&paper=A4", "?zzz=1"):
        answer = client.get(f"/events/{event_id}/slips.pdf{query}")
        assert answer.status_code == 200 and answer.mimetype == "application/pdf"
        assert client.get(f"/games/{games[0]}/card.pdf{query}").status_code == 200
        assert client.get(f"/events/{event_id}/results.csv{query}").status_code == 200
    assert (slips.calls, card.calls, csv.calls) == (1, 1, 1)
    client.put(f"/api/games/{games[0]}/hands/1", json={"entries": [{"melded": 400}, {"melded": 100}]})
    assert client.get(f"/events/{event_id}/slips.pdf").status_code == 200 and slips.calls == 2
    changed = client.get(f"/events/{event_id}/results.csv")
    assert csv.calls == 2 and "400" in changed.get_data(as_text=True)
    refused = client.get(f"/events/{event_id}/slips.pdf?round=3")
    assert refused.status_code == 404 and "There is no round 3" in refused.get_data(as_text=True)


def test_a_nights_sheets_are_drawn_in_a_process_of_their_own(app, client, event):
    """Issue 39 item 20: the results, seating and slips are drawn in a spawned process (what drawing them took goes
    with it), and are the same sheets as drawn in a thread; no drawing process is left behind once a sheet is given
    (an idle one outlived a stopped server and held its output open)."""
    import multiprocessing
    import os

    event_id, _ = event
    app.config["DRAWING_APART"] = True
    here = os.getpid()
    pids = []
    original = drawings._in_a_process

    def watched(draw, *args):
        pids.append(original(os.getpid))
        return original(draw, *args)
    try:
        drawings._in_a_process = watched
        for path in ("results.pdf", "seating.pdf?round=1", "slips.pdf?round=1"):
            answer = client.get(f"/events/{event_id}/{path}")
            assert answer.status_code == 200 and answer.mimetype == "application/pdf"
            assert "Pair 1" in " ".join(p["text"] for p in pdf_pages(answer.data))
            assert multiprocessing.active_children() == []
    finally:
        drawings._in_a_process = original
    assert len(pids) == 3 and here not in pids


def test_the_slips_know_the_papers_without_loading_reportlab():
    from web.views import event_slips

    assert set(event_slips.PAPERS) == set(sheets.PAPERS)

"""Reading printed sheets back for the tests: text per page, page sizes, a PNG of a page to look at."""
from __future__ import annotations

import io
import os
import subprocess
from fractions import Fraction

import pdfplumber

ARTIFACTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "test-artifacts")


def pdf_pages(data: bytes) -> list[dict]:
    """Each page's text and size in points."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [{"text": p.extract_text() or "", "width": round(p.width), "height": round(p.height)} for p in pdf.pages]


def render_png(data: bytes, name: str, page: int = 1) -> str:
    """Page `page` as a PNG in test-artifacts/ (git-ignored), for a person to look at."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    pdf_path = os.path.join(ARTIFACTS, f"{name}.pdf")
    with open(pdf_path, "wb") as f:
        f.write(data)
    stem = os.path.join(ARTIFACTS, name)
    subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", str(page), "-l", str(page), "-singlefile", pdf_path, stem],
                   check=True)
    return stem + ".png"


def char_sizes(data: bytes) -> list[float]:
    """The font size of every character printed, on every page."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [round(c["size"], 2) for p in pdf.pages for c in p.chars]


def hand_rows(data: bytes) -> dict[str, list[tuple[str, float]]]:
    """Hand number → the words (with font sizes) printed in that hand's row, band after band, left to
    right: the words level with the hand number at the left edge of a score table."""
    found: dict[str, list[tuple[str, float]]] = {}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for p in pdf.pages:
            words = p.extract_words(extra_attrs=["size"])
            left = min((w["x0"] for w in words), default=0)
            # the standings table under the score table also starts its rows with numbers
            end = min((w["top"] for w in words if w["text"] in ("Totals", "Final") and w["x0"] < left + 10),
                      default=p.height)
            marks = [w for w in words if w["text"].isdigit() and w["x0"] < left + 12 and w["top"] < end]
            for mark in marks:
                middle = (mark["top"] + mark["bottom"]) / 2
                row = [w for w in words if w is not mark and abs((w["top"] + w["bottom"]) / 2 - middle) < 5]
                found.setdefault(mark["text"], []).extend((w["text"], round(w["size"], 2))
                                                          for w in sorted(row, key=lambda w: w["x0"]))
    return found


def hand_row_heights(data: bytes, hands: int) -> list[float]:
    """The distance from each numbered hand row to the next one, read from the hand numbers at the
    left edge of every table (in points; 8 mm = 22.7 pt)."""
    heights = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for p in pdf.pages:
            left = min((w["x0"] for w in p.extract_words()), default=0)
            tops: dict[str, list[float]] = {}
            for w in p.extract_words():
                if w["x0"] < left + 25 and w["text"].isdigit() and 1 <= int(w["text"]) <= hands:
                    tops.setdefault(w["text"], []).append(w["top"])
            for n in range(1, hands):
                for a, b in zip(tops.get(str(n), []), tops.get(str(n + 1), [])):
                    heights.append(round(b - a, 2))
    return heights


# a Ponytail game of two hands (RULES.md §6) for the score sheets
HAND_1 = {"entries": [{"natural_canastas": 1, "dirty_canastas": 2, "sevens_canastas": 1, "wild_canastas": 1,
                       "red_threes": 3, "melded": 1230, "went_out": True},
                      {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 2, "cut_bonus": True,
                       "melded": 640, "in_hand": 185, "black_threes": 2}]}
HAND_2 = {"entries": [{"natural_canastas": 2, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
                       "red_threes": 1, "melded": {"jokers": 9, "twenties": 20, "tens": 50, "fives": 21},
                       "went_out": True},
                      {"melded": 220, "in_hand": 410, "black_threes": 1, "unpicked_pony": 125}]}


def played(client, make_game, payload, hands):
    game = make_game(payload)
    for hand in hands:
        response = client.post(f"/api/games/{game['id']}/hands", json=hand)
        assert response.status_code == 201, response.get_json()
    return game["id"]


# a club night of accented names for its sheets
ACCENTED = ["Núñez & João", "Françoise & Weiß", "Müller & Renée", "Àlex & Nicolà"]  # ñ ã ç ß ü é à


def entrants(n: int) -> list[dict]:
    """n pairs: the first four with accented names, the rest plain."""
    out = []
    for k in range(n):
        name = ACCENTED[k] if k < len(ACCENTED) else f"Pair {k + 1}"
        out.append({"name": name, "players": name.split(" & ")})
    return out


def berger(n: int, number: int) -> list[tuple[int, int]]:
    """Round `number` of a circle-method round robin for n (even) entrants."""
    seats = list(range(n))
    for _ in range(number - 1):
        seats = [seats[0], seats[-1]] + seats[1:-1]
    return [(seats[k], seats[n - 1 - k]) for k in range(n // 2)]


def club_night(n: int = 10, rounds: int = 4, byes: bool = False, standings: str = "wins") -> tuple:
    """An event of n entrants and `rounds` rounds as API.md gives it, with a result for every table game."""
    seated_n = n - 1 if byes else n
    event = {"id": "ev1", "name": "Tuesday club · Café Olé", "variant": "classic", "options": {"target": 5000},
             "entrants": entrants(n), "table_size": 2, "rounds": rounds, "movement": "round-robin",
             "standings": standings, "finished": True, "created": "2026-11-24T19:30:00", "round_list": []}
    results = {}
    for number in range(1, rounds + 1):
        tables = []
        for t, (a, b) in enumerate(berger(seated_n + seated_n % 2, number), start=1):
            if max(a, b) >= seated_n:
                continue
            game = f"g{number}-{t}"
            tables.append({"table": t, "game": game, "entrants": [a, b], "finished": True})
            score_a, score_b = 5000 + 100 * a + 10 * number, 3000 + 50 * b
            results[game] = {"sides": [{"name": event["entrants"][a]["name"], "score": score_a},
                                       {"name": event["entrants"][b]["name"], "score": score_b}],
                             "winner": [0], "finished": True}
        event["round_list"].append({"number": number, "tables": tables, "byes": [n - 1] if byes else []})
    # round 1, table 2 ends level: the win is shared
    shared = event["round_list"][0]["tables"][1]["game"]
    results[shared]["sides"][1]["score"] = results[shared]["sides"][0]["score"]
    results[shared]["winner"] = [0, 1]
    rows = [{"entrant": e, "name": event["entrants"][e]["name"], "place": place, "played": rounds,
             "wins": wins, "points": 20000 - 900 * place, "margin": 3000 - 700 * place,
             "vp": 40 - 3 * place if standings == "vp" else None}
            for place, (e, wins) in enumerate([(3, 3.5), (0, 3), (1, Fraction(7, 3)), (2, 2.5), (4, 2),
                                               (5, 0.33), (6, 1), (7, 1), (8, 0.5), (9, 0)][:n], start=1)]
    audit = [{"at": "2026-11-24T19:31:00", "device": "Tablet at table 1", "what": "Round 1 paired"},
             {"at": "2026-11-24T20:14:00", "device": "Núñez's phone",
              "what": "Table 3, hand 4 corrected: Müller & Renée melded 1,230 (was 1,320)"},
             {"at": "2026-11-24T20:40:00", "device": "Front desk laptop", "what": "Round 2 paired"}]
    return event, rows, results, audit


# walk-burraco-evening.md: eight pairs, FIBUR 3 deals a turn (one paper deal a table here), Mitchell then Danish
EVENING_PAIRS = ["Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Giulia & Luca",  # the North-South line
                 "Maria & Nino", "Paola & Renzo", "Sara & Tino", "Vera & Ugo"]  # the East-West line
TURN_1 = {"Anna & Bruno": 860, "Maria & Nino": 1435, "Carla & Dario": 1725, "Paola & Renzo": 1165,
          "Elena & Fabio": 825, "Sara & Tino": 1480, "Giulia & Luca": 1100, "Vera & Ugo": 1150}
TURN_2 = {"Sara & Tino": 1200, "Maria & Nino": 1300, "Carla & Dario": 1000, "Vera & Ugo": 1000,
          "Giulia & Luca": 1000, "Paola & Renzo": 1150, "Anna & Bruno": 1500, "Elena & Fabio": 500}


def burraco_evening(client) -> str:
    """The review's evening through the API up to its three-way tie on 25 VP: turn 1 Mitchell, turn 2 Danish, and the
    director's −1 VP to Maria & Nino; each table's turn one deal copied from paper. The event's id."""
    body = {"name": "Serata del circolo", "variant": "burraco", "options": {},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in EVENING_PAIRS], "table_size": 2,
            "rounds": 4, "movement": "mitchell", "standings": "vp", "vp_scale": "fibur-3", "deals_per_round": 1}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    event_id = answer.get_json()["id"]
    for turn, movement in ((TURN_1, None), (TURN_2, "danish")):
        answer = client.post(f"/api/events/{event_id}/rounds", json={"movement": movement} if movement else {})
        assert answer.status_code == 201, answer.get_json()
        for table in answer.get_json()["tables"]:
            names = [EVENING_PAIRS[e] for e in table["entrants"]]
            hand = {"entries": [{"total": turn[n]} for n in names]}
            assert client.post(f"/api/games/{table['game']}/hands", json=hand).status_code == 201
        if movement:
            penalty = {"entrant": 4, "round": 1, "vp": -1, "points": 0, "reason": "telefono squillato al tavolo"}
            assert client.post(f"/api/events/{event_id}/adjustments", json=penalty).status_code == 201
    return event_id

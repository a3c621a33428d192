"""Reading printed sheets back for the tests: text per page, page sizes, a PNG of a page to look at."""
from __future__ import annotations

import io
import os
import subprocess

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

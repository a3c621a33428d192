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

"""What every printed sheet shares: the embedded fonts, paper sizes, styles, number format, the page frame."""
from __future__ import annotations

import io
import os
from datetime import datetime
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate

FONT_DIR = os.path.join(os.path.dirname(__file__), "fonts")
# DejaVu has every accented letter and the card suits (♠♥♦♣) a player may put in a name.
FONTS = {"Sans": "DejaVuSans.ttf", "Sans-Bold": "DejaVuSans-Bold.ttf",
         "Cond": "DejaVuSansCondensed.ttf", "Cond-Bold": "DejaVuSansCondensed-Bold.ttf"}
for _name, _file in FONTS.items():
    if _name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(_name, os.path.join(FONT_DIR, _file)))
pdfmetrics.registerFontFamily("Sans", normal="Sans", bold="Sans-Bold", italic="Sans", boldItalic="Sans-Bold")
pdfmetrics.registerFontFamily("Cond", normal="Cond", bold="Cond-Bold", italic="Cond", boldItalic="Cond-Bold")

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 28  # points; most home printers cannot print closer than about 6 mm to the edge
FRAME_PADDING = 6  # what platypus keeps inside the margins on each side
INK = colors.HexColor("#1d1d1b")
RULE = colors.HexColor("#8a8a85")
SHADE = colors.HexColor("#eeeeea")
BAND = colors.HexColor("#f6f6f3")
HEAD = colors.HexColor("#d9dfe6")
MINUS = "\u2212"  # a real minus sign: a hyphen is too easy to miss on paper

STYLES = {
    "title": ParagraphStyle("title", fontName="Sans-Bold", fontSize=16, leading=19, textColor=INK, spaceAfter=2),
    "subtitle": ParagraphStyle("subtitle", fontName="Sans", fontSize=9.5, leading=12, textColor=INK),
    "h2": ParagraphStyle("h2", fontName="Sans-Bold", fontSize=10.5, leading=13, textColor=INK, spaceBefore=6,
                         spaceAfter=2),
    "body": ParagraphStyle("body", fontName="Sans", fontSize=8.5, leading=10.5, textColor=INK),
    "small": ParagraphStyle("small", fontName="Cond", fontSize=7, leading=8.5, textColor=INK),
    "cell": ParagraphStyle("cell", fontName="Cond", fontSize=8.5, leading=10, textColor=INK),
    "side": ParagraphStyle("side", fontName="Cond-Bold", fontSize=8.5, leading=10, textColor=INK, alignment=1),
    "result": ParagraphStyle("result", fontName="Sans-Bold", fontSize=11, leading=14, textColor=INK, spaceBefore=6),
}


def text(value: str) -> str:
    """A player's words made safe for Paragraph markup: '<b>' or '&' in a name prints literally."""
    return escape(str(value))


def para(markup: str, style: str = "body") -> Paragraph:
    """A paragraph in one of the sheet styles (markup must already be escaped)."""
    return Paragraph(markup, STYLES[style])


def num(n: int) -> str:
    """10330 → '10,330'; −415 with a true minus sign."""
    return f"{MINUS}{-n:,}" if n < 0 else f"{n:,}"


def names(items: list[str]) -> str:
    """'Ann', 'Ann & Bob', 'Ann, Bob & Cy'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " & " + items[-1]


def day(iso: str | None) -> str:
    """A stored moment as the table's calendar date, e.g. '22 November 2026'."""
    if not iso:
        return ""
    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return f"{moment.day} {moment:%B %Y}"


def paper_size(paper: str, wide: bool) -> tuple[float, float]:
    """The page size for 'a4' or 'letter', turned to landscape when `wide`."""
    size = PAPERS[paper]
    return landscape(size) if wide else portrait(size)


def frame_width(paper: str, wide: bool) -> float:
    """How wide the printable area of that page is."""
    return paper_size(paper, wide)[0] - 2 * MARGIN - 2 * FRAME_PADDING


def render(story: list, *, paper: str, wide: bool, title: str, footer: str) -> bytes:
    """Build the PDF; invariant, so the same sheet gives the same bytes every time."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=paper_size(paper, wide), leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN + 10, title=title, author="Meldbook",
                            creator="Meldbook", subject=footer, invariant=1)

    def page_foot(canvas, document):
        canvas.saveState()
        canvas.setFont("Cond", 7)
        canvas.setFillColor(RULE)
        canvas.drawString(MARGIN, MARGIN - 4, footer)
        canvas.drawRightString(document.pagesize[0] - MARGIN, MARGIN - 4, f"Page {document.page}")
        canvas.restoreState()

    doc.build(story, onFirstPage=page_foot, onLaterPages=page_foot)
    return buffer.getvalue()

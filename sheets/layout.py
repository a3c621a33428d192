"""What every printed sheet shares: the embedded fonts, paper sizes, styles, number format, the page frame."""
from __future__ import annotations

import io
import os
from datetime import datetime
from xml.sax.saxutils import escape

from babel.dates import format_date, format_datetime, format_skeleton, format_time
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate

import lang
from scoring.base import team_name

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
FRAME_PADDING = 6  # what platypus keeps inside its frame on each side
FOOT_ROOM = 10  # under the frame: the footer line
INK = colors.HexColor("#1d1d1b")
RULE = colors.HexColor("#8a8a85")
SHADE = colors.HexColor("#eeeeea")
BAND = colors.HexColor("#f6f6f3")
HEAD = colors.HexColor("#d9dfe6")
MINUS = "\u2212"  # a real minus sign: a hyphen is too easy to miss on paper

# Older eyes read these sheets: nothing is set below SMALLEST, and the numbers a player looks for
# (a hand's score, the running totals) are set at SCORE_SIZE.
SMALLEST = 9
BODY = 10.5
SCORE_SIZE = 11

STYLES = {
    "title": ParagraphStyle("title", fontName="Sans-Bold", fontSize=18, leading=22, textColor=INK, spaceAfter=2),
    "subtitle": ParagraphStyle("subtitle", fontName="Sans", fontSize=BODY, leading=13.5, textColor=INK),
    "h2": ParagraphStyle("h2", fontName="Sans-Bold", fontSize=13.5, leading=16.5, textColor=INK, spaceBefore=6,
                         spaceAfter=3),
    "body": ParagraphStyle("body", fontName="Sans", fontSize=BODY, leading=13.5, textColor=INK),
    "card": ParagraphStyle("card", fontName="Sans", fontSize=12, leading=15.5, textColor=INK),
    "small": ParagraphStyle("small", fontName="Cond", fontSize=SMALLEST, leading=11, textColor=INK),
    "cell": ParagraphStyle("cell", fontName="Cond", fontSize=BODY, leading=12.5, textColor=INK),
    "result": ParagraphStyle("result", fontName="Sans-Bold", fontSize=12.5, leading=16, textColor=INK, spaceBefore=6),
}


def text(value: str) -> str:
    """A player's words made safe for Paragraph markup: '<b>' or '&' in a name prints literally."""
    return escape(str(value))


def para(markup: str, style: str = "body") -> Paragraph:
    """A paragraph in one of the sheet styles (markup must already be escaped)."""
    return Paragraph(markup, STYLES[style])


def fitted_heads(heads: list, widths: list[float], size: float, right: set[int] = frozenset(),
                 centre: set[int] = frozenset(), pad: float = 2, cell_pad: float = 6) -> list:
    """A table's head row: a head wider than its column (a longer language's words) wraps between its words inside
    it, in the head's bold type, aligned as its column is, a word longer than the column set smaller (not below
    SMALLEST, and into the cell's padding rather than broken); the others stay as they are (`pad`: how far into
    the cell's padding a head may run before it wraps, `cell_pad`: the padding)."""
    out = []
    for k, (head, width) in enumerate(zip(heads, widths)):
        if isinstance(head, str) and stringWidth(head, "Cond-Bold", size) > width - 2 * pad:
            fits = size
            widest = max(head.split(), key=lambda w: stringWidth(w, "Cond-Bold", size))
            while fits > SMALLEST and stringWidth(widest, "Cond-Bold", fits) > width - 2 * cell_pad:
                fits -= 0.5
            style = ParagraphStyle(f"head-{fits}-{k in right}-{k in centre}", fontName="Cond-Bold", fontSize=fits,
                                   leading=round(fits * 1.2, 1), textColor=INK, splitLongWords=0,
                                   alignment=TA_RIGHT if k in right else TA_CENTER if k in centre else TA_LEFT)
            head = Paragraph(text(head), style)
        out.append(head)
    return out


def num(n: int) -> str:
    """10330 → '10,330' (10.330 in German…); −415 with a true minus sign."""
    return lang.number(n)


def english() -> bool:
    """Whether the sheet is being printed in English, whose dates keep the form they always had."""
    return lang.babel_locale().language == "en"


def names(items: list[str]) -> str:
    """'Ann', 'Ann & Bob', 'Ann, Bob & Cy': as the new-game form names a side (scoring.base.team_name)."""
    return team_name(items)


def versus(sides) -> str:
    """'Us v Them' (the sides' names, as a score sheet's title sets them)."""
    return f" {lang.pgettext('between side names', 'v')} ".join(str(s) for s in sides)


def day(iso: str | None) -> str:
    """A stored moment as the table's calendar date, e.g. '22 November 2026'."""
    if not iso:
        return ""
    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    if english():
        return f"{moment.day} {moment:%B %Y}"
    return format_date(moment, "long", locale=lang.babel_locale())


def _moment(iso: str | None) -> datetime | None:
    """A stored moment in this machine's time zone (one without a zone as it is); None for none or unreadable."""
    try:
        moment = datetime.fromisoformat(iso) if iso else None
    except ValueError:
        return None
    return moment.astimezone() if moment is not None and moment.tzinfo is not None else moment


def zone_name(iso: str | None) -> str:
    """The time zone a stored moment is printed in ('CET', 'UTC', 'UTC+03:00' where the zone has no abbreviation):
    this machine's, the clock of the computer the club runs Meldbook on; "" for a moment without a zone."""
    moment = _moment(iso)
    if moment is None or moment.tzinfo is None:
        return ""
    name = moment.tzname() or ""
    if not name or name[0] in "+-" or name.startswith("UTC") and len(name) > 3:
        offset = moment.utcoffset()
        minutes = int(offset.total_seconds() // 60) if offset is not None else 0
        sign = "+" if minutes >= 0 else MINUS
        name = f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return name


def day_and_time(iso: str | None) -> str:
    """'24 Nov 21:04' (in German '24. Nov. 21:04'): a moment of this evening, the year left out."""
    moment = _moment(iso)
    if moment is None:
        return str(iso or "")
    if english():
        return f"{moment.day} {moment:%b %H:%M}"
    where = lang.babel_locale()
    return f"{format_skeleton('MMMd', moment, locale=where)} {format_time(moment, 'short', locale=where)}"


def date_and_time(iso: str | None) -> str:
    """'2026-11-22 21:30' in English as it always was; '22.11.26, 21:30' in German, each language's own short form."""
    moment = _moment(iso)
    if moment is None or english():
        return str(iso or "").replace("T", " ")[:16]
    return format_datetime(moment, "short", locale=lang.babel_locale())


def paper_size(paper: str, wide: bool) -> tuple[float, float]:
    """The page size for 'a4' or 'letter', turned to landscape when `wide`."""
    size = PAPERS[paper]
    return landscape(size) if wide else portrait(size)


def frame_width(paper: str, wide: bool) -> float:
    """How wide the printable area of that page is."""
    return paper_size(paper, wide)[0] - 2 * MARGIN


def frame_height(paper: str, wide: bool) -> float:
    """How tall the printable area of that page is (the footer line sits below it)."""
    return paper_size(paper, wide)[1] - 2 * MARGIN - FOOT_ROOM


def story_height(flowables: list, width: float) -> float:
    """How tall these flowables stand in a frame this wide (a little over, never under)."""
    total = 0.0
    for f in flowables:
        total += f.wrap(width, 10 ** 6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    return total


def render(story: list, *, paper: str, wide: bool, title: str, footer: str) -> bytes:
    """Build the PDF; invariant, so the same sheet gives the same bytes every time."""
    buffer = io.BytesIO()
    edge = MARGIN - FRAME_PADDING  # the frame's own padding brings the text in to MARGIN
    doc = SimpleDocTemplate(buffer, pagesize=paper_size(paper, wide), leftMargin=edge, rightMargin=edge,
                            topMargin=edge, bottomMargin=edge + FOOT_ROOM, title=title, author="Meldbook",
                            creator="Meldbook", subject=footer, invariant=1)

    def page_foot(canvas, document):
        canvas.saveState()
        canvas.setFont("Cond", SMALLEST)
        canvas.setFillColor(RULE)
        canvas.drawString(MARGIN, MARGIN - 2, footer)
        canvas.drawRightString(document.pagesize[0] - MARGIN, MARGIN - 2,
                               lang._("Page %(page)s", page=num(document.page)))
        canvas.restoreState()

    doc.build(story, onFirstPage=page_foot, onLaterPages=page_foot)
    return buffer.getvalue()

"""Printable PDFs: a game's score sheet, blank sheets to fill in by pen, and a rules card per variant."""
from .blank_sheet import blank_sheet_pdf
from .game_sheet import game_sheet_pdf
from .layout import PAPERS
from .rules_card import rules_card_pdf

__all__ = ["PAPERS", "blank_sheet_pdf", "game_sheet_pdf", "rules_card_pdf"]

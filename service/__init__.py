"""The game service: everything a table does to its games, with no web in it.

It reads and writes games through db/, derives them through scoring/, and hands out the typed,
immutable game (service.model.Game) that pages, sheets, the API and the CSV read. Each derived
game is kept per revision (service.cache). The web layer (web/) and the command line call these.
"""
from .games import (Revision, Stale, create_game, delete_game, end_game, finished_refusal, games_page, get_game,
                    list_games, made_from, not_found, request_fingerprint)
from .hands import (KeyReused, delete_hand, mark_side, preview_hand, record_hand, recorded_with, replace_hand,
                    taken_back)
from .model import Game, Hand, HandScore, Side

__all__ = ["Game", "Hand", "HandScore", "KeyReused", "Revision", "Side", "Stale", "create_game", "delete_game",
           "delete_hand", "end_game", "finished_refusal", "games_page", "get_game", "list_games", "made_from", "mark_side",
           "not_found", "preview_hand", "record_hand", "recorded_with", "replace_hand", "request_fingerprint",
           "taken_back"]

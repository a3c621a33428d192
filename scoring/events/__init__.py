"""Club nights (events), API.md "Club nights (events)" and "Tournaments as federations run them": what a new event
may be, who sits where each round, and the standings. Pure: no Flask, no database; the app stores events and their
games and asks these.

- `check_event(payload, variants)` (checks.py): a POST /api/events body checked into an `Event`, or `Refused`.
- `pair_round(event, rounds_so_far, round_number, rng, movement, adjustments)` (movements/): a round's tables
  (entrant indexes in seat order) and byes, by the movement picked by name from `MOVEMENTS`, one module each by
  the movement protocol (movements/protocol.py: `Movement`; players who change partners: `seat_players(
  PlayerSeating)`).
- `standings(event, games, byes, adjustments)` (standings.py): the rows, wins kept as fractions.
- `sections`: a big event's sections (API.md "Big events: sections"): the split, the tables' numbers, any seating
  run per section (`seat_each`), each standings row's section and section place.
- `vp_scales`: the VP scales Meldbook ships, as data; `adjustments`: a director's penalty or award checked.
"""
from .adjustments import check_adjustment
from .checks import KEYS, MAX_ROUNDS, RANKINGS, check_event, movement_fits
from .entrants import MAX_ENTRANTS
from .model import Adjustment, Bye, Entrant, Event, Pairing, Round, TableGame
from .movements import FIXED, MOVEMENTS, ROTATING, Movement, PlayerSeating, offered, pair_round
from . import sections
from .results import round_rows
from .standings import Standing, bye_figures, game_figures, shown_wins, standings
from .vp_scales import MAX_VP_ROWS, SCALES, shipped, vp_of

__all__ = ["FIXED", "Movement", "PlayerSeating", "ROTATING", "offered", "Adjustment", "Bye", "Entrant", "Event", "KEYS", "MAX_ENTRANTS", "MAX_ROUNDS", "MAX_VP_ROWS", "MOVEMENTS",
           "Pairing", "RANKINGS", "Round", "SCALES", "Standing", "TableGame", "bye_figures", "check_adjustment",
           "check_event", "game_figures", "movement_fits", "pair_round", "round_rows", "sections", "shipped", "shown_wins",
           "standings", "vp_of"]

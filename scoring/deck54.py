"""Card values and checks shared by the variants played with 54-card decks (Ponytail, Pony, Hand and Foot)."""
from __future__ import annotations

from .base import FieldError, last_side_with, listed, plural

CARD_VALUES = {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
# which cards carry each value; threes have none (red ones are a bonus, black ones a penalty)
CARD_NAMES = {"jokers": "Joker", "twenties": "A, 2", "tens": "K, Q, J, 10, 9, 8", "fives": "7, 6, 5, 4"}
DECK_POINTS = 580  # 2 jokers × 50 + 8 × 20 (aces, 2s) + 24 × 10 (8 to K) + 16 × 5 (4 to 7)
THREES_PER_DECK = 2  # of each colour
WILD_PER_DECK = 6  # 2 jokers + 4 twos
SEVENS_PER_DECK = 4
NATURALS_PER_DECK = 44  # the 4s to aces: 11 ranks × 4
CANASTA_CARDS = 7
CARD_FIELDS = ("melded", "in_hand", "unpicked_pony")  # Ponytail's and Pony's card-points fields, melded first
# the card values' words, one and many ("2 jokers × 50 + 1 ten × 10")
CARD_WORDS = {"jokers": ("joker", "jokers"), "twenties": ("twenty", "twenties"), "tens": ("ten", "tens"),
              "fives": ("five", "fives")}


def deck_limits(entries: list[dict], decks: int, *, red: str, black: str, red_word: str, black_word: str,
                wild_full: str, dirty: str, sevens: str, dirty_word: str, wild_word: str,
                red_held: str | None = None, sevens_word: str = "sevens canasta", cards: tuple[str, ...] = CARD_FIELDS,
                cards_words: str = "melded, in hand and ponies") -> list[FieldError]:
    """Nothing may exceed what `decks` 54-card decks hold, all sides of the hand together."""
    # `red_held`: red threes held (Hand and Foot), counted with those laid down; `cards`: card points, melded first
    reds = blacks = wild_canastas = dirty_canastas = sevens_canastas = points = 0
    for e in entries:  # one pass: this runs for every hand of every game read
        reds += e[red] + (e[red_held] if red_held else 0)
        blacks += e[black]
        wild_canastas += e[wild_full]
        dirty_canastas += e[dirty]
        sevens_canastas += e[sevens]
        for name in cards:
            points += e[name]
    wild_needed = CANASTA_CARDS * wild_canastas + dirty_canastas
    sevens_needed = CANASTA_CARDS * sevens_canastas
    if (reds <= THREES_PER_DECK * decks and blacks <= THREES_PER_DECK * decks and wild_needed <= WILD_PER_DECK * decks
            and sevens_needed <= SEVENS_PER_DECK * decks and points <= DECK_POINTS * decks):
        return []
    errors = []
    d = plural(decks, "deck")
    for names, word, total in (((red, red_held), red_word, reds), ((black,), black_word, blacks)):
        if total > THREES_PER_DECK * decks:
            side = last_side_with(entries, *filter(None, names))
            name = next(n for n in reversed(names) if n and entries[side][n])
            errors.append(FieldError(f"entries[{side}].{name}", f"{plural(total, word)} recorded, but {d} hold only "
                                                                f"{THREES_PER_DECK * decks}."))
    if wild_needed > WILD_PER_DECK * decks:
        side = last_side_with(entries, wild_full, dirty)
        errors.append(FieldError(f"entries[{side}].{wild_full if entries[side][wild_full] else dirty}",
                                 f"{plural(wild_canastas, wild_word)} and {plural(dirty_canastas, dirty_word)} need at "
                                 f"least {wild_needed} wild cards, but {d} hold only {WILD_PER_DECK * decks} jokers and 2s."))
    if sevens_needed > SEVENS_PER_DECK * decks:
        side = last_side_with(entries, sevens)
        errors.append(FieldError(f"entries[{side}].{sevens}",
                                 f"{plural(sevens_canastas, sevens_word)} need {sevens_needed} sevens, "
                                 f"but {d} hold only {SEVENS_PER_DECK * decks}."))
    if points > DECK_POINTS * decks:
        side = last_side_with(entries, *cards)
        field = next((n for n in cards[1:] if entries[side][n]), cards[0])
        errors.append(FieldError(f"entries[{side}].{field}",
                                 f"All sides together recorded {points:,} card points ({cards_words}), "
                                 f"but {d} hold only {DECK_POINTS * decks:,}."))
    return errors


def melded_covers_canastas(entries: list[dict], least: dict[str, int], words: dict[str, str]) -> list[FieldError]:
    """Melded points must be at least what the declared canastas alone are worth."""
    errors = []
    pairs = least.items()
    for i, e in enumerate(entries):
        need = 0
        for name, pts in pairs:
            need += e[name] * pts
        if e["melded"] < need:
            held = ", ".join(plural(e[n], words[n]) for n in least if e[n])
            errors.append(FieldError(f"entries[{i}].melded", f"Melded points are {e['melded']:,}, but {held} alone "
                                                             f"hold at least {need:,} points of cards."))
    return errors


def one_goes_out(entries: list[dict], sides: list[dict], flag: str, required: dict[str, str], verb: str,
                 per: str = "hand") -> list[FieldError]:
    """At most one side goes out in a hand (`per`: the variant's word), and only with one canasta of each required kind."""
    errors = []
    out = [i for i, e in enumerate(entries) if e[flag]]
    if len(out) > 1:
        names = " and ".join(sides[i]["name"] for i in out)
        for i in out[1:]:
            errors.append(FieldError(f"entries[{i}].{flag}",
                                     f"Only one side can {verb} in a {per}, but {names} are marked."))
    for i in out:
        missing = [word for name, word in required.items() if entries[i][name] < 1]
        if missing:
            errors.append(FieldError(f"entries[{i}].{flag}",
                                     f"{sides[i]['name']} cannot {verb}: going out needs a {listed(list(required.values()), 'and')} "
                                     f"canasta, and {sides[i]['name']} has no {listed(missing, 'or')} canasta."))
    return errors

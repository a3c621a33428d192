"""Swiss: each round seats entrants of near standing, never the same opponents twice while another seating exists.
Two a table: one maximum-weight matching (networkx). Three or more a table: our own search (README.md, "Club night
pairings")."""
from __future__ import annotations

import itertools
from collections import Counter

import lang

from ..model import Pairing
from .protocol import Movement, Seating


def seat(seating: Seating) -> Pairing:
    rows = seating.standings()
    lots = list(range(len(rows)))
    seating.rng.shuffle(lots)  # entrants level in the standings (everyone, in round 1) are ordered by lot
    order = [row.entrant for row in sorted(rows, key=lambda row: (row.place, lots[row.entrant]))]
    if seating.event.table_size == 2:
        return _swiss_pairs(order, seating.met, seating.had_byes)
    return _swiss_tables(order, seating.event.table_size, seating.met, seating.had_byes)


def _swiss_pairs(order: list[int], met: Counter, had_byes: Counter) -> Pairing:
    """Two entrants a table: the seating with the fewest repeated pairs (none while one exists), then the fewest
    second byes, then entrants nearest in the standings (the sum of squared distances in standing: 1–2, 3–4 before
    1–3, 2–4), the bye to the lowest placed. One maximum-weight perfect matching (networkx) finds it exactly."""
    import networkx as nx  # loaded when a Swiss round is first paired

    n = len(order)
    at = {e: k for k, e in enumerate(order)}
    bye = -1  # the phantom an odd entrant out is paired with
    near = n ** 3  # above any sum of squared distances of one seating
    fair = near * (n + 1)  # above any sum of the nearness costs
    repeat = fair * (n + 1) * (max(had_byes.values(), default=0) + 1)  # above any sum of the bye costs
    graph = nx.Graph()
    for a, b in itertools.combinations(order, 2):
        graph.add_edge(a, b, cost=met[frozenset((a, b))] * repeat + (at[a] - at[b]) ** 2)
    if n % 2:
        for e in order:
            graph.add_edge(e, bye, cost=had_byes[e] * fair + (n - 1 - at[e]) ** 2)
    top = max(c for _, _, c in graph.edges(data="cost")) + 1
    for _, _, data in graph.edges(data=True):
        data["weight"] = top - data["cost"]  # every seating has the same number of tables: least cost = most weight
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables, byes = [], []
    for a, b in matching:
        if bye in (a, b):
            byes.append(a if b == bye else b)
        else:
            tables.append(tuple(sorted((a, b), key=at.get)))  # the higher placed sits first
    tables.sort(key=lambda t: at[t[0]])
    return Pairing(tuple(tables), tuple(byes))


SEARCH_BUDGET = 20_000  # seatings tried before settling for the fewest repeated pairs a local search finds
OUT_TRIES = 20  # choices of who sits out tried for a fresh seating


def _swiss_tables(order: list[int], size: int, met: Counter, had_byes: Counter) -> Pairing:
    """Three or more entrants a table: n mod size entrants sit out, the lowest placed of those who sat out least
    unless only other entrants out let every table be fresh; the rest are seated in standing order, each table the
    nearest entrants of whom no two have met, tried depth first (SEARCH_BUDGET seatings in all). When none is
    found, a local search keeps the fewest repeated pairs, then the nearest standings."""
    at = {e: k for k, e in enumerate(order)}
    n_out = len(order) % size
    by_turn = sorted(order, key=lambda e: (had_byes[e], -at[e]))  # first the lowest placed of those out least
    budget = [SEARCH_BUDGET]
    for out in itertools.islice(itertools.combinations(by_turn, n_out), OUT_TRIES):
        seated = [e for e in order if e not in out]
        found = _fresh_tables(seated, size, met, budget)
        if found is not None or budget[0] < 0:
            break
    if found is None:
        out = tuple(by_turn[:n_out])
        seated = [e for e in order if e not in out]
        found = _fewest_repeats(seated, size, met, at)
    tables = sorted((tuple(sorted(t, key=at.get)) for t in found), key=lambda t: at[t[0]])
    return Pairing(tuple(tables), tuple(sorted(out, key=at.get)))


def _fresh_tables(seated: list[int], size: int, met: Counter, budget: list[int]) -> list[tuple[int, ...]] | None:
    def seat(left: list[int]) -> list[tuple[int, ...]] | None:
        if not left:
            return []
        head, rest = left[0], left[1:]
        for others in itertools.combinations(rest, size - 1):  # nearest first: rest is in standing order
            budget[0] -= 1
            if budget[0] < 0:
                return None
            table = (head, *others)
            if any(met[frozenset(p)] for p in itertools.combinations(table, 2)):
                continue
            after = seat([e for e in rest if e not in others])
            if after is not None:
                return [table, *after]
        return None

    return seat(seated)


def _fewest_repeats(seated: list[int], size: int, met: Counter, at: dict[int, int]) -> list[tuple[int, ...]]:
    tables = [list(seated[i:i + size]) for i in range(0, len(seated), size)]

    def cost(table: list[int]) -> tuple[int, int]:
        pairs = list(itertools.combinations(table, 2))
        return sum(met[frozenset(p)] for p in pairs), sum((at[a] - at[b]) ** 2 for a, b in pairs)

    improved = True
    while improved:
        improved = False
        for t, u in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(size), repeat=2):
                a, b = tables[t][:], tables[u][:]
                a[i], b[j] = b[j], a[i]
                before = tuple(map(sum, zip(cost(tables[t]), cost(tables[u]))))
                if tuple(map(sum, zip(cost(a), cost(b)))) < before:
                    tables[t], tables[u] = a, b
                    improved = True
    return [tuple(t) for t in tables]



MOVEMENT = Movement(
    name="swiss", label=lang.L_("Swiss"),
    help=lang.L_("Each round seats pairs with similar results so far, never the same opponents twice while another "
                 "seating exists."),
    word=lang.L_("Swiss"), seat=seat, libraries={2: "networkx"})

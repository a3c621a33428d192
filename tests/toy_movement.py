"""A movement that exists only in the tests, in one module as every movement is (scoring/events/movements/): the
"ladder" seats the entrants in `entrants` order, 1st against 2nd, 3rd against 4th … every round, the last one out
when they are odd. Registered by a fixture, it proves the form, the API and its checks, OpenAPI, the pages and the
sheets read a movement from its declarations alone."""
from __future__ import annotations

from scoring.events.model import Pairing
from scoring.events.movements.protocol import Movement, Seating


def seat(seating: Seating) -> Pairing:
    n, size = len(seating.event.entrants), seating.event.table_size
    seated = list(range(n - n % size))
    return Pairing(tuple(tuple(seated[i:i + size]) for i in range(0, len(seated), size)),
                   tuple(range(n - n % size, n)))


MOVEMENT = Movement(name="ladder-test", label="Toy Ladder", help="A test-only movement: the list's order, every round.",
                    word="toy ladder", seat=seat)

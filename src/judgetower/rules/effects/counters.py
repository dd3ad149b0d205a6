"""Counters on objects (CR 122): the one place where counters are put on or removed from an object.

Every counter put -- by an effect, a cost, a replacement ("enters with", CR 614.1c, 122.6), a
keyword -- goes through ``put_counters``, which records a ``counters_put`` event (CR 122.6: "put"
covers counters given as an object enters too), so that a trigger ("whenever one or more counters
are put on ...") or a replacement ("twice that many counters") has one place to watch instead of
one per mechanic (../shared/design/layout.md §5.1 item 4). Removing goes through
``remove_counters`` (CR 122.8 costs, 120.3c damage to a planeswalker, 704.5q annihilation).
"""

from __future__ import annotations


class CountersMixin:
    """Putting and removing counters (mixed into Game)."""

    def put_counters(self, o, kind: str, n: int) -> int:
        """CR 122.1, 122.6: put ``n`` counters of ``kind`` on ``o``; how many were put."""
        if n <= 0:
            return 0
        o.counters[kind] = o.counters.get(kind, 0) + n
        self.events.append({"kind": "counters_put", "obj": o, "counter": kind, "n": n})
        self.touch()
        return n

    def remove_counters(self, o, kind: str, n: int) -> int:
        """CR 122.8, 120.3c: remove up to ``n`` counters of ``kind`` from ``o`` (none left: the
        kind is gone from the object); how many were removed."""
        have = o.counters.get(kind, 0)
        k = min(have, n)
        if k <= 0:
            return 0
        if have - k:
            o.counters[kind] = have - k
        else:
            del o.counters[kind]
        self.touch()
        return k

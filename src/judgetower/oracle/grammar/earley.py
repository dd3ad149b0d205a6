"""Lark's Earley parser, made fast without changing a single tree it builds.

The Oracle grammar is large: at every word, Lark's Earley predictor (``lark.parsers.earley``,
version 1.3.1) adds the whole prediction closure of every nonterminal an item expects (thousands of
items, most of them again and again), and its completer scans the whole earlier column for the
items waiting on the completed symbol. That was about 98% of the compiler's time. `FastEarley`
runs the same algorithm (E. Scott's SPPF-building Earley, as Lark writes it) and makes the same
calls on the shared packed parse forest in the same order; it only skips work whose result cannot
be seen:

1. **A nonterminal's closure is added once per column.** Lark's ``predictions[X]`` is transitive
   (every rule reachable through first symbols), and everything it adds stays in the column, so
   predicting X again in the same column adds nothing; only the "held completion" step (an X
   already completed empty at this column) is still done each time, as Lark does.
2. **The completer reads an index** of the column's items by the symbol they expect, kept in
   insertion order, instead of scanning the column: the same originators, in the same order.
3. **Predicted items that can never move are not made.** The basic lexer fixes the next token
   before the column is predicted. A predicted item ``(R -> . S0 ..., i)`` whose first symbol S0
   is not nullable and cannot begin with that token (FIRST sets) can never advance: it cannot scan,
   it never completes, it is never anyone's originator (that would need S0 to complete from column
   i), its own predictions are already in the column (the closure it came from holds them: item
   1's transitivity), and S0 is never a held (empty) completion. Such an item has no effect on
   the forest or on the order in which the other items are handled (items are popped from a stack;
   a popped dead item pushes nothing), so it is not created. (Written for grammars with no
   nullable symbol, as the Oracle grammar is: on any other grammar `install` keeps Lark's parser.)
4. **Numbers for what Lark hashes**: items, symbols and node labels are keyed by small integers
   that stand for Lark's equality classes (equal rules share a number), not by Lark's objects,
   whose hashing and comparison are Python methods.
5. **The lexer's keyword lookup is memoised** (`_memoise_keyword_lookup`).

What can differ is only the text of a syntax error (the terminals listed as expected are those of
live items). The result is checked by the golden IR digests (``benchmarks/golden_ir.py``) and by
``benchmarks/earley_check.py``, which parses lines with both parsers and compares the trees.

`install` swaps the parser of a ``Lark`` instance built with ``parser="earley", lexer="basic"``;
it refuses (returns False, the instance keeps Lark's parser) on any other Lark version than the
one this port was made from, or on another kind of parser.
"""

from __future__ import annotations

from collections import deque

import lark
from lark.exceptions import UnexpectedEOF, UnexpectedToken
from lark.grammar import NonTerminal
from lark.lexer import Token
from lark.parsers import earley as lark_earley
from lark.parsers.earley_forest import ForestToParseTree
from lark.utils import dedup_list

#: The Lark versions whose Earley parser (`lark.parsers.earley.Parser`) this module ports.
PORTED_FROM = ("1.3.1",)


class _Item:
    """An Earley item (Lark's ``earley_common.Item``): rule, dot position, start column. ``key``
    is what Lark's item equality compares (the rule, up to rule equality, the dot, the start);
    ``s``, ``expect`` are Lark's; ``kind`` (0 complete, 1 expects a nonterminal, 2 a terminal),
    ``eid`` (the expected symbol, or the completed origin, as a number) and ``sid`` (the node
    label ``s`` as a number) come from the parser's tables."""

    __slots__ = ("rule", "rid", "ptr", "start", "s", "expect", "kind", "eid", "sid", "node", "key")

    def __init__(self, rid: int, ptr: int, start: int, state: tuple) -> None:
        self.rid = rid
        self.ptr = ptr
        self.start = start
        self.node = None
        self.rule, self.s, self.expect, self.kind, self.eid, self.sid = state
        self.key = (rid, ptr, start)


class _Column:
    """An Earley set: items in insertion order (Lark's OrderedSet), plus an index of the items
    by the (number of the) nonterminal they expect, each list in insertion order."""

    __slots__ = ("items", "by_expect")

    def __init__(self) -> None:
        self.items: dict = {}
        self.by_expect: dict = {}

    def add(self, item: _Item) -> None:
        if item.key in self.items:
            return
        self.items[item.key] = item
        if item.kind:
            lst = self.by_expect.get(item.eid)
            if lst is None:
                self.by_expect[item.eid] = [item]
            else:
                lst.append(item)

    def __iter__(self):
        return iter(self.items.values())

    def __bool__(self) -> bool:
        return bool(self.items)


class FastEarley(lark_earley.Parser):
    """`lark.parsers.earley.Parser` with the same results, faster (see the module)."""

    def __init__(self, base: lark_earley.Parser) -> None:   # noqa: D107 - takes Lark's parser
        self.__dict__.update(base.__dict__)
        rules = list(self.parser_conf.rules)
        # numbers for what Lark compares by equality: rules (origin and expansion: equal rules'
        # items are equal in Lark), symbols (kind and name), node labels (a completed origin, or
        # an LR(0) state (rule, dot))
        rule_ids: dict = {}
        sym_ids: dict = {}
        label_ids: dict = {}
        self._rid_of = {}
        self._states: list = []     # rid -> [state per dot position]
        for r in rules:
            rid = rule_ids.setdefault(r, len(rule_ids))
            self._rid_of[id(r)] = rid
            if rid < len(self._states):
                continue
            exp = tuple(r.expansion)
            states = []
            for ptr in range(len(exp) + 1):
                if ptr == len(exp):
                    s, expect, kind = r.origin, None, 0
                    eid = sym_ids.setdefault(r.origin, len(sym_ids))
                else:
                    s, expect = (r, ptr), exp[ptr]
                    kind = 2 if expect.is_term else 1
                    eid = sym_ids.setdefault(expect, len(sym_ids))
                sid = label_ids.setdefault(s, len(label_ids))
                states.append((r, s, expect, kind, eid, sid))
            self._states.append(states)
        if len(rule_ids) != len(rules):
            # equal rules (same origin and expansion) would share items in Lark but keep their own
            # options (alias, order) in its forest; not worth porting: keep Lark's parser
            raise ValueError("FastEarley: the grammar has equal rules")
        nullable, first = _first_sets(rules)
        if nullable:
            # the pruning below (item 3 of the module) is written for a grammar without empty
            # derivations (the Oracle grammar has none); keep Lark's parser for any other
            raise ValueError("FastEarley: the grammar has nullable symbols")
        self._first = {sym: frozenset(names) for sym, names in first.items()}
        self._tables: dict = {}    # eid -> [(FIRST names of the first symbol, (rid, state))] in predictions order
        self._live: dict = {}

    def _live_rules(self, nt, eid: int, la: str | None) -> list:
        """The rules of ``predictions[nt]`` (in its order) whose predicted item can move when the
        next token's type is ``la`` (None: the end of the input), as (rid, state) pairs."""
        key = (eid, la)
        found = self._live.get(key)
        if found is None:
            table = self._tables.get(eid)
            if table is None:
                first = self._first
                table = self._tables[eid] = [
                    (first[rule.expansion[0]], (self._rid_of[id(rule)], self._states[self._rid_of[id(rule)]][0]))
                    for rule in self.predictions[nt]]
            found = self._live[key] = [pair for names, pair in table if la in names] if la is not None else []
        return found

    # -- the algorithm (Lark 1.3.1 earley.Parser.predict_and_complete, _parse, parse)
    def _predict_and_complete(self, i: int, to_scan: dict, columns: list, node_cache: dict,
                              la: str | None) -> None:
        held_completions: dict = {}
        column = columns[i]
        col_items = column.items
        items = deque(column)
        predicted: set = set()
        states = self._states
        SymbolNode = self.SymbolNode
        while items:
            item = items.pop()
            kind = item.kind
            if kind == 0:       # complete
                node = item.node
                if node is None:
                    ckey = (item.sid, item.start, i)
                    node = node_cache.get(ckey)
                    if node is None:
                        node = node_cache[ckey] = SymbolNode(item.s, item.start, i)
                    item.node = node
                    node.add_family(item.s, item.rule, item.start, None, None)
                # (Lark's Leo transitives are never filled in 1.3.1: the regular completer)
                if item.start == i:
                    held_completions[item.eid] = node
                originators = columns[item.start].by_expect.get(item.eid)
                if not originators:
                    continue
                for originator in list(originators):
                    ptr = originator.ptr + 1
                    new_item = _Item(originator.rid, ptr, originator.start, states[originator.rid][ptr])
                    ckey = (new_item.sid, originator.start, i)
                    new_node = node_cache.get(ckey)
                    if new_node is None:
                        new_node = node_cache[ckey] = SymbolNode(new_item.s, originator.start, i)
                    new_item.node = new_node
                    new_node.add_family(new_item.s, new_item.rule, i, originator.node, node)
                    if new_item.kind == 2:
                        if new_item.key not in to_scan:
                            to_scan[new_item.key] = new_item
                    elif new_item.key not in col_items:
                        column.add(new_item)
                        items.append(new_item)
            elif kind == 1:     # expects a nonterminal: predict
                eid = item.eid
                new_items = []
                if eid not in predicted:
                    predicted.add(eid)
                    for rid, state in self._live_rules(item.expect, eid, la):
                        new_items.append(_Item(rid, 0, i, state))
                if eid in held_completions:
                    ptr = item.ptr + 1
                    new_item = _Item(item.rid, ptr, item.start, states[item.rid][ptr])
                    ckey = (new_item.sid, item.start, i)
                    new_node = node_cache.get(ckey)
                    if new_node is None:
                        new_node = node_cache[ckey] = SymbolNode(new_item.s, item.start, i)
                    new_item.node = new_node
                    new_node.add_family(new_item.s, new_item.rule, new_item.start, item.node, held_completions[eid])
                    new_items.append(new_item)
                for new_item in new_items:
                    if new_item.kind == 2:
                        if new_item.key not in to_scan:
                            to_scan[new_item.key] = new_item
                    elif new_item.key not in col_items:
                        column.add(new_item)
                        items.append(new_item)

    def _scan(self, i: int, token, to_scan: dict, columns: list) -> tuple[dict, dict]:
        next_to_scan: dict = {}
        next_set = _Column()
        columns.append(next_set)
        node_cache: dict = {}
        states = self._states
        term_by_name = self.lexer_conf.terminals_by_name
        ttype = token.type if isinstance(token, Token) else None
        for item in list(to_scan.values()):
            if item.expect.name == ttype:       # Lark's basic term_matcher: term.name == token.type
                ptr = item.ptr + 1
                new_item = _Item(item.rid, ptr, item.start, states[item.rid][ptr])
                term = term_by_name.get(token.type) if isinstance(token, Token) else None
                token_node = lark_earley.TokenNode(token, term, priority=0)
                ckey = (new_item.sid, new_item.start, i + 1)
                node = node_cache.get(ckey)
                if node is None:
                    node = node_cache[ckey] = self.SymbolNode(new_item.s, new_item.start, i + 1)
                new_item.node = node
                node.add_family(new_item.s, item.rule, new_item.start, item.node, token_node)
                if new_item.kind == 2:
                    if new_item.key not in next_to_scan:
                        next_to_scan[new_item.key] = new_item
                else:
                    next_set.add(new_item)
        if not next_set and not next_to_scan:
            expect = {it.expect.name for it in to_scan.values()}
            raise UnexpectedToken(token, expect, considered_rules=set(it.rule for it in to_scan.values()),
                                  state=frozenset(it.s for it in to_scan.values()))
        return next_to_scan, node_cache

    def parse(self, lexer, start):
        assert start, start
        start_symbol = NonTerminal(start)
        columns = [_Column()]
        to_scan: dict = {}
        node_cache: dict = {}
        tokens = iter(lexer.lex(set()))   # the basic lexer does not read the expected terminals
        token = next(tokens, None)
        la = token.type if token is not None else None
        # predict the start symbol (only the items that can move)
        for rid, state in self._live_rules(start_symbol, -1, la):
            item = _Item(rid, 0, 0, state)
            if item.kind == 2:
                to_scan.setdefault(item.key, item)
            else:
                columns[0].add(item)
        i = 0
        while token is not None:
            self._predict_and_complete(i, to_scan, columns, node_cache, la)
            to_scan, node_cache = self._scan(i, token, to_scan, columns)
            i += 1
            token = next(tokens, None)
            la = token.type if token is not None else None
        self._predict_and_complete(i, to_scan, columns, node_cache, None)
        assert i == len(columns) - 1

        solutions = dedup_list(n.node for n in columns[-1] if n.kind == 0 and n.node is not None
                               and n.s == start_symbol and n.start == 0)
        if not solutions:
            expected_terminals = [t.expect.name for t in to_scan.values()]
            raise UnexpectedEOF(expected_terminals, state=frozenset(t.s for t in to_scan.values()))
        if len(solutions) > 1:
            raise RuntimeError("Earley should not generate multiple start symbol items!")
        solution, = solutions
        if self.Tree is not None:
            use_cache = not self.resolve_ambiguity
            transformer = ForestToParseTree(self.Tree, self.callbacks,
                                            self.forest_sum_visitor and self.forest_sum_visitor(),
                                            self.resolve_ambiguity, use_cache)
            return transformer.transform(solution)
        return solution


def _first_sets(rules) -> tuple[set, dict]:
    """NULLABLE and FIRST (terminal names) of every symbol, by the usual fixed point."""
    symbols = {s for r in rules for s in r.expansion} | {r.origin for r in rules}
    nullable: set = set()
    first: dict = {s: ({s.name} if s.is_term else set()) for s in symbols}
    changed = True
    while changed:
        changed = False
        for r in rules:
            if r.origin not in nullable and all(s in nullable for s in r.expansion):
                nullable.add(r.origin)
                changed = True
            acc = first[r.origin]
            for s in r.expansion:
                before = len(acc)
                acc |= first[s]
                if len(acc) != before:
                    changed = True
                if s not in nullable:
                    break
    return nullable, first


def install(parser: lark.Lark) -> bool:
    """Give ``parser`` (a ``Lark`` built with ``parser="earley", lexer="basic"``) the fast
    Earley parser. False (nothing changed) when the Lark version or the parser kind is not the
    one this port was made from."""
    if lark.__version__ not in PORTED_FROM:
        return False
    frontend = getattr(parser, "parser", None)
    inner = getattr(frontend, "parser", None)
    if type(inner) is not lark_earley.Parser or inner.lexer_conf.lexer_type != "basic" \
            or type(inner.SymbolNode) is not type or inner.Set is not lark_earley.OrderedSet:
        return False
    try:
        frontend.parser = FastEarley(inner)
    except ValueError:
        return False
    _memoise_keyword_lookup(getattr(frontend, "lexer", None))
    return True


def _memoise_keyword_lookup(lexer) -> None:
    """Lark's basic lexer gives a word matched by a pattern terminal the type of the keyword
    literal it equals (its ``UnlessCallback``: a full match of the word against every literal, a
    large regular expression, at each such word). That lookup depends on the word alone: keep its
    answers."""
    from functools import lru_cache

    from lark.lexer import CallChain, UnlessCallback
    try:
        lexer.scanner                       # builds the scanner and the callbacks
        callbacks = list(lexer.callback.values())
    except AttributeError:
        return
    seen = set()
    while callbacks:
        cb = callbacks.pop()
        if isinstance(cb, CallChain):
            callbacks.extend((cb.callback1, cb.callback2))
        elif isinstance(cb, UnlessCallback) and id(cb.scanner) not in seen:
            seen.add(id(cb.scanner))
            cb.scanner.fullmatch = lru_cache(maxsize=65536)(cb.scanner.fullmatch)

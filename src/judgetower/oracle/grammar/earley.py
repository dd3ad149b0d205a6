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
   a popped dead item pushes nothing), so it is not created. Items whose first symbol is nullable
   are always kept.

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
    """An Earley item (Lark's ``earley_common.Item``): rule, dot position, start column; ``key``
    is what Lark's item equality compares (the rule, up to rule equality, the dot, the start)."""

    __slots__ = ("rule", "ptr", "start", "is_complete", "expect", "s", "node", "key", "rid")

    def __init__(self, rule, rid: int, ptr: int, start: int, expansion_len: int, expansion) -> None:
        self.rule = rule
        self.rid = rid
        self.ptr = ptr
        self.start = start
        self.node = None
        if ptr == expansion_len:
            self.is_complete = True
            self.s = rule.origin
            self.expect = None
        else:
            self.is_complete = False
            self.s = (rule, ptr)
            self.expect = expansion[ptr]
        self.key = (rid, ptr, start)


class _Column:
    """An Earley set: items in insertion order (Lark's OrderedSet), plus an index of the items
    by the nonterminal they expect, each list in insertion order."""

    __slots__ = ("items", "by_expect")

    def __init__(self) -> None:
        self.items: dict = {}
        self.by_expect: dict = {}

    def add(self, item: _Item) -> None:
        if item.key in self.items:
            return
        self.items[item.key] = item
        if item.expect is not None:
            lst = self.by_expect.get(item.expect)
            if lst is None:
                self.by_expect[item.expect] = [item]
            else:
                lst.append(item)

    def __contains__(self, item: _Item) -> bool:
        return item.key in self.items

    def __iter__(self):
        return iter(self.items.values())

    def __bool__(self) -> bool:
        return bool(self.items)


class FastEarley(lark_earley.Parser):
    """`lark.parsers.earley.Parser` with the same results, faster (see the module)."""

    def __init__(self, base: lark_earley.Parser) -> None:   # noqa: D107 - takes Lark's parser
        self.__dict__.update(base.__dict__)
        rules = list(self.parser_conf.rules)
        # rule ids: equal rules (Lark's Rule.__eq__: origin and expansion) share an id, as their
        # items are equal in Lark
        canon: dict = {}
        self._rid = {}
        for r in rules:
            self._rid[id(r)] = canon.setdefault(r, len(canon))
        self._exp = {id(r): (tuple(r.expansion), len(r.expansion)) for r in rules}
        nullable, first = _first_sets(rules)
        self._nullable = nullable
        self._first = first
        self._live: dict = {}
        self._nonterminals = frozenset(self.NON_TERMINALS)
        self._terminals = frozenset(self.TERMINALS)

    # -- items
    def _item(self, rule, ptr: int, start: int) -> _Item:
        exp, n = self._exp[id(rule)]
        return _Item(rule, self._rid[id(rule)], ptr, start, n, exp)

    def _advance(self, item: _Item) -> _Item:
        exp, n = self._exp[id(item.rule)]
        return _Item(item.rule, item.rid, item.ptr + 1, item.start, n, exp)

    def _live_rules(self, nt, la: str | None) -> list:
        """The rules of ``predictions[nt]`` (in its order) whose predicted item can move when the
        next token's type is ``la`` (None: the end of the input)."""
        key = (nt, la)
        found = self._live.get(key)
        if found is None:
            found = []
            for rule in self.predictions[nt]:
                exp = rule.expansion
                if not exp:
                    found.append(rule)
                    continue
                s0 = exp[0]
                if s0 in self._nullable or (la is not None and la in self._first[s0]):
                    found.append(rule)
            self._live[key] = found
        return found

    # -- the algorithm (Lark 1.3.1 earley.Parser.predict_and_complete, _parse, parse)
    def _predict_and_complete(self, i: int, to_scan: dict, columns: list, node_cache: dict,
                              la: str | None) -> None:
        held_completions: dict = {}
        column = columns[i]
        items = deque(column)
        predicted: set = set()
        terminals = self._terminals
        nonterminals = self._nonterminals
        SymbolNode = self.SymbolNode
        while items:
            item = items.pop()
            if item.is_complete:
                if item.node is None:
                    label = (item.s, item.start, i)
                    item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, SymbolNode(*label))
                    item.node.add_family(item.s, item.rule, item.start, None, None)
                # (Lark's Leo transitives are never filled in 1.3.1: the regular completer)
                if item.start == i:
                    held_completions[item.rule.origin] = item.node
                originators = columns[item.start].by_expect.get(item.s)
                if not originators:
                    continue
                for originator in list(originators):
                    new_item = self._advance(originator)
                    label = (new_item.s, originator.start, i)
                    new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, SymbolNode(*label))
                    new_item.node.add_family(new_item.s, new_item.rule, i, originator.node, item.node)
                    if new_item.expect in terminals:
                        to_scan.setdefault(new_item.key, new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)
            elif item.expect in nonterminals:
                expect = item.expect
                new_items = []
                if expect not in predicted:
                    predicted.add(expect)
                    for rule in self._live_rules(expect, la):
                        new_items.append(self._item(rule, 0, i))
                if expect in held_completions:
                    new_item = self._advance(item)
                    label = (new_item.s, item.start, i)
                    new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, SymbolNode(*label))
                    new_item.node.add_family(new_item.s, new_item.rule, new_item.start, item.node, held_completions[expect])
                    new_items.append(new_item)
                for new_item in new_items:
                    if new_item.expect in terminals:
                        to_scan.setdefault(new_item.key, new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)

    def _scan(self, i: int, token, to_scan: dict, columns: list) -> tuple[dict, dict]:
        next_to_scan: dict = {}
        next_set = _Column()
        columns.append(next_set)
        node_cache: dict = {}
        terminals = self._terminals
        term_by_name = self.lexer_conf.terminals_by_name
        for item in list(to_scan.values()):
            if self.term_matcher(item.expect, token):
                new_item = self._advance(item)
                label = (new_item.s, new_item.start, i + 1)
                term = term_by_name.get(token.type) if isinstance(token, Token) else None
                token_node = lark_earley.TokenNode(token, term, priority=0)
                new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, self.SymbolNode(*label))
                new_item.node.add_family(new_item.s, item.rule, new_item.start, item.node, token_node)
                if new_item.expect in terminals:
                    next_to_scan.setdefault(new_item.key, new_item)
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
        for rule in self._live_rules(start_symbol, la):
            item = self._item(rule, 0, 0)
            if item.expect in self._terminals:
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

        solutions = dedup_list(n.node for n in columns[-1] if n.is_complete and n.node is not None
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
    frontend.parser = FastEarley(inner)
    return True

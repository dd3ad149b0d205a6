"""The autopilot: obeys every obligation (it only ever picks among the legal, i.e. compliant,
options) and makes the remaining free choices sensibly: removal at opponents' creatures, pumps
at its own, lands first, attacks where it can."""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.decisions import Activate, Attack, Block, Cast, Done, Pass, PlayLand
from judgetower.rules.state import PID, StackAbility

BENEFICIAL = (ir.ModifyPT, ir.UntapObjects, ir.PutCounters, ir.Regenerate, ir.Flicker)


def _effects_of(game, source) -> tuple:
    if isinstance(source, StackAbility):
        return tuple(getattr(source.ability, "effects", ()))
    sa = game.spell_ability(source) if getattr(source, "compiled", None) else None
    if sa is not None:
        return sa.effects
    if getattr(source, "card", None) is not None and "Aura" in source.card.subtypes:
        for ab in source.compiled.abilities:
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.CantAttackOrBlock):
                return (ir.Destroy(ir.Target(0)),)
        return (ir.ModifyPT(ir.Target(0)),)
    return ()


def is_beneficial(game, source) -> bool:
    effs = _effects_of(game, source)
    if not effs:
        return False
    from judgetower.rules.stack.casting import Attach
    return all(isinstance(e, BENEFICIAL + (Attach,)) or (isinstance(e, ir.Draw) and isinstance(e.who, ir.Target))
               or (isinstance(e, ir.ReturnToHand) and e.what == ir.Target(0) and _from_graveyard(source, game))
               or (isinstance(e, ir.Optional_)) for e in effs)


def _from_graveyard(source, game) -> bool:
    specs = getattr(getattr(source, "ability", None), "targets", None) or game.spell_targets(source)
    return bool(specs) and specs[0].kind == "object" and specs[0].filter.zone == "graveyard"


def _lone_menace_blocks(game, blocks: dict) -> set:
    """Attackers with menace (CR 702.111b) that exactly one creature of ``blocks`` blocks."""
    count: dict = {}
    for a in blocks.values():
        count[a] = count.get(a, 0) + 1
    return {a for a, n in count.items() if n == 1 and game.chars(game.objects[a]).has("menace")}


class Autopilot:
    """A deterministic, rule-abiding bot. ``choose(game, player)`` answers the pending decision."""

    def __init__(self, seed: int = 0) -> None:
        import random
        self.rng = random.Random(seed)

    def choose(self, game, player: int):
        return self.choose_decision(game, game.pending())

    def choose_decision(self, game, d):
        opts = d.options
        me = d.player
        kind = d.kind
        if len(opts) == 1:
            return opts[0]
        if kind == "priority":
            return self._priority(game, me, opts)
        if kind == "target":
            return self._target(game, me, d)
        if kind in ("x", "kicker"):
            return max(opts)
        if kind in ("may", "pay", "buyback"):
            return True if True in opts else opts[0]
        if kind == "attackers":
            attacks = [o for o in opts if isinstance(o, Attack)]
            if not attacks:
                return opts[0]
            good = [a for a in attacks if game.chars(game.objects[a.creature]).power > 0 or Done() not in opts]
            if not good:
                return Done() if Done() in opts else attacks[0]
            # spread attacks: the opponent with the fewest untapped blockers
            return min(good, key=lambda a: (self._defender_cost(game, a.defender), a.creature))
        if kind == "blockers":
            blocks = [o for o in opts if isinstance(o, Block)]
            # CR 702.111b, 509.1c: a menace creature blocked by one creature needs a second one,
            # else the declaration can end illegal with only a restart left (and, the choices
            # being the same, a restart forever): complete it first
            lone = _lone_menace_blocks(game, d.context.get("blocks") or {})
            completing = [b for b in blocks if b.attacker in lone]
            if completing:
                return completing[0]
            if Done() in opts:
                safe = [b for b in blocks if self._block_is_good(game, b)]
                return safe[0] if safe else Done()
            if blocks:
                safe = [b for b in blocks if self._block_is_good(game, b)]
                return (safe or blocks)[0]
            return opts[0]
        if kind == "cards":
            real = [o for o in opts if not isinstance(o, Done)]
            if not real:
                return opts[0]
            prompt = str(d.prompt)   # the English (a prompt is a message)
            if "sacrifice" in prompt or "discard" in prompt:
                return min(real, key=lambda i: (game.objects[i].card.mana_value if game.objects[i].card else 0, i))
            return real[0]
        if kind == "color":
            return self._color(game, me, opts)
        if kind == "mode":
            # the first mode offered (printed order; only modes with legal targets are offered,
            # CR 700.2a), and for "one or more" every further one
            real = [o for o in opts if not isinstance(o, Done)]
            return real[0] if real else opts[0]
        if kind == "split":
            return self._split(game, me, opts)
        if kind == "creature_type":
            # conds: "choose a creature type" (CR 614.12): the type most common among its own
            # creatures and creature cards in hand
            from collections import Counter
            seen = Counter(s for o in list(game.permanents(me)) + [game.objects[i] for i in game.hand(me)]
                           if o.card is not None for s in o.card.subtypes if s in opts)
            return seen.most_common(1)[0][0] if seen else opts[0]
        return opts[0]

    def _split(self, game, me, opts):
        """Scry-like splits (free choices, JT-C6/R10): keep what is wanted on top, the rest
        to the bottom. Lands are wanted only while mana is paid and few lands are out."""
        lands_out = sum(1 for o in game.permanents(me) if "Land" in game.chars(o).types)
        want_lands = not game.rules_free_mana() and lands_out < 5

        def wanted(i) -> bool:
            o = game.objects[i]
            is_land = o.card is not None and "Land" in o.card.types
            return want_lands if is_land else True

        def score(split) -> int:
            return sum(wanted(i) for i in split.top) + sum(not wanted(i) for i in split.bottom)
        return max(opts, key=score)

    # ------------------------------------------------------------------ pieces
    def _priority(self, game, me, opts):
        lands = [o for o in opts if isinstance(o, PlayLand)]
        if lands:
            return lands[0]
        casts = [o for o in opts if isinstance(o, Cast)]
        if casts:
            return max(casts, key=lambda c: (game.objects[c.obj].card.mana_value, -c.obj))
        acts = [o for o in opts if isinstance(o, Activate)]
        if Pass() not in opts:
            return acts[0] if acts else opts[0]
        useful = [a for a in acts if not game.activated_abilities(game.objects[a.obj])[a.index].mana_ability]
        if useful and self.rng.random() < 0.5:
            return useful[0]
        return Pass()

    def _target(self, game, me, d):
        opts = d.options
        cands = [o for o in opts if not isinstance(o, Done)]
        source = None
        item_ids = list(game.stack)
        if item_ids:
            source = game.objects[item_ids[-1]]
        beneficial = source is not None and is_beneficial(game, source)

        def mine(t):
            if isinstance(t, PID):
                return t.index == me
            o = game.objects[t]
            who = o.controller if o.zone in ("battlefield", "stack") else o.owner
            return who == me

        pref = [c for c in cands if mine(c) == beneficial]
        if not pref:
            return Done() if Done() in opts else cands[0]
        # harmful: prefer the opponents' strongest creature, then a player
        def strength(t):
            if isinstance(t, PID):
                return -1
            o = game.objects[t]
            if o.zone == "battlefield":
                return game.chars(o).power + game.chars(o).toughness
            return o.card.mana_value if o.card else 0
        return max(pref, key=strength)

    def _defender_cost(self, game, d) -> int:
        if isinstance(d, PID):
            return sum(1 for o in game.permanents(d.index) if not o.tapped and "Creature" in game.chars(o).types)
        return 0

    def _block_is_good(self, game, b: Block) -> bool:
        bc = game.chars(game.objects[b.blocker])
        ac = game.chars(game.objects[b.attacker])
        return bc.toughness > ac.power or bc.power >= ac.toughness

    def _color(self, game, me, opts):
        hand = [game.objects[i] for i in game.hand(me)]
        for o in hand:
            for c in (o.card.colors if o.card else ()):
                if c in opts:
                    return c
        return opts[0]

"""kw2: more keyword mechanics.

* Crew N (CR 702.122, 301.7): "Tap any number of other untapped creatures you control with total
  power N or greater: This permanent becomes an artifact creature until end of turn." The crew
  cost is ``Cost.crew``; tapping a creature for it is not a {T} cost, so summoning sickness does
  not matter (CR 302.6 covers only {T}/{Q} costs of the creature's own abilities). Judge Tower:
  "any number of" objects is as many as possible (JT-C3, R9): every other untapped creature is
  tapped.
* Monstrosity N (CR 701.37): "If this permanent isn't monstrous, put N +1/+1 counters on it and
  it becomes monstrous"; "When ~ becomes monstrous" triggers (CR 701.37b).
* Renown N (CR 702.112): "When this creature deals combat damage to a player, if it isn't
  renowned, put N +1/+1 counters on it and it becomes renowned."
* Bloodthirst N (CR 702.54): "If an opponent was dealt damage this turn, this permanent enters
  with N +1/+1 counters on it."
* Modular N (CR 702.43): "This permanent enters with N +1/+1 counters on it" and "When this
  permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter on target
  artifact creature for each +1/+1 counter on this permanent." (JT-C1: the "may" is taken.)
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.decisions import Done
from judgetower.rules.log import CardName, msg
from judgetower.rules.registry import effect
from judgetower.rules.stack.casting import name_said   # a spell's name in a prompt


@dataclass(frozen=True)
class CrewAnimate:
    """Crew's effect (CR 702.122a): this permanent becomes an artifact creature until end of
    turn (layer 4, CR 613.1d); a Vehicle then has its printed power and toughness (CR 301.7b)."""


@dataclass(frozen=True)
class RenownCounters:
    """Renown N's effect (CR 702.112a)."""

    n: int


def crew_ability(n: int) -> ir.ActivatedAbility:
    """CR 702.122a: "Crew N" as an activated ability."""
    return ir.ActivatedAbility(ir.Cost(crew=n), (), (CrewAnimate(),))


def renown_synth(n: int):
    """CR 702.112a: renown's triggered ability (intervening "if": not renowned, CR 603.4)."""
    from judgetower.rules.triggers.abilities import Synth
    return Synth("renown", ir.Trigger("deals_damage", ir.This(), recipient="player", combat=True),
                 effects=(RenownCounters(n),), condition="not_renowned")


def modular_synth():
    """CR 702.43a: modular's "dies" half (put into a graveyard from the battlefield)."""
    from judgetower.rules.triggers.abilities import Synth
    spec = ir.TargetSpec("object", ir.Filter(all_types=("artifact", "creature")))
    return Synth("modular", ir.Trigger("to_graveyard", ir.This()), targets=(spec,),
                 effects=(ir.Optional_((ir.PutCounters(ir.Target(0), "+1/+1", ir.CountersOn(ir.This(), "+1/+1")),)),))


@dataclass(frozen=True)
class ExploitSacrifice:
    """Exploit's effect (CR 702.110a): you may sacrifice a creature."""


def exploit_synth():
    """CR 702.110a: "When this creature enters, you may sacrifice a creature." """
    from judgetower.rules.triggers.abilities import Synth
    return Synth("exploit", ir.Trigger("enters", ir.This()), effects=(ExploitSacrifice(),))


@dataclass(frozen=True)
class TurnFaceUp:
    """Turning a face-down morph permanent face up (CR 702.37e, 116.2b): a special action, which
    doesn't use the stack. ``mega``: megamorph puts a +1/+1 counter on it (CR 702.37b)."""

    mega: bool = False


#: CR 702.37c: the cost to cast a card face down with morph
MORPH_CAST_COST = "{3}"


def morph_of(compiled) -> tuple[str, bool] | None:
    """(morph cost, megamorph?) of a compiled card, or None (CR 702.37a-b)."""
    for ab in compiled.abilities:
        if isinstance(ab, ir.Keyword) and ab.name in ("morph", "megamorph"):
            return ab.arg, ab.name == "megamorph"
    return None


_FACE_DOWN: dict = {}


def face_down_compiled(real) -> ir.CompiledCard:
    """What a face-down morph permanent or spell has (CR 702.37a, 708.2a): no name, no text, no
    abilities; its controller may still turn it face up for its morph cost (CR 702.37e), shown
    as the object's one action (ability 1 in scenario files). One per card (cached)."""
    key = id(real)
    hit = _FACE_DOWN.get(key)
    if hit is None or hit[0] is not real:
        cost, mega = morph_of(real)
        turn = ir.ActivatedAbility(ir.Cost(mana=cost), (), (TurnFaceUp(mega),))
        hit = _FACE_DOWN[key] = (real, ir.CompiledCard("", (turn,)))
    return hit[1]


@dataclass(frozen=True)
class LivingWeaponGerm:
    """Living weapon's effect (CR 702.92a): create a 0/0 black Phyrexian Germ creature token,
    then attach this Equipment to it."""


#: CR 702.92a, 111.4: the Germ token
GERM = ir.TokenSpec("Phyrexian Germ Token", 0, 0, ("B",), ("creature",), ("Phyrexian", "Germ"))


def living_weapon_synth():
    """CR 702.92a: "When this Equipment enters, create a 0/0 black Phyrexian Germ creature
    token, then attach this Equipment to it." """
    from judgetower.rules.triggers.abilities import Synth
    return Synth("living weapon", ir.Trigger("enters", ir.This()), effects=(LivingWeaponGerm(),))


@dataclass(frozen=True)
class ReplicateCopies:
    """Replicate's triggered ability (CR 702.56a): copy the spell ``n`` times; its controller may
    choose new targets for any of the copies (CR 707.10c)."""

    n: int


@dataclass(frozen=True)
class NinjutsuPut:
    """Ninjutsu's effect (CR 702.49a, 702.49c): put this card onto the battlefield from your hand
    tapped and attacking the player or planeswalker the returned creature was attacking."""


def ninjutsu_ability(cost: str) -> ir.ActivatedAbility:
    """CR 702.49a: "[Cost], Reveal this card from your hand, Return an unblocked attacking
    creature you control to its owner's hand: Put this card onto the battlefield from your hand
    tapped and attacking." (functions only from the hand, CR 113.6m)"""
    return ir.ActivatedAbility(ir.Cost(mana=cost, kw2_ninjutsu=True), (), (NinjutsuPut(),), zone="hand")


#: kw2: steps in which attacking creatures are blocked or unblocked (CR 509.1h, 506.4)
AFTER_BLOCKERS = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")


def _attacked(game, t):
    """The player or permanent ``t`` (what an attacker attacks) as a log parameter: what
    ``game.target_name(t)`` names, rendered in the line's language."""
    from judgetower.rules.state import PID
    if isinstance(t, PID):
        return game.players[t.index]
    o = game.objects.get(t)
    return o if o is not None else str(t)


class ActivatedKeywordsMixin:

    # ------------------------------------------------------------------ crew (CR 702.122)
    def crew_candidates(self, p: int, vehicle) -> list:
        """Other untapped creatures ``p`` controls (CR 702.122a), in battlefield order."""
        return [o for o in self.permanents(p)
                if o.id != vehicle.id and not o.tapped and "Creature" in self.chars(o).types]

    def can_crew(self, p: int, vehicle, n: int) -> bool:
        """CR 702.122a, 601.2h: the crew cost can be paid: total power N or greater."""
        return sum(max(0, self.chars(o).power) for o in self.crew_candidates(p, vehicle)) >= n

    def pay_crew(self, p: int, vehicle, n: int, what: str):
        """CR 702.122a: tap creatures one at a time; once their total power is N or greater, the
        player may stop (Done, offered first). Judge Tower referee mode: as many as possible
        (JT-C3, R9), so every other untapped creature is tapped."""
        tapped: list = []
        total = 0
        while True:
            cands = [o.id for o in self.crew_candidates(p, vehicle) if o.id not in tapped]
            if total >= n:
                if not cands:
                    break
                opts = cands if self.rules.max_targets else [Done()] + cands
            else:
                # any of them: can_crew checked that all of them together reach N
                opts = cands
            if not opts:
                break
            c = yield from self.ask(p, "cards", opts, msg("tap a creature to crew {vehicle} (crew {n}, power so far {total})",
                                        vehicle=vehicle, n=n, total=total),
                                    "CR 702.122a", crew=True)
            if isinstance(c, Done):
                break
            tapped.append(c)
            total += max(0, self.chars(self.objects[c]).power)
        for c in tapped:
            o = self.objects[c]
            if not o.tapped:
                self.note_tapped(o, True)
            o.tapped = True
        self.touch()
        self.log.add("{player} taps {cards} to crew {vehicle} (crew {n}, total power {total})",
                     "CR 702.122a", "CR 702.122b", player=self.players[p], cards=[self.objects[c] for c in tapped],
                     vehicle=vehicle, n=n, total=total)

    @effect(CrewAnimate)
    def _e_CrewAnimate(self, e, ctx):
        """CR 702.122a, 301.7b, 611.2: a continuous effect until end of turn (layer 4)."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        self.continuous.append({"objs": {o.id}, "keywords": (), "duration": "end_of_turn",
                                "animate": {"types": ("Artifact", "Creature"), "subtypes": (), "colors": None,
                                            "power": None, "toughness": None},
                                "timestamp": self.new_timestamp()})
        self.touch()
        ch = self.chars(o)
        self.log.add("{card} becomes an artifact creature until end of turn ({power}/{toughness})",
                     "CR 702.122a", "CR 301.7b", "CR 611.2", card=o, power=ch.power, toughness=ch.toughness)
        return
        yield

    # ------------------------------------------------------------------ monstrosity (CR 701.37)
    @effect(ir.Monstrosity)
    def _e_Monstrosity(self, e, ctx):
        """CR 701.37a: if the permanent isn't monstrous, N +1/+1 counters and it becomes
        monstrous; CR 701.37b: only then does it "become monstrous" (a trigger event)."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        if o.kw2_monstrous:
            self.log.add("{card} is already monstrous: monstrosity does nothing", "CR 701.37a", card=o)
            return
        n = self.amount(e.amount, ctx)
        self.put_counters(o, "+1/+1", n)
        o.kw2_monstrous = True
        self.touch()
        self.log.add("{card} gets {n} +1/+1 counter(s) and becomes monstrous", "CR 701.37a", "CR 122.1", card=o, n=n)
        self.events.append({"kind": "kw2_monstrous", "obj": o})
        return
        yield

    # ------------------------------------------------------------------ renown (CR 702.112)
    @effect(RenownCounters)
    def _e_RenownCounters(self, e, ctx):
        """CR 702.112a: N +1/+1 counters and it becomes renowned (CR 702.112b)."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield" or o.kw2_renowned:
            return
        self.put_counters(o, "+1/+1", e.n)
        o.kw2_renowned = True
        self.touch()
        self.log.add("{card} gets {n} +1/+1 counter(s) and becomes renowned", "CR 702.112a", "CR 702.112b",
                     card=o, n=e.n)
        return
        yield

    # ------------------------------------------------------------------ exploit (CR 702.110)
    @effect(ExploitSacrifice)
    def _e_ExploitSacrifice(self, e, ctx):
        """CR 702.110a-b: you may sacrifice a creature (any creature you control, this one
        included); if the creature with exploit was still on the battlefield as the ability
        resolved, it "exploits" the sacrificed creature. Judge Tower: the "may" is taken when a
        creature can be sacrificed (JT-C1, R9)."""
        src = ctx["source"]
        p = ctx["controller"]
        who = self.players[p]
        cands = [o.id for o in self.permanents(p) if "Creature" in self.chars(o).types]
        if not cands:
            self.log.add("{player} has no creature to sacrifice for exploit", "CR 702.110a", player=who)
            return
        yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                  msg("{card}: sacrifice a creature (exploit)?", card=src), "CR 702.110a")
        if not yes:
            self.log.add("{player} chooses not to exploit", "CR 702.110a", player=who)
            return
        c = yield from self.ask(p, "cards", cands, msg("sacrifice a creature for the exploit of {card}", card=src), "CR 702.110a")
        cur = self.current(src)
        on_bf = cur is not None and cur.zone == "battlefield"
        victim = self.objects[c]
        self.log.add("{player} sacrifices {card} (exploit of {source})", "CR 702.110a", "CR 701.21a",
                     player=who, card=victim, source=src)
        self.move(victim, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
        if on_bf:
            self.events.append({"kind": "kw2_exploits", "obj": cur, "victim": victim})
        return
        yield

    # ------------------------------------------------------------------ morph (CR 702.37, 708)
    def is_morph(self, o) -> bool:
        """A card that may be cast face down (CR 702.37c): a morph or megamorph with a mana cost."""
        comp = getattr(o, "real_compiled", None) or o.compiled
        return o.card is not None and morph_of(comp) is not None

    def keywords_is_special(self, ab) -> bool:
        """A special action shown as an object's action (turning a morph face up, CR 116.2b)."""
        return any(isinstance(e, TurnFaceUp) for e in ab.effects)

    def cast_face_down(self, p: int, spell) -> None:
        """CR 702.37c, 708.4: the spell is cast face down: a 2/2 creature spell with no name,
        text or mana cost; its controller may look at it (CR 708.5)."""
        spell.real_compiled = spell.compiled
        spell.compiled = face_down_compiled(spell.compiled)
        spell.face_down = True
        spell.kw2_morph = True
        spell.may_look = frozenset({p})
        self.log.add("{player} casts a card face down as a 2/2 creature spell for {cost}",
                     "CR 702.37c", "CR 708.4", player=self.players[p], cost=MORPH_CAST_COST)
        self.log.add("(the face-down spell is {card})", "CR 708.5", visible_to={p}, card=spell.card)

    def carry_face_down(self, o, new, from_zone: str, to_zone: str) -> None:
        """A face-down morph spell resolves into a face-down permanent (CR 708.4); anywhere else
        the card is face up again with its own abilities (CR 708.9, 400.7)."""
        real = getattr(o, "real_compiled", None)
        if real is None:
            return
        if getattr(o, "kw2_morph", False) and from_zone == "stack" and to_zone == "battlefield":
            new.real_compiled = real
            new.compiled = o.compiled
            new.face_down = True
            new.kw2_morph = True
            new.may_look = frozenset({new.controller})
        else:
            new.compiled = real

    @effect(TurnFaceUp)
    def _e_TurnFaceUp(self, e, ctx):
        """CR 702.37e, 708.8: turned face up, it has its own characteristics again; it didn't
        enter the battlefield (no "enters" triggers), "when ~ is turned face up" triggers.
        Megamorph: a +1/+1 counter (CR 702.37b)."""
        o = self.current(ctx["source"])
        if o is None or not o.face_down or getattr(o, "real_compiled", None) is None:
            return
        o.compiled = o.real_compiled
        o.real_compiled = None
        o.face_down = False
        o.kw2_morph = False
        o.may_look = frozenset()
        # the special action is not one of the card's own abilities (R11 counts per ability)
        o.activated_this_turn.discard(0)
        if e.mega:
            self.put_counters(o, "+1/+1", 1)
        self.touch()
        who = self.players[ctx["controller"]]
        if e.mega:
            self.log.add("{player} turns {card} face up (special action) with a +1/+1 counter (megamorph)",
                         "CR 702.37e", "CR 116.2b", "CR 708.8", "CR 702.37b", player=who, card=o)
        else:
            self.log.add("{player} turns {card} face up (special action)", "CR 702.37e", "CR 116.2b", "CR 708.8",
                         player=who, card=o)
        self.events.append({"kind": "face_up", "obj": o})
        return
        yield

    def public_face_down(self, o) -> dict | None:
        """A face-down morph permanent or spell as others see it (CR 708.6: its characteristics
        as a 2/2 and its state are public; not what it is)."""
        if not getattr(o, "kw2_morph", False):
            return None
        d = {"id": o.id, "name": "face-down card", "face_down": True,
             "controller": self.players[o.controller].name}
        if o.zone == "battlefield":
            ch = self.chars(o)
            d.update(tapped=o.tapped, power=ch.power, toughness=ch.toughness, damage=o.damage, sick=o.sick)
            if o.counters:
                d["counters"] = dict(o.counters)
            if o.attacking is not None:
                d["attacking"] = self.target_name(o.attacking)
        return d

    # ------------------------------------------------------------------ exert (CR 701.43)
    def exert_attackers(self, ap: int, declared: dict):
        """CR 701.43d, 508.1g: for each attacking creature with "You may exert ~ as it attacks",
        its controller chooses whether to exert it (an optional cost to attack); exerted, it won't
        untap during its controller's next untap step (CR 701.43a), and its linked "when you do"
        ability triggers (CR 607.2h, 603.12). Judge Tower: optional costs are paid when able, "may"
        is taken (JT-C1, R9)."""
        from judgetower.rules.triggers.abilities import Synth
        for cid in declared:
            o = self.objects[cid]
            if o.face_down:
                continue
            for idx, ab in enumerate(o.compiled.abilities):
                if not isinstance(ab, ir.ExertAbility):
                    continue
                yes = yield from self.ask(ap, "may", self.forced_bool_options([True, False], "may"),
                                          msg("exert {card} as it attacks?", card=o), "CR 701.43d")
                if not yes:
                    continue
                o.skip_next_untap = True
                self.touch()
                self.log.add("{player} exerts {card} (it won't untap during their next untap step)",
                             "CR 701.43a", "CR 508.1g", player=self.players[ap], card=o)
                self._trigger(o, idx, Synth("exert", ir.Trigger("keyword_exerted", ir.This()), targets=ab.targets,
                                            effects=ab.effects), {})

    # ------------------------------------------------------------------ dash (CR 702.109)
    def dash_enters(self, o, new, from_zone: str, to_zone: str) -> None:
        """CR 702.109a, 608.3g: a spell whose dash cost was paid becomes a permanent with haste
        (as long as it is that permanent), and a delayed trigger returns it to its owner's hand
        at the beginning of the next end step."""
        if not (from_zone == "stack" and to_zone == "battlefield" and getattr(o, "alternative", False)
                and not getattr(o, "kw2_morph", False)):
            return
        if not any(isinstance(ab, ir.Keyword) and ab.name == "dash" for ab in o.compiled.abilities):
            return
        if any(isinstance(ab, ir.AlternativeCost) or (isinstance(ab, ir.Keyword) and ab.name == "evoke")
               for ab in o.compiled.abilities):
            return   # another alternative cost comes first in alternative_cost: that one was paid
        new.granted = new.granted | frozenset({"haste"})
        self.delayed.append({"when": "next_end_step", "effects": (ir.ReturnToHand(ir.Chosen("dash")),),
                             "controller": new.controller, "source": new, "chosen": {"dash": [new]}, "turn": self.turn})
        self.log.add("{card} was dashed: it has haste and returns to its owner's hand at the beginning of the "
                     "next end step", "CR 702.109a", "CR 608.3g", card=new)

    # ------------------------------------------------------------------ living weapon (CR 702.92)
    @effect(LivingWeaponGerm)
    def _e_LivingWeaponGerm(self, e, ctx):
        """CR 702.92a: the Germ is created, then the Equipment (if still on the battlefield) is
        attached to it (CR 301.5c); state-based actions see the equipped Germ (CR 704.3)."""
        p = ctx["controller"]
        t = self.make_token(GERM, p)
        self.log.add("{player} creates a {token} (0/0)", "CR 702.92a", "CR 111.2", player=self.players[p], token=t)
        for _ in range(self.token_count(p, 1) - 1):   # replace: token doubling (CR 614.1a)
            extra = self.make_token(GERM, p)
            self.log.add("{player} creates a {token} (0/0)", "CR 702.92a", "CR 111.2", player=self.players[p],
                         token=extra)
        src = self.current(ctx["source"])
        if src is not None and src.zone == "battlefield" and src.controller == p:
            src.attached_to = t.id
            src.timestamp = self.new_timestamp()
            self.touch()
            self.log.add("{card} is attached to {target}", "CR 702.92a", "CR 301.5c", card=src, target=t)
        return
        yield

    # ------------------------------------------------------------------ entwine, replicate
    def keywords_extra_costs(self, spell) -> list:
        """Additional mana costs paid for entwine (CR 702.42a) and replicate (CR 702.56a)."""
        from judgetower.rules.stack.mana import ManaCost
        out = []
        if spell.keyword_entwined:
            out.append(ManaCost.parse(self.keyword_arg(spell, "entwine")))
        rep = self.keyword_arg(spell, "replicate")
        if rep and spell.replicated:
            out.extend(ManaCost.parse(rep) for _ in range(spell.replicated))
        return out

    def kw2_entwine(self, p: int, spell, modal):
        """CR 702.42a, 601.2b: the player may choose all modes, paying the entwine cost too;
        offered when every mode can be chosen (CR 700.2a) and the cost can be paid. Judge Tower:
        an optional cost paid when able (JT-C3, R9 names entwine). Returns True if entwined."""
        cost = self.keyword_arg(spell, "entwine")
        if cost is None:
            return False
        from judgetower.rules.stack.casting import _sum_costs
        legal = self.legal_modes(p, spell, modal)
        opts = [0]
        if len(legal) == len(modal.modes):
            spell.keyword_entwined = True
            base = self.spell_cost(spell, spell.alternative).with_x(0)
            if self.can_pay_mana(p, _sum_costs([base] + self.keywords_extra_costs(spell)), helpers=self.payment_helpers(spell)):
                opts.append(1)
            spell.keyword_entwined = False
        n = yield from self.ask(p, "kicker", self.forced_count_options(opts, "kicker"),
                                msg("pay the entwine cost {cost} of {spell} (choose every mode)?", cost=cost, spell=spell),
                                "CR 702.42a",
                                entwine=True)
        if not n:
            return False
        spell.keyword_entwined = True
        spell.modes = tuple(range(len(modal.modes)))
        self.log.add("{player} entwines {spell} ({cost}): every mode is chosen", "CR 702.42a", "CR 601.2b",
                     player=self.players[p], spell=spell, cost=cost)
        return True

    def choose_replicate(self, p: int, spell, name: str, total, helpers):
        """CR 702.56a, 601.2b: how many times the replicate cost is paid (each payable).
        Judge Tower: a repeatable cost is paid five times (JT-C2, R9)."""
        rep = self.keyword_arg(spell, "replicate")
        if rep is None:
            return
        opts = []
        for k in range(11):
            spell.replicated = k
            if self.can_pay_mana(p, total(), helpers=helpers):
                opts.append(k)
            else:
                break
        spell.replicated = 0
        n = yield from self.ask(p, "kicker", self.forced_count_options(opts, "multikicker"),
                                msg("pay the replicate cost {cost} of {spell} how many times?", cost=rep, spell=name_said(name)),
                                "CR 702.56a", multi=True)
        spell.replicated = n
        if n:
            self.log.add("{player} pays the replicate cost of {spell} {n} time(s)", "CR 702.56a", "CR 601.2b",
                         player=self.players[p], spell=CardName(name), n=n)

    def replicate_trigger(self, ev) -> None:
        """CR 702.56a: "When you cast this spell, if a replicate cost was paid for it, copy it for
        each time its replicate cost was paid." """
        from judgetower.rules.triggers.abilities import Synth
        spell = ev["obj"]
        n = getattr(spell, "replicated", 0)
        if not n:
            return
        for idx, ab in enumerate(spell.compiled.abilities):
            if isinstance(ab, ir.Keyword) and ab.name == "replicate":
                self.log.add("{spell}'s replicate triggers ({n} cop(ies))", "CR 702.56a", spell=spell, n=n)
                self._trigger(spell, idx, Synth("replicate", ir.Trigger("kw2_replicate"), effects=(ReplicateCopies(n),)),
                              {"trigger_obj": spell})
                return

    @effect(ReplicateCopies)
    def _e_ReplicateCopies(self, e, ctx):
        """CR 702.56a, 707.10: copies go on the stack (not cast); new targets may be chosen for
        each (CR 707.10c; Judge Tower: "may" taken, JT-C1)."""
        spell = ctx.get("trigger_obj") or ctx["source"]
        yield from self.put_spell_copies(ctx["controller"], spell, e.n, "CR 702.56a")

    # ------------------------------------------------------------------ ninjutsu (CR 702.49)
    def unblocked_attackers(self, p: int) -> list:
        """Unblocked attacking creatures ``p`` controls: only once blockers are declared
        (CR 509.1h, 506.4)."""
        if self.step not in AFTER_BLOCKERS:
            return []
        return [o for o in self.permanents(p) if o.attacking is not None and not o.was_blocked]

    def pay_ninjutsu(self, p: int, card):
        """CR 702.49a: reveal the card, return an unblocked attacker (its defender is kept for
        CR 702.49c)."""
        cands = [o.id for o in self.unblocked_attackers(p)]
        c = yield from self.ask(p, "cards", cands, msg("return an unblocked attacking creature for the ninjutsu of {card}",
                                                       card=card),
                                "CR 702.49a")
        o = self.objects[c]
        card.ninja_defender = o.attacking
        self.log.add("{player} reveals {card} and returns {creature} (unblocked, attacking {defender}) to its "
                     "owner's hand for ninjutsu", "CR 702.49a", player=self.players[p], card=card, creature=o,
                     defender=_attacked(self, o.attacking))
        self.move(o, "hand", cause="ninjutsu cost", rule="CR 702.49a", log=False)

    @effect(NinjutsuPut)
    def _e_NinjutsuPut(self, e, ctx):
        """CR 702.49a, 702.49c, 508.4: the card enters tapped and attacking (it was never declared
        as an attacker: no "attacks" triggers); only if it is still in the hand. Attacking a
        planeswalker that has left the battlefield, it enters but isn't attacking (CR 508.4a)."""
        card = ctx["source"]
        cur = self.current(card)
        p = ctx["controller"]
        if cur is None or cur.zone != "hand":
            self.log.add("{card} is no longer in the hand: ninjutsu does nothing", "CR 702.49a", card=card)
            return
        defender = card.ninja_defender
        new = self.move(cur, "battlefield", controller=p, tapped=True, cause="ninjutsu", rule="CR 702.49a", log=False)
        if new is None:
            return
        from judgetower.rules.state import PID
        if defender is not None and ((isinstance(defender, PID) and not self.players[defender.index].lost) or (
                not isinstance(defender, PID) and defender in self.objects and self.objects[defender].zone == "battlefield")):
            new.attacking = defender
            self.log.add("{card} is put onto the battlefield tapped and attacking {defender}",
                         "CR 702.49a", "CR 702.49c", "CR 508.4", card=new, defender=_attacked(self, defender))
        else:
            self.log.add("{card} is put onto the battlefield tapped, not attacking (its planeswalker is gone)",
                         "CR 702.49a", "CR 508.4a", "CR 506.3c", card=new)
        self.touch()
        return
        yield

    # ------------------------------------------------------------------ hooks
    def keyword_condition(self, cond: str, source) -> bool | None:
        """Intervening "if" conditions of kw2's keyword triggers (CR 603.4); None: not kw2's."""
        if cond == "not_renowned":
            cur = self.current(source)
            return cur is not None and not cur.kw2_renowned
        if cond in ("kw2_monstrous", "kw2_renowned"):
            # CR 701.37b, 702.112b: the permanent as it is now (last known information once it
            # has left the battlefield, CR 608.2h)
            cur = self.current(source)
            obj = cur if cur is not None and cur.zone == "battlefield" else source
            return bool(getattr(obj, cond, False))
        return None

    def keywords_check_event(self, ev, watchers) -> None:
        """"When ~ becomes monstrous" (CR 701.37b); "When ~ exploits a creature" (CR 702.110b:
        it triggers even when the exploiting creature sacrificed itself, looking back at it)."""
        from judgetower.rules.triggers.abilities import triggered_abilities
        if ev["kind"] == "cast":
            self.replicate_trigger(ev)   # CR 702.56a
            return
        if ev["kind"] == "kw2_exploits":
            o = ev["obj"]
            for idx, ab in triggered_abilities(o):
                if ab.trigger.event == "kw2_exploits":
                    self.log.add("{card} exploits {victim}", "CR 702.110b", card=o, victim=ev["victim"])
                    self._trigger(o, idx, ab, {"trigger_obj": ev["victim"]})
            return
        if ev["kind"] == "face_up":
            o = ev["obj"]
            for idx, ab in triggered_abilities(o):
                if ab.trigger.event == "kw2_turned_face_up":
                    self._trigger(o, idx, ab, {})
            return
        if ev["kind"] != "kw2_monstrous":
            return
        o = ev["obj"]
        for w in watchers:
            if w.id != o.id:
                continue
            for idx, ab in triggered_abilities(w):
                if ab.trigger.event == "kw2_becomes_monstrous":
                    self._trigger(w, idx, ab, {})

    def keywords_note_damage(self, p: int) -> None:
        """A player was dealt damage this turn (bloodthirst, CR 702.54a)."""
        self.players[p].damaged_turn = self.turn

    def keywords_enter_counters(self, o) -> None:
        """CR 614.1c replacement effects of bloodthirst (CR 702.54a) and modular (CR 702.43a)."""
        for ab in o.compiled.abilities:
            if not isinstance(ab, ir.Keyword):
                continue
            if ab.name == "bloodthirst":
                hurt = [q for q in self.opponents(o.controller) if self.players[q].damaged_turn == self.turn]
                if hurt:
                    self.put_counters(o, "+1/+1", int(ab.arg))
                    self.log.add("{card} enters with {n} +1/+1 counter(s) (bloodthirst: an opponent was "
                                 "dealt damage this turn)", "CR 702.54a", "CR 614.1c", card=o, n=ab.arg)
                else:
                    self.log.add("{card}'s bloodthirst: no opponent was dealt damage this turn", "CR 702.54a", card=o)
            elif ab.name == "modular":
                self.put_counters(o, "+1/+1", int(ab.arg))
                self.log.add("{card} enters with {n} +1/+1 counter(s) (modular)", "CR 702.43a", "CR 614.1c",
                             card=o, n=ab.arg)

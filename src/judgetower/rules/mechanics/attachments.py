"""auras2: auras and equipment beyond "enchant creature" (engine side).

- "As long as ~ is equipped / enchanted" (CR 301.5, 303.4): ``attached_kinds``, the condition
  ir.AttachedToCondition evaluated by conditions.evaluate_cited (statics, CR 611.3a).
- "When ~ enters, attach it to target creature you control" (CR 701.3a-c): ir.AttachSelfTo.
- "You control enchanted creature" (CR 613.1b layer 2, 303.4, 613.7e): ir.ControlEnchanted,
  applied by ``update_control`` at every state check (CR 704.3) and after each
  resolution, before anyone can act on the old controller.
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.capabilities import activation_bans
from judgetower.rules.characteristics.until_end_of_turn import chars_protected   # chars: protection from any quality (CR 702.16)
from judgetower.rules.log import Term, msg
from judgetower.rules.registry import effect


def _subtypes(game, o, chars) -> tuple:
    if chars is not None and o.id in chars:
        return chars[o.id].subtypes
    if chars is not None:   # inside compute_all: never recurse into game.chars
        return o.card.subtypes if o.card is not None else ()
    return game.chars(o).subtypes


def attached_kinds(game, source, kinds, chars=None) -> tuple[bool, str, tuple]:
    """auras2: is a permanent with one of the subtypes ``kinds`` ("Equipment": equipped,
    CR 301.5; "Aura": enchanted, CR 303.4) attached to ``source``? (ok, reason, cited rules)"""
    obj = getattr(source, "obj", source)
    oid = getattr(obj, "id", None)
    rules = tuple({"Equipment": "CR 301.5", "Aura": "CR 303.4"}[k] for k in kinds)
    if oid is None or getattr(obj, "zone", "") != "battlefield":
        return False, msg("it is not on the battlefield"), rules
    for i in game.battlefield:
        x = game.objects[i]
        if x.attached_to == oid and x.id != oid and any(k in _subtypes(game, x, chars) for k in kinds):
            return True, msg("{card} is attached to it", card=x), rules
    not_attached = {("Equipment",): msg("it is not equipped"), ("Aura",): msg("it is not enchanted"),
                    ("Equipment", "Aura"): msg("it is not equipped or enchanted"),
                    ("Aura", "Equipment"): msg("it is not enchanted or equipped")}
    return False, not_attached[tuple(kinds)], rules


def attached_count(game, source, amount, chars=None) -> int:
    """auras2: ir.AttachedCount: how many Auras/Equipment (by subtype, CR 301.5, 303.4) are
    attached to ``amount.to`` (the source itself, or what the source is attached to)."""
    obj = getattr(source, "obj", source)
    if isinstance(amount.to, ir.This):
        host = getattr(obj, "id", None)
    else:
        host = getattr(obj, "attached_to", None)
    if host is None or getattr(obj, "zone", "") != "battlefield":
        return 0
    return sum(1 for i in game.battlefield
               if game.objects[i].attached_to == host and i != host
               and any(k in _subtypes(game, game.objects[i], chars) for k in amount.kinds))


def enchanted_player_of(game, source):
    """auras2: the player the Aura behind ``source`` (the Aura, a filter's view of it, or an
    ability of it on the stack) is attached to (CR 303.4, 702.5d), or None."""
    obj = getattr(source, "obj", source)
    if getattr(obj, "kind", None) in ("activated", "triggered"):
        obj = game.objects.get(getattr(obj, "source_id", None))
    p = getattr(obj, "aura_player", None)
    if p is None or game.players[p].lost:
        return None
    return p


class AttachmentsMixin:
    """auras2: engine side of the auras2 IR (mixed into Game)."""

    # ---------------------------------------------------------------- attach (CR 701.3)
    def can_attach(self, src, t) -> bool:
        """CR 701.3a: whether ``src`` (an Aura or Equipment on the battlefield) could be attached
        to ``t``: an Aura to what it could enchant (CR 303.4, 303.4d), an Equipment to a creature
        other than itself without protection from it (CR 301.5c, 702.16c)."""
        if t.zone != "battlefield" or t.id == src.id:
            return False
        sch = self.chars(src)
        if "Aura" in sch.subtypes:
            return "Creature" not in sch.types and self._can_enchant(src, t)
        if "Equipment" in sch.subtypes:
            if "Creature" in sch.types and not sch.has("reconfigure"):
                return False   # CR 301.5c (tokcount: unless it has reconfigure)
            tch = self.chars(t)
            if "Creature" not in tch.types:
                return False
            return not chars_protected(tch.keywords, sch)   # chars: any protection quality (CR 702.16c)
        return False

    @effect(ir.AttachSelfTo)
    def _e_AttachSelfTo(self, e, ctx):
        """auras2: "attach it to target creature you control" (CR 701.3a): this Aura/Equipment
        moves onto the target; it doesn't move if it can't be attached (CR 701.3b), nothing
        happens if it is already attached there, and it gets a new timestamp (CR 701.3c, 613.7e)."""
        src = self.current(ctx["source"])
        targets = self.objs(e.what, ctx)
        if src is None or src.zone != "battlefield" or not targets:
            return
        t = targets[0]
        if src.attached_to == t.id:
            self.log.add("{card} is already attached to {target}", "CR 701.3b", card=src, target=t)
            return
        if not self.can_attach(src, t):
            self.log.add("{card} can't be attached to {target} and doesn't move", "CR 701.3b", card=src, target=t)
            return
        src.attached_to = t.id
        src.timestamp = self.new_timestamp()
        self.touch()
        self.log.add("{card} is attached to {target}", "CR 701.3a", "CR 701.3c", card=src, target=t)
        self.update_control()
        return
        yield

    # ---------------------------------------------------------------- control (CR 613.1b)
    def update_control(self) -> None:
        """auras2: "You control enchanted creature" (CR 613.1b layer 2, 611.3a). Each permanent
        enchanted by Auras with this ability is controlled by the controller of the one with the
        latest timestamp (CR 613.7e: an Aura's timestamp is when it became attached), unless a
        resolved control effect (``continuous`` "control" entries) is later (CR 613.7). When no
        such Aura is attached any more, control goes back to what the other control effects, or
        none, give (CR 611.3a: the static ability no longer applies). A permanent that changes
        controller is removed from combat (CR 506.4) and gets summoning sickness (CR 302.6)."""
        statics: dict[int, list] = {}
        for i in self.battlefield:
            a = self.objects[i]
            if a.attached_to is None or a.face_down or a.compiled is None:
                continue
            if any(isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.ControlEnchanted)
                   for ab in a.compiled.abilities):
                host = self.objects.get(a.attached_to)
                if host is not None and host.zone == "battlefield" and "Aura" in self.chars(a).subtypes:
                    statics.setdefault(host.id, []).append((a.timestamp, a.controller, a))
        held = getattr(self, "_auras2_base", None)
        if held is None:
            held = self._auras2_base = {}
        for oid in sorted(set(statics) | set(held)):
            o = self.objects.get(oid)
            if o is None or o.zone != "battlefield":
                held.pop(oid, None)
                continue
            mine = statics.get(oid, [])
            if mine and oid not in held:
                held[oid] = o.controller     # what the other control effects give (CR 613.1b)
            effects = sorted((eff["timestamp"], eff["control"]) for eff in self.continuous
                             if eff.get("control_obj") == oid)
            cands = [(ts, ctl) for ts, ctl, _ in mine] + effects
            if mine:
                ts, ctl = max(cands)
                aura = max(mine, key=lambda m: m[0])[2]
                why = msg("{aura}'s controller controls it", aura=aura)
            else:
                ctl = effects[-1][1] if effects else held[oid]
                held.pop(oid, None)
                why = msg("no Aura gives control of it any more")
            if o.controller != ctl:
                self._remove_from_combat(o)
                o.controller = ctl
                o.sick = True
                self.touch()
                self.log.add("{player} controls {card} ({reason})", "CR 613.1b", "CR 303.4",
                             player=self.players[ctl], card=o, reason=why)

    # ---------------------------------------------------------------- bestow (CR 702.103)
    def bestow_cost(self, o):
        """The bestow cost of a card with "Bestow [cost]" (CR 702.103a: an alternative cost,
        CR 118.9), or None."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.Keyword) and ab.name == "bestow":
                return ir.Cost(mana=ab.arg)
        return None

    def bestow_has_target(self, p: int, o) -> bool:
        """CR 702.103b, 601.2c: a spell cast bestowed targets a creature it could enchant."""
        return self.has_targets(p, o, (ir.TargetSpec("object", bestow_enchant_filter()),))

    def attachments_on_cast(self, p: int, spell, alternative: bool) -> None:
        """CR 702.103a-b: a spell cast for its bestow cost becomes a bestowed Aura spell (an Aura
        enchantment with enchant creature, not a creature) as it is put onto the stack."""
        if alternative and self.awaken_arg(spell) is not None:
            spell.aura_awaken = True
            self.log.add("{player} casts {spell} for its awaken cost", "CR 702.113a", "CR 118.9",
                         player=self.players[p], spell=spell)
        if alternative and self.bestow_cost(spell) is not None:
            spell.aura_bestowed = True
            self.touch()
            self.log.add("{player} casts {spell} bestowed: it is an Aura spell with enchant creature",
                         "CR 702.103a", "CR 702.103b", "CR 118.9", player=self.players[p], spell=spell)

    def bestow_resolving(self, spell, ok: bool) -> bool:
        """CR 702.103e: as a bestowed Aura spell begins resolving with an illegal target, it
        ceases to be bestowed and resolves as a creature spell (CR 608.3b does not counter it).
        Returns True when the spell goes on resolving as a creature spell."""
        if ok or not getattr(spell, "aura_bestowed", False):
            return False
        spell.aura_bestowed = False
        self.touch()
        self.log.add("{spell}'s target is illegal: it ceases to be bestowed and resolves as a creature spell",
                     "CR 702.103e", "CR 608.3b", spell=spell)
        return True

    def attachments_carry(self, old, new, from_zone: str, to_zone: str) -> None:
        """A bestowed Aura spell becomes a bestowed Aura permanent (CR 702.103b); anywhere else
        the new object is a new card (CR 400.7)."""
        if from_zone == "stack" and to_zone == "battlefield" and getattr(old, "aura_bestowed", False):
            new.aura_bestowed = True

    def unbestow(self) -> None:
        """CR 702.103f: a bestowed Aura that is unattached, or attached to an illegal object,
        becomes unattached and ceases to be bestowed: it stays on the battlefield as an
        enchantment creature (an exception to CR 704.5m). Checked with state-based actions."""
        for i in list(self.battlefield):
            a = self.objects[i]
            if not getattr(a, "aura_bestowed", False):
                continue
            host = self.objects.get(a.attached_to) if a.attached_to is not None else None
            if host is not None and host.zone == "battlefield" and host.id != a.id and self._can_enchant(a, host):
                continue
            a.attached_to = None
            a.aura_bestowed = False
            self.touch()
            self.log.add("{card} is no longer attached to a creature: it ceases to be bestowed and "
                         "is an enchantment creature", "CR 702.103f", card=a)

    # ---------------------------------------------------------------- umbra armor (CR 702.89)
    def umbra_armor(self, o) -> bool:
        """CR 702.89a (printed "totem armor"): "If enchanted permanent would be destroyed,
        instead remove all damage marked on it and destroy this Aura." Returns True when the
        destruction of ``o`` was replaced. With several such Auras the first attached (oldest
        timestamp) is used. Limit: if ``o`` also has a regeneration shield, this replacement is
        applied first (the engine does not ask for the order of replacement effects, CR 616.1)."""
        umbras = sorted((self.objects[i] for i in self.battlefield
                         if self.objects[i].attached_to == o.id and self.objects[i].id != o.id
                         and self.chars(self.objects[i]).has("totem armor")
                         and "Aura" in self.chars(self.objects[i]).subtypes),
                        key=lambda a: a.timestamp)
        if not umbras:
            return False
        a = umbras[0]
        o.damage = 0
        o.deathtouch_damage = False
        self.touch()
        self.log.add("{aura}'s umbra armor: instead of {card} being destroyed, all damage is removed "
                     "from it and {aura} is destroyed", "CR 702.89a", "CR 614.1a", aura=a, card=o)
        self.destroy(a, cause="umbra armor")
        return True


    # ---------------------------------------------------------------- awaken (CR 702.113)
    def awaken_arg(self, o):
        """(N, cost) of "Awaken N—[cost]" (CR 702.113a), or None."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.Keyword) and ab.name == "awaken":
                return ab.arg
        return None

    def awaken_has_target(self, p: int, o) -> bool:
        """CR 702.113a, 601.2c: the spell's own targets and a land its controller controls."""
        sa = self.spell_ability(o)
        own = sa.targets if sa is not None else ()
        return self.has_targets(p, o, tuple(own) + (awaken_land_spec(),))

    def aura_extra_targets(self, o) -> tuple:
        """CR 702.113b: a spell whose awaken cost is paid also targets a land its controller
        controls (after the spell's own targets); otherwise it is cast as if it had no such target."""
        if getattr(o, "aura_awaken", False):
            return (awaken_land_spec(),)
        return ()

    def awaken_resolve(self, spell, ctx):
        """CR 702.113a: "If this spell's awaken cost was paid, put N +1/+1 counters on target
        land you control. That land becomes a 0/0 Elemental creature with haste. It's still a
        land." After the spell's other instructions (they come first in its text). The effect has
        no duration (CR 611.2a): layers 4 and 6 and 7b (CR 613.1d, 613.1f, 613.4b); the counters
        apply in 7c (CR 613.4c)."""
        if not getattr(spell, "aura_awaken", False):
            return
        n = self.awaken_arg(spell)[0]
        sa = self.spell_ability(spell)
        idx = len(sa.targets) if sa is not None else 0
        lands = [o for o in self.objs(ir.Target(idx), ctx) if o.zone == "battlefield"]
        if not lands:
            self.log.add("{spell}: the awaken target is gone or illegal: nothing is awakened", "CR 608.2b", spell=spell)
            return
        yield from self.run_effects((ir.PutCounters(ir.Target(idx), "+1/+1", n),), ctx)
        lands = [o for o in lands if o.zone == "battlefield"]
        if not lands:
            return
        self.continuous.append({"objs": {o.id for o in lands}, "keywords": ("haste",), "duration": "permanent",
                                "animate": {"types": ("Creature",), "subtypes": ("Elemental",), "colors": None,
                                            "power": 0, "toughness": 0},
                                "timestamp": self.new_timestamp()})
        self.touch()
        self.log.add("{lands} gets {n} +1/+1 counter(s) and becomes a 0/0 Elemental creature with haste (still a "
                     "land)", "CR 702.113a", "CR 205.1b", "CR 613.1d", "CR 613.4b", lands=lands, n=n)


    # ---------------------------------------------------------------- Arrest (CR 602.5)
    def activation_banned(self, o) -> bool:
        """CR 602.5: "its activated abilities can't be activated" (a static ability of an Aura,
        Equipment or the object itself) applies to ``o``: none of its activated abilities, mana
        and loyalty abilities included, can be activated."""
        if getattr(o, "zone", None) != "battlefield":
            return False
        if self.detained(o):   # tokcount: detain (CR 701.35a)
            return True
        objs = self.objects
        for i in self.battlefield:
            x = objs[i]
            comp = x.compiled
            if x.face_down or comp is None:
                continue
            bans = activation_bans(comp)   # issue 17: indexed once per compiled card
            if bans:
                for eff in bans:
                    if self._static_affects(x, eff.affected, o):
                        return True
        return False


    # ---------------------------------------------------------------- dies triggers (CR 400.7e)
    def died_card(self, ctx) -> list:
        """auras2: ir.DiedCard: the object the dead creature became in the graveyard, found by the
        trigger's ability if it is still there (CR 400.7e)."""
        old = ctx.get("trigger_lki") or ctx.get("trigger_obj")
        nid = getattr(old, "moved_to", None)
        new = self.objects.get(nid) if nid is not None else None
        if new is None or new.zone != "graveyard":
            return []
        return [new]


    # ---------------------------------------------------------------- Enchant player (CR 303.4, 702.5d)
    def player_aura_targets(self, o) -> tuple:
        """CR 303.4a, 702.5d: an Aura spell with "Enchant player" / "Enchant opponent" targets a
        player / an opponent."""
        kind = self.keyword_arg(o, "enchant player")
        if kind is None or o.card is None or "Aura" not in o.card.subtypes:
            return ()
        return (ir.TargetSpec("opponent" if kind == "opponent" else "player"),)

    def aura_attached_to_player(self, new) -> None:
        """A resolving Aura spell that targets a player becomes attached to that player
        (CR 303.4a, 608.3c); kept as ``aura_player`` (a seat index)."""
        from judgetower.rules.state import PID
        if new is not None and isinstance(new.attached_to, PID):
            new.aura_player = new.attached_to.index
            new.attached_to = None

    def player_attach_legal(self, o) -> bool:
        """CR 704.5m, 303.4d: an Aura attached to a player who left the game, or to a player it
        can't enchant ("Enchant opponent" and the player is not an opponent of its controller)."""
        p = o.aura_player
        if p is None or not 0 <= p < len(self.players) or self.players[p].lost:
            return False
        if self.keyword_arg(o, "enchant player") == "opponent" and not self.are_opponents(p, o.controller):
            return False
        return True

    def put_player_aura(self, o, ctl, e, ctx):
        """CR 303.4f: an Aura with "Enchant player" put onto the battlefield other than by
        resolving is attached to a player its controller chooses (not targeted); CR 303.4g: with
        none it could enchant, it stays where it is."""
        from judgetower.rules.state import PID
        opp_only = self.keyword_arg(o, "enchant player") == "opponent"
        cands = [PID(q) for q in self.apnap() if not self.players[q].lost
                 and (not opp_only or self.are_opponents(q, ctl))]
        if not cands:
            self.log.add("{card} has no player it could enchant and stays in {zone}", "CR 303.4g",
                         card=o, zone=Term(o.zone))
            return
        who = yield from self.ask(ctl, "target", cands, msg("choose the player {card} will enchant", card=o), "CR 303.4f")
        new = self.move(o, "battlefield", controller=ctl, tapped=e.tapped,
                        cause=msg("returned by {source}", source=ctx['source']), rule="CR 400.7")
        if new is not None:
            new.aura_player = who.index
            self.touch()
            self.log.add("{card} enters attached to {player}", "CR 303.4f", card=new, player=self.players[who.index])

    def aura_enchanted_player(self, ctx) -> list:
        """"enchanted player": the player the source Aura is attached to (as it last existed on
        the battlefield if it has left, CR 608.2h)."""
        src = ctx.get("source")
        cur = self.current(src) or src
        p = getattr(cur, "aura_player", None)
        if p is None or self.players[p].lost:
            return []
        return [p]


_BESTOW_FILTER = []


def bestow_enchant_filter():
    """The filter of "enchant creature" that a bestowed Aura gains (CR 702.103b), as the
    compiler reads that keyword."""
    if not _BESTOW_FILTER:
        from judgetower.oracle.compiler import compile_text
        comp = compile_text("bestowed aura", "Enchant creature", ("Enchantment",), ("Aura",))
        arg = next(ab.arg for ab in comp.abilities if isinstance(ab, ir.Keyword) and ab.name == "enchant")
        _BESTOW_FILTER.append(arg)
    return _BESTOW_FILTER[0]


def bestowed_chars(ch) -> None:
    """CR 702.103b: a bestowed spell or permanent is an Aura enchantment (not a creature: its
    creature subtypes go too, CR 205.1b as a type-setting effect of layer 4) with enchant
    creature."""
    ch.types = ("Enchantment",)
    ch.subtypes = ("Aura",)


_LAND_SPEC = []


def awaken_land_spec():
    """The target of awaken's spell ability, "target land you control" (CR 702.113a), as the
    compiler reads it."""
    if not _LAND_SPEC:
        from judgetower.oracle.compiler import compile_text
        comp = compile_text("awaken", "Tap target land you control.", ("Instant",))
        _LAND_SPEC.append(next(ab for ab in comp.abilities if isinstance(ab, ir.SpellAbility)).targets[0])
    return _LAND_SPEC[0]

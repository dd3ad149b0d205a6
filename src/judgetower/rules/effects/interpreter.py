"""Carrying out effects: the IR interpreter (CR 608.2c, 701 keyword actions).

Each IR effect has one small handler that cites its rule, registered for its IR type with
``@effect(IRType)`` (`judgetower.rules.registry.EFFECTS`). Effects run in
order; choices they need are prompts (``self.ask``).
"""

from __future__ import annotations

import itertools

from judgetower.oracle import ir
from judgetower.rules.decisions import Done, Split
from judgetower.rules.characteristics.filters import chars_of, matches
from judgetower.rules.state import PID, GameObject, StackAbility
from judgetower.rules.stack.casting import Attach, PaymentLabel   # equip's internal effect (CR 702.6a)
from judgetower.rules.characteristics.until_end_of_turn import chars_protected   # chars: protection from any quality (CR 702.16)
from judgetower.rules.registry import EFFECTS, effect
from judgetower.rules.log import CardName, Phrase, Term, msg

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class EffectsMixin:

    def run_effects(self, effects, ctx):
        self.acting_player = ctx["controller"]
        for eff in effects:
            if self.game_over:
                return
            handler = EFFECTS.get(type(eff))
            if handler is None:
                raise NotImplementedError(f"no rule implements {type(eff).__name__}")
            yield from handler(self, eff, ctx)
            yield from self.after_effect(ctx)

    def after_effect(self, ctx):
        """Hook (e.g. JT-E2 checks); a generator."""
        return
        yield

    # ------------------------------------------------------------------ references
    def objs(self, ref, ctx, lki: bool = False) -> list:
        """The objects ``ref`` means now (``lki``: also objects that left, CR 608.2h)."""
        if isinstance(ref, ir.This):
            src = ctx["source"]
            cur = self.current(src)
            if cur is None and ctx.get("follow") and getattr(src, "moved_to", None):
                # a leaves-the-battlefield trigger finds the card in its new zone (CR 603.10a, 400.7)
                cur = self.current(self.objects[src.moved_to])
            if cur is None and lki:
                return [src]
            return [cur] if cur is not None else []
        if isinstance(ref, ir.Target):
            ts = ctx["targets"][ref.index] if ref.index < len(ctx["targets"]) else []
            out = []
            for t in ts:
                if isinstance(t, PID):
                    continue
                o = self.objects.get(t)
                if o is None:
                    continue
                if o.zone.startswith("gone") and not lki:
                    continue
                out.append(o)
            return out
        if isinstance(ref, ir.Enchanted) or isinstance(ref, ir.Equipped):
            src = self.current(ctx["source"])
            if src is not None and src.attached_to is not None:
                return [self.objects[src.attached_to]]
            return []
        if isinstance(ref, ir.LinkedExiled):
            src = ctx["source"]
            out = []
            for ids in src.linked.values():
                out += [self.objects[i] for i in ids if self.objects[i].zone == "exile"]
            return out
        if isinstance(ref, ir.TriggerObject):
            o = ctx.get("trigger_obj")
            return [o] if o is not None else []
        if isinstance(ref, ir.Chosen):
            return [o for o in ctx["chosen"].get(ref.key, []) if lki or not o.zone.startswith("gone")]
        if isinstance(ref, ir.All):
            f = ref.filter
            if f.zone == "battlefield":
                src = ctx["source"]
                return [self.objects[i] for i in list(self.battlefield)
                        if matches(self, self.objects[i], f, _src(src, ctx["controller"]))]
            if f.zone in ("hand", "graveyard"):   # "all creature cards in all graveyards"
                return self.objects_matching(f, ctx["source"], ctx["controller"])
            return []
        if isinstance(ref, ir.DiedCard):   # auras2: the card a dies trigger's creature became (CR 400.7e)
            return self.died_card(ctx)
        raise NotImplementedError(f"object reference {ref!r}")

    def objects_matching(self, f, source, controller) -> list:
        """Objects matching ``f`` now, for "the number of ..." / "for each ..." (CR 107.1).
        On the battlefield: every permanent. In hands and graveyards: the zones of the players
        ``f.controller`` names (CR 108.3: a card there is its owner's), each zone once (a
        variant may share one graveyard between players)."""
        src = _src(source, controller)
        if f.zone == "battlefield":
            return [self.objects[i] for i in list(self.battlefield)
                    if matches(self, self.objects[i], f, src)]
        players = [controller] if f.controller == "you" else (
            self.opponents(controller) if f.controller == "opponent" else self.apnap(controller))
        anyone = ir.Filter(**{**f.__dict__, "controller": None})
        out, seen = [], set()
        for q in players:
            lst = self.zone_list(f.zone, q)
            if id(lst) in seen:
                continue
            seen.add(id(lst))
            out += [self.objects[i] for i in lst if matches(self, self.objects[i], anyone, src)]
        return out

    def players_of(self, ref, ctx) -> list[int]:
        if isinstance(ref, ir.You):
            return [ctx["controller"]]
        if isinstance(ref, ir.EachPlayer):
            return self.apnap()
        if isinstance(ref, ir.EachOpponent):
            return [q for q in self.apnap() if q != ctx["controller"]]
        if isinstance(ref, ir.Target):
            ts = ctx["targets"][ref.index] if ref.index < len(ctx["targets"]) else []
            return [t.index for t in ts if isinstance(t, PID) and not self.players[t.index].lost]
        if isinstance(ref, ir.ControllerOf):
            return [o.controller for o in self.objs(ref.ref, ctx, lki=True)]
        if isinstance(ref, ir.OwnerOf):
            return [o.owner for o in self.objs(ref.ref, ctx, lki=True)]
        if isinstance(ref, ir.TriggerPlayer):
            return [ctx["trigger_player"]] if ctx.get("trigger_player") is not None else []
        if isinstance(ref, ir.DefendingPlayer):
            return [ctx["defending"]] if ctx.get("defending") is not None else []
        if isinstance(ref, ir.EnchantedPlayer):   # auras2: CR 303.4, 702.5d
            return self.aura_enchanted_player(ctx)
        raise NotImplementedError(f"player reference {ref!r}")

    def chars_of_ref(self, ref, ctx):
        """The characteristics of the first object ``ref`` names (its last known ones once gone,
        CR 608.2h; a defining ability works in every zone, CR 604.3), or None."""
        objs = self.objs(ref, ctx, lki=True)
        if not objs:
            return None
        o = objs[0]
        ch = getattr(o, "last_chars", None) if o.zone.startswith("gone") else None
        if ch is None and o.zone != "battlefield":
            from judgetower.rules.characteristics.filters import chars_with_cda
            ch = chars_with_cda(self, o)
        return ch or chars_of(self, o)

    def amount(self, a, ctx) -> int:
        if isinstance(a, int):
            return a
        if isinstance(a, ir.X):
            return ctx.get("x", 0)
        if isinstance(a, ir.PowerOf):
            ch = self.chars_of_ref(a.ref, ctx)
            return max(0, ch.power) if ch is not None else 0
        if isinstance(a, ir.CountersOn):
            objs = self.objs(a.ref, ctx, lki=True) if "targets" in ctx else [ctx["source"]]
            if isinstance(a.ref, ir.This) and ctx.get("follow") and ctx.get("source") is not None \
                    and ctx["source"].zone != "battlefield":
                # a leaves-the-battlefield trigger counts the counters the object had as it left
                # (last known information, CR 608.2h, 603.10a), not those of the new object
                objs = [ctx["source"]]
            return sum(o.counters.get(a.kind, 0) for o in objs)
        if isinstance(a, ir.TriggerAmount):
            return ctx.get("trigger_amount", 0)
        if isinstance(a, ir.AttachedCount):   # auras2: "for each Aura attached to it"
            from judgetower.rules.mechanics.attachments import attached_count
            src = ctx.get("source")
            return attached_count(self, self.current(src) or src, a)
        if isinstance(a, ir.TimesKicked):
            return ctx.get("kicked", getattr(ctx.get("source"), "kicked", 0))
        # --- counted amounts (filters helper) ---
        if isinstance(a, ir.CountOf):
            return len(self.objects_matching(a.filter, ctx.get("source"), ctx["controller"]))
        if isinstance(a, ir.HandSize):
            # "the number of cards in that player's hand" (CR 402.1)
            return sum(len(self.hand(q)) for q in self.players_of(a.who, ctx))
        if isinstance(a, ir.Product):
            return a.factor * self.amount(a.amount, ctx)
        if isinstance(a, ir.ManaValueOf):
            objs = self.objs(a.ref, ctx, lki=True)
            if not objs:
                return 0
            o = objs[0]
            ch = getattr(o, "last_chars", None) if o.zone.startswith("gone") else None
            return max(0, (ch or chars_of(self, o)).mana_value)   # CR 202.3
        if isinstance(a, ir.StatOf):
            objs = self.objects_matching(a.filter, ctx.get("source"), ctx["controller"])
            values = [getattr(chars_of(self, o), a.stat) for o in objs]
            # CR 107.1b: a negative result is treated as 0
            return max(0, max(values, default=0) if a.how == "max" else sum(values))
        if isinstance(a, ir.PlayerCount):
            return len(self.players_of(a.who, ctx))
        if isinstance(a, ir.WhereX):
            memo = ctx.setdefault("where_x", {})
            if a not in memo:
                memo[a] = self.amount(a.amount, ctx)
                # CR 107.3: X is defined by the text; CR 608.2h: counted once, as it's needed
                self.log.add("X is {n}", "CR 107.3", "CR 608.2h", n=memo[a])
            return memo[a]
        if isinstance(a, ir.Devotion):
            # conds: CR 700.5, 700.5a: mana symbols of those colours among the mana costs of
            # permanents the player controls (hybrid and Phyrexian symbols included, once each)
            import re
            n = 0
            for o in self.permanents(ctx["controller"]):
                if o.face_down or o.token is not None or o.card is None:
                    continue   # CR 708.2: no mana cost; a token has none unless copied (CR 111.3)
                for sym in re.findall(r"\{([^}]+)\}", self.copy_mana_cost(o)):   # copies2: CR 718.3b
                    if any(c in sym.upper().split("/") for c in a.colors):
                        n += 1
            return n
        if isinstance(a, ir.CountersRemoved):   # actcost: CR 118.3
            return self.removed_amount(a, ctx)
        if isinstance(a, ir.PartySize):   # turnflow: CR 700.8a
            return self.party_size(ctx["controller"])
        if isinstance(a, ir.ColorsSpent):   # tokcount: colors of mana spent to cast it (CR 601.2h)
            return len(getattr(ctx.get("source"), "colors_spent", None) or ())
        n = self.replacement_amount(a, ctx)   # replace: "its toughness" (CR 208.1)
        if n is not None:
            return n
        if isinstance(a, (ir.BlockersBeyondFirst, ir.OpponentsAttacked)):   # rampage, melee (CR 702.23a, 702.121a)
            return self.combat_amount(a, ctx)
        raise NotImplementedError(f"amount {a!r}")

    # ------------------------------------------------------------------ damage (CR 120)
    def deal_damage(self, source, target, n: int, combat: bool = False) -> int:
        """CR 120.3; protection prevents damage from sources of that colour (CR 702.16e)."""
        if n <= 0:
            return 0
        n = self.modify_damage(source, target, n)   # replace: "double that damage" (CR 614.1a)
        n = self.redirect_damage(source, target, n, combat)   # replace: redirection (CR 614.9)
        if n <= 0:
            return 0
        src_ch = chars_of(self, source) if isinstance(source, GameObject) else None
        if isinstance(target, PID) and not self.players[target.index].lost:
            n = self.prevent_damage_shields(source, target, n, combat)   # CR 615 (branch "effects")
            if n <= 0:
                return 0
        if isinstance(target, PID):
            p = target.index
            if self.players[p].lost:
                return 0
            if src_ch is not None and src_ch.has("infect"):
                # kwstatic: damage from a source with infect gives poison counters instead of
                # life loss (CR 702.90b, 120.3b); ten or more lose the game (CR 704.5c)
                self.players[p].poison += n
                self.touch()
                self.log.add("{source} deals {n} damage to {player} (infect: {n} poison counter(s), {total} in all)",
                             "CR 702.90b", "CR 120.3b", source=source, n=n, player=self.players[p],
                             total=self.players[p].poison)
            else:
                self.log.add("{source} deals {n} damage to {target}", "CR 120.3a", source=source, n=n, target=self.players[p])
                self.lose_life(p, self.damage_life_loss(p, n), rule="CR 120.3a")   # replace: CR 614.1a
            self.keywords_note_damage(p)   # kw2: bloodthirst (CR 702.54a)
            self.events.append({"kind": "damage", "source": source, "player": p, "amount": n, "combat": combat,
                                "batch": getattr(self, "damage_batch", 0)})
        else:
            o = target
            if o.zone != "battlefield":
                return 0
            ch = self.chars(o)
            if src_ch is not None and chars_protected(ch.keywords, src_ch) \
                    and not self.prevention_blocked():   # chars: colours, artifacts, ...; replace: CR 615.12
                self.log.add("damage from {source} to {card} is prevented (protection)", "CR 702.16e", source=source, card=o)
                return 0
            n = self.prevent_damage_shields(source, o, n, combat)   # CR 615 (branch "effects")
            if n <= 0:
                return 0
            if "Planeswalker" in ch.types:
                self.remove_counters(o, "loyalty", n)
                self.log.add("{source} deals {n} damage to {card} (loyalty now {loyalty})", "CR 120.3c", source=source, n=n,
                             card=o, loyalty=o.counters.get('loyalty', 0))
            if "Creature" in ch.types and src_ch is not None and (src_ch.has("infect") or src_ch.has("wither")):
                # kwstatic: damage from a source with wither or infect is dealt as that many -1/-1
                # counters (CR 702.80a, 702.90c, 120.3d)
                self.put_counters(o, "-1/-1", n)
                if src_ch.has("deathtouch"):
                    o.deathtouch_damage = True
                rule = "CR 702.90c" if src_ch.has("infect") else "CR 702.80a"
                self.log.add("{source} deals {n} damage to {card} as {n} -1/-1 counter(s)", rule, "CR 120.3d", source=source,
                             n=n, card=o)
            elif "Creature" in ch.types:
                o.damage += n
                if src_ch is not None and src_ch.has("deathtouch"):
                    o.deathtouch_damage = True
                self.log.add("{source} deals {n} damage to {target}", "CR 120.3e", source=source, n=n, target=o)
            self.touch()
            # triggers branch: damage dealt to a permanent, for "is dealt damage" (CR 120.3)
            self.events.append({"kind": "damage", "source": source, "obj": o, "amount": n, "combat": combat,
                                "batch": getattr(self, "damage_batch", 0)})
            self.tokens_note_damage(source, o)   # tokcount: "dealt damage by ~ this turn" (CR 120.3)
        if src_ch is not None and src_ch.has("lifelink"):
            self.gain_life(source.controller, n, rule="CR 702.15b")
        return n

    @effect(ir.DealDamage)
    def _e_DealDamage(self, e, ctx):
        self.damage_batch = getattr(self, "damage_batch", 0) + 1  # triggers branch: one damage event (CR 120.3)
        n = self.amount(e.amount, ctx)
        source = self.objs(e.source, ctx, lki=True)
        if isinstance(e.source, ir.Target) and not source:
            return   # CR 608.2b: a source that is an illegal target deals no damage
        src = source[0] if source else ctx["source"]
        targets = self._damage_recipients(e.to, ctx)
        spec = None
        if isinstance(e.to, ir.Target):
            specs = self._specs(ctx)
            spec = specs[e.to.index] if e.to.index < len(specs) else None
        if spec is not None and spec.divided and spec.evenly and targets:
            # CR 601.2d: "divided evenly, rounded down" (Fireball): among the targets still legal
            each = n // len(targets)
            for t in targets:
                self.deal_damage(src, t, each)
            return
        if spec is not None and spec.divided and targets:
            # CR 601.2d: divided as announced while casting; a target no longer legal gets none
            # of the damage (CR 608.2b: it is not redistributed)
            holder = ctx.get("item") or ctx["source"]
            amounts = holder.divisions.get(e.to.index) if holder is not None else None
            if amounts is None:
                raise RuntimeError(f"{getattr(holder, 'name', holder)}: no division announced for target group "
                                   f"{e.to.index} (CR 601.2d)")
            share = dict(zip(holder.targets[e.to.index], amounts))
            for t in targets:
                key = t if isinstance(t, PID) else t.id
                self.deal_damage(src, t, share.get(key, 0))
            return
        for t in targets:
            self.deal_damage(src, t, n)
        return
        yield

    def _specs(self, ctx):
        item = ctx.get("item")
        if item is not None:
            return getattr(item.ability, "targets", ())
        src = ctx["source"]
        return self.spell_targets(src) if src is not None and src.card is not None else ()

    def _damage_recipients(self, ref, ctx) -> list:
        if isinstance(ref, ir.Target):
            ts = ctx["targets"][ref.index] if ref.index < len(ctx["targets"]) else []
            out = []
            for t in ts:
                if isinstance(t, PID):
                    out.append(t)
                else:
                    o = self.objects.get(t)
                    if o is not None and o.zone == "battlefield":
                        out.append(o)
            return out
        if isinstance(ref, (ir.You, ir.EachPlayer, ir.EachOpponent, ir.ControllerOf, ir.TriggerPlayer, ir.DefendingPlayer)):
            return [PID(p) for p in self.players_of(ref, ctx)]
        return self.objs(ref, ctx)

    # ------------------------------------------------------------------ destroy, exile, zones
    def destroy(self, o, no_regenerate: bool = False, cause: str = "destroyed") -> bool:
        """CR 701.8; indestructible (CR 702.12b); regeneration (CR 701.19)."""
        if o.zone != "battlefield":
            return False
        ch = self.chars(o)
        if ch.has("indestructible"):
            self.log.add("{card} is indestructible and isn't destroyed", "CR 702.12b", card=o)
            return False
        if self.umbra_armor(o):   # auras2: umbra (totem) armor replaces it (CR 702.89a)
            return False
        if o.regen_shields > 0 and not no_regenerate:
            o.regen_shields -= 1
            if not o.tapped:
                self.note_tapped(o, True)  # triggers branch
            o.tapped = True
            o.damage = 0
            o.deathtouch_damage = False
            self._remove_from_combat(o)
            self.touch()
            self.log.add("{card} regenerates: tapped, damage removed, removed from combat", "CR 701.19a", card=o)
            return False
        if o.regen_shields > 0 and no_regenerate:
            self.log.add("{card} can't be regenerated", "CR 701.19c", card=o)
        self.move(o, "graveyard", cause=cause, rule="CR 701.8a")
        return True

    @effect(ir.Destroy)
    def _e_Destroy(self, e, ctx):
        for o in self.objs(e.what, ctx):
            self.destroy(o, e.no_regenerate)
        return
        yield

    @effect(ir.ExileObjects)
    def _e_ExileObjects(self, e, ctx):
        src = ctx["source"]
        item = ctx.get("item")
        exiled = []
        for o in self.objs(e.what, ctx):
            if o.zone not in ("battlefield", "graveyard", "hand", "stack", "library", "exile"):
                continue
            if e.until_leaves and self.current(src) is None:
                # CR 610.3b (a triggered ability, Banisher Priest), 610.3a (a spell or activated ability)
                self.log.add("{source} has already left the battlefield: nothing is exiled",
                             "CR 610.3b" if isinstance(item, StackAbility) and item.kind == "triggered" else "CR 610.3a",
                             source=src)
                return
            if o.zone == "exile":
                # CR 406.7: it doesn't change zones but becomes a new object, just exiled (a new pile)
                self.log.add("{card} is exiled again: it becomes a new object", "CR 406.7", card=o)
            new = self.move(o, "exile", cause=msg("exiled by {source}", source=src), rule="CR 406.7" if o.zone == "exile" else "CR 406.2",
                            face_down=e.face_down)
            if new is None:
                continue
            exiled.append(new)
            if e.linked or e.until_leaves:
                key = "until" if e.until_leaves else (item.ability_index if isinstance(item, StackAbility) else 0)
                cur = self.current(src) or src
                cur.linked.setdefault(key, []).append(new.id)
                if e.until_leaves:
                    self.log.add("{card} is exiled until {source} leaves the battlefield", "CR 610.3", card=new, source=src)
                elif self.current(src) is None and src.zone.startswith("gone"):
                    # the object that would find it is gone; a new object is not linked (CR 400.7)
                    self.log.add("{card} is exiled, but {source} has already left: no ability of it can "
                                 "find the card (unreferenced exile)", "CR 607.2a", "CR 400.7", "R20",
                                 card=new, source=src)
                else:
                    self.log.add("{card} is exiled with {source} (linked abilities)", "CR 607.2a", "CR 406.6", card=new,
                                 source=src)
        ctx["chosen"]["exiled"] = ctx["chosen"].get("exiled", []) + exiled
        return
        yield

    @effect(ir.ReturnToHand)
    def _e_ReturnToHand(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone in ("battlefield", "graveyard", "exile", "stack"):
                # owner left to move(): the card's owner, or from a shared graveyard the player the
                # instruction names ("your graveyard" -> the controller; JT-G5, R5)
                self.move(o, "hand", cause=msg("returned by {source}", source=ctx['source']), rule="CR 400.7")
        return
        yield

    @effect(ir.ReturnToBattlefield)
    def _e_ReturnToBattlefield(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone in ("exile", "graveyard", "hand"):
                ctl = o.owner if e.under == "owner" else ctx["controller"]
                if e.under == "owner" and o.zone == "graveyard" and self.zone_shared("graveyard", o.owner):
                    # zones: JT-G5, R5: leaving the shared graveyard, its owner becomes the player the
                    # instruction names (else the acting player): that owner controls it
                    ctl = self.rules.owner_leaving(self, o, o.zone, None)
                host = None
                if o.card is not None and "Aura" in o.card.subtypes and self.keyword_arg(o, "enchant player") is not None:
                    yield from self.put_player_aura(o, ctl, e, ctx)   # auras2: CR 303.4f, a player
                    continue
                if o.card is not None and "Aura" in o.card.subtypes:
                    # CR 303.4f: an Aura put onto the battlefield other than by resolving is attached
                    # to an object its new controller chooses; CR 303.4g: with none, it stays put
                    cands = [x.id for x in self.permanents() if self._can_enchant(o, x)]
                    if not cands:
                        self.log.add("{card} has nothing it could enchant and stays in {zone}", "CR 303.4g", card=o,
                                     zone=Term(o.zone))
                        continue
                    host = yield from self.ask(ctl, "cards", cands, msg("choose what {card} will enchant", card=o), "CR 303.4f")
                new = self.move(o, "battlefield", controller=ctl, tapped=e.tapped,
                                cause=msg("returned by {source}", source=ctx['source']), rule="CR 607.2a" if isinstance(e.what, ir.LinkedExiled) else "CR 400.7")
                if new is not None and host is not None:
                    new.attached_to = host
                    self.touch()
                    self.log.add("{card} enters attached to {host}", "CR 303.4f", card=new, host=self.objects[host])

    @effect(ir.Flicker)
    def _e_Flicker(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone != "battlefield":
                continue
            new = self.move(o, "exile", cause=msg("exiled by {source}", source=ctx['source']), rule="CR 406.2")
            if new is not None:
                ctl = ctx["controller"] if e.under == "you" else new.owner
                self.move(new, "battlefield", controller=ctl, cause=msg("returned by {source}", source=ctx['source']), rule="CR 400.7")
        return
        yield

    @effect(ir.CounterSpell)
    def _e_CounterSpell(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone != "stack" or o.id not in self.stack:
                continue
            if e.unless_pays:
                from judgetower.rules.stack.mana import ManaCost
                cost = ManaCost.parse(e.unless_pays)
                payer = o.controller
                opts = [False] + ([True] if self.can_pay_mana(payer, cost) else [])
                paid = yield from self.ask(payer, "pay", self.forced_bool_options(opts, "unless"),
                                           msg("pay {cost} so that {spell} is not countered?",
                                               cost=e.unless_pays, spell=o), "CR 118.12")
                if paid:
                    self.pay_mana(payer, cost, PaymentLabel(f"{ctx['source'].name}'s \"unless\"",
                                                            msg("{source}'s \"unless\"", source=ctx['source'])))
                    self.log.add("{player} pays {cost}: {card} is not countered", "CR 118.12", player=self.players[payer],
                                 cost=e.unless_pays, card=o)
                    continue
            if not isinstance(o, StackAbility) and any(
                    isinstance(a, ir.StaticAbility) and isinstance(a.effect, ir.CantBeCountered)
                    for a in o.compiled.abilities):
                # kwstatic: "This spell can't be countered" beats the instruction (CR 101.2)
                self.log.add("{card} can't be countered", "CR 101.2", card=o)
                continue
            self.log.add("{card} is countered", "CR 701.6a", card=o)
            if isinstance(e, ir.CounterAndExile):   # replace: exiled instead (CR 614.1a)
                self.log.add("{card} is exiled instead of being put into a graveyard", "CR 614.1a", card=o)
                self.move(o, "exile", cause="countered", rule="CR 701.6a")
                continue
            self.move(o, "graveyard", cause="countered", rule="CR 701.6a")

    @effect(ir.SacrificeUnlessPay)
    def _e_SacrificeUnlessPay(self, e, ctx):
        """kwcosts: "sacrifice [it] unless you pay [cost]" (CR 118.12a; echo CR 702.30a).
        Judge Tower: "unless" is paid when able (JT-C1, R9), and mana is always payable (JT-G4)."""
        from judgetower.rules.stack.mana import ManaCost
        payer = ctx["controller"]
        ab = getattr(ctx.get("item"), "ability", None)
        rules = ("CR 702.30a", "CR 118.12a") if getattr(ab, "name", "") == "echo" else ("CR 118.12a",)
        for o in self.objs(e.what, ctx):
            if o.zone != "battlefield" or o.controller != payer:
                continue
            cost = ManaCost.parse(e.mana)
            opts = [False] + ([True] if self.can_pay_mana(payer, cost) else [])
            paid = yield from self.ask(payer, "pay", self.forced_bool_options(opts, "unless"),
                                       msg("pay {cost} to keep {card}? (else it is sacrificed)", cost=e.mana, card=o), rules[0])
            if paid and self.pay_mana(payer, cost, PaymentLabel(f"{o.name}'s \"unless\"",
                                                                msg("{source}'s \"unless\"", source=o))):
                self.log.add("{player} pays {cost}: {card} is not sacrificed", *rules, player=self.players[payer],
                             cost=e.mana, card=o)
                continue
            self.log.add("{player} doesn't pay {cost}: sacrifices {card}", *rules, "CR 701.21a",
                         player=self.players[payer], cost=e.mana, card=o)
            self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)

    # ------------------------------------------------------------------ cards
    def draw(self, p: int, n: int, rule: str = "CR 121.1"):
        """CR 121: draw one card at a time; an empty library marks the player for CR 704.5b.
        The whole instruction is one library action (R19: "draw seven cards" needs seven)."""
        if n <= 0 or self.players[p].lost or self.game_over:
            return
        yield from self.ensure_library(p, n, "draw")
        for _ in range(n):
            if self.players[p].lost or self.game_over:
                return
            lib = self.library(p)
            if not lib:
                self.players[p].drew_from_empty = True
                self.log.add("{player} can't draw: the library is empty", "CR 121.4", player=self.players[p])
                continue
            if (yield from self.library_dredge(p)):   # library2: dredge replaces this draw (CR 702.52a)
                continue
            o = self.objects[lib[-1]]
            new = self.move(o, "hand", owner=p, cause="draw", rule=rule, log=False)
            self.log.add("{player} draws a card", rule, player=self.players[p])
            self.log.add("{player} draws {card}", rule, player=self.players[p], card=new,
                         visible_to=None if self.rules.hand_public(self, p) else [p])
            self.events.append({"kind": "draw", "player": p})
            yield from self.exile_cast_drawn(p, new, rule)   # exilecast: miracle (CR 702.94a)

    def ensure_library(self, p: int, n: int, action: str):
        """Hook: JT-E2 refills a short library. Standard Magic: nothing happens. Returns False
        when the action cannot take place."""
        return (yield from self.rules.ensure_library(self, p, n, action))

    @effect(ir.Draw)
    def _e_Draw(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            yield from self.draw(p, n)

    def discard_chosen(self, p: int, n: int, rule: str = "CR 701.9a", chooser: int | None = None, flt=None, source=None):
        chooser = p if chooser is None else chooser
        for _ in range(n):
            cands = [c for c in self.hand(p) if flt is None or matches(self, self.objects[c], flt, source)]
            if not cands:
                return
            c = yield from self.ask(chooser, "cards", cands, msg("choose a card for {player} to discard",
                                                                 player=self.players[p]), rule)
            o = self.objects[c]
            self.log.add("{player} discards {card}", rule, player=self.players[p], card=o)
            self.move(o, "graveyard", cause="discarded", rule=rule, log=False)

    @effect(ir.Discard)
    def _e_Discard(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            if e.whole_hand:
                for c in list(self.hand(p)):
                    o = self.objects[c]
                    self.log.add("{player} discards {card}", "CR 701.9a", player=self.players[p], card=o)
                    self.move(o, "graveyard", cause="discarded", rule="CR 701.9a", log=False)
                continue
            n = self.amount(e.amount, ctx)
            if e.chooser == "you":
                yield from self.discard_chosen(p, n, chooser=ctx["controller"], flt=e.filter, source=_src(ctx["source"], ctx["controller"]))
            elif e.chooser == "random":
                for _ in range(n):
                    if self.hand(p):
                        o = self.objects[self.rng.choice(self.hand(p))]
                        self.move(o, "graveyard", cause="discarded at random", rule="CR 701.9a")
            else:
                yield from self.discard_chosen(p, n)

    @effect(ir.RevealHand)
    def _e_RevealHand(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            names = [self.objects[c] for c in self.hand(p)] or msg("nothing")
            if e.look_only:
                self.log.add("{looker} looks at {player}'s hand", "CR 701.20", looker=self.players[ctx['controller']],
                             player=self.players[p])
                self.log.add("{player}'s hand: {cards}", "CR 701.20", visible_to=[ctx["controller"], p],
                             player=self.players[p], cards=names)
            else:
                self.log.add("{player} reveals their hand: {cards}", "CR 701.20a", player=self.players[p], cards=names)
        return
        yield

    @effect(ir.Mill)
    def _e_Mill(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            yield from self.ensure_library(p, n, "mill")
            lib = self.library(p)
            for _ in range(min(n, len(lib))):
                self.move(self.objects[lib[-1]], "graveyard", owner=p, cause="milled", rule="CR 701.17a")

    def top_cards(self, p: int, n: int) -> list[int]:
        """The top ``n`` cards of ``p``'s library, top first. A card another player revealed or
        looked at during this resolution is not part of ``p``'s library (JT-G6, R6: only a shared
        library has such cards)."""
        lib = self.library(p)
        if n <= 0:
            return []
        held = self.held_by_looker
        if not held:
            return list(reversed(lib[-n:]))
        out = [i for i in reversed(lib) if held.get(i, p) == p]
        return out[:n]

    def _held_by_others(self, p: int) -> int:
        return sum(1 for q in self.held_by_looker.values() if q != p)

    def hold_for_looker(self, p: int, ids) -> None:
        """JT-G6, R6: cards of a shared library that ``p`` reveals or looks at are owned by ``p``
        alone until the resolving spell or ability finishes resolving."""
        if self.zone_shared("library", p):
            for i in ids:
                self.held_by_looker[i] = p

    @effect(ir.Scry)
    def _e_Scry(self, e, ctx):
        p = ctx["controller"]
        n = self.amount(e.amount, ctx)
        yield from self.ensure_library(p, n, "scry")
        top = self.top_cards(p, n)
        if not top:
            return
        opts = []
        for k in range(len(top) + 1):
            for bottom in itertools.combinations(top, k):
                rest = [c for c in top if c not in bottom]
                for t_order in itertools.permutations(rest):
                    for b_order in itertools.permutations(bottom):
                        opts.append(Split(tuple(t_order), tuple(b_order)))
        self.log.add("{player} looks at the top {n} card(s) of {library} (scry {scry})", "CR 701.22a",
                     player=self.players[p], n=len(top), scry=n, library=self.library_said(p))
        self.log.add("{player} sees: {cards}", "CR 701.22a", visible_to=[p], player=self.players[p],
                     cards=[self.objects[c] for c in top])
        split = yield from self.ask(p, "split", opts, msg("scry {n}: choose the cards for the top and the bottom",
                                                          n=n), "CR 701.22a")
        self.apply_split(p, split)

    def apply_split(self, p: int, split: Split) -> None:
        lib = self.library(p)
        for c in list(split.top) + list(split.bottom) + list(split.graveyard):
            lib.remove(c)
        for c in reversed(split.top):
            lib.append(c)
        for c in split.bottom:
            o = self.objects[c]
            lib.append(c)
            self.move(o, "library", owner=p, position="bottom", cause="put on the bottom", rule="CR 701.22a", log=False)
        for c in split.graveyard:
            lib.append(c)
            self.move(self.objects[c], "graveyard", owner=p, cause="put into the graveyard", rule="CR 701.25a")
        self.log.add("{player} puts {top} on top and {bottom} on the bottom", "CR 701.22a", player=self.players[p],
                     top=len(split.top), bottom=len(split.bottom))
        self.touch()

    @effect(ir.LookAtTopReorder)
    def _e_LookAtTopReorder(self, e, ctx):
        p = ctx["controller"]
        n = self.amount(e.amount, ctx)
        yield from self.ensure_library(p, n, "look")
        top = self.top_cards(p, n)
        if not top:
            return
        self.log.add("{player} looks at the top {n} card(s) of {library}", "CR 401.4", player=self.players[p], n=len(top), library=self.library_said(p))  # CR 401.4: cards put back in a chosen order (401.5 is about revealed top cards)
        opts = [Split(tuple(order)) for order in itertools.permutations(top)]
        split = yield from self.ask(p, "split", opts, msg("put them back in any order (top first)"), "CR 401.4")
        self.apply_split(p, split)

    @effect(ir.PutFromHandOnTop)
    def _e_PutFromHandOnTop(self, e, ctx):
        p = ctx["controller"]
        for _ in range(self.amount(e.amount, ctx)):
            cands = list(self.hand(p))
            if not cands:
                return
            c = yield from self.ask(p, "cards", cands, msg("put a card from your hand on top of your library"), "CR 401.4")
            self.move(self.objects[c], "library", owner=p, position="top", cause="put on top", rule="CR 401.4", log=False)
            self.log.add("{player} puts a card from their hand on top of {library}", "CR 401.4", player=self.players[p], library=self.library_said(p))

    @effect(ir.GainLife)
    def _e_GainLife(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            self.gain_life(p, n)
        return
        yield

    @effect(ir.LoseLife)
    def _e_LoseLife(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            self.lose_life(p, n)
        return
        yield

    # ------------------------------------------------------------------ permanents
    @effect(ir.ModifyPT)
    def _e_ModifyPT(self, e, ctx):
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        # CR 611.2c: the affected set is locked in at resolution
        if e.per is not None:
            # CR 608.2h: "for each ..." / "where X is ..." is counted once, as the effect resolves
            n = self.amount(e.per, ctx)
            e = ir.ModifyPT(e.what, e.power * n, e.toughness * n, e.keywords, e.duration)
        self.continuous.append({"objs": {o.id for o in objs}, "power": e.power, "toughness": e.toughness,
                                "keywords": e.keywords, "duration": e.duration, "timestamp": self.new_timestamp()})
        self.touch()
        pt = f"{e.power:+d}/{e.toughness:+d}"
        if e.keywords:
            self.log.add("{cards} get(s) {pt} and gains {keywords} until end of turn", "CR 611.2", "CR 613.4c",
                         cards=objs, pt=pt, keywords=[Term(k) for k in e.keywords])
        else:
            self.log.add("{cards} get(s) {pt} until end of turn", "CR 611.2", "CR 613.4c", cards=objs, pt=pt)
        return
        yield

    @effect(ir.BecomeCreature)
    def _e_BecomeCreature(self, e, ctx):
        """Man-lands (manaab): a continuous effect until end of turn (CR 611.2, 514.2) applied in
        layers 4, 5, 6 and 7b (CR 613.1d-f, 613.4b): see layers.compute_all."""
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        self.continuous.append({"objs": {o.id for o in objs}, "keywords": e.keywords, "duration": "end_of_turn",
                                "animate": {"types": e.types, "subtypes": e.subtypes, "colors": e.colors,
                                            "power": e.power, "toughness": e.toughness},
                                "timestamp": self.new_timestamp()})
        self.touch()
        self.log.add("{cards} becomes a {what} until end of turn (still a land)", "CR 205.1b", "CR 611.2",
                     "CR 613.1d", "CR 613.4b", cards=objs, what=animated_as_phrase(e))
        return
        yield

    @effect(ir.PutCounters)
    def _e_PutCounters(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield" and n > 0:
                self.put_counters(o, e.kind, n)
                self.log.add("{n} {kind} counter(s) put on {card}", "CR 122.1", n=n, kind=Term(e.kind), card=o)
        return
        yield

    @effect(ir.CreateToken)
    def _e_CreateToken(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            spec = e.token
            if getattr(e, "pt", None) is not None:
                # tokens helper: "an X/X token": X counted as the token is created (CR 111.3, 107.3)
                from dataclasses import replace as _replace
                v = self.amount(e.pt, ctx)
                spec = _replace(spec, power=v, toughness=v)
            for _ in range(self.token_count(p, n)):   # replace: CR 614.1a
                t = self.make_token(spec, p, tapped=getattr(e, "tapped", False))
                # tokens helper: P/T only for creatures; "tapped" (CR 110.5b); predefined (CR 111.10)
                from judgetower.oracle.token_text import PREDEFINED
                predefined = "CR 111.10" if (spec.subtypes and spec.subtypes[0] in PREDEFINED
                                             and spec.name == f"{spec.subtypes[0]} Token") else ""
                pt = f"{spec.power}/{spec.toughness}"
                if "Creature" in spec.types and t.tapped:
                    self.log.add("{player} creates a tapped {token} ({pt})", "CR 111.2", predefined,
                                 player=self.players[p], token=t, pt=pt)
                elif "Creature" in spec.types:
                    self.log.add("{player} creates a {token} ({pt})", "CR 111.2", predefined,
                                 player=self.players[p], token=t, pt=pt)
                elif t.tapped:
                    self.log.add("{player} creates a tapped {token}", "CR 111.2", predefined, player=self.players[p],
                                 token=t)
                else:
                    self.log.add("{player} creates a {token}", "CR 111.2", predefined, player=self.players[p], token=t)
        return
        yield

    @effect(ir.CreateTokenCopy)
    def _e_CreateTokenCopy(self, e, ctx):
        """tokens helper: "create a token that's a copy of [object]" (CR 707.2): the token's
        characteristics are the object's copiable values (printed or token-defined values, not
        other effects, CR 707.2; a face-down object's are those of a face-down 2/2, CR 708.2),
        its abilities included; last known information if the object has left (CR 608.2h)."""
        from judgetower.oracle.ir import TokenSpec
        from judgetower.rules.characteristics.layers import base_chars
        n = self.amount(e.amount, ctx)
        originals = self.objs(e.what, ctx, lki=True)
        for p in self.players_of(e.who, ctx):
            for orig in originals:
                if not hasattr(orig, "card"):
                    continue
                if orig.token is not None and not orig.face_down:
                    spec = orig.token   # a token's copiable values are its text (CR 111.3)
                else:
                    ch = base_chars(orig)
                    spec = TokenSpec(ch.name, ch.power, ch.toughness, tuple(ch.colors), tuple(ch.types),
                                     tuple(ch.subtypes), tuple(sorted(ch.keywords)),
                                     () if orig.face_down else tuple(orig.compiled.abilities),
                                     tuple(ch.supertypes), self.copy_mana_value(orig, ch.mana_value))
                for _ in range(self.token_count(p, n)):   # replace: CR 614.1a
                    t = self.make_token(spec, p)
                    self.log.add("{player} creates a token that's a copy of {card} ({token})", "CR 707.2", "CR 111.2",
                                 player=self.players[p], card=orig, token=t)
        return
        yield

    @effect(ir.SearchLibrary)
    def _e_SearchLibrary(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            yield from self.search_library(p, e, ctx)

    def search_library(self, p: int, e, ctx):
        """CR 701.23: search; a search for a card with a stated quality may fail to find (701.23b)."""
        if self.rules.replace_search(self, p, e, ctx):
            return
        lib = self.library(p)
        found = []
        for _ in range(e.count):
            cands = [c for c in reversed(lib) if c not in found and matches(self, self.objects[c], e.filter, _src(ctx["source"], p))
                     and self.name_ok(self.objects[c], getattr(e, "name", None), ctx)]   # library2: "named ..."
            # library2: CR 701.23d: a search for just "a card" (no stated quality) finds one if it can
            opts = (cands if cands and e.count == 1 and e.filter == ir.Filter(zone="library")
                    and getattr(e, "name", None) is None else cands + [Done()])
            c = yield from self.ask(p, "cards", opts, msg("search your library (done: find nothing more)"), "CR 701.23a")
            if isinstance(c, Done):
                break
            found.append(c)
        self.log.add("{player} searches {library} and finds {n} card(s)", "CR 701.23a", player=self.players[p],
                     n=len(found), library=self.library_said(p))
        if getattr(e, "reveal", False):   # library2: "reveal it" (CR 701.20a; else not revealed, 701.23e)
            self.lib2_reveal_found(p, found)
        if e.dest == "top":   # library2: "then shuffle and put that card on top" (CR 701.24b)
            yield from self.shuffle_then_top(p, found)
            return
        for c in found:
            o = self.objects[c]
            if e.dest == "battlefield":
                self.move(o, "battlefield", owner=p, controller=p, tapped=e.tapped, cause="searched for", rule="CR 701.23a")
            elif e.dest == "graveyard":   # library2: Entomb
                self.move(o, "graveyard", owner=p, cause="searched for", rule="CR 701.23a")
            else:
                self.move(o, "hand", owner=p, cause="searched for", rule="CR 701.23a")
        if e.shuffle:
            self.shuffle_library(p)

    def shuffle_library(self, p: int, *rules: str) -> None:
        """CR 701.24a: randomise the library (the game's seeded RNG); ``rules``: further rules the
        log line cites (CR 701.24c)."""
        if self.rules.replace_shuffle(self, p):
            return
        self.rng.shuffle(self.library(p))
        self.log.add("{player} shuffles {library}", "CR 701.24a", *rules, player=self.players[p], library=self.library_said(p))

    @effect(ir.Shuffle)
    def _e_Shuffle(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            self.shuffle_library(p)
        return
        yield

    @effect(ir.Sacrifice)
    def _e_Sacrifice(self, e, ctx):
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            for _ in range(n):
                cands = [o.id for o in self.permanents(p) if matches(self, o, e.filter, _src(ctx["source"], p))]
                if not cands:
                    break
                c = yield from self.ask(p, "cards", cands, msg("choose a permanent to sacrifice"), "CR 701.21a")
                o = self.objects[c]
                self.log.add("{player} sacrifices {card}", "CR 701.21a", player=self.players[p], card=o)
                ctx["replacement_sacrificed"] = o   # replace: "the sacrificed creature's power" (CR 608.2h)
                self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)

    @effect(ir.TapObjects)
    def _e_TapObjects(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield" and not o.tapped:
                o.tapped = True
                self.note_tapped(o, True)  # triggers branch
                self.log.add("{card} becomes tapped", "CR 701.26a", card=o)
        self.touch()
        return
        yield

    @effect(ir.UntapObjects)
    def _e_UntapObjects(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield" and o.tapped:
                o.tapped = False
                self.note_tapped(o, False)  # triggers branch
                self.log.add("{card} becomes untapped", "CR 701.26b", card=o)
        self.touch()
        return
        yield

    @effect(ir.ExtraTurn)
    def _e_ExtraTurn(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            self.extra_turns.append(p)
            self.log.add("{player} will take an extra turn after this one", "CR 500.7", player=self.players[p])
        return
        yield

    @effect(ir.Regenerate)
    def _e_Regenerate(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield":
                o.regen_shields += 1
                self.log.add("a regeneration shield is set up for {card}", "CR 701.19a", card=o)
        return
        yield

    @effect(ir.AddMana)
    def _e_AddMana(self, e, ctx):
        p = ctx["controller"]
        n = self.amount(e.amount, ctx)
        pool = self.players[p].mana_pool
        added = []
        for _ in range(max(0, n)):
            if e.like is not None:
                # manaab: CR 106.7, a type of mana those permanents could produce (none: no mana)
                kinds = list(self.could_produce(ctx["source"], e))
                if not kinds:
                    self.log.add("{player} adds no mana: no permanent it looks at could produce any",
                                 "CR 106.7", player=self.players[p])
                    return
                c = yield from self.ask(p, "color", kinds, msg("choose a type of mana to add"), "CR 106.7")
                pool[c] = pool.get(c, 0) + 1
                added.append(c)
                continue
            if e.chosen_color:
                # conds: "Add one mana of the chosen color" (the choice made as it entered,
                # CR 614.12)
                from judgetower.rules.conditions import chosen_of
                c = chosen_of(self, ctx["source"]).get("color")
                if c:
                    pool[c] = pool.get(c, 0) + 1
                    added.append(c)
                continue
            if e.any_color:
                c = yield from self.ask(p, "color", list("WUBRG"), msg("choose a colour of mana"), "CR 106.1b")
                pool[c] = pool.get(c, 0) + 1
                added.append(c)
            elif e.options:
                # "Add {R} or {G}": the player chooses as the ability resolves (CR 106.1b, 605.3b)
                opts = list(e.options)
                c = yield from self.ask(p, "color", opts, msg("choose which mana to add: {options}",
                                            options=", ".join("".join("{%s}" % x for x in opt) for opt in opts)),
                                        "CR 106.1b")
                for x in c:
                    pool[x] = pool.get(x, 0) + 1
                    added.append(x)
            else:
                for c in e.mana:
                    pool[c] = pool.get(c, 0) + 1
                    added.append(c)
        mana = "".join("{%s}" % c for c in added)
        if e.like is not None:   # manaab: CR 106.7
            self.log.add("{player} adds {mana} (chosen)", "CR 106.3", "CR 106.7", "CR 605.3b",
                         player=self.players[p], mana=mana)
        elif e.options:   # manaab: a chosen mana (CR 106.1b); a mana ability doesn't use the stack (CR 605.3b)
            self.log.add("{player} adds {mana} (chosen)", "CR 106.3", "CR 106.1b", "CR 605.3b",
                         player=self.players[p], mana=mana)
        elif e.chosen_color:   # conds: the colour chosen as the source entered (CR 614.12)
            self.log.add("{player} adds {mana} (the chosen color)", "CR 106.3", "CR 614.12",
                         player=self.players[p], mana=mana or msg("no mana"))
        else:
            self.log.add("{player} adds {mana}", "CR 106.3", player=self.players[p], mana=mana)
        ctx["mana_added"] = (p, list(added))   # actcost: for "you don't lose this mana" (CR 106.4a)

    @effect(ir.ReturnChosenToHand)
    def _e_ReturnChosenToHand(self, e, ctx):
        """Bounce lands (manaab): the player chooses permanents as the effect happens (not
        targets, CR 115.10; the land itself may be chosen) and returns them to their owners'
        hands (CR 400.7)."""
        n = self.amount(e.amount, ctx)
        for p in self.players_of(e.who, ctx):
            for _ in range(n):
                cands = [o.id for o in self.permanents(p) if matches(self, o, e.filter, _src(ctx["source"], p))]
                if not cands:
                    break
                c = yield from self.ask(p, "cards", cands, msg("choose a permanent to return to its owner's hand"),
                                        "CR 400.7")
                o = self.objects[c]
                self.log.add("{player} returns {card} to its owner's hand", "CR 400.7", player=self.players[p], card=o)
                self.move(o, "hand", cause=msg("returned by {source}", source=ctx['source']), rule="CR 400.7", log=False)

    @effect(ir.RevealTopPutIfType)
    def _e_RevealTopPutIfType(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            yield from self.ensure_library(p, 1 + self._held_by_others(p), "reveal")
            top = self.top_cards(p, 1)
            if not top:
                continue
            o = self.objects[top[0]]
            self.hold_for_looker(p, top)
            self.log.add("{player} reveals {card} from the top of {library}", "CR 701.20a",
                         *(("JT-G6", "R6") if self.held_by_looker else ()), player=self.players[p], card=o, library=self.library_said(p))
            if any(t.capitalize() in o.card.types for t in e.types):
                self.move(o, "hand", owner=p, cause="revealed land", rule="CR 400.7")

    @effect(ir.ExileFromGraveyard)
    def _e_ExileFromGraveyard(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            for _ in range(self.amount(e.amount, ctx)):
                cands = list(reversed(self.graveyard(p)))
                if not cands:
                    break
                c = yield from self.ask(p, "cards", cands, msg("exile a card from your graveyard"), "CR 406.2")
                self.move(self.objects[c], "exile", cause=msg("exiled by {source}", source=ctx['source']), rule="CR 406.2")

    @effect(ir.ExileAllGraveyards)
    def _e_ExileAllGraveyards(self, e, ctx):
        seen = set()
        for p in self.apnap():
            lst = self.graveyard(p)
            if id(lst) in seen:
                continue
            seen.add(id(lst))
            for c in list(lst):
                self.move(self.objects[c], "exile", cause=msg("exiled by {source}", source=ctx['source']), rule="CR 406.2")
        return
        yield

    @effect(ir.ShuffleGraveyardIntoLibrary)
    def _e_ShuffleGraveyardIntoLibrary(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            cards = list(self.graveyard(p))
            if e.include_self:
                src = self.current(ctx["source"])
                if src is not None and src.zone == "battlefield":
                    cards = [src.id] + cards
            arrived = 0
            for c in cards:
                o = self.objects[c]
                # owner left to move(): from a shared graveyard, "your graveyard" -> the controller (JT-G5, R5)
                new = self.move(o, "library", position="shuffle", cause="shuffled into the library", rule="CR 701.24a",
                                log=False)
                arrived += new is not None and new.zone == "library"
            if arrived or not cards:
                self.log.add("{n} card(s) are shuffled into {library}", "CR 701.24a", n=arrived,
                             library=self.library_named(p))
            else:   # JT-G8, R7: each was exiled instead (said by the replacement); none is said shuffled in
                self.log.add("no card is shuffled into {library}: {n} card(s) went elsewhere instead", "CR 701.24a",
                             "CR 614.6", n=len(cards), library=self.library_named(p))
            self.shuffle_library(p)
        return
        yield

    @effect(ir.PlayLinkedFree)
    def _e_PlayLinkedFree(self, e, ctx):
        """Hideaway (CR 702.75a): play the exiled card without paying its mana cost."""
        p = ctx["controller"]
        for o in self.objs(ir.LinkedExiled(), ctx):
            if "Land" in o.card.types:
                # CR 305.2b, 305.3: playing a land this way uses a land play; with none left (or
                # in another player's turn) that part of the effect is ignored
                if p != self.active or self.players[p].land_plays >= self.land_limit(p):   # trigstate: CR 305.2
                    self.log.add("{player} can't play the exiled land: no land play is available",
                                 "CR 305.3" if p != self.active else "CR 305.2b", player=self.players[p])
                    continue
                if o.face_down:  # CR 406.3a: turned face up just before it is played
                    self.log.add("{card} is turned face up to be played", "CR 406.3a", card=o.card)
                o.face_down = False
                self.players[p].land_plays += 1
                self.move(o, "battlefield", controller=p, cause="played with hideaway", rule="CR 305.2a")
            elif not self.spell_has_targets(p, o):
                # CR 601.2c: a spell that needs targets can't be cast without legal ones
                self.log.add("{player} can't cast the exiled card: no legal targets", "CR 601.2c", player=self.players[p])
            else:
                if o.face_down:  # CR 406.3a: turned face up just before it is played
                    self.log.add("{card} is turned face up to be played", "CR 406.3a", card=o.card)
                o.face_down = False
                yield from self.cast_free(p, o)

    def cast_free(self, p: int, o):
        """Cast a card during a resolution without paying its mana cost (CR 608.2g, 601.2)."""
        limit = self.cast_forbidden(p)
        if limit:   # trigstate: a "can't" beats the permission (CR 101.2)
            self.log.add("{player} can't cast {card}: no more than one spell each turn ({source})",
                         "CR 101.2", player=self.players[p], card=o, source=CardName(limit))
            return
        face = None
        if o.card is not None and o.card.layout == "split":
            # faces: CR 709.3: the player chooses which half they cast (only halves that can be
            # cast, CR 709.3a: a half needing targets needs legal ones)
            halves = [i for i in range(len(o.card.faces)) if self.spell_has_targets(p, self.face_view(o, i))
                      and not self.has_aftermath(self.face_view(o, i))]   # CR 702.127a: graveyard only
            if not halves:
                self.log.add("{player} can't cast {card}: no half has legal targets",
                             "CR 709.3a", "CR 601.2c", player=self.players[p], card=o)
                return
            face = yield from self.ask(p, "split_half", halves, msg("cast which half of {card}?", card=o), "CR 709.3")
        spell = self.move(o, "stack", controller=p, cause="cast without paying its mana cost", rule="CR 601.2a")
        if face is not None:
            self.put_face_on_stack(spell, face)
        yield from self.choose_modes(p, spell)   # CR 601.2b, 700.2a
        specs = self.spell_targets(spell)
        if spell.card.mana_cost and "{X}" in spell.card.mana_cost:
            spell.x = 0  # CR 107.3b: X is 0 when cast without paying the mana cost
        spell.targets = yield from self.choose_targets(p, spell, specs)
        self.log.add("{player} casts {spell} without paying its mana cost", "CR 601.2", player=self.players[p],
                     spell=spell)
        self.count_cast(spell, p)   # trigstate: spells cast this turn (CR 101.2 limits)
        # kwstatic: it is cast (CR 601.2i): "whenever you cast" triggers see it (prowess, storm)
        self.events.append({"kind": "cast", "obj": spell, "player": p})
        self.after_cast(p, spell)   # the same hook as a cast with its costs paid (stack/casting.py)

    @effect(ir.Optional_)
    def _e_Optional(self, e, ctx):
        who = self.players_of(e.who, ctx)
        if not who:
            return
        p = who[0]
        yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                  msg("{source}: do you want to do it?",
                                      source=ctx['source']), "CR 603.5" if ctx.get("item") else "CR 608.2c")
        if yes:
            ctx["did"] = yield from self.run_effects_measured(e.effects, ctx)
        else:
            ctx["did"] = False
            self.log.add("{player} chooses not to", "CR 608.2c", player=self.players[p])

    @effect(ir.Conditional)
    def _e_Conditional(self, e, ctx):
        if self.condition_true(e.condition, ctx["source"], ctx["controller"], ctx):
            yield from self.run_effects(e.effects, ctx)
        elif isinstance(e.condition, str):
            self.log.add("{source}: the condition ({condition}) is false", "CR 608.2c", source=ctx['source'],
                         condition=condition_text(e.condition))
        else:   # a structured condition logged its reason already: say what follows from it
            self.log.add("{source}: what depends on that condition is not done", "CR 608.2c", source=ctx['source'])

    @effect(ir.DelayedTrigger)
    def _e_DelayedTrigger(self, e, ctx):
        self.delayed.append({"when": e.when, "effects": e.effects, "controller": ctx["controller"],
                             "source": ctx["source"],
                             "chosen": {} if e.when == "next_upkeep" else {k: list(v) for k, v in ctx["chosen"].items()},
                             "turn": self.turn,
                             "trigger_obj": ctx.get("trigger_obj")})   # combat2: "that creature" (CR 603.7c)
        self.log.add("{source} sets up a delayed triggered ability ({when})", "CR 603.7a", source=ctx['source'],
                     when=Term(e.when.replace('_', ' ')))
        return
        yield

    @effect(Attach)
    def _e_Attach(self, e, ctx):
        src = self.current(ctx["source"])
        targets = self.objs(ir.Target(0), ctx)
        if src is None or not targets:
            return
        t = targets[0]
        if t.controller != ctx["controller"] or t.zone != "battlefield":
            return
        src.attached_to = t.id
        src.timestamp = self.new_timestamp()
        self.touch()
        self.log.add("{card} is attached to {target}", "CR 702.6a", "CR 301.5c", card=src, target=t)
        return
        yield

    # ------------------------------------------------------------------ more effects (branch "effects")
    def run_effects_measured(self, effects, ctx):
        """Run a "you may" instruction and tell whether it was carried out in full, for a
        following "If you do" (CR 118.12: the instruction is a cost paid on resolution). A cost
        that can't be paid in full isn't paid at all (CR 118.3). Only the instructions of
        ``transform.IF_YOU_DO_EFFECTS`` (all about "you") reach here with an "If you do"."""
        p = ctx["controller"]
        src = _src(ctx["source"], p)
        for eff in effects:
            n = self.amount(getattr(eff, "amount", 1), ctx)
            short = ((isinstance(eff, ir.Discard) and not eff.whole_hand and len(self.hand(p)) < n)
                     or (isinstance(eff, ir.Sacrifice)
                         and sum(1 for o in self.permanents(p) if matches(self, o, eff.filter, src)) < n)
                     or (isinstance(eff, ir.ExileFromGraveyard) and len(self.graveyard(p)) < n))
            if isinstance(eff, ir.PayMana):
                from judgetower.rules.stack.mana import ManaCost
                short = not self.can_pay_mana(p, ManaCost.parse(eff.cost))
            if isinstance(eff, ir.PayEnergy):   # counters2: CR 107.14, 118.3
                short = not self.can_pay_energy(p, eff.n)
            if short:
                self.log.add("{player} can't pay that cost in full, so none of it is paid",
                             "CR 118.3", "CR 118.12", player=self.players[p])
                return False
        done = True
        for eff in effects:
            if self.game_over:
                return False
            n = self.amount(getattr(eff, "amount", 1), ctx)
            if isinstance(eff, ir.PayMana):
                from judgetower.rules.stack.mana import ManaCost
                paid = self.pay_mana(p, ManaCost.parse(eff.cost), PaymentLabel(
                    f"{ctx['source'].name}'s \"you may pay\"", msg("{source}'s \"you may pay\"", source=ctx['source'])))
                if paid:
                    self.log.add("{player} pays {cost}", "CR 118.12", "CR 117.1d", player=self.players[p], cost=eff.cost)
                done = done and bool(paid)
            elif isinstance(eff, ir.Draw):
                before = len(self.hand(p))
                yield from self.run_effects((eff,), ctx)
                done = done and len(self.hand(p)) - before >= n
            elif isinstance(eff, ir.Discard):
                before = len(self.hand(p))
                yield from self.run_effects((eff,), ctx)
                done = done and before - len(self.hand(p)) >= n
            elif isinstance(eff, ir.Sacrifice):
                before = len(self.permanents(p))
                yield from self.run_effects((eff,), ctx)
                done = done and before - len(self.permanents(p)) >= n
            elif isinstance(eff, ir.ExileToOwnersGraveyard):   # zones4: processors (CR 406.3)
                yield from self.run_effects((eff,), ctx)
                done = done and bool(ctx.pop("until_done", False))
            elif isinstance(eff, ir.ExileFromGraveyard):
                before = len(self.graveyard(p))
                yield from self.run_effects((eff,), ctx)
                done = done and before - len(self.graveyard(p)) >= n
            else:
                yield from self.run_effects((eff,), ctx)
        self.acting_player = ctx["controller"]
        return done

    @effect(ir.IfYouDo)
    def _e_IfYouDo(self, e, ctx):
        """CR 118.12: "If you do, ..." follows the "you may" instruction (a cost) just before it."""
        if ctx.get("did"):
            self.log.add("{source}: the optional instruction was carried out, so the next one follows",
                         "CR 118.12", "CR 608.2c", source=ctx['source'])
            yield from self.run_effects(e.effects, ctx)
        else:
            self.log.add("{source}: the optional instruction was not carried out (\"if you do\" is false)",
                         "CR 118.12", "CR 608.2c", source=ctx['source'])

    @effect(ir.PutOnLibrary)
    def _e_PutOnLibrary(self, e, ctx):
        """CR 401.1, 400.7: a permanent or card put on top of (or on the bottom of) its owner's library."""
        for o in self.objs(e.what, ctx):
            if o.zone not in ("battlefield", "graveyard", "hand", "exile"):
                continue
            name = CardName(o.name) if not o.face_down else msg("a face-down card")
            new = self.move(o, "library", owner=o.owner, position=e.position,
                            cause=msg("put on top of its owner's library by {source}", source=ctx['source']) if e.position == "top"
                            else msg("put on the bottom of its owner's library by {source}", source=ctx['source']),
                            rule="CR 401.1", log=False)
            if new is not None and new.zone == "library":
                if e.position == "top":
                    self.log.add("{card} is put on top of its owner's library", "CR 401.1", "CR 400.7", card=name)
                else:
                    self.log.add("{card} is put on the bottom of its owner's library", "CR 401.1", "CR 400.7",
                                 card=name)
        return
        yield

    def prevent_damage_shields(self, source, recipient, n: int, combat: bool) -> int:
        """Prevention effects (CR 615) on damage about to be dealt: "prevent all combat damage
        this turn" (CR 615.1a), then the shields of "prevent the next N damage" in the order they
        were created (CR 615.7; the affected player's choice of order, CR 616.1, is not asked:
        shields only ever reduce the same damage). Returns the damage left."""
        to = recipient if isinstance(recipient, GameObject) else self.players[recipient.index]
        if self.prevention_blocked():   # replace: "damage can't be prevented" (CR 615.12)
            return n
        if self.static_prevents(source, recipient, combat):   # replace: static prevention (CR 615.1a)
            return 0
        n = self.static_prevent_some(source, recipient, n)   # replace: "prevent N of that damage"
        if n <= 0:
            return 0
        for eff in self.continuous:
            if eff.get("prevent_all") and (combat or not eff["combat"]) and self._prevent_all_applies(eff, source, recipient):
                if combat:
                    self.log.add("combat damage from {source} to {target} is prevented", "CR 615.1a",
                                 source=source, target=to)
                else:
                    self.log.add("damage from {source} to {target} is prevented", "CR 615.1a", source=source, target=to)
                self.replacement_prevented(eff, n)   # replace: "... prevented this way" (CR 615.5)
                return 0
        key = ("player", recipient.index) if isinstance(recipient, PID) else ("object", recipient.id)
        for eff in self.continuous:
            if n <= 0:
                break
            if eff.get("prevent") and eff.get("prevent_to") == key:
                k = min(n, eff["prevent"])
                eff["prevent"] -= k
                n -= k
                self.touch()
                self.log.add("{n} damage from {source} to {target} is prevented (shield left: {left})", "CR 615.7",
                             n=k, source=source, target=to, left=eff['prevent'])
                self.replacement_prevented(eff, k)   # replace: "... prevented this way" (CR 615.5)
        return n

    @effect(ir.PreventDamage)
    def _e_PreventDamage(self, e, ctx):
        """CR 615.7: a shield that prevents the next N damage to the object or player this turn."""
        n = self.amount(e.amount, ctx)
        if n <= 0:
            return
        for r in self._damage_recipients(e.to, ctx):
            key = ("player", r.index) if isinstance(r, PID) else ("object", r.id)
            to = self.players[r.index] if isinstance(r, PID) else r
            self.continuous.append({"prevent": n, "prevent_to": key, "duration": "end_of_turn",
                                    "timestamp": self.new_timestamp()})
            self.log.add("the next {n} damage that would be dealt to {target} this turn will be prevented", "CR 615.7",
                         n=n, target=to)
        return
        yield

    def _prevent_side(self, ref, ctx):
        """What a "to"/"by" of PreventAllDamage means: None (anything), ("filter", Filter,
        source) checked when damage is dealt, or ("fixed", object ids, player indexes) chosen now."""
        if ref is None:
            return None
        if isinstance(ref, ir.All):
            return ("filter", ref.filter, _src(ctx["source"], ctx["controller"]))
        if isinstance(ref, (ir.You, ir.EachPlayer, ir.EachOpponent)):
            return ("fixed", frozenset(), frozenset(self.players_of(ref, ctx)))
        rs = self._damage_recipients(ref, ctx)
        return ("fixed", frozenset(r.id for r in rs if not isinstance(r, PID)),
                frozenset(r.index for r in rs if isinstance(r, PID)))

    def _prevent_side_has(self, side, x) -> bool:
        if side is None:
            return True
        if side[0] == "filter":
            return isinstance(x, GameObject) and x.zone == "battlefield" and matches(self, x, side[1], side[2])
        return (x.index in side[2]) if isinstance(x, PID) else (x.id in side[1])

    def _prevent_all_applies(self, eff, source, recipient) -> bool:
        if eff.get("to_and_by"):
            return self._prevent_side_has(eff["by"], recipient) or self._prevent_side_has(eff["by"], source)
        return self._prevent_side_has(eff["to"], recipient) and self._prevent_side_has(eff["by"], source)

    @effect(ir.PreventAllDamage)
    def _e_PreventAllDamage(self, e, ctx):
        """CR 615.1a: "prevent all [combat] damage that would be dealt [to ...] [by ...] this turn"
        (ends at cleanup, CR 514.2)."""
        eff = {"prevent_all": True, "combat": e.combat, "to": self._prevent_side(e.to, ctx),
               "by": self._prevent_side(e.by, ctx), "to_and_by": e.to_and_by, "duration": "end_of_turn",
               "timestamp": self.new_timestamp()}
        for side in ("to", "by"):
            if eff[side] is not None and eff[side][0] == "fixed" and not (eff[side][1] or eff[side][2]):
                self.log.add("no damage is prevented: the object or player is gone", "CR 608.2b")
                return
        self.continuous.append(eff)
        to = msg(" to {side}", side=_side_text(self, eff["to"])) if eff["to"] else ""
        by = ((msg(" to and by {side}", side=_side_text(self, eff["by"])) if e.to_and_by
               else msg(" by {side}", side=_side_text(self, eff["by"]))) if eff["by"] else "")
        if e.combat:
            self.log.add("all combat damage that would be dealt this turn{to}{by} will be prevented", "CR 615.1a",
                         to=to, by=by)
        else:
            self.log.add("all damage that would be dealt this turn{to}{by} will be prevented", "CR 615.1a",
                         to=to, by=by)
        return
        yield

    @effect(ir.Fight)
    def _e_Fight(self, e, ctx):
        """CR 701.14a: each creature deals damage equal to its power to the other, at once;
        CR 701.14b: if either is gone, no longer a creature or an illegal target, neither does."""
        a = self.objs(e.a, ctx)
        b = self.objs(e.b, ctx)
        pair = [x[0] if x else None for x in (a, b)]
        if any(x is None or x.zone != "battlefield" or "Creature" not in self.chars(x).types for x in pair):
            self.log.add("no fight: a creature is gone, no longer a creature or an illegal target", "CR 701.14b")
            return
        x, y = pair
        px, py = max(0, self.chars(x).power), max(0, self.chars(y).power)
        self.log.add("{card} fights {other}", "CR 701.14a", card=x, other=y)
        if x.id == y.id:   # CR 701.14c
            self.deal_damage(x, x, 2 * px)
            return
        self.deal_damage(x, y, px)
        self.deal_damage(y, x, py)
        return
        yield

    @effect(ir.SkipNextUntap)
    def _e_SkipNextUntap(self, e, ctx):
        """CR 502.3: an effect keeps the permanent from untapping in its controller's next untap step."""
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield":
                o.skip_next_untap = True
                self.log.add("{card} doesn't untap during its controller's next untap step", "CR 502.3", card=o)
        return
        yield

    def untap_skipped(self, o) -> bool:
        """Untap step (CR 502.3): True if an effect keeps ``o`` tapped this time; the effect
        ("its controller's next untap step") is then used up, tapped or not."""
        if o.tapped:
            for s in self.permanents():
                if s.face_down:
                    continue
                for ab in s.compiled.abilities:
                    if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.DoesntUntap) \
                            and self._static_affects(s, ab.effect.affected, o):
                        self.log.add("{card} doesn't untap during its controller's untap step ({source})", "CR 502.3",
                                     card=o, source=s)
                        if getattr(o, "skip_next_untap", False):
                            o.skip_next_untap = False   # that untap step happened: the one-shot effect is used up
                        return True
        if not getattr(o, "skip_next_untap", False):
            return False
        o.skip_next_untap = False
        if o.tapped:
            self.log.add("{card} doesn't untap during this untap step", "CR 502.3", card=o)
            return True
        return False

    def _static_affects(self, source, ref, o) -> bool:
        """Whether a static ability of ``source`` about ``ref`` (This, Enchanted, Equipped,
        All(filter)) applies to ``o`` (CR 604.2)."""
        if isinstance(ref, ir.This):
            return source.id == o.id
        if isinstance(ref, (ir.Enchanted, ir.Equipped)):
            return source.attached_to == o.id
        if isinstance(ref, ir.All):
            return matches(self, o, ref.filter, _src(source, source.controller))
        return False

    @effect(ir.GainControl)
    def _e_GainControl(self, e, ctx):
        """CR 613.1b (layer 2), 611.2a: control until end of turn; a creature that changes
        controller is removed from combat (CR 506.4) and can't attack or {T} until its new
        controller has controlled it since the start of their turn (CR 302.6) — haste aside."""
        p = ctx["controller"]
        for o in self.objs(e.what, ctx):
            if o.zone != "battlefield":
                continue
            self.continuous.append({"control": p, "control_obj": o.id, "control_from": o.controller,
                                    "duration": e.duration, "timestamp": self.new_timestamp()})
            if o.controller != p:
                self._remove_from_combat(o)
                o.controller = p
                o.sick = True
            self.touch()
            if e.duration == "end_of_turn":
                self.log.add("{player} gains control of {card} until end of turn", "CR 613.1b", "CR 611.2a",
                             player=self.players[p], card=o)
            else:
                self.log.add("{player} gains control of {card}", "CR 613.1b", "CR 611.2a", player=self.players[p],
                             card=o)
        return
        yield

    def end_control_effects(self) -> None:
        """Cleanup (CR 514.2): "until end of turn" control effects end; each permanent goes back
        to the controller that its remaining control effects (latest timestamp, CR 613.7) or, with
        none, its controller before the first of them, give it (CR 613.1b)."""
        ending = [eff for eff in self.continuous if "control" in eff and eff.get("duration") == "end_of_turn"]
        for oid in sorted({eff["control_obj"] for eff in ending}):
            o = self.objects.get(oid)
            mine = sorted((eff for eff in self.continuous if eff.get("control_obj") == oid),
                          key=lambda eff: eff["timestamp"])
            if o is None or o.zone != "battlefield" or not mine:
                continue
            left = [eff for eff in mine if eff.get("duration") != "end_of_turn"]
            ctl = left[-1]["control"] if left else mine[0]["control_from"]
            if o.controller != ctl:
                o.controller = ctl
                o.sick = True   # CR 302.6: not controlled continuously since that player's turn began
                self.touch()
                self.log.add("control of {card} returns to {player}", "CR 514.2", "CR 613.1b", card=o,
                             player=self.players[ctl])
        self.update_control()   # auras2: Auras' control statics still apply (CR 613.1b)

    @effect(ir.LookTopPutOne)
    def _e_LookTopPutOne(self, e, ctx):
        """Look at the top N cards (CR 701.20e), one into the hand, the rest on the bottom in any
        order (CR 401.4: the owner arranges them), in a random order, or into the graveyard.
        Judge Tower: the bottom of the shared library is exile instead (JT-G8, R7, R10)."""
        p = ctx["controller"]
        top = yield from self.look_at_top(p, self.amount(e.amount, ctx))
        if not top:
            return
        c = None
        if e.reveal is None:
            c = yield from self.ask(p, "cards", top, msg("put one of them into your hand"), "CR 701.20e")
            self.move(self.objects[c], "hand", owner=p, cause="looked at and taken", rule="CR 400.7", log=False)
            self.log.add("{player} puts one of them into their hand", "CR 400.7", player=self.players[p])
        else:
            cands = [x for x in top if matches(self, self.objects[x], e.reveal, _src(ctx["source"], p))]
            # "you may reveal ... and put it into your hand": JT-C1/JT-C4 force it when a card qualifies
            yes = bool(cands) and (yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                                       msg("{source}: reveal a card and put it into your hand?",
                                                           source=ctx['source']),
                                                       "CR 608.2c"))
            if yes:
                c = yield from self.ask(p, "cards", cands, msg("choose the card to reveal and put into your hand"), "CR 701.20a")
                self.log.add("{player} reveals {card} and puts it into their hand",
                             "CR 701.20a", player=self.players[p], card=self.objects[c])
                self.move(self.objects[c], "hand", owner=p, cause="revealed and taken", rule="CR 400.7", log=False)
            else:
                self.log.add("{player} reveals no card", "CR 608.2c", player=self.players[p])
        # zones4: one routine for the other looked-at/revealed cards (shared with library2's
        # reveal-until and look-at-top handlers; CR 401.4, JT-G8/R7 in ``move``)
        yield from self.put_rest(p, [x for x in top if x != c], e.rest, "looked-at")

    @effect(ir.CopySpell)
    def _e_CopySpell(self, e, ctx):
        """CR 707.10: put a copy of the spell onto the stack, controlled by you, with its modes,
        targets, X and paid costs; it isn't cast. CR 707.10c: "you may choose new targets".
        copies2: through the one copy routine ``put_spell_copies`` (storm, replicate use it too)."""
        p = ctx["controller"]
        for o in self.objs(e.what, ctx):
            # copies2: the spell of a cast trigger that has left the stack is copied with its
            # last known information (CR 608.2h, 707.10)
            lki = isinstance(e.what, ir.TriggerObject) and getattr(o, "zone_left", None) == "stack" \
                and not getattr(o, "is_spell_copy", False)
            if (not lki and (o.zone != "stack" or o.id not in self.stack)) or isinstance(o, StackAbility):
                continue
            self.log.add("{player} copies {spell}; the copy isn't cast", "CR 707.10",
                         *(("CR 608.2h",) if lki else ()), player=self.players[p], spell=o)
            yield from self.put_spell_copies(p, o, 1, "CR 707.10", new_targets=e.new_targets)

    def _copy_new_targets(self, p, cp):
        """CR 707.10c: each target may stay unchanged (even if illegal now) or change to a legal one."""
        specs = self.spell_targets(cp)
        for i, spec in enumerate(specs):
            if i >= len(cp.targets):
                break
            picked: list = []
            for old in cp.targets[i]:
                opts = [old] + [t for t in self.legal_targets(spec, cp, p) if t != old and t not in picked
                                and t not in cp.targets[i]]
                t = yield from self.ask(p, "target", opts, msg("new target for the copy (first option: keep {target})",
                                            target=self.target_said(old)), "CR 707.10c", spec=spec)
                picked.append(t)
            cp.targets[i] = picked
        self.log.add("{player} chooses the copy's targets", "CR 707.10c", player=self.players[p])

    @effect(ir.SacrificeThis)
    def _e_SacrificeThis(self, e, ctx):
        """CR 701.21a: a player can sacrifice only a permanent they control."""
        p = ctx["controller"]
        for o in self.objs(ir.This(), ctx):
            if o.zone != "battlefield" or o.controller != p:
                self.log.add("{card} isn't a permanent {player} controls: it isn't sacrificed", "CR 701.21a", card=o,
                             player=self.players[p])
                continue
            self.log.add("{player} sacrifices {card}", "CR 701.21a", player=self.players[p], card=o)
            self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
        return
        yield

    @effect(ir.PutFromHand)
    def _e_PutFromHand(self, e, ctx):
        """CR 110.2a: the chosen card enters under that player's control; JT-C4: one that
        qualifies is always found (the "may" before it was the only way out)."""
        for p in self.players_of(e.who, ctx):
            cands = [c for c in self.hand(p) if matches(self, self.objects[c], e.filter, _src(ctx["source"], p))]
            if not cands:
                self.log.add("{player} has no such card in hand", "CR 110.2a", player=self.players[p])
                continue
            c = yield from self.ask(p, "cards", cands, msg("choose the card to put onto the battlefield"), "CR 110.2a")
            self.move(self.objects[c], "battlefield", controller=p, tapped=e.tapped,
                      cause=msg("put from the hand by {source}", source=ctx['source']), rule="CR 110.2a")

    # ---- branch "misc": proliferate (CR 701.34a) ---------------------------------------------
    @effect(ir.Proliferate)
    def _e_Proliferate(self, e, ctx):
        """CR 701.34a: choose any number of permanents and/or players that have a counter, then
        give each one another counter of each kind it already has. Each candidate is a yes/no
        choice (JT-C3, R9: in Judge Tower referee mode "any number" is as many as possible,
        through forced_bool_options). The counters players have here are poison counters
        (CR 122.1); shame is not a counter for game effects (JT-S5, R17) and is never offered."""
        for p in self.players_of(e.who, ctx):
            perms = [o for o in self.permanents() if any(v > 0 for v in o.counters.values())]
            players = [q for q in self.apnap() if self.players[q].alive and self.players[q].poison > 0]
            # counters2: energy counters are a player's counters too (CR 122.1, 107.14)
            players = [q for q in self.apnap() if q in players or (self.players[q].alive and self.players[q].c2_energy > 0)]
            chosen_objs, chosen_players = [], []
            for o in perms:
                kinds = [Term(f"{k}") for k, v in sorted(o.counters.items()) if v > 0]
                yes = yield from self.ask(p, "proliferate", self.forced_bool_options([True, False], "proliferate"),
                                          msg("proliferate: give {card} another counter of each kind ({kinds})?",
                                              card=o, kinds=kinds),
                                          "CR 701.34a")
                if yes:
                    chosen_objs.append(o)
            for q in players:
                who = self.players[q]
                energy = who.c2_energy > 0   # counters2: energy (CR 122.1)
                if who.poison > 0:
                    prompt = msg("proliferate: give {player} another counter of each kind (poison, energy)?",
                                 player=who) if energy else \
                        msg("proliferate: give {player} another poison counter?", player=who)
                else:
                    prompt = msg("proliferate: give {player} another energy counter?", player=who)
                yes = yield from self.ask(p, "proliferate", self.forced_bool_options([True, False], "proliferate"),
                                          prompt, "CR 701.34a")
                if yes:
                    chosen_players.append(q)
            self.log.add("{player} proliferates", "CR 701.34a", player=self.players[p])
            for o in chosen_objs:
                if o.zone != "battlefield":
                    continue
                kinds = [k for k, v in sorted(o.counters.items()) if v > 0]
                for k in kinds:
                    self.put_counters(o, k, 1)
                self.log.add("proliferate: {card} gets another {counters}", "CR 701.34a", "CR 122.1", card=o,
                             counters=[msg("{kind} counter (now {n})", kind=Term(k), n=o.counters[k]) for k in kinds])
            for q in chosen_players:
                if self.players[q].c2_energy > 0:   # counters2: energy (CR 122.1)
                    self.players[q].c2_energy += 1
                    self.touch()
                    self.log.add("proliferate: {player} gets another energy counter ({n} in all)", "CR 701.34a",
                                 "CR 122.1", player=self.players[q], n=self.players[q].c2_energy)
                if self.players[q].poison <= 0:
                    continue
                self.players[q].poison += 1
                self.touch()
                self.log.add("proliferate: {player} gets another poison counter ({n} in all)", "CR 701.34a",
                             "CR 122.1", player=self.players[q], n=self.players[q].poison)
            if not chosen_objs and not chosen_players:
                self.log.add("proliferate: nothing is chosen", "CR 701.34a")

    # ---- branch "misc": reveal the top card and put it into your hand (CR 701.20a) -----------
    @effect(ir.RevealTopToHand)
    def _e_RevealTopToHand(self, e, ctx):
        """CR 701.20a: the top card is shown to all players, then put into the hand (not drawn,
        CR 121.1: no draw triggers)."""
        p = ctx["controller"]
        yield from self.ensure_library(p, 1, "reveal")
        lib = self.library(p)
        if not lib:
            self.log.add("{player} has no card to reveal", "CR 701.20a", player=self.players[p])
            return
        o = self.objects[lib[-1]]
        self.log.add("{player} reveals {card} from the top of {library} and puts it into their hand",
                     "CR 701.20a", player=self.players[p], card=o, library=self.library_said(p))
        self.move(o, "hand", owner=p, cause="revealed and put into the hand", rule="CR 701.20a")


    # ------------------------------------------------------------------ zones (branch "zones")
    @effect(ir.ReturnSelfFromGraveyard)
    def _e_ReturnSelfFromGraveyard(self, e, ctx):
        """"Return ~ from your graveyard to your hand / to the battlefield": an activated ability
        that functions only while its card is in a graveyard (CR 113.6m). If the card left the
        graveyard meanwhile, it is a new object and the ability does nothing (CR 400.7).
        Judge Tower: "your graveyard" -> the ability's controller becomes its owner (JT-G5, R5)."""
        p = ctx["controller"]
        src = ctx["source"]
        cur = self.current(src)
        if cur is None or cur.zone != "graveyard":
            self.log.add("{card} is no longer in the graveyard: it doesn't return", "CR 113.6m", "CR 400.7", card=src)
            return
        cites = ("CR 113.6m", "CR 400.7") + (("JT-G5", "R5") if self.zone_shared("graveyard", p) else ())
        if self.zone_shared("graveyard", p):   # JT-G5: the graveyard is no one's
            self.log.add("{card} returns from the shared graveyard to {place} (an ability that functions from the "
                         "graveyard)", *cites, card=cur, place=msg("{player}'s hand", player=self.players[p])
                         if e.dest == "hand" else msg("the battlefield tapped") if e.tapped else msg("the battlefield"))
        elif e.dest == "hand":
            self.log.add("{card} returns from {player}'s graveyard to their hand "
                         "(an ability that functions from the graveyard)", *cites, card=cur, player=self.players[p])
        elif e.tapped:
            self.log.add("{card} returns from {player}'s graveyard to the battlefield tapped "
                         "(an ability that functions from the graveyard)", *cites, card=cur, player=self.players[p])
        else:
            self.log.add("{card} returns from {player}'s graveyard to the battlefield "
                         "(an ability that functions from the graveyard)", *cites, card=cur, player=self.players[p])
        if e.dest == "hand":
            self.move(cur, "hand", owner=p, cause="returned by its own ability", rule="CR 113.6m", log=False)
        else:
            yield from self._e_ReturnToBattlefield(ir.ReturnToBattlefield(ir.This(), under="you", tapped=e.tapped), ctx)

    @effect(ir.ShuffleIntoLibrary)
    def _e_ShuffleIntoLibrary(self, e, ctx):
        """CR 701.24a: "Shuffle [object] into its owner's library". Judge Tower: it is exiled
        instead and the shared library is not shuffled (JT-G8, R7: the replacement is in move())."""
        self.shuffle_into_libraries(self.objs(e.what, ctx, lki=True), ctx,
                                    from_zones=("battlefield", "graveyard", "hand", "stack", "exile"))
        return
        yield

    @effect(ir.Surveil)
    def _e_Surveil(self, e, ctx):
        """CR 701.25a: look at the top N cards of your library, put any number of them into your
        graveyard and the rest on top in any order (Judge Tower: a free choice, JT-C6/R10; a short
        library is refilled first, JT-E2/R19)."""
        n = self.amount(e.amount, ctx)
        if n <= 0:
            return   # CR 701.25c: no surveil event
        yield from self.look_and_split_graveyard(ctx["controller"], n, "surveil", "CR 701.25a", f"surveil {n}", "surveil")

    def look_at_top(self, p: int, n: int, rule: str = "CR 701.20e", action: str = "look", what: str = ""):
        """``p`` looks at the top ``n`` cards of their library (CR 701.20e): a short shared library is
        refilled first (JT-E2, R19); the names are logged for ``p`` only. Returns the cards, top
        first (none when the game ended)."""
        yield from self.ensure_library(p, n, action)
        if self.game_over:
            return []
        top = self.top_cards(p, n)
        if top:
            if what:
                self.log.add("{player} looks at the top {n} card(s) of {library} ({what})", rule,
                             player=self.players[p], n=len(top), what=what, library=self.library_said(p))
            else:
                self.log.add("{player} looks at the top {n} card(s) of {library}", rule, player=self.players[p],
                             n=len(top), library=self.library_said(p))
            self.log.add("{player} sees: {cards}", rule, visible_to=[p], player=self.players[p],
                         cards=[self.objects[c] for c in top])
        return top

    def look_and_split_graveyard(self, p: int, n: int, action: str, rule: str, label: str = "", tag: str = ""):
        """Look at the top ``n`` cards of ``p``'s library and put any number of them into the
        graveyard, the rest back on top in any order (CR 701.25a surveil, CR 701.20e/401.4 "put any
        number of them into your graveyard and the rest back on top"). Judge Tower: the split is a
        free choice (JT-C6, R10); a short library is refilled first (JT-E2, R19)."""
        # the label in the log: "surveil N" (a message), else the label as a term
        what = (msg("surveil {n}", n=n) if label == f"surveil {n}" else Term(label)) if label else ""
        top = yield from self.look_at_top(p, n, rule, action, what)
        if not top:
            return
        opts = []
        for k in range(len(top) + 1):
            for gy in itertools.combinations(top, k):
                rest = [c for c in top if c not in gy]
                for t_order in itertools.permutations(rest):
                    for g_order in itertools.permutations(gy):   # the order they reach the graveyard
                        opts.append(Split(tuple(t_order), (), tuple(g_order)))
        split = yield from self.ask(p, "split", opts, msg("{what}: choose the cards for the top and the graveyard",
                                                          what=what) if label
                                    else msg("choose the cards for the top and the graveyard"), rule)
        lib = self.library(p)
        for c in split.top:
            lib.remove(c)
        for c in reversed(split.top):
            lib.append(c)
        for c in split.graveyard:
            self.move(self.objects[c], "graveyard", owner=p, cause=msg("put into the graveyard ({what})", what=what or Term("looked at")),
                      rule=rule)
        if tag:
            self.log.add("{player} puts {top} on top of {library} and {graveyard} into {yard} ({tag})",
                         rule, player=self.players[p], top=len(split.top), graveyard=len(split.graveyard), tag=Term(tag), library=self.library_said(p),
                         yard=self.graveyard_said(p))
        else:
            self.log.add("{player} puts {top} back on top of {library} and {graveyard} into {yard}",
                         rule, player=self.players[p], top=len(split.top), graveyard=len(split.graveyard), library=self.library_said(p),
                         yard=self.graveyard_said(p))
        self.touch()

    @effect(ir.ExileTopOfLibrary)
    def _e_ExileTopOfLibrary(self, e, ctx):
        """CR 406.2: "[who] exiles the top N cards of their library" (Judge Tower: a library action
        refilled when short, JT-E2/R19; taken by that player, R5; the cards are unreferenced, R20)."""
        n = self.amount(e.amount, ctx)
        ctx["exile_cast_exiled"] = []   # exilecast: the cards "that card" names next (CR 601.2a)
        for p in self.players_of(e.who, ctx):
            yield from self.ensure_library(p, n, "exile the top cards")
            if self.game_over:
                return
            lib = self.library(p)
            names = []
            for _ in range(min(n, len(lib))):
                new = self.move(self.objects[lib[-1]], "exile", owner=p, cause=msg("exiled by {source}", source=ctx['source']),
                                rule="CR 406.2", log=False)
                if new is not None:
                    names.append(new)
                    ctx.setdefault("exile_cast_exiled", []).append(new)   # exilecast: "that card" (CR 601.2a)
            self.log.add("{player} exiles the top {n} card(s) of {library}: {cards}", "CR 406.2", "CR 406.3",
                         player=self.players[p], n=len(names), cards=names or msg("nothing"), library=self.library_said(p))

    def step_skipped(self, p: int, step: str) -> bool:
        """CR 614.1b, 614.10: a static "Skip your draw step" of a permanent ``p`` controls
        replaces the step with nothing."""
        for s in self.permanents(p):
            if s.face_down:
                continue
            for ab in s.compiled.abilities:
                if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.SkipStep) and ab.effect.step == step:
                    self.log.add("{player} skips their {step} step ({source})", "CR 614.1b", "CR 614.10",
                                 player=self.players[p], step=Term(step), source=s)
                    return True
        return False


def _side_text(game, side) -> str:
    """Readable "to"/"by" of a prevention effect, for the log."""
    if side[0] == "filter":
        return msg("the objects it describes")
    return [game.objects[i] for i in sorted(side[1])] + [game.players[q] for q in sorted(side[2])]


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


#: what a condition named by a word means, for the log
_CONDITION_TEXT = {
    "kicked": msg("it was kicked"), "this_untapped": msg("it is untapped"),
    "attacked_with_3": msg("you attacked with three or more creatures this turn"),
    "evoked": msg("its evoke cost was paid"), "echo_due": msg("its echo cost is due"),
    "tc_attacked_this_turn": msg("you attacked this turn"),
}


def condition_text(cond: str):
    """A condition named by a word, as the log says it."""
    return _CONDITION_TEXT.get(cond) or Term(cond)


def animated_as(spec) -> str:
    """What an animation effect makes an object, for the log: "3/3 red and green Elemental
    creature with haste" (``spec``: power, toughness, colors, subtypes, types, keywords)."""
    what = " ".join(x for x in (" and ".join(_COLOR_WORDS[c] for c in spec.colors or ()),
                                " ".join(spec.subtypes), " ".join(t.lower() for t in spec.types)) if x)
    kw = f" with {', '.join(spec.keywords)}" if spec.keywords else ""
    return f"{spec.power}/{spec.toughness} {what}{kw}"


def _src(source, controller):
    from judgetower.rules.stack.casting import _Src
    return _Src(source, controller)


_TYPES_FR = {"Creature": "créature", "Artifact": "artefact", "Land": "terrain", "Enchantment": "enchantement"}
_COLOR_WORDS_FR = {"W": "blanc", "U": "bleu", "B": "noir", "R": "rouge", "G": "vert"}
_COLOR_WORDS_FR_F = {"W": "blanche", "U": "bleue", "B": "noire", "R": "rouge", "G": "verte"}


def animated_as_fr(spec) -> str:
    """`animated_as` in French: "créature Elemental 3/3 rouge et verte avec la célérité" (the
    creature type first, the colours agreeing with it; subtypes as printed)."""
    from judgetower.rules.log_fr import term_fr
    types = sorted(spec.types, key=lambda t: t != "Creature")
    colors = _COLOR_WORDS_FR_F if "Creature" in spec.types else _COLOR_WORDS_FR
    what = " ".join(x for x in (" ".join(_TYPES_FR.get(t, t.lower()) for t in types), " ".join(spec.subtypes),
                                f"{spec.power}/{spec.toughness}",
                                " et ".join(colors[c] for c in spec.colors or ())) if x)
    kw = f" avec {', '.join(term_fr(k) for k in spec.keywords)}" if spec.keywords else ""
    return what + kw


def animated_as_phrase(spec) -> Phrase:
    """What an animation effect makes an object, for a log message: `animated_as` in English, in
    French `animated_as_fr`."""
    return Phrase(animated_as(spec), animated_as_fr(spec))

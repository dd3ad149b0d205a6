"""Judge mode (JT-S2, R17): which choices referee mode would have refused.

In judge mode every choice Magic's rules allow is offered; a choice that breaks a Judge Tower
obligation is taken, and noted as a hidden ``Violation`` for a later call. "Would referee mode
refuse it" is answered by asking the variant's own referee hooks (``priority_options``,
``forced_*_options``, ``attack_done_ok``, ``block_done_ok``, ``max_targets``) with the mode
switched to referee for the question.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from judgetower.rules.decisions import Activate, Attack, Block, Cast, Done, Pass
from judgetower.rules.log import Message, Phrase, msg


@dataclass(frozen=True)
class Violation:
    """One Judge Tower rule broken by ``player`` (a seat index); hidden until called (R17).
    ``event`` is the log event number of the action (its own log line, or the latest line
    before it when the action has none); ``cause`` groups errors of one single cause (JT-S4)."""

    player: int
    rule: str
    event: int
    cause: tuple
    what: Any = ""     # the action (a log `Message`; its English in plain text)
    public: bool = True   # the evidence is public information (a bot may notice it, R16)
    #: how ``event`` stands to the action: "own" (its own line), "before" (the action wrote no
    #: line of its own - a pass of priority - and line ``event`` is what followed it), "after"
    #: (nothing followed yet: ``event`` is the line before it); a call says it so (JT-S2)
    at: str = "own"


@contextmanager
def as_referee(rules):
    """Ask the referee hooks: the variant's mode is switched for the question only."""
    old = rules.mode
    rules.mode = "referee"
    try:
        yield rules
    finally:
        rules.mode = old


def referee_priority_options(game, d) -> list:
    """Referee mode's priority options for the pending priority decision ``d`` (JT-P1, JT-P2,
    JT-C1; R9, R11, R12), as ``game.priority_options(d.player)`` computes them with the mode
    switched to referee.

    Issue 17: when ``d`` was posed in judge mode and nothing has happened since (the game's
    ``state_mark``), they are derived from ``d``'s own options instead of computing the legal
    actions again: judge mode offers ``[Pass()] + legal_actions`` unfiltered, and the legal
    actions differ between the modes only by the ``can_activate_more`` hook (JT-P1, R11: in
    judge mode a second activation is offered, ``JudgeTowerRules.can_activate_more``), which is
    one more condition of ``can_activate``, a side-effect-free conjunction; so referee mode's
    legal actions are judge mode's less the activations that hook refuses, and its options are
    those filtered by the variant's ``priority_options`` in referee mode. Set
    ``JUDGETOWER_CHECK_REFEREE_VIEW=1`` to compute both and compare (a check, slow)."""
    rules = game.rules
    posed = getattr(game, "posed_priority", None)
    derived = None
    if (posed is not None and getattr(rules, "mode", None) == "judge" and posed[0] == d.player
            and posed[1] is d.options and d is game.pending() and posed[2] == game.state_mark()):
        kept = []
        with as_referee(rules):
            for a in d.options:
                if type(a) is Activate:
                    o = game.objects[a.obj]
                    if not rules.can_activate_more(game, d.player, o, a.index,
                                                   game.activated_abilities(o)[a.index]):
                        continue
                kept.append(a)
            derived = rules.priority_options(game, d.player, kept)
        if not _CHECK_DERIVED:
            return derived
    with as_referee(rules):
        allowed = game.priority_options(d.player)
    if derived is not None and derived != allowed:
        raise AssertionError(f"issue 17: referee view derived {derived!r} != computed {allowed!r} "
                             f"(turn {game.turn}, {game.step})")
    return allowed


#: JUDGETOWER_CHECK_REFEREE_VIEW=1: every derived referee view is compared with the computed one
_CHECK_DERIVED = os.environ.get("JUDGETOWER_CHECK_REFEREE_VIEW") == "1"


def referee_refusal(game, d, choice) -> str | None:
    """The JT rule referee mode would cite to refuse ``choice`` for decision ``d``, or None
    when referee mode would accept it (or does not restrict this kind of decision)."""
    rules = game.rules
    kind = d.kind
    house = getattr(rules, "house_refusal", None)     # house rules (judgetower.variants.house)
    if house is not None:
        rule = house(game, d, choice)
        if rule is not None:
            return rule
    if kind == "priority":
        allowed = referee_priority_options(game, d)
        if choice in allowed:
            return None
        if isinstance(choice, Pass):
            return "JT-P1"                              # R11: no pass while an action remains
        if isinstance(choice, Activate):
            o = game.objects.get(choice.obj)
            if o is not None and choice.index in getattr(o, "activated_this_turn", ()):
                return "JT-P1"                          # R11: once per turn per ability
            return "JT-P2"                              # R12: a later printed ability first
        if isinstance(choice, Cast):
            return "JT-C1"                              # R9: "you may ... rather than pay" used when able
        return "JT-P1"
    if kind in ("target", "mode"):
        # JT-C3, R9: as many targets (and modes: "one or both", "one or more") as possible
        # (referee mode offers no Done while one remains)
        if isinstance(choice, Done) and any(not isinstance(o, Done) for o in d.options):
            return "JT-C3"
        return None
    if kind in ("may", "pay", "buyback"):
        with as_referee(rules):
            allowed = rules.forced_bool_options(game, list(d.options), "buyback" if kind == "buyback" else kind)
        if choice in allowed:
            return None
        return "JT-C3" if kind == "buyback" else "JT-C1"
    if kind == "proliferate":
        # misc: "any number" of permanents and players to proliferate: as many as possible
        # (JT-C3, R9; CR 701.34a)
        with as_referee(rules):
            allowed = rules.forced_bool_options(game, list(d.options), "proliferate")
        return None if choice in allowed else "JT-C3"
    if kind == "x":
        with as_referee(rules):
            allowed = rules.forced_x_options(game, list(d.options))
        return None if choice in allowed else "JT-C2"
    if kind == "kicker":
        multi = bool(d.context.get("multi")) or d.rule == "CR 702.33c"
        with as_referee(rules):
            allowed = rules.forced_count_options(game, list(d.options), "multikicker" if multi else "kicker")
        if choice in allowed:
            return None
        return "JT-C2" if multi else "JT-C3"
    if kind == "trigger":
        return None if choice is True else "JT-G9"     # R13: a trigger not acknowledged is missed
    if kind == "cards" and d.context.get("crew"):
        # kw2: crew's "any number of" creatures: as many as possible (JT-C3, R9)
        if isinstance(choice, Done) and any(not isinstance(o, Done) for o in d.options):
            return "JT-C3"
        return None
    if kind in ("attackers", "blockers") and isinstance(choice, Done):
        # JT-C5: a declaration ended while a creature could still attack / block
        key, done_ok, kind_of = (("declared", rules.attack_done_ok, Attack) if kind == "attackers"
                                 else ("blocks", rules.block_done_ok, Block))
        so_far = d.context.get(key)
        if so_far is not None:
            with as_referee(rules):
                ok = done_ok(game, d.player, so_far)
        else:
            ok = not any(isinstance(o, kind_of) for o in d.options)
        return None if ok else "JT-C5"
    return None


def compliant_options(game, d) -> list:
    """The options of decision ``d`` that referee mode would accept (the choices a player who
    obeys every Judge Tower obligation may make); never empty when ``d`` has options."""
    opts = list(d.options)
    if d.kind == "priority":
        allowed = referee_priority_options(game, d)
        ok = [o for o in opts if o in allowed]
    else:
        ok = [o for o in opts if referee_refusal(game, d, o) is None]
    return ok or opts


def is_public(game, d, choice, rule: str) -> bool:
    """Whether the evidence of a violation is public information (R16: a spectator, or an
    opponent, could see it). Passing priority while able to act (JT-P1) is public only when an
    action the player had to take was visible to all: an ability of a permanent. Casting from
    hand or playing a land depends on the hidden hand; so does an alternative cost (JT-C1 on a
    cast). Targets, X, modes, optional costs, attacks and blocks are public. A house rule may say
    otherwise (H-OPEN-HANDS: hands are public; H-ONE-NAME-PER-TURN: both casts were seen)."""
    house = getattr(game.rules, "house_public", None)
    if house is not None:
        pub = house(game, d, choice, rule)
        if pub is not None:
            return pub
    if d.kind == "priority":
        if isinstance(choice, Activate):
            return True                     # JT-P1 twice a turn / JT-P2 order: abilities are public
        if isinstance(choice, Pass):
            with as_referee(game.rules):
                allowed = game.priority_options(d.player)
            for o in allowed:
                if isinstance(o, Activate):
                    obj = game.objects.get(o.obj)
                    if obj is not None and getattr(obj, "zone", None) == "battlefield":
                        return True
            return False
        return False
    return True


def cause_of(game, d, choice, rule: str, event: int) -> tuple:
    """JT-S4, R17: one violation is one cause; passing again and again in one step while an
    action remains is one single cause (the same error repeated in a row)."""
    if d.kind == "priority" and isinstance(choice, Pass):
        return (rule, d.player, game.turn, game.step, "pass")
    return (rule, d.player, event)


def describe(game, d, choice) -> Message:
    """The action that broke a rule, for the log line of a call (English and French)."""
    player = game.players[d.player]
    if d.kind == "priority":
        if isinstance(choice, Pass):
            return msg("{player} passes priority", player=player)
        o = game.objects.get(getattr(choice, "obj", None))
        what = o if o is not None else str(choice)
        if isinstance(choice, Activate):
            return msg("{player} activates ability {n} of {card}", player=player, n=choice.index + 1, card=what)
        if isinstance(choice, Cast):
            if getattr(choice, "face", None) is not None and o is not None and o.card is not None:
                what = o.card.faces[choice.face]   # faces: the face cast (CR 709.3, 715.3)
            return msg("{player} casts {card}", player=player, card=what)
        return msg("{player}: {choice}", player=player, choice=str(choice))
    if d.kind == "trigger" and choice is False:
        return msg("{player} misses the trigger of {source}", player=player, source=d.context['trigger']['source'])
    # the prompt quoted: in English as before (its text's repr), in French its French between guillemets
    prompt = Phrase(repr(str(d.prompt)), "« " + d.prompt_text("fr", game.log.names_fr) + " »")
    # the answer: yes, no and done in French too, any other answer as its text
    said = Phrase(str(choice), "terminé" if isinstance(choice, Done) else {True: "oui", False: "non"}[choice]) \
        if isinstance(choice, (bool, Done)) else str(choice)
    return msg("{player} answers {prompt} with {choice}", player=player, prompt=prompt, choice=said)

"""CR 603.2, 115.1: "When(ever) ~ becomes the target of a spell or ability [an opponent controls]".

One path for every wording (../shared/design/layout.md §5.1 item 1): an object becomes the target
of a spell or ability when that spell is cast (CR 601.2c, 601.2i), when a copy of a spell is put on
the stack, with the targets it copied or the new ones its controller chose (CR 707.10, 707.10c),
and when an activated or triggered ability is put on the stack with its targets (CR 602.2b,
603.3d). A permanent named by several of its targets becomes its target once. Ward (CR 702.21a)
watches the same moment.
"""

from __future__ import annotations

from judgetower.rules.state import PID

#: the events after which a spell or ability on the stack has its targets
TARGETING_EVENTS = ("cast", "spell_copied", "ability_on_stack")


class TargetedMixin:
    """Becoming the target (mixed into Game)."""

    def targeted_check_event(self, ev, watchers) -> None:
        if ev["kind"] not in TARGETING_EVENTS:
            return
        item, p = ev["obj"], ev["player"]
        seen = set()
        for ts in getattr(item, "targets", None) or []:
            for t in ts:
                if isinstance(t, (PID, bool)) or not isinstance(t, int) or t in seen:
                    continue
                seen.add(t)
                o = self.objects.get(t)
                if o is None or o.zone != "battlefield" or o.face_down:
                    continue
                self._fire(("ts_becomes_target",), watchers, o, {"trigger_obj": o})
                self._becomes_target_of_opponent(o, item, p)
                self.ward_triggers(o, item, p)

    def _becomes_target_of_opponent(self, o, item, p) -> None:
        """CR 603.2: "When ~ becomes the target of a spell or ability an opponent controls"."""
        from judgetower.rules.triggers.abilities import triggered_abilities
        if not self.are_opponents(p, o.controller):
            return
        for idx, ab in triggered_abilities(o):
            if getattr(getattr(ab, "trigger", None), "event", None) == "chars_becomes_target_opp":
                self._trigger(o, idx, ab, {"trigger_obj": item, "trigger_player": p})

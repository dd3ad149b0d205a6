"""trigstate: triggers, untap/turn state and static game-rule changes (wave 4).

* "~ doesn't untap during your next untap step." / "Lands you control don't untap during your
  next untap step." (CR 502.3): the effect waits for the next untap step of the ability's
  controller; then the objects it names (a group is read at that moment: a "doesn't untap"
  effect does not change characteristics, so CR 611.2c does not lock its set in) that this player
  controls stay tapped, and the effect ends (it is used up even when they were untapped or gone).
  Judge Tower changes nothing here.
"""

from __future__ import annotations

from judgetower.oracle import ir


class TrigstateMixin:
    """trigstate engine code (mixed into Game)."""

    # ---- CR 502.3: "doesn't untap during your next untap step" -------------------------------
    def _e_TsSkipYourNextUntap(self, e, ctx):
        p = ctx["controller"]
        entry = {"player": p, "ctx": {k: ctx[k] for k in ("source", "controller", "targets") if k in ctx}}
        if isinstance(e.what, ir.All):
            entry["group"] = e.what   # read in that untap step
            what = "they"
        else:
            entry["ids"] = {o.id for o in self.objs(e.what, ctx) if o.zone == "battlefield"}
            what = ", ".join(self.objects[i].name for i in entry["ids"]) or "nothing"
        if not hasattr(self, "ts_untap_skips"):
            self.ts_untap_skips = []
        self.ts_untap_skips.append(entry)
        self.log.add(f"{what}: doesn't untap during {self.players[p].name}'s next untap step", "CR 502.3")
        return
        yield

    def ts_untap_step_begins(self) -> None:
        """Untap step of the active player (CR 502.3): the "your next untap step" effects of this
        player apply now and end; the ids they keep tapped are kept for ``ts_untap_kept``."""
        ap = self.active
        keep: set[int] = set()
        rest = []
        for entry in getattr(self, "ts_untap_skips", ()):
            if entry["player"] != ap:
                rest.append(entry)
                continue
            if "group" in entry:
                keep |= {o.id for o in self.objs(entry["group"], entry["ctx"])}
            else:
                keep |= entry["ids"]
        self.ts_untap_skips = rest
        self.ts_kept_now = keep

    def ts_untap_kept(self, o) -> bool:
        if o.tapped and o.id in getattr(self, "ts_kept_now", ()):
            self.log.add(f"{o.name} doesn't untap during this untap step", "CR 502.3")
            return True
        return False

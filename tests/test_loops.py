"""Mandatory loops that never repeat exactly (JT-P3, R8, R3; ``judgetower.rules.loops``).

When Ajani's Pridemate's trigger is put on the stack under each new Sanguine Bond trigger, the
Sanguine Bond / Exquisite Blood drain loop leaves one more Pridemate trigger on the stack each time
round: the state never repeats and the stack grows for ever (a judge-mode game, seed 173 of
``benchmarks/judge_sim.py``, ran out of memory on it). The engine sees the shape repeat with the
stack growing by the same objects each time and exiles the loop's objects (JT-P3). A scenario file
cannot give the trigger order for every time round, so the order is chosen here.
"""

from __future__ import annotations

from judgetower.scenario.runner import play_scenario

SETUP = {
    "variant": "judge-tower", "mode": "referee",
    "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
    "start": {"turn": 1, "active": "A", "step": "precombat_main"},
    "state": {"A": {"hand": ["Lightning Helix"],
                    "battlefield": ["Sanguine Bond", "Exquisite Blood", "Ajani's Pridemate"]}},
    "actions": [{"player": "A", "cast": "Lightning Helix", "targets": ["B"]}],
}


def _play_pridemate_first(limit: int = 2000):
    """Run the game, each time putting Ajani's Pridemate's trigger on the stack first (under the
    others) and passing otherwise; returns the game and the largest stack seen."""
    g = play_scenario(dict(SETUP))
    biggest = 0
    while not g.game_over and g.step == "precombat_main" and limit:
        limit -= 1
        d = g.pending()
        biggest = max(biggest, len(g.stack))
        if d.kind == "trigger_order":
            first = next((k for k in d.options if "Ajani's Pridemate" in str(d.prompt).split("; ")[k]), d.options[0])
            g.decide(d.player, first)
        else:
            g.decide(d.player, d.options[-1] if d.kind != "priority" else d.options[0])
    return g, biggest


def test_a_loop_that_grows_the_stack_is_exiled():
    g, biggest = _play_pridemate_first()
    exiled = sorted(g.objects[i].name for i in g.exile)
    assert exiled == ["Ajani's Pridemate", "Exquisite Blood", "Sanguine Bond"], exiled
    assert biggest < 20, f"the stack grew to {biggest} before the loop was found"
    assert any("JT-P3" in e.rules and "growing the same each time" in e.text for e in g.log.events)
    assert not g.game_over



BLAST = {"name": "Test Blast", "mana_cost": "{R}", "type": "Instant",
         "text": "Madness {R}, cycling {1}{R}, kicker {2}{R}, buyback {4}{R}\nTest Blast deals 2 damage to any "
                 "target. If this spell was kicked, create a 1/1 red Goblin creature token."}


def test_a_loop_that_makes_one_more_alike_token_each_time_is_exiled():
    """Forced play (JT-P1, JT-C1) casts the card kicked and with buyback (back to hand), cycles it
    (madness: exiled, cast again kicked and with buyback...): each time round one more Goblin token
    and one more cycling ability on the stack, so the state never repeats exactly (Blast from the
    Past). Alike tokens count as a growing amount (R3), so the loop is found and its objects are
    exiled (JT-P3). A scenario file
    would have to spell out every forced action, so the test drives the game."""
    setup = {"variant": "judge-tower", "mode": "referee", "cards": [BLAST],
             "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
             "start": {"turn": 1, "active": "A", "step": "precombat_main"},
             "state": {"A": {"hand": ["Test Blast"]}, "shared": {"library": ["Island"] * 20}}, "actions": []}
    g = play_scenario(setup)
    limit = 1000
    while not g.game_over and g.step == "precombat_main" and limit:
        limit -= 1
        d = g.pending()
        at_b = [o for o in d.options if getattr(o, "index", None) == 1] if d.kind == "target" else []
        g.decide(d.player, (at_b or d.options)[0])    # the 2 damage always to B: the tokens stay
    assert limit, "the loop was never found"
    assert not g.game_over
    assert "Test Blast" in [g.objects[i].name for i in g.exile]
    # the tokens made while the loop repeated are involved in it (R8) and go too
    assert sum(e.text == "Goblin Token moves from battlefield into exile (mandatory loop)" for e in g.log.events) >= 3
    assert any("JT-P3" in e.rules and "growing the same each time" in e.text for e in g.log.events)

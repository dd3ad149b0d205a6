"""The log tells the truth (issue 18): each line says what happened, in the words a judge uses.

- Judge Tower shares the library and the graveyard (JT-G5): a line names them "the shared
  library" / "the shared graveyard", never one player's.
- A card that would be shuffled into the shared library is exiled instead (JT-G8, R7): no line
  then says that cards "are shuffled into" a library.
- A number agrees with its noun ("1 card", "2 cards"), a verb with its subject ("Grizzly Bears
  gains"), and a name ending in "s" takes "'" ("Llanowar Elves' ability").
- A call names the line of the action it calls; an action with no line of its own (a pass of
  priority) is named "after event N" (JT-S2, R17).
- A triggered ability's targets are chosen as it is put on the stack: CR 603.3d is cited.
"""

from __future__ import annotations

import re

from judgetower.rules.log import msg, render
from judgetower.scenario.runner import play_scenario

ELIXIR = {
    "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
    "start": {"turn": 1, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Elixir of Immortality", "Swamp", "Swamp"]},
              "shared": {"graveyard": ["Grizzly Bears", "Lightning Bolt"], "library": ["Forest", "Island"]}},
    "actions": [{"player": "A", "activate": {"card": "Elixir of Immortality", "ability": 1}}, "resolve"],
}


def _texts(g) -> list[str]:
    return [e.text for e in g.log.events]


def test_jt_g8_cards_exiled_instead_are_not_said_shuffled_in():
    g = play_scenario({**ELIXIR, "variant": "judge-tower", "mode": "judge"})
    lines = _texts(g)
    exiled = [t for t in lines if "would go into the shared library: it is exiled instead" in t]
    assert len(exiled) == 3, lines           # Elixir itself and both graveyard cards (JT-G8, R7)
    assert not [t for t in lines if re.search(r"\d cards? (are|is) shuffled into", t)], lines
    # the line is kept (recorded calls name lines by number) and says what happened
    assert "no card is shuffled into the shared library: 3 cards went elsewhere instead" in lines
    assert "the shared library is not shuffled" in lines


def test_ordinary_magic_still_says_the_cards_shuffled_in():
    d = {**ELIXIR, "variant": "standard",
         "players": [{"name": "A"}, {"name": "B"}],
         "state": {"A": {"battlefield": ["Elixir of Immortality", "Swamp", "Swamp"],
                         "graveyard": ["Grizzly Bears", "Lightning Bolt"], "library": ["Forest"]}}}
    g = play_scenario(d)
    assert "3 cards are shuffled into A's library" in _texts(g)


def test_jt_g5_shared_graveyard_is_named_as_shared():
    d = {"variant": "judge-tower", "mode": "referee",
         "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
         "start": {"turn": 1, "active": "A", "step": "precombat_main"},
         "state": {"A": {"hand": ["Lightning Bolt"]}, "shared": {"library": ["Forest"]}},
         "actions": [{"player": "A", "cast": "Lightning Bolt", "targets": ["B"]}, "resolve"]}
    g = play_scenario(d)
    line = next(e for e in g.log.events if e.text.startswith("Lightning Bolt moves from stack"))
    assert line.text == "Lightning Bolt moves from stack into the shared graveyard (resolved)"
    assert "JT-G5" in line.rules
    assert "dans le cimetière commun" in line.text_fr
    assert not [t for t in _texts(g) if re.search(r"\b[AB]'s (graveyard|library)", t)]


def test_jt_g5_the_top_of_the_shared_library():
    d = {"variant": "judge-tower", "mode": "referee",
         "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
         "start": {"turn": 1, "active": "A", "step": "precombat_main"},
         "state": {"A": {"hand": ["Ponder"]}, "shared": {"library": ["Forest", "Island", "Swamp", "Plains"]}},
         "actions": [{"player": "A", "cast": "Ponder"}, "resolve"]}
    g = play_scenario(d)
    looks = [e for e in g.log.events if "looks at the top" in e.text]
    assert looks and looks[0].text == "A looks at the top 3 cards of the shared library"
    assert "la bibliothèque commune" in looks[0].text_fr


def test_numbers_agree_with_their_nouns_and_verbs():
    one = msg("{n} card(s) are shuffled into {library}", n=1, library=msg("the shared library"))
    two = msg("{n} card(s) are shuffled into {library}", n=2, library=msg("the shared library"))
    assert str(one) == "1 card is shuffled into the shared library"
    assert str(two) == "2 cards are shuffled into the shared library"
    assert render(one, "fr") == "1 carte est mélangée dans la bibliothèque commune"
    assert render(two, "fr") == "2 cartes sont mélangées dans la bibliothèque commune"
    zero_fr = render(msg("{player} searches {library} and finds {n} card(s)", player="A", n=0,
                         library=msg("their library")), "fr")
    assert zero_fr == "A fouille sa bibliothèque et trouve 0 carte"      # French: 0 and 1 are singular
    assert str(msg("{cards} get(s) {pt} until end of turn", cards=["Grizzly Bears"], pt="+1/+1")) \
        == "Grizzly Bears gets +1/+1 until end of turn"
    assert str(msg("{cards} get(s) {pt} until end of turn", cards=["Grizzly Bears", "Hill Giant"], pt="+1/+1")) \
        == "Grizzly Bears, Hill Giant get +1/+1 until end of turn"
    assert str(msg("{spell}'s replicate triggers ({n} cop(ies))", spell="Pyromatics", n=1)) \
        == "Pyromatics' replicate triggers (1 copy)"
    assert str(msg("{spell}'s replicate triggers ({n} cop(ies))", spell="Shock", n=2)) \
        == "Shock's replicate triggers (2 copies)"


def _judge_game(seed: int, n: int = 4, decisions: int = 3000):
    from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
    from judgetower.cards.pool import starter_pool
    from judgetower.variants.judge_tower import new_judge_tower_game
    pool = starter_pool()
    players = [{"name": f"P{i + 1}", "judge_level": 1 + (seed + i) % 5} for i in range(n)]
    g = new_judge_tower_game(pool, pool.names(), players, seed=seed, mode="judge")
    table = JudgeTable(g, seed=seed, call_rate=0.5, dispute_rate=0.2)
    run_judge_game(g, [ErringAutopilot(seed * 31 + i, 0.05) for i in range(n)], table, decisions)
    return g, table


def test_a_call_on_a_pass_names_the_line_before_it_as_such():
    """A pass of priority writes no line; the call says "after event N" (N: the last line before
    the pass), never "event N" as if line N were the pass (JT-S2, R17)."""
    g, table = _judge_game(1)
    calls = [e.text for e in g.log.events if e.text.startswith("call ") and "finds the violation" in e.text]
    on_passes = [t for t in calls if "passes priority" in t]
    assert on_passes, "seed 1 has calls on passes (JT-P1)"
    assert all(re.search(r"\((after|just before) event \d+: \S+ passes priority", t) for t in on_passes), on_passes
    passes = [v for v in table.judge.violations if "passes priority" in str(v.what)]
    assert passes and all(v.at in ("before", "after") for v in passes)
    # "just before": line N is the first line written after the pass (it led to it)
    # an answer that writes no line ("pay buyback?" - no) comes after line N, the last before it
    others = [v for v in table.judge.violations if "passes priority" not in str(v.what)]
    assert all(v.at == "own" or (v.at == "after" and " answers " in str(v.what)) for v in others), \
        [(v.at, str(v.what)) for v in others if v.at != "own"]


def test_a_triggered_ability_s_targets_cite_cr_603_3d():
    g, _ = _judge_game(2, decisions=4000)
    targeted = [e for e in g.log.events if " triggers targeting " in e.text]
    assert targeted, "seed 2 has a targeted trigger"
    assert all("CR 603.3d" in e.rules for e in targeted)


def test_a_dispute_s_outcome_is_announced_once_after_every_vote():
    """R15: everyone still in the game votes; the outcome is said once, after the last vote."""
    g, table = _judge_game(1, decisions=6000)
    disputed = [c for c in table.judge.calls if c.votes]
    assert disputed, "seed 1 has a disputed call"
    texts = [e.text for e in g.log.events]
    for c in disputed:
        settled = [i for i, t in enumerate(texts) if t.startswith(f"the dispute of call {c.number} is settled")]
        votes = [i for i, t in enumerate(texts) if re.search(rf" votes to (uphold|reject) call {c.number}$", t)]
        assert len(settled) == 1, (c.number, settled)
        assert votes and max(votes) < settled[0], (c.number, votes, settled)
        assert len(votes) == len(c.votes)

"""Judge mode of Judge Tower (JT-S1-S5, JT-G11, JT-G12; R15-R17).

Every choice Magic allows is offered; one that breaks a Judge Tower obligation is noted as a
hidden violation (``game.judge.violations``) that only a correct call turns into shame.
"""

from judgetower.judge.disputes import CallRecord, Disputes
from judgetower.judge.state import Judge
from judgetower.judge.violations import Violation, referee_refusal


def judge_of(game) -> Judge:
    """The game's judge, made on first use."""
    j = getattr(game, "judge", None)
    if j is None:
        j = game.judge = Judge(game)
    return j


def attach(game) -> Judge:
    """Put a judge-mode game under the judge: every choice is seen before it is applied
    (JT-S2, R17) through the variant's `decision_observer` hook."""
    j = judge_of(game)
    game.rules.decision_observer = lambda g, d, choice: judge_of(g).note(d, choice)
    return j


__all__ = ["CallRecord", "Disputes", "Judge", "Violation", "attach", "judge_of", "referee_refusal"]

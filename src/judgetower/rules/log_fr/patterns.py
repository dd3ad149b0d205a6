"""The older French of log lines still written as plain English text: by pattern over the English.

Goes away when every line is written as a message (`judgetower.rules.log`): a line with no pattern
here keeps ``text_fr`` empty, and French rendering falls back to the English.
"""

from __future__ import annotations

import re

from judgetower.rules.log_fr.glossary import STEPS_FR


_P = r"(?P<p>[^,;()]+?)"
_C = r"(?P<c>.+?)"
_N = r"(?P<n>\d+)"

PATTERNS: list[tuple[re.Pattern, str]] = [(re.compile("^" + a + "$"), b) for a, b in [
    # specific lines first: the first pattern that matches wins
    (_P + " plays first", "{p} commence la partie"),
    (_P + r" skips the first draw step \(their first turn\)", "{p} passe l'étape de pioche (son premier tour)"),
    (_P + " skips the first draw", "{p} passe sa première pioche"),
    (_P + " draws an opening hand of " + _N + r" \(judge level\); no mulligans",
     "{p} pioche une main de départ de {n} carte(s) (niveau d'arbitre) ; pas de mulligan"),
    (_C + " enters tapped", "{c} arrive engagé(e)"),
    (r"Turn " + _N + ": " + _P + "'s turn", "Tour {n} : tour de {p}"),
    (r"(?P<s>[a-z ]+) step begins", "début : {s}"),
    (_P + " draws a card", "{p} pioche une carte"),
    (_P + " draws " + _C, "{p} pioche {c}"),
    (_P + " casts " + _C, "{p} lance {c}"),
    (_P + " plays " + _C, "{p} joue {c}"),
    (_C + " resolves", "{c} se résout"),
    (_P + " gains " + _N + r" life \(life: (?P<t>.+)\)", "{p} gagne {n} point(s) de vie (total : {t})"),
    (_P + " loses " + _N + r" life \(life: (?P<t>.+)\)", "{p} perd {n} point(s) de vie (total : {t})"),
    (_C + " deals " + _N + " damage to (?P<t>.+)", "{c} inflige {n} blessure(s) à {t}"),
    (_C + " attacks (?P<t>.+)", "{c} attaque {t}"),
    (_C + " blocks (?P<t>.+)", "{c} bloque {t}"),
    (_P + " taps " + _C + " for mana", "{p} engage {c} pour du mana"),
    (_P + " untaps their permanents", "{p} dégage ses permanents"),
    (_P + " pays (?P<m>\\S+) for " + _C + r" \(the mana portion is always paid\)",
     "{p} paie {m} pour {c} (la partie mana est toujours payée)"),
    (_P + " pays (?P<m>\\S+) for " + _C, "{p} paie {m} pour {c}"),
    (_C + r" is destroyed \((?P<w>.+)\)", "{c} est détruit(e) ({w})"),
    (_C + " is countered", "{c} est contrecarré(e)"),
    (_P + " discards " + _C, "{p} défausse {c}"),
    (_P + " sacrifices " + _C, "{p} sacrifie {c}"),
    (_P + " takes a mulligan", "{p} prend un mulligan"),
    (_P + " keeps their hand", "{p} garde sa main"),
    (r"The game ends; winner: (?P<w>.+?) \((?P<r>.+)\)", "La partie se termine ; vainqueur(s) : {w} ({r})"),
    (_P + " loses the game: (?P<r>.+)", "{p} perd la partie : {r}"),
    ("damage wears off and \"until end of turn\" effects end",
     "les blessures disparaissent et les effets « jusqu'à la fin du tour » prennent fin"),
    ("no attackers are declared", "aucun attaquant n'est déclaré"),
    (_C + " triggers", "{c} se déclenche"),
    (_P + " activates " + _C + "'s mana ability", "{p} active la capacité de mana de {c}"),
    (_P + " activates " + _C + "'s ability (?P<n>\\d+)", "{p} active la capacité {n} de {c}"),
    # mana abilities and land text (manaab)
    (_P + r" adds (?P<m>(\{[^}]+\})+) \(chosen\)", "{p} ajoute {m} (choisi)"),
    (_C + r" enters untapped \(" + _N + r" matching permanent\(s\)\)", "{c} arrive dégagé(e) ({n} permanent(s) correspondant(s))"),
    (_C + r" enters tapped \(" + _N + r" matching permanent\(s\)\)", "{c} arrive engagé(e) ({n} permanent(s) correspondant(s))"),
    (_C + r" enters untapped \(" + _N + r" opponent\(s\)\)", "{c} arrive dégagé(e) ({n} adversaire(s))"),
    (_C + r" enters tapped \(" + _N + r" opponent\(s\)\)", "{c} arrive engagé(e) ({n} adversaire(s))"),
    (_P + " returns " + _C + " to its owner's hand", "{p} renvoie {c} dans la main de son propriétaire"),
    (_P + r" adds (?P<m>(\{[^}]+\})+)", "{p} ajoute {m}"),
    ("no combat damage is dealt", "aucune blessure de combat n'est infligée"),
    (_P + " searches their library and finds " + _N + r" card\(s\)", "{p} fouille sa bibliothèque et trouve {n} carte(s)"),
    (_P + " shuffles their library", "{p} mélange sa bibliothèque"),
]]


def translate(text: str, names_fr: dict[str, str]) -> str:
    """The French for one English log line, or "" when no pattern knows it."""
    for pat, tpl in PATTERNS:
        m = pat.match(text)
        if m is None:
            continue
        parts = {k: _names(v, names_fr) for k, v in m.groupdict().items()}
        if "s" in parts:
            parts["s"] = STEPS_FR.get(m.group("s"), m.group("s"))
        return tpl.format(**parts)
    return ""


def _names(value: str, names_fr: dict[str, str]) -> str:
    """Card names inside a fragment, in French ("ability of X" -> "capacité de X")."""
    if value.startswith("ability of "):
        return "capacité de " + names_fr.get(value[11:], value[11:])
    return names_fr.get(value, value)


# kwstatic: lines of the static and combat keywords; more specific than the general patterns
# above, so they are put first.
PATTERNS[:0] = [(re.compile("^" + a + "$"), b) for a, b in [
    (_C + " deals " + _N + " damage to " + _P + r" \(infect: (?P<k>\d+) poison counter\(s\), (?P<t>\d+) in all\)",
     "{c} inflige {n} blessure(s) à {p} (infection : {k} marqueur(s) poison, {t} en tout)"),
    (_C + " deals " + _N + r" damage to (?P<t>.+) as (?P<k>\d+) -1/-1 counter\(s\)",
     "{c} inflige {n} blessure(s) à {t} sous forme de {k} marqueur(s) -1/-1"),
    (_C + "'s prowess triggers", "la prouesse de {c} se déclenche"),
    (_C + "'s exalted triggers", "l'exaltation de {c} se déclenche"),
    (_C + "'s flanking triggers", "le débordement de {c} se déclenche"),
    (_C + "'s bushido triggers", "le bushido de {c} se déclenche"),
    (_C + r"'s storm triggers \(" + _N + r" other spell\(s\) cast before it this turn\)",
     "le déluge de {c} se déclenche ({n} autre(s) sort(s) lancé(s) avant lui ce tour-ci)"),
    ("a copy of " + _C + " is put on the stack", "une copie de {c} est mise sur la pile"),
    ("the copy of " + _C + " ceases to exist", "la copie de {c} cesse d'exister"),
    ("the copy of " + _C + " targets (?P<t>.+)", "la copie de {c} cible {t}"),
    (_C + " can't be countered", "{c} ne peut pas être contrecarré(e)"),
    (_C + " can't be blocked this turn", "{c} ne peut pas être bloqué(e) ce tour-ci"),
    (_C + " can't block this turn", "{c} ne peut pas bloquer ce tour-ci"),
]]

"""The words of the terminal table and of the game summary, in English and in French (issue 18).

Every text the terminal writes is a template keyed by its English (``FR`` maps it to its French,
with the same placeholders; `tests/test_terminal_fr.py` checks both and that every template the
UI code uses is here). ``tr(key, lang, names_fr, **params)`` fills a template in ``lang``; each
parameter is rendered in that language (`judgetower.rules.log.render`: a card's name through its
French printing, a `Term` through the glossary, a `Message` in French), except:

- `Poss`, a player's name in the possessive: English "Bot 1's" / "James'", French "de Bot 1" /
  "d'Ada" (the French template writes "main {owner}");
- `Ord`, an ordinal: English "1st", "2nd", French "1re", "2e".

The game terms (steps, zones, colours, keywords, creature types) come from the log's glossary
(`judgetower.rules.log_fr.glossary`), so that the table and the log say the same words.
"""

from __future__ import annotations

import string
from typing import Any

LANGS = ("en", "fr")


class Poss(str):
    """A player's name used in the possessive."""

    __slots__ = ()


class Ord(int):
    """An ordinal number (1 -> "1st" / "1re")."""


def possessive(name: str) -> str:
    """"Bot 1's", "Ada's", but "Plains'" and "James'" (a name ending in s)."""
    return name + ("'" if name.endswith(("s", "S")) else "'s")


def possessive_fr(name: str) -> str:
    """"de Bot 1", "d'Ada" (elision before a vowel or a mute h)."""
    return ("d'" if name[:1].lower() in "aeiouyhàâéèêëîïôöûüœ" and name[:1] else "de ") + name


def ordinal(n: int, lang: str = "en") -> str:
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    return f"{n}" + ("th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


FR: dict[str, str] = {
    # ---------------------------------------------------------------- names and places
    "you": "vous",
    "a face-down card": "une carte face cachée",
    "face-down card": "carte face cachée",
    "you (player)": "vous (joueur)",
    "{name} (player)": "{name} (joueur)",
    "{name} (on the stack, your)": "{name} (sur la pile, à vous)",
    "{name} (on the stack, {owner})": "{name} (sur la pile, {owner})",
    "yours": "à vous",
    "{owner}": "{owner}",
    "tapped": "engagé",
    "{name} (your hand)": "{name} (votre main)",
    "{name} ({owner} hand)": "{name} (main {owner})",
    "{name} (the shared library)": "{name} (la bibliothèque commune)",
    "{name} (the shared graveyard)": "{name} (le cimetière commun)",
    "{name} (your library)": "{name} (votre bibliothèque)",
    "{name} (your graveyard)": "{name} (votre cimetière)",
    "{name} ({owner} library)": "{name} (bibliothèque {owner})",
    "{name} ({owner} graveyard)": "{name} (cimetière {owner})",
    "{name} ({zone})": "{name} ({zone})",
    "its {nth} activated ability (of {n}; type help, or see the card)":
        "sa {nth} capacité activée (sur {n} ; tapez aide, ou voyez la carte)",
    "its {nth} activated ability": "sa {nth} capacité activée",
    "\u201c{text}\u201d": "\u00ab\u00a0{text}\u00a0\u00bb (texte anglais de la carte)",
    # ---------------------------------------------------------------- options
    "Pass priority": "Passer la priorité",
    "Play land: {name} (a face of {card})": "Jouer le terrain : {name} (une face de {card})",
    "Play land: {name}": "Jouer le terrain : {name}",
    "Cast {name}{cost} (a face of {card})": "Lancer {name}{cost} (une face de {card})",
    "Cast {name}{cost}": "Lancer {name}{cost}",
    "Cast {name}{cost} by its alternative cost": "Lancer {name}{cost} par son coût alternatif",
    "Activate {name}: {text}": "Activer {name} : {text}",
    "Attack with {creature} -> {defender}": "Attaquer avec {creature} -> {defender}",
    "Block {attacker} with {blocker}": "Bloquer {attacker} avec {blocker}",
    "Done: no more attackers": "Terminé : plus d'attaquants",
    "Done: no more blockers": "Terminé : plus de bloqueurs",
    "Done: no more targets": "Terminé : plus de cibles",
    "Done: no more cards": "Terminé : plus de cartes",
    "Done": "Terminé",
    "Start the declaration again": "Recommencer la déclaration",
    "top: {cards}": "dessus : {cards}",
    "bottom: {cards}": "dessous : {cards}",
    "graveyard: {cards}": "cimetière : {cards}",
    "{parts} (top first)": "{parts} (le dessus d'abord)",
    "(nothing)": "(rien)",
    "Yes": "Oui",
    "No": "Non",
    "Pay": "Payer",
    "Don't pay": "Ne pas payer",
    "Pay buyback": "Payer le rachat",
    "Don't pay buyback": "Ne pas payer le rachat",
    "Pay 2 life": "Payer 2 points de vie",
    "Pay mana": "Payer le mana",
    "X = {n}": "X = {n}",
    "Don't kick": "Ne pas payer le kicker",
    "Kick {n} time": "Payer le kicker {n} fois",
    "Kick {n} times": "Payer le kicker {n} fois",
    "Put {name} on the stack next": "Mettre {name} sur la pile ensuite",
    "Trigger {n}": "Capacité déclenchée {n}",
    "Mode {n}: {text}": "Mode {n} : {text}",
    "Mode {n}": "Mode {n}",
    "{colour} ({symbol})": "{colour} ({symbol})",
    "defender": "le joueur défenseur",
    # ---------------------------------------------------------------- keywords
    "protection from {what}": "protection contre {what}",
    "{a} and from {b}": "{a} et contre {b}",
    # ---------------------------------------------------------------- the table
    "=== Turn {turn}: {active} turn, {step} ===": "=== Tour {turn} : tour {active}, {step} ===",
    "player": "joueur",
    "life": "vie",
    "shame": "honte",
    "hand": "main",
    "library": "bibliothèque",
    "{name} (you)": "{name} (vous)",
    "{name} [out]": "{name} [éliminé]",
    "Shared library: {n} card": "Bibliothèque commune : {n} carte",
    "Shared library: {n} cards": "Bibliothèque commune : {n} cartes",
    "Shared graveyard": "Cimetière commun",
    "{owner} graveyard": "Cimetière {owner}",
    "Exile": "Exil",
    "{title}: empty": "{title} : vide",
    "{title} ({n}): {more}{names}": "{title} ({n}) : {more}{names}",
    "... ({n} more), ": "... ({n} de plus), ",
    "  {label}: {names}": "  {label} : {names}",
    "linked": "liées",
    "until {name} leaves the battlefield": "jusqu'à ce que {name} quitte le champ de bataille",
    "on an adventure: {player} may cast it": "en aventure : {player} peut la lancer",
    "exiled with {name} ({controller}): returns at the beginning of the next end step":
        "exilée avec {name} ({controller}) : revient au début de la prochaine étape de fin",
    "exiled with {name} ({controller})": "exilée avec {name} ({controller})",
    "Battlefield:": "Champ de bataille :",
    "  {who}: {perms}": "  {who} : {perms}",
    "Stack (top first):": "Pile (le dessus d'abord) :",
    "Stack: empty": "Pile : vide",
    "Your hand: {cards}": "Votre main : {cards}",
    "Your hand: empty": "Votre main : vide",
    "Recent log:": "Journal récent :",
    "{n} damage": "{n} blessure",
    "{n} damages": "{n} blessures",
    "summoning sick": "mal d'invocation",
    "{n} {kind} counter": "{n} marqueur {kind}",
    "{n} {kind} counters": "{n} marqueurs {kind}",
    "attached to {name}": "attaché à {name}",
    "with {names} attached": "avec {names} attaché",
    "attacking {who}": "attaque {who}",
    "blocking {names}": "bloque {names}",
    "blocked by {names}": "bloqué par {names}",
    # ---------------------------------------------------------------- the decision
    "Your decision: {prompt}": "Votre décision : {prompt}",
    "  declared so far: {picks}": "  déclaré jusqu'ici : {picks}",
    "  (forced: {rules}; type help for why)": "  (imposé : {rules} ; tapez aide pour savoir pourquoi)",
    "  (all N: every remaining point of this damage to choice N at once)":
        "  (tout N : tous les points restants de ces blessures au choix N d'un coup)",
    "{n} to {target}": "{n} à {target}",
    "Type a number, or help, log, state, rule ID, shame, calls, quit.":
        "Tapez un numéro, ou aide, journal, table, règle ID, honte, appels, quitter.",
    "Judge mode: call PLAYER RULE [EVENT] (e.g. call Bot 1 JT-C5 120) calls an error; "
    "rule ID shows a rule's text; shame shows the shame table; calls lists the calls.":
        "Mode arbitrage : appeler JOUEUR RÈGLE [ÉVÉNEMENT] (p. ex. appeler Bot 1 JT-C5 120) appelle une "
        "erreur ; règle ID montre le texte d'une règle ; honte montre la table de la honte ; appels "
        "liste les appels.",
    "You cannot pass priority while you have another legal action (JT-P1, ruling R11): take one of the "
    "actions below.":
        "Vous ne pouvez pas passer la priorité tant que vous avez une autre action légale (JT-P1, décision "
        "R11) : faites une des actions ci-dessous.",
    "Not offered: {what}: {reason}.": "Non proposé : {what} : {reason}.",
    "its alternative cost must be used when able (JT-C1, R9)":
        "son coût alternatif doit être utilisé si possible (JT-C1, R9)",
    "a later printed ability of the same object must be used first (JT-P2, R12)":
        "une capacité imprimée plus loin sur le même objet doit être utilisée d'abord (JT-P2, R12)",
    "it was already activated this turn (JT-P1, R11)": "elle a déjà été activée ce tour-ci (JT-P1, R11)",
    "You cannot stop declaring: every creature that can attack must attack (JT-C5, ruling R9).":
        "Vous ne pouvez pas arrêter la déclaration : chaque créature qui peut attaquer doit attaquer "
        "(JT-C5, décision R9).",
    "You cannot stop declaring: every creature that can block must block (JT-C5, ruling R9).":
        "Vous ne pouvez pas arrêter la déclaration : chaque créature qui peut bloquer doit bloquer "
        "(JT-C5, décision R9).",
    "You must choose as many targets as possible (JT-C3, ruling R9).":
        "Vous devez choisir autant de cibles que possible (JT-C3, décision R9).",
    "An arbitrarily large number is 5 (JT-C2).": "Un nombre arbitrairement grand vaut 5 (JT-C2).",
    "Decision: {prompt}": "Décision : {prompt}",
    "Rule {rule}: {text}": "Règle {rule} : {text}",
    "Rule {rule}.": "Règle {rule}.",
    "Rule: (the engine cites no rule for this decision)": "Règle : (le moteur ne cite aucune règle pour cette décision)",
    "  {rule}: {text}": "  {rule} : {text}",
    "(the log is empty)": "(le journal est vide)",
    "{english} (English text: this rule has no French version here)":
        "\u00ab\u00a0{english}\u00a0\u00bb (texte anglais : cette règle n'a pas de version française ici)",
    # ---------------------------------------------------------------- following the game
    "Since your last decision (log events {first}-{last}):":
        "Depuis votre dernière décision (événements {first}-{last} du journal) :",
    "The game so far (log events {first}-{last}):": "La partie jusqu'ici (événements {first}-{last} du journal) :",
    "Meanwhile (log events {first}-{last}):": "Entre-temps (événements {first}-{last} du journal) :",
    # ---------------------------------------------------------------- the prompt
    "Type a number from 1 to {n}, or help, log, state, rule ID, shame, calls, quit.":
        "Tapez un numéro de 1 à {n}, ou aide, journal, table, règle ID, honte, appels, quitter.",
    "There is no choice {k}: type a number from 1 to {n}.": "Il n'y a pas de choix {k} : tapez un numéro de 1 à {n}.",
    "{text!r} is not a choice: type a number from 1 to {n}, or help, log, state, rule ID, shame, calls, quit.":
        "{text!r} n'est pas un choix : tapez un numéro de 1 à {n}, ou aide, journal, table, règle ID, honte, "
        "appels, quitter.",
    "log takes a number of lines or 'all', not {arg!r}.":
        "journal prend un nombre de lignes ou 'tout', pas {arg!r}.",
    "  {name}: shame {shame}": "  {name} : honte {shame}",
    "  (lost)": "  (éliminé)",
    "  JT-E1: a player whose shame exceeds {n} loses the game.":
        "  JT-E1 : une personne dont la honte dépasse {n} perd la partie.",
    "No calls: in referee mode the engine enforces every Judge Tower rule, nobody can err, so there is "
    "nothing to call (JT-S2; judgetower play --mode judge).":
        "Aucun appel : en mode arbitre le moteur applique chaque règle de Judge Tower, personne ne peut "
        "se tromper, il n'y a donc rien à appeler (JT-S2 ; judgetower play --mode judge).",
    "No calls yet.": "Aucun appel pour l'instant.",
    "upheld, shame added": "maintenu, honte ajoutée",
    "upheld": "maintenu",
    "rejected": "rejeté",
    "  call {number}: {by} called {accused} for {rule}{at}: {outcome}":
        "  appel {number} : {by} a appelé {accused} pour {rule}{at} : {outcome}",
    " at event {event}": " à l'événement {event}",
    "Usage: rule ID, e.g. rule JT-C5, rule R9, rule CR 117.1 or rule 117.1.":
        "Usage : règle ID, p. ex. règle JT-C5, règle R9, règle CR 117.1 ou règle 117.1.",
    "{rule}: {text}": "{rule} : {text}",
    "No rule {asked!r} is known (JT-G1 ... JT-E2, R1 ... R20, CR numbers like 117.1).":
        "Aucune règle {asked!r} n'est connue (JT-G1 ... JT-E2, R1 ... R20, numéros des CR comme 117.1).",
    "Calls are for judge mode (judgetower play --mode judge): in referee mode the engine enforces every "
    "rule, nobody can err (JT-S2).":
        "Les appels sont pour le mode arbitrage (judgetower play --mode judge) : en mode arbitre le "
        "moteur applique chaque règle, personne ne peut se tromper (JT-S2).",
    "Usage: call PLAYER RULE [EVENT], e.g. call Bot 1 JT-C5 120 (the event number is in the log).":
        "Usage : appeler JOUEUR RÈGLE [ÉVÉNEMENT], p. ex. appeler Bot 1 JT-C5 120 (le numéro de "
        "l'événement est dans le journal).",
    "Refused: {error}": "Refusé : {error}",
    # ---------------------------------------------------------------- questions
    "{question} [y/n] ": "{question} [o/n] ",
    "Answer y (yes) or n (no). Meanwhile: log [N|all], rule ID, shame, calls.":
        "Répondez o (oui) ou n (non). En attendant : journal [N|tout], règle ID, honte, appels.",
    "{ans!r} is not an answer: type y or n (or log, rule ID, shame, calls).":
        "{ans!r} n'est pas une réponse : tapez o ou n (ou journal, règle ID, honte, appels).",
    "event {event}: {what}": "événement {event} : {what}",
    "the engine finds no such violation": "le moteur ne trouve pas cette infraction",
    "{by} calls you for {rule} ({what}).": "{by} vous appelle pour {rule} ({what}).",
    "  The call adds no shame (the engine finds no violation): nothing to dispute.":
        "  L'appel n'ajoute pas de honte (le moteur ne trouve pas d'infraction) : rien à contester.",
    "  The call adds no shame (that error was already counted, or the rule was never explained to you): "
    "nothing to dispute.":
        "  L'appel n'ajoute pas de honte (cette erreur était déjà comptée, ou la règle ne vous a "
        "jamais été expliquée) : rien à contester.",
    "  Your shame: {shame}.": "  Votre honte : {shame}.",
    "Dispute the call? The players still in the game vote (R15)":
        "Contester l'appel ? Les personnes encore en jeu votent (R15)",
    "a violation": "une infraction",
    "no violation": "pas d'infraction",
    "Vote on call {number} ({rule} against {accused}; the engine's ruling: {ruling}). Uphold it?":
        "Vote sur l'appel {number} ({rule} contre {accused} ; décision du moteur : {ruling}). "
        "Le maintenir ?",
    "Save the game record to {path}? [Y/n] ": "Enregistrer la partie dans {path} ? [O/n] ",
    "Save the game record? Type a file name (Enter: don't save): ":
        "Enregistrer la partie ? Tapez un nom de fichier (Entrée : ne pas enregistrer) : ",
    # ---------------------------------------------------------------- the game's course and end
    "You leave the table; the game is not finished.": "Vous quittez la table ; la partie n'est pas finie.",
    "The bots took {n} decisions in a row without you: stopping (unfinished).":
        "Les bots ont pris {n} décisions d'affilée sans vous : arrêt (partie inachevée).",
    "Game over.": "Partie terminée.",
    "The game stops.": "La partie s'arrête.",
    "Record saved to {path} (judgetower replay {path})": "Partie enregistrée dans {path} (judgetower replay {path})",
    "Could not save the record to {path}: {error}": "Impossible d'enregistrer la partie dans {path} : {error}",
    # ---------------------------------------------------------------- the summary (ui/summary.py)
    "Result: {result}": "Résultat : {result}",
    "winner: {names}": "gagnant·e : {names}",
    "winners: {names}": "gagnant·es : {names}",
    "draw (no winner)": "match nul (pas de gagnant)",
    "unfinished (the game had not ended after {n} decisions): no winner":
        "inachevée (la partie n'était pas finie après {n} décisions) : pas de gagnant",
    "End: {reason}": "Fin : {reason}",
    "End: none (the game is not over)": "Fin : aucune (la partie n'est pas finie)",
    "Turns: {turns}, decisions: {decisions}": "Tours : {turns}, décisions : {decisions}",
    "Calls: {calls}, upheld (shame added): {upheld}, disputed: {disputes} (JT-S2, JT-S4, JT-G11)":
        "Appels : {calls}, maintenus (honte ajoutée) : {upheld}, contestés : {disputes} "
        "(JT-S2, JT-S4, JT-G11)",
    "level": "niveau",
    "status": "statut",
    "won": "a gagné",
    "lost": "a perdu",
    "in the game": "en jeu",
    "Shame table{cite}:": "Table de la honte{cite} :",
    # ---------------------------------------------------------------- judgetower play (cli.py)
    "referee": "arbitre",
    "judge": "arbitrage",
    "the starter tower ({n} cards)": "la tour de départ ({n} cartes)",
    "{tower} ({n} cards)": "{tower} ({n} cartes)",
    ", cards from {source}": ", cartes de {source}",
    "Judge Tower ({mode} mode): you are {name}, against {bots}; {tower}; seed {seed} "
    "(judgetower play --seed {seed} replays the deal)":
        "Judge Tower (mode {mode}) : vous êtes {name}, contre {bots} ; {tower} ; graine {seed} "
        "(judgetower play --seed {seed} rejoue la donne)",
    "House rules: {specs}": "Règles maison : {specs}",
    "Judge mode: every choice Magic allows is offered; one that breaks a Judge Tower rule is noted, "
    "hidden, until someone calls it (JT-S2). Type 'call PLAYER RULE [EVENT]' at any prompt.":
        "Mode arbitrage : chaque choix que Magic permet est proposé ; celui qui enfreint une règle de Judge "
        "Tower est noté, caché, jusqu'à ce que quelqu'un l'appelle (JT-S2). Tapez 'appeler JOUEUR RÈGLE "
        "[ÉVÉNEMENT]' à n'importe quelle invite.",
    # ---------------------------------------------------------------- judgetower demo (cli.py)
    "Game over after {turns} turns and {decisions} decisions. Winner(s): {winners}. Reason: {reason}":
        "Partie terminée après {turns} tours et {decisions} décisions. Gagnant·es : {winners}. Fin : {reason}",
    "none (draw)": "aucun (match nul)",
}

#: the commands typed at a prompt, French word -> the command (the English words work in both)
COMMANDS_FR = {
    "aide": "help", "journal": "log", "table": "state", "état": "state", "etat": "state",
    "règle": "rule", "regle": "rule", "honte": "shame", "appels": "calls", "appeler": "call",
    "signalements": "calls", "signaler": "call",
    "quitter": "quit", "tout": "all",
}
YES = {"en": ("y", "yes"), "fr": ("o", "oui", "y", "yes")}
NO = {"en": ("n", "no"), "fr": ("n", "non", "no")}


def placeholders(template: str) -> set[str]:
    """The names a template fills (``{text!r}`` -> ``text``)."""
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def template(key: str, lang: str = "en") -> str:
    """The template of ``key`` in ``lang`` (English: the key itself)."""
    if lang == "fr":
        return FR.get(key, key)
    return key


def tr(key: str, lang: str = "en", names_fr: dict[str, str] | None = None, **params: Any) -> str:
    """``key``'s template in ``lang`` filled with ``params``, each rendered in ``lang``."""
    return template(key, lang).format(**{k: _param(v, lang, names_fr or {}) for k, v in params.items()})


def _param(v: Any, lang: str, names_fr: dict[str, str]) -> Any:
    if isinstance(v, Poss):
        return possessive_fr(str(v)) if lang == "fr" else possessive(str(v))
    if isinstance(v, Ord):
        return ordinal(int(v), lang)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return v
    if type(v) is str:
        return v
    from judgetower.rules.log import render
    return render(v, lang, names_fr)

"""French templates of the log messages of `judgetower.rules.triggers` (English template -> French)."""

FRENCH: dict[str, str] = {
    # triggered abilities put on the stack (CR 603.3)
    "{item} triggers targeting {targets}": "{item} se déclenche en ciblant {targets}",
    "{item} triggers": "{item} se déclenche",
    "{item} is removed from the stack: no legal targets": "{item} est retiré(e) de la pile : aucune cible légale",
    "{item} is removed from the stack: no mode can be chosen": "{item} est retiré(e) de la pile : aucun mode ne peut être choisi",
    "{card}'s {keyword} triggers": "la capacité de {keyword} de {card} se déclenche",
    "{card}'s state trigger: {reason}": "capacité d'état de {card} : {reason}",
    "the delayed triggered ability of {source} triggers (next turn's upkeep)":
        "la capacité déclenchée retardée de {source} se déclenche (entretien du prochain tour)",
    "{source} sets up a delayed triggered ability: sacrifice {cards} at the beginning of the next end step":
        "{source} crée une capacité déclenchée retardée : sacrifier {cards} au début de la prochaine étape de fin",
    "{card} entering the battlefield causes no abilities to trigger ({source})":
        "l'arrivée de {card} sur le champ de bataille ne déclenche aucune capacité ({source})",
    # storm and copies (CR 702.40a, 707.10)
    "{spell}'s storm triggers ({n} other spell(s) cast before it this turn)":
        "le déluge de {spell} se déclenche ({n} autre(s) sort(s) lancé(s) avant lui ce tour-ci)",
    "a copy of {spell} is put on the stack": "une copie de {spell} est mise sur la pile",
    "the copy of {spell} targets {targets}": "la copie de {spell} cible {targets}",
    # choices as a permanent enters (CR 614.12), "enters tapped" (CR 614.1c)
    "{player} chooses {choice} for {card}": "{player} choisit {choice} pour {card}",
    "{card} enters tapped ({source})": "{card} arrive engagé(e) ({source})",
    # upkeep costs and sacrifices (CR 702.24a, 702.35a, 702.74a, 118.12)
    "{card}'s cumulative upkeep": "l'entretien cumulatif de {card}",
    "{player} pays cumulative upkeep {mana} for {card}": "{player} paie l'entretien cumulatif {mana} pour {card}",
    "{player} pays cumulative upkeep ({n} life) for {card}":
        "{player} paie l'entretien cumulatif ({n} point(s) de vie) pour {card}",
    "{player} doesn't pay cumulative upkeep: sacrifices {card}":
        "{player} ne paie pas l'entretien cumulatif : sacrifie {card}",
    "{player} doesn't cast {card}: it goes to the graveyard": "{player} ne lance pas {card} : il/elle va au cimetière",
    "{player} sacrifices {card} (evoked)": "{player} sacrifie {card} (évoqué(e))",
    "{player} sacrifices {card}": "{player} sacrifie {card}",
    "return a land you control to its owner's hand": "renvoyer un terrain que vous contrôlez dans la main de son propriétaire",
    "discard a matching card": "défausser une carte correspondante",
    "discard a card at random": "défausser une carte au hasard",
    "{player} returns {card} to its owner's hand rather than sacrifice {other}":
        "{player} renvoie {card} dans la main de son propriétaire plutôt que de sacrifier {other}",
    "{player} discards {card} rather than sacrifice {other}": "{player} défausse {card} plutôt que de sacrifier {other}",
    "{player} discards {card} at random rather than sacrifice {other}":
        "{player} défausse {card} au hasard plutôt que de sacrifier {other}",
    "{player} doesn't {what}: sacrifices {card}": "{player} ne choisit pas de {what} : sacrifie {card}",
    "returned by {source}": "renvoyé(e) par {source}",
    # hideaway (CR 702.75a, 406.3)
    "{player} looks at the top {n} card(s) of {library} (hideaway)": "{player} regarde les {n} carte(s) du dessus de {library} (repaire)",
    "hideaway of {source}": "repaire de {source}",
    "{player} exiles {card} face down": "{player} exile {card} face cachée",
    "{n} card(s) go on the bottom of the library in a random order":
        "{n} carte(s) vont au-dessous de la bibliothèque dans un ordre aléatoire",
    # untapping and skipped turns (CR 502.3, 614.10), extra land plays (CR 305.2a)
    "they": "ils/elles",
    "{cards}: doesn't untap during {player}'s next untap step":
        "{cards} : ne se dégage pas pendant la prochaine étape de dégagement de {player}",
    "{card} doesn't untap during this untap step": "{card} ne se dégage pas pendant cette étape de dégagement",
    "{player} will skip their next turn": "{player} passera son prochain tour",
    "{player} skips this turn": "{player} passe ce tour",
    "{player} may play {n} additional land(s) this turn": "{player} peut jouer {n} terrain(s) supplémentaire(s) ce tour-ci",
}

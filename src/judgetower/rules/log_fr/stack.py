"""French templates of the log messages of `judgetower.rules.stack` (English template -> French)."""

FRENCH: dict[str, str] = {
    # CR 601.2d: the division of an amount "divided as you choose" (a decision's prompt)
    "divide {n} among {targets}": "répartir {n} entre {targets}",
    "divide {n} among {targets}: how much to {target}": "répartir {n} entre {targets} : combien à {target}",
    # ---- casting.py: casting a spell (CR 601.2)
    "{player} casts {spell}": "{player} lance {spell}",
    "a face-down creature spell": "un sort de créature face cachée",
    "{player} casts {spell} fused (both halves)": "{player} lance {spell} fusionné (les deux moitiés)",
    "{player} casts {spell} from the graveyard (aftermath)": "{player} lance {spell} depuis le cimetière (après-coup)",
    "{player} casts {spell} as an Adventure": "{player} lance {spell} en tant qu'Aventure",
    "{player} casts {spell} (back face of {card})": "{player} lance {spell} (face arrière de {card})",
    "{player} casts {spell} transformed from the graveyard for its disturb cost {cost}":
        "{player} lance {spell} transformé depuis le cimetière pour son coût de perturbation {cost}",
    "{player} casts {spell} (one half of a split card)": "{player} lance {spell} (une moitié d'une carte double)",
    "{player} casts {spell} from exile (it went on an adventure)":
        "{player} lance {spell} depuis l'exil (la carte est partie à l'aventure)",
    "{player} casts {spell} from the graveyard with flashback {cost}":
        "{player} lance {spell} depuis le cimetière avec flashback {cost}",
    "{player} casts {spell} from exile for its madness cost {cost}":
        "{player} lance {spell} depuis l'exil pour son coût de folie {cost}",
    "{player} casts {spell} for its dash cost": "{player} lance {spell} pour son coût de ruée",
    "{player} evokes {spell}": "{player} évoque {spell}",
    "{player} kicks {spell}": "{player} paie le kicker de {spell}",
    "{player} kicks {spell} {n} time(s)": "{player} paie le kicker de {spell} {n} fois",
    "{player} chooses mode: {mode}": "{player} choisit le mode : {mode}",
    "mode {n}": "mode {n}",
    "{spell} targets {targets}": "{spell} cible {targets}",
    "{player} pays the additional cost of {spell}": "{player} paie le coût additionnel de {spell}",
    "cost increase of {mana} ({sources}): the total cost of {spell} is {cost}":
        "augmentation de coût de {mana} ({sources}) : le coût total de {spell} est {cost}",
    "cost reduction of {mana} ({sources}): the total cost of {spell} is {cost}":
        "réduction de coût de {mana} ({sources}) : le coût total de {spell} est {cost}",
    "{spell} itself, {n} counted": "{spell} lui-même, {n} compté(s)",
    # a keyword's cost (flashback…)
    "pay {n} life": "payer {n} point(s) de vie",
    "sacrifice a permanent": "sacrifier un permanent",
    "discard {n} card(s)": "défausser {n} carte(s)",
    "exile {n} card(s) from your graveyard": "exiler {n} carte(s) de votre cimetière",
    # ---- paying (CR 601.2g-h, 118.3; convoke, delve, improvise)
    "{player} pays {cost} for {what}": "{player} paie {cost} pour {what}",
    "{player} taps {card} for mana": "{player} engage {card} pour du mana",
    "{player} taps {card} for convoke": "{player} engage {card} pour la convocation",
    "{player} exiles {card} from the graveyard for delve": "{player} exile {card} du cimetière pour l'exploration",
    "convoke: no creature is tapped for {what}; its mana is paid":
        "convocation : aucune créature n'est engagée pour {what} ; son mana est payé",
    "delve: no card is exiled for {what}; its mana is paid":
        "exploration : aucune carte n'est exilée pour {what} ; son mana est payé",
    "improvise: no artifact is tapped for {what}; its mana is paid":
        "improvisation : aucun artefact n'est engagé pour {what} ; son mana est payé",
    "{n} {kind} counter(s) removed from {card} for {what}": "{n} marqueur(s) {kind} retiré(s) de {card} pour {what}",
    "{player} discards {card} to pay for {what}": "{player} défausse {card} pour payer {what}",
    "{card}'s ability": "capacité de {card}",
    "{source}'s \"unless\"": "le « à moins que » de {source}",
    "{source}'s \"you may pay\"": "le « vous pouvez payer » de {source}",
    # ---- activating (CR 602, 605, 606)
    "a card to foretell": "une carte à présager",
    "{card}'s ability {n} is granted to it by a static ability":
        "la capacité {n} de {card} lui est conférée par une capacité statique",
    "{card}: loyalty {change} (now {n})": "{card} : loyauté {change} (désormais {n})",
    "{player} discards {card} to activate its ability": "{player} défausse {card} pour activer sa capacité",
    "{player} discards {card} (reinforce)": "{player} défausse {card} (renfort)",
    "{player} cycles {card} (discards it)": "{player} recycle {card} (la défausse)",
    "{player} activates {card}'s mana ability": "{player} active la capacité de mana de {card}",
    "{player} activates {card}'s ability {n}": "{player} active la capacité {n} de {card}",
    "{player} activates {card}'s ability {n} targeting {targets}":
        "{player} active la capacité {n} de {card} en ciblant {targets}",
    "{card} returns with unearth: it gains haste and is exiled at the beginning of the next end step":
        "{card} revient grâce à l'exhumation : il acquiert la célérité et sera exilé au début de la prochaine "
        "étape de fin",
    # ---- entering (CR 614.1c, 614.12)
    "{card} enters tapped": "{card} arrive engagé(e)",
    "{card} enters untapped ({n} opponent(s))": "{card} arrive dégagé(e) ({n} adversaire(s))",
    "{card} enters tapped ({n} opponent(s))": "{card} arrive engagé(e) ({n} adversaire(s))",
    "{card} enters untapped ({n} matching permanent(s))":
        "{card} arrive dégagé(e) ({n} permanent(s) correspondant(s))",
    "{card} enters tapped ({n} matching permanent(s))": "{card} arrive engagé(e) ({n} permanent(s) correspondant(s))",
    "{card} enters without counters: its controller didn't attack this turn":
        "{card} arrive sans marqueurs : son contrôleur n'a pas attaqué ce tour-ci",
    "{card} enters with {n} {kind} counter(s)": "{card} arrive avec {n} marqueur(s) {kind}",
    # ---- activation.py: costs and limits (CR 118.3, 602.5b), kept mana (CR 106.4a), triggered mana
    # abilities (CR 605.1b)
    "{card}'s ability {n} has been activated {k} time(s) this turn (no more than {limit})":
        "la capacité {n} de {card} a été activée {k} fois ce tour-ci (pas plus de {limit})",
    "{player} taps {card} to pay for {what}": "{player} engage {card} pour payer {what}",
    "{player} discards {card} at random to pay for {what}": "{player} défausse {card} au hasard pour payer {what}",
    "{n} {kind} counter(s) put on {card} to pay for {what}": "{n} marqueur(s) {kind} mis sur {card} pour payer {what}",
    "{player} adds no mana: they have no commander, so their commander's color identity is undefined":
        "{player} n'ajoute aucun mana : sans commandant, l'identité colorée de son commandant n'est pas définie",
    "{player} won't lose {mana} as steps and phases end this turn":
        "{player} ne perdra pas {mana} à la fin des étapes et des phases de ce tour",
    "{player} keeps {mana} in their mana pool": "{player} garde {mana} dans sa réserve de mana",
    "{source}'s ability {n} has been activated {k} time(s) this turn ({needed} or more needed): the condition is "
    "true":
        "la capacité {n} de {source} a été activée {k} fois ce tour-ci ({needed} ou plus requis) : la condition "
        "est vraie",
    "{source}'s ability {n} has been activated {k} time(s) this turn ({needed} or more needed): the condition is "
    "false":
        "la capacité {n} de {source} a été activée {k} fois ce tour-ci ({needed} ou plus requis) : la condition "
        "est fausse",
    "{source}: {player} adds an additional {mana} ({land} was tapped for mana)":
        "{source} : {player} ajoute {mana} supplémentaire ({land} a été engagé pour du mana)",
    # ---- resolution.py (CR 608)
    "{spell} resolves": "{spell} se résout",
    "{spell} doesn't resolve: all its targets are illegal": "{spell} ne se résout pas : toutes ses cibles sont illégales",
    "{spell} does nothing: its condition is no longer true": "{spell} ne fait rien : sa condition n'est plus vraie",
    "the ability": "la capacité",
    "{source}: its condition is true ({why})": "{source} : sa condition est vraie ({why})",
    "{source}: its condition is false ({why})": "{source} : sa condition est fausse ({why})",
    # ---- copies.py: prototype, overload (CR 702.160a, 702.96a), copy effects (CR 707.5), splice
    # (CR 702.47), copy triggers (CR 707.10)
    "{player} casts {spell} prototyped ({cost}, {pt})": "{player} lance {spell} en prototype ({cost}, {pt})",
    "{player} casts {spell} for its overload cost {cost}: \"target\" becomes \"each\"":
        "{player} lance {spell} pour son coût de surcharge {cost} : « ciblé(e) » devient « chaque »",
    "{card} enters as itself: there is nothing it could copy":
        "{card} arrive en tant que lui-même : il n'y a rien qu'il puisse copier",
    "{player} has {card} enter as itself": "{player} fait arriver {card} en tant que lui-même",
    "{card} enters as a copy of {original}": "{card} arrive en tant que copie de {original}",
    "the effects of {spell} happen first, then those of {cards}":
        "les effets de {spell} ont lieu d'abord, puis ceux de {cards}",
    "{card}, then {rest}": "{card}, puis {rest}",
    "{player} reveals {card} from their hand and splices it onto {spell} (splice cost {cost})":
        "{player} révèle {card} de sa main et la raccorde à {spell} (coût de raccord {cost})",
    "{player} copies {spell}: {source}'s ability triggers": "{player} copie {spell} : la capacité de {source} se déclenche",
}

"""French templates of the log messages of `judgetower.rules.replacement` (English template -> French),
and the terms they pass."""

FRENCH: dict[str, str] = {
    # instead.py: "exile it instead" if it would die, kicker, life, redirection, tokens, prevention,
    # damage modification (CR 614, 615)
    "{card} would die: it is exiled instead": "{card} devrait mourir : il/elle est exilé(e) à la place",
    "{card} was dealt damage by {source} this turn": "{card} a subi des blessures infligées par {source} ce tour-ci",
    "if {card} would die this turn, it will be exiled instead":
        "si {card} devait mourir ce tour-ci, il/elle serait exilé(e) à la place",
    "{card} was dealt damage this way: if it would die this turn, it will be exiled instead":
        "{card} a subi des blessures de cette manière : s'il/si elle devait mourir ce tour-ci, il/elle serait "
        "exilé(e) à la place",
    "if a creature would die this turn, it will be exiled instead":
        "si une créature devait mourir ce tour-ci, elle serait exilée à la place",
    "{spell} was kicked: the kicked instruction is used instead":
        "{spell} a été kické(e) : l'instruction pour le sort kické s'applique à la place",
    "damage would reduce {player}'s life total to less than {floor}: it reduces it to {life} instead":
        "des blessures devraient réduire le total de points de vie de {player} à moins de {floor} : elles le "
        "réduisent à {life} à la place",
    "{player} would gain {n} life: gains {m} instead":
        "{player} devrait gagner {n} point(s) de vie : en gagne {m} à la place",
    "the next {n} damage that would be dealt to {card} this turn will be dealt to {target} instead":
        "les {n} prochaines blessures qui devraient être infligées à {card} ce tour-ci seront infligées à "
        "{target} à la place",
    "{n} damage from {source} that would be dealt to {card} is dealt to {target} instead":
        "{n} blessure(s) de {source} qui devai(en)t être infligée(s) à {card} sont infligée(s) à {target} à la place",
    "{n} token(s) would be created under {player}'s control: {m} are created instead":
        "{n} jeton(s) devrai(en)t être créé(s) sous le contrôle de {player} : {m} sont créés à la place",
    "damage from {source} to {player} is prevented (the source chosen for {by})":
        "les blessures infligées par {source} à {player} sont prévenues (la source choisie pour {by})",
    "combat damage from {source} to {target} is prevented ({by})":
        "les blessures de combat infligées par {source} à {target} sont prévenues ({by})",
    "damage from {source} to {target} is prevented ({by})":
        "les blessures infligées par {source} à {target} sont prévenues ({by})",
    "{source}: the cost is {mana} for each of {k}: {cost}": "{source} : le coût est de {mana} pour chacun(e) des {k} : {cost}",
    "{n} +1/+1 counter(s) put on {card} ({source}: damage prevented this way)":
        "{n} marqueur(s) +1/+1 mis sur {card} ({source} : blessures prévenues de cette manière)",
    "{source}: there is no {kind} to choose": "{source} : il n'y a aucune {kind} à choisir",
    "{source}: there is no source to choose": "{source} : il n'y a aucune source à choisir",
    "{player} chooses {card}: the next time it would deal damage to them this turn, that damage is prevented":
        "{player} choisit {card} : la prochaine fois que cette source devrait lui infliger des blessures ce "
        "tour-ci, ces blessures sont prévenues",
    "{source} would deal {n} damage to {target}: it deals {m} instead ({by})":
        "{source} devrait infliger {n} blessure(s) à {target} : il/elle en inflige {m} à la place ({by})",
    "{n} damage from {source} to {player} is prevented ({by})":
        "{n} blessure(s) infligée(s) par {source} à {player} sont prévenue(s) ({by})",
    "damage can't be prevented this turn": "les blessures ne peuvent pas être prévenues ce tour-ci",
}

TERMS: dict[str, str] = {
    # the source a "circle of protection" chooses (CR 609.7a)
    "white source": "source blanche", "blue source": "source bleue", "black source": "source noire",
    "red source": "source rouge", "green source": "source verte", "artifact source": "source d'artefact",
}

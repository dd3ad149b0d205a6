"""French templates of the log messages of `judgetower.rules.mechanics` (English template -> French),
and the terms they pass. Keyword names as the French Oracle prints them (pilotage, monstruosité,
réputation, exploitation, mue, surmener, précipitation, arme vivante, union, duplication, ninjutsu,
soif de sang, modularité…)."""

FRENCH: dict[str, str] = {
    # attachments.py: "as long as ~ is equipped/enchanted" (CR 301.5, 303.4), a condition's reason
    "{card} is attached to it": "{card} lui est attaché(e)",
    "it is not equipped": "il/elle n'est pas équipé(e)",
    "it is not enchanted": "il/elle n'est pas enchanté(e)",
    "it is not equipped or enchanted": "il/elle n'est ni équipé(e) ni enchanté(e)",
    "it is not enchanted or equipped": "il/elle n'est ni enchanté(e) ni équipé(e)",

    # activated.py: crew, monstrosity, renown, exploit, morph, exert, dash, living weapon, entwine,
    # replicate, ninjutsu, bloodthirst, modular
    "{player} taps {cards} to crew {vehicle} (crew {n}, total power {total})":
        "{player} engage {cards} pour piloter {vehicle} (pilotage {n}, force totale {total})",
    "{card} becomes an artifact creature until end of turn ({power}/{toughness})":
        "{card} devient une créature-artefact jusqu'à la fin du tour ({power}/{toughness})",
    "{card} is already monstrous: monstrosity does nothing":
        "{card} est déjà monstrueux(se) : la monstruosité n'a aucun effet",
    "{card} gets {n} +1/+1 counter(s) and becomes monstrous":
        "{card} reçoit {n} marqueur(s) +1/+1 et devient monstrueux(se)",
    "{card} gets {n} +1/+1 counter(s) and becomes renowned":
        "{card} reçoit {n} marqueur(s) +1/+1 et devient réputé(e)",
    "{player} has no creature to sacrifice for exploit":
        "{player} n'a aucune créature à sacrifier pour l'exploitation",
    "{player} chooses not to exploit": "{player} choisit de ne pas exploiter",
    "{player} sacrifices {card} (exploit of {source})": "{player} sacrifie {card} (exploitation de {source})",
    "{player} casts a card face down as a 2/2 creature spell for {cost}":
        "{player} lance une carte face cachée comme un sort de créature 2/2 pour {cost}",
    "(the face-down spell is {card})": "(le sort face cachée est {card})",
    "{player} turns {card} face up (special action)": "{player} retourne {card} face visible (action spéciale)",
    "{player} turns {card} face up (special action) with a +1/+1 counter (megamorph)":
        "{player} retourne {card} face visible (action spéciale) avec un marqueur +1/+1 (mégamue)",
    "{player} exerts {card} (it won't untap during their next untap step)":
        "{player} surmène {card} (la créature ne se dégagera pas pendant sa prochaine étape de dégagement)",
    "{card} was dashed: it has haste and returns to its owner's hand at the beginning of the next end step":
        "{card} a été lancé(e) pour son coût de précipitation : il/elle a la célérité et retourne dans la main "
        "de son propriétaire au début de la prochaine étape de fin",
    "{player} creates a {token} (0/0)": "{player} crée un {token} (0/0)",
    "{card} is attached to {target}": "{card} est attaché(e) à {target}",
    "{player} entwines {spell} ({cost}): every mode is chosen":
        "{player} paie le coût d'union de {spell} ({cost}) : tous les modes sont choisis",
    "{player} pays the replicate cost of {spell} {n} time(s)":
        "{player} paie le coût de duplication de {spell} {n} fois",
    "{spell}'s replicate triggers ({n} cop(ies))": "la duplication de {spell} se déclenche ({n} copie(s))",
    "{player} reveals {card} and returns {creature} (unblocked, attacking {defender}) to its owner's hand "
    "for ninjutsu":
        "{player} révèle {card} et renvoie {creature} (non bloqué(e), attaquant {defender}) dans la main de "
        "son propriétaire pour le ninjutsu",
    "{card} is no longer in the hand: ninjutsu does nothing":
        "{card} n'est plus dans la main : le ninjutsu n'a aucun effet",
    "{card} is put onto the battlefield tapped and attacking {defender}":
        "{card} est mis(e) sur le champ de bataille engagé(e) et attaquant {defender}",
    "{card} is put onto the battlefield tapped, not attacking (its planeswalker is gone)":
        "{card} est mis(e) sur le champ de bataille engagé(e), sans attaquer (son planeswalker n'est plus là)",
    "{card} exploits {victim}": "{card} exploite {victim}",
    "{card} enters with {n} +1/+1 counter(s) (bloodthirst: an opponent was dealt damage this turn)":
        "{card} arrive avec {n} marqueur(s) +1/+1 (soif de sang : un adversaire a subi des blessures ce tour-ci)",
    "{card}'s bloodthirst: no opponent was dealt damage this turn":
        "soif de sang de {card} : aucun adversaire n'a subi de blessures ce tour-ci",
    "{card} enters with {n} +1/+1 counter(s) (modular)": "{card} arrive avec {n} marqueur(s) +1/+1 (modularité)",

    # alternative_costs.py: jump-start, retrace, escape, cascade, casualty, spectacle, surge, blitz
    "{player} casts {spell} from the graveyard with {keyword}":
        "{player} lance {spell} depuis le cimetière ({keyword})",
    "{player} discards {card} to pay for {keyword} ({spell})":
        "{player} défausse {card} pour payer le coût de {keyword} ({spell})",
    "{spell} was cast with jump-start: it is exiled instead":
        "{spell} a été lancé(e) avec la relance : la carte est exilée à la place",
    "{spell}'s casualty triggers": "la capacité de victime de {spell} se déclenche",
    "{spell}'s cascade triggers": "la cascade de {spell} se déclenche",
    "{player} exiles {cards} (cascade)": "{player} exile {cards} (cascade)",
    "{player} exiles no card (cascade)": "{player} n'exile aucune carte (cascade)",
    "{card} is not supported by the engine: it is not cast":
        "{card} n'est pas pris(e) en charge par le moteur : la carte n'est pas lancée",
    "{player} can't cast {card}: no legal targets": "{player} ne peut pas lancer {card} : aucune cible légale",
    "{player} casts {spell} for its {keyword} cost ({reason})":
        "{player} lance {spell} pour son coût de {keyword} ({reason})",
    "{player} casts {spell} for its {keyword} cost": "{player} lance {spell} pour son coût de {keyword}",
    "{card} was blitzed: it has haste and \"when it dies, draw a card\", and is sacrificed at the beginning of "
    "the next end step":
        "{card} a été lancé(e) pour son coût de blitz : il/elle a la célérité et « Quand ce permanent meurt, "
        "piochez une carte. », et sera sacrifié(e) au début de la prochaine étape de fin",
    "{player} sacrifices {card} for casualty {n} ({spell})": "{player} sacrifie {card} pour victime {n} ({spell})",

    # attachments.py: attach, control-changing Auras, bestow, umbra armor, awaken, Auras enchanting players
    "{card} is already attached to {target}": "{card} est déjà attaché(e) à {target}",
    "{card} can't be attached to {target} and doesn't move":
        "{card} ne peut pas être attaché(e) à {target} et ne bouge pas",
    "{aura}'s controller controls it": "le contrôleur de {aura} le contrôle",
    "no Aura gives control of it any more": "plus aucune Aura n'en donne le contrôle",
    "{player} controls {card} ({reason})": "{player} contrôle {card} ({reason})",
    "{player} casts {spell} for its awaken cost": "{player} lance {spell} pour son coût d'éveil",
    "{player} casts {spell} bestowed: it is an Aura spell with enchant creature":
        "{player} lance {spell} pour son coût de grâce : c'est un sort d'Aura avec enchanter : créature",
    "{spell}'s target is illegal: it ceases to be bestowed and resolves as a creature spell":
        "la cible de {spell} est illégale : sa grâce prend fin et le sort se résout comme un sort de créature",
    "{card} is no longer attached to a creature: it ceases to be bestowed and is an enchantment creature":
        "{card} n'est plus attaché(e) à une créature : sa grâce prend fin et c'est une créature-enchantement",
    "{aura}'s umbra armor: instead of {card} being destroyed, all damage is removed from it and {aura} is destroyed":
        "armure d'ombre de {aura} : au lieu que {card} soit détruit(e), toutes ses blessures lui sont retirées "
        "et {aura} est détruite",
    "{spell}: the awaken target is gone or illegal: nothing is awakened":
        "{spell} : la cible de l'éveil a disparu ou est illégale : rien n'est éveillé",
    "{lands} gets {n} +1/+1 counter(s) and becomes a 0/0 Elemental creature with haste (still a land)":
        "{lands} reçoit {n} marqueur(s) +1/+1 et devient une créature 0/0 Élémental avec la célérité "
        "(c'est toujours un terrain)",
    "{card} has no player it could enchant and stays in {zone}":
        "{card} n'a aucun joueur qu'il/elle pourrait enchanter et reste où il/elle est ({zone})",
    "{card} enters attached to {player}": "{card} arrive attaché(e) à {player}",

    # counters.py: graft, fading, vanishing, riot, unleash, amplify, evolve, training, bolster, adapt, energy
    "{card} enters with {n} +1/+1 counter(s) (graft)": "{card} arrive avec {n} marqueur(s) +1/+1 (greffe)",
    "{card} enters with {n} fade counter(s) (fading)":
        "{card} arrive avec {n} marqueur(s) « évanescence » (évanescence)",
    "{card} enters with {n} time counter(s) (vanishing)": "{card} arrive avec {n} marqueur(s) « temps » (disparition)",
    "{player} has {card} enter with an additional +1/+1 counter ({keyword})":
        "{player} fait arriver {card} avec un marqueur +1/+1 supplémentaire ({keyword})",
    "{player} has {card} enter without the additional +1/+1 counter ({keyword})":
        "{player} fait arriver {card} sans le marqueur +1/+1 supplémentaire ({keyword})",
    "{player} has {card} enter without the additional +1/+1 counter ({keyword}); it gains haste":
        "{player} fait arriver {card} sans le marqueur +1/+1 supplémentaire ({keyword}) ; la créature acquiert "
        "la célérité",
    "{player} reveals {cards} (amplify)": "{player} révèle {cards} (amplification)",
    "{card} enters with {n} +1/+1 counter(s) (amplify {amplify}, {shown} card(s) revealed)":
        "{card} arrive avec {n} marqueur(s) +1/+1 (amplification {amplify}, {shown} carte(s) révélée(s))",
    "{card} evolves": "{card} évolue",
    "{card}'s graft: that creature is no longer on the battlefield":
        "greffe de {card} : cette créature n'est plus sur le champ de bataille",
    "{player} doesn't move a counter ({card}'s graft)": "{player} ne déplace pas de marqueur (greffe de {card})",
    "a +1/+1 counter moves from {source} onto {target} (graft)":
        "un marqueur +1/+1 est déplacé de {source} sur {target} (greffe)",
    "{player} sacrifices {card} ({reason})": "{player} sacrifie {card} ({reason})",
    "fading: no fade counter to remove": "évanescence : aucun marqueur « évanescence » à retirer",
    "vanishing: the last time counter was removed": "disparition : le dernier marqueur « temps » a été retiré",
    "a fade counter is removed from {card} ({n} left)":
        "un marqueur « évanescence » est retiré de {card} (il en reste {n})",
    "a time counter is removed from {card} ({n} left)": "un marqueur « temps » est retiré de {card} (il en reste {n})",
    "a +1/+1 counter is put on {card} ({keyword})": "un marqueur +1/+1 est mis sur {card} ({keyword})",
    "{player} controls no creature: bolster {n} does nothing":
        "{player} ne contrôle aucune créature : renforcement {n} n'a aucun effet",
    "{player} bolsters {n}: {n} +1/+1 counter(s) on {card}": "{player} renforce {n} : {n} marqueur(s) +1/+1 sur {card}",
    "{card} has a +1/+1 counter: adapt {n} does nothing":
        "{card} a un marqueur +1/+1 : adaptation {n} n'a aucun effet",
    "{card} adapts {n}: {n} +1/+1 counter(s)": "{card} s'adapte {n} : {n} marqueur(s) +1/+1",
    "{player} gets {n} energy counter(s) ({total} in all)":
        "{player} reçoit {n} marqueur(s) « énergie » ({total} en tout)",
    "{player} pays {energy} for {what} ({left} energy left)":
        "{player} paie {energy} pour {what} (il lui reste {left} énergie)",

    # exile_casting.py: suspend, foretell, rebound, miracle, cards an effect lets a player play from exile
    "{player} suspends {card}: it is exiled with {n} time counter(s) (special action)":
        "{player} suspend {card} : la carte est exilée avec {n} marqueur(s) « temps » (action spéciale)",
    "{player} foretells a card: it is exiled face down (special action)":
        "{player} prédit une carte : elle est exilée face cachée (action spéciale)",
    "(the foretold card is {card})": "(la carte prédite est {card})",
    "{player} casts {spell} from exile (an effect allows it)":
        "{player} lance {spell} depuis l'exil (un effet le permet)",
    "{player} casts {spell} from exile (foretold) for its foretell cost {cost}":
        "{player} lance {spell} depuis l'exil (carte prédite) pour son coût de prédiction {cost}",
    "{spell} has rebound: it is exiled instead of going to the graveyard":
        "{spell} a le rebond : le sort est exilé au lieu d'aller au cimetière",
    "{card}: it is no longer suspended": "{card} : la carte n'est plus suspendue",
    "{card} is no longer exiled: it can't be played": "{card} n'est plus exilé(e) : la carte ne peut pas être jouée",
    "{card} is no longer in exile: it can't be cast": "{card} n'est plus en exil : la carte ne peut pas être lancée",
    "{player} can't cast {card}: it stays in exile": "{player} ne peut pas lancer {card} : la carte reste en exil",
    "{player} doesn't cast {card}: it remains exiled": "{player} ne lance pas {card} : la carte reste exilée",
    "{card} is cast with suspend: it gains haste until {player} loses control of it":
        "{card} est lancé(e) grâce à la suspension : la créature acquiert la célérité jusqu'à ce que {player} "
        "en perde le contrôle",
    "{player} reveals {card} as the first card they drew this turn (miracle)":
        "{player} révèle {card}, la première carte piochée ce tour-ci (miracle)",
    "{card} is no longer in the hand: it can't be cast":
        "{card} n'est plus dans la main : la carte ne peut pas être lancée",
    "{player} doesn't cast {card} (miracle)": "{player} ne lance pas {card} (miracle)",
    "{player} casts {card} for its miracle cost {cost}": "{player} lance {card} pour son coût de miracle {cost}",
    "{card} is exiled with {n} time counter(s)": "{card} est exilé(e) avec {n} marqueur(s) « temps »",
    "{card} is exiled with {n} time counter(s) (it is suspended)":
        "{card} est exilé(e) avec {n} marqueur(s) « temps » (la carte est suspendue)",
    "this turn": "ce tour-ci",
    "until the end of their next turn": "jusqu'à la fin de son prochain tour",
    "until the beginning of their next upkeep": "jusqu'au début de son prochain entretien",
    "{player} may cast {card} from exile {until}": "{player} peut lancer {card} depuis l'exil {until}",
    "{player} may play {card} from exile {until}": "{player} peut jouer {card} depuis l'exil {until}",

    # faces.py: transform, flip, entering transformed, disturb, day and night
    "{card} is face down: it can't transform": "{card} est face cachée : elle ne peut pas se transformer",
    "{card} is not a double-faced card: it doesn't transform":
        "{card} n'est pas une carte recto verso : elle ne se transforme pas",
    "{card} already transformed since this ability was put on the stack: it doesn't transform again":
        "{card} s'est déjà transformé(e) depuis que cette capacité a été mise sur la pile : il/elle ne se "
        "transforme pas à nouveau",
    "{card} can't transform except due to its {keyword} ability":
        "{card} ne peut se transformer que par sa capacité « {keyword} »",
    "{card} can't transform into an instant or sorcery face":
        "{card} ne peut pas se transformer en une face d'éphémère ou de rituel",
    "{before} transforms into {card}": "{before} se transforme en {card}",
    "{card} is not a flip card: it doesn't flip": "{card} n'est pas une carte à retourner : elle ne se retourne pas",
    "{card} is already flipped": "{card} est déjà retourné(e)",
    "{before} flips: it is now {card}": "{before} se retourne : c'est maintenant {card}",
    "{card} is not a double-faced card: it stays in {zone}":
        "{card} n'est pas une carte recto verso : elle reste là où elle est ({zone})",
    "{card}'s back face is an instant or sorcery: it stays in {zone}":
        "la face arrière de {card} est un éphémère ou un rituel : la carte reste là où elle est ({zone})",
    "{card} entered the battlefield transformed: it is {face}":
        "{card} est arrivé(e) sur le champ de bataille transformé(e) : c'est {face}",
    "{card} was cast with disturb: it enters with its back face up":
        "{card} a été lancé(e) grâce à la perturbation : la carte arrive avec sa face arrière visible",
    "it is night: {card} enters transformed ({face})": "il fait nuit : {card} arrive transformé(e) ({face})",
    "{n} spell(s) were cast last turn: the condition is true":
        "{n} sort(s) lancé(s) au tour précédent : la condition est vraie",
    "{n} spell(s) were cast last turn: the condition is false":
        "{n} sort(s) lancé(s) au tour précédent : la condition est fausse",
    "most spells cast last turn by one player: {n}: the condition is true":
        "le plus de sorts lancés au tour précédent par un même joueur : {n} : la condition est vraie",
    "most spells cast last turn by one player: {n}: the condition is false":
        "le plus de sorts lancés au tour précédent par un même joueur : {n} : la condition est fausse",
    "it becomes {time}": "il fait désormais {time}",
    "it is {time}: {before} transforms into {card}": "il fait {time} : {before} se transforme en {card}",
    "{player} cast no spells last turn": "{player} n'a lancé aucun sort au tour précédent",
    "{player} cast {n} spells last turn": "{player} a lancé {n} sorts au tour précédent",
    "{card} would be put into a graveyard: it is exiled instead":
        "{card} devrait être mis(e) dans un cimetière : il/elle est exilé(e) à la place",

    # returns.py: persist, undying
    "{keyword}: the card is no longer in the graveyard": "{keyword} : la carte n'est plus dans le cimetière",
    "{card} returns with a {counter} counter ({keyword})": "{card} revient avec un marqueur {counter} ({keyword})",
}

TERMS: dict[str, str] = {
    # keywords named in the lines (the French Oracle's names)
    "jump-start": "relance", "retrace": "pistage", "escape": "échappée",
    "spectacle": "spectacle", "surge": "déferlement", "blitz": "blitz",
    "daybound": "lié au jour", "nightbound": "lié à la nuit",
    "persist": "persistance", "undying": "survivance",
    "riot": "émeute", "unleash": "emportement", "evolve": "évolution", "training": "entraînement",
    # day and night (CR 730)
    "day": "jour", "night": "nuit",
    # why a conditional alternative cost may be paid (CR 702.137a, 702.117a)
    "an opponent lost life this turn": "un adversaire a perdu des points de vie ce tour-ci",
    "you've cast another spell this turn": "vous avez lancé un autre sort ce tour-ci",
}

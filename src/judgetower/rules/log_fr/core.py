"""French templates of the log messages of `judgetower.rules`'s core modules (game.py, sba.py, loops.py,
turn/, characteristics/) (English template -> French), and the terms they pass."""

FRENCH: dict[str, str] = {
    # zone changes (CR 400.7) and replacements on them
    "the copy of {card} ceases to exist": "la copie de {card} cesse d'exister",
    "{card} was cast with flashback: it is exiled instead": "{card} a été lancé(e) avec la rétrospective : il/elle est exilé(e) à la place",
    "{card} was cast with aftermath: it is exiled instead": "{card} a été lancé(e) avec la conséquence : il/elle est exilé(e) à la place",
    "{card} was unearthed: it is exiled instead": "{card} a été exhumé(e) : il/elle est exilé(e) à la place",
    "{card} has madness: it is discarded into exile": "{card} a la folie : il/elle est défaussé(e) en exil",
    "{card} was cast as an Adventure: it is exiled instead": "{card} a été lancé(e) comme Aventure : il/elle est exilé(e) à la place",
    "a card": "une carte",
    "onto the battlefield": "sur le champ de bataille",
    "into {player}'s graveyard": "dans le cimetière de {player}",
    "into the shared graveyard": "dans le cimetière commun",
    "their library": "sa bibliothèque",
    "the shared library": "la bibliothèque commune",
    "into the shared library ({position})": "dans la bibliothèque commune ({position})",
    "into {player}'s hand": "dans la main de {player}",
    "into {player}'s library ({position})": "dans la bibliothèque de {player} ({position})",
    "into exile face down": "en exil face cachée",
    "into exile": "en exil",
    "onto the stack": "sur la pile",
    "moves from library": "passe de la bibliothèque",
    "moves from hand": "passe de la main",
    "moves from graveyard": "passe du cimetière",
    "moves from battlefield": "passe du champ de bataille",
    "moves from stack": "passe de la pile",
    "moves from exile": "passe de l'exil",
    "moves from {zone}": "passe de la zone {zone}",
    "{card} {moves} {place} ({cause})": "{card} {moves} {place} ({cause})",
    "{card} {moves} {place}": "{card} {moves} {place}",
    "{player} left the game": "{player} a quitté la partie",
    # why an object changes zones, when it names what caused it (the ``cause`` of a move)
    "exiled by {source}": "exilé(e) par {source}",
    "championed by {source}": "champion : exilé(e) par {source}",
    "put from the hand by {source}": "mis(e) depuis la main par {source}",
    "shuffled into the library by {source}": "mélangé(e) dans la bibliothèque par {source}",
    "put into its owner's library by {source}": "mis(e) dans la bibliothèque de son propriétaire par {source}",
    "put on top of its owner's library by {source}": "mis(e) au-dessus de la bibliothèque de son propriétaire par {source}",
    "put on the bottom of its owner's library by {source}":
        "mis(e) au-dessous de la bibliothèque de son propriétaire par {source}",
    "{card} left the battlefield": "{card} a quitté le champ de bataille",
    "cost of {what}": "coût de {what}",
    "discarded for {what}": "défaussé(e) pour {what}",
    "discarded at random for {what}": "défaussé(e) au hasard pour {what}",
    "escape cost of {card}": "coût d'évasion de {card}",
    "the other {what} cards": "les autres cartes ({what})",
    "put into the graveyard ({what})": "mis(e) au cimetière ({what})",
    # life (CR 119; JT-G10, R14)
    "{player} gains {n} life (life: {life})": "{player} gagne {n} point(s) de vie (total : {life})",
    "{player} loses {n} life (life: {life})": "{player} perd {n} point(s) de vie (total : {life})",
    # the end of the game (CR 104)
    "{player} loses the game: {reason}": "{player} perd la partie : {reason}",
    "nobody (a draw)": "personne (match nul)",
    "The game ends; winner: {winners} ({reason})": "La partie se termine ; vainqueur(s) : {winners} ({reason})",
    # the start of the game and the turn (CR 103, 500-514; JT-G1, JT-G2, R1, R2)
    "{player} plays first": "{player} commence la partie",
    "{player} draws an opening hand of {n} (judge level); no mulligans":
        "{player} pioche une main de départ de {n} carte(s) (niveau d'arbitre) ; pas de mulligan",
    "{player} takes a mulligan": "{player} prend un mulligan",
    "{player} keeps their hand": "{player} garde sa main",
    "{player} puts {n} card(s) on the bottom of {library}": "{player} met {n} carte(s) au-dessous de {library}",
    "{player} takes an extra turn": "{player} joue un tour supplémentaire",
    "Turn {n}: {player}'s turn": "Tour {n} : tour de {player}",
    "{player} skips the first draw step (their first turn)": "{player} passe l'étape de pioche (son premier tour)",
    "{step} step begins": "début : {step}",
    "{player} untaps their permanents": "{player} dégage ses permanents",
    "{player} skips the first draw": "{player} passe sa première pioche",
    "{player} has no maximum hand size": "{player} n'a pas de taille maximale de main",
    "damage wears off and \"until end of turn\" effects end":
        "les blessures disparaissent et les effets « jusqu'à la fin du tour » prennent fin",
    "{player} plays {card} (back face of {front} up)": "{player} joue {card} (face arrière de {front} visible)",
    "{player} plays {card}": "{player} joue {card}",
    # untapping, tapping and "for as long as it remains tapped" (CR 502.3, 611.2b)
    "{card} doesn't untap during its controller's untap step ({holder} remains tapped)":
        "{card} ne se dégage pas pendant l'étape de dégagement de son contrôleur ({holder} reste engagé(e))",
    "{player} chooses not to untap {card}": "{player} choisit de ne pas dégager {card}",
    "{source}'s ability does not trigger: it triggers only once each turn":
        "la capacité de {source} ne se déclenche pas : elle ne se déclenche qu'une fois par tour",
    "{player} taps {card} for improvise": "{player} engage {card} pour l'improvisation",
    "{player} gets the city's blessing ({source})": "{player} obtient la bénédiction de la cité ({source})",
    "{card}: ascend - {player} controls {n} permanents, fewer than ten":
        "{card} : ascension - {player} contrôle {n} permanents, moins de dix",
    "{player} searches {library} and finds nothing": "{player} cherche dans {library} et ne trouve rien",
    "{player} searches {library} and reveals {card}": "{player} cherche dans {library} et révèle {card}",
    "the source": "la source",
    "nothing": "rien",
    "{source} is not tapped: the effect \"for as long as it remains tapped\" does nothing":
        "{source} n'est pas engagé(e) : l'effet « aussi longtemps qu'il reste engagé » ne fait rien",
    " and has {keywords}": " et a {keywords}",
    "{cards} get(s) {pt}{keywords} for as long as {source} remains tapped":
        "{cards} gagne(nt) {pt}{keywords} aussi longtemps que {source} reste engagé(e)",
    "the effect on {cards} ends: its source no longer remains tapped":
        "l'effet sur {cards} prend fin : sa source ne reste plus engagée",
    "control of {card} returns to {player}": "le contrôle de {card} revient à {player}",
    "{source} does not remain tapped under its controller's control: the control effect does nothing":
        "{source} ne reste pas engagé(e) sous le contrôle de son contrôleur : l'effet de contrôle ne fait rien",
    "{player} controls {card} for as long as they control {source} and {source} remains tapped":
        "{player} contrôle {card} aussi longtemps qu'il/elle contrôle {source} et que {source} reste engagé(e)",
    "{player} controls {card} for as long as {source} remains tapped":
        "{player} contrôle {card} aussi longtemps que {source} reste engagé(e)",
    "{cards} doesn't untap during its controller's untap step for as long as {source} remains tapped":
        "{cards} ne se dégage pas pendant l'étape de dégagement de son contrôleur aussi longtemps que {source} reste engagé(e)",
    "soulbond: the creatures can't be paired now; the ability does nothing":
        "âme liée : les créatures ne peuvent pas être appariées maintenant ; la capacité ne fait rien",
    "{card} and {other} are paired": "{card} et {other} sont appariés",
    "{card} is no longer paired with {other}": "{card} n'est plus apparié(e) avec {other}",
    "{card} is no longer paired": "{card} n'est plus apparié(e)",
    # continuous effects until end of turn, targets changed, ward (CR 611.2, 613, 115.7a, 702.21a)
    "{spell}'s target can't be changed to another legal target: unchanged":
        "la cible de {spell} ne peut pas être changée pour une autre cible légale : inchangée",
    "{spell}'s target changes from {old} to {new}": "la cible de {spell} passe de {old} à {new}",
    "pay {n} life": "payer {n} point(s) de vie",
    "{source}'s ward": "la parade de {source}",
    "pay {cost}": "payer {cost}",
    "{player} pays for {source}'s ward ({what}): {item} is not countered":
        "{player} paie pour la parade de {source} ({what}) : {item} n'est pas contrecarré(e)",
    "{item} is countered by {source}'s ward": "{item} est contrecarré(e) par la parade de {source}",
    "{cards} has base power and toughness {pt} until end of turn":
        "{cards} a une force et une endurance de base de {pt} jusqu'à la fin du tour",
    "{cards} becomes a {colors} {subtype} with base power and toughness {pt} until end of turn":
        "{cards} devient un(e) {subtype} {colors} avec une force et une endurance de base de {pt} jusqu'à la fin du tour",
    "{cards} becomes {colors} until end of turn": "{cards} devient {colors} jusqu'à la fin du tour",
    "{cards} becomes the creature type {subtype} until end of turn":
        "{cards} devient du type de créature {subtype} jusqu'à la fin du tour",
    "{cards} gain(s) protection from {color} until end of turn":
        "{cards} acquiert/acquièrent la protection contre le {color} jusqu'à la fin du tour",
    "{cards} lose(s) {keywords} until end of turn": "{cards} perd(ent) {keywords} jusqu'à la fin du tour",
    "{cards}: power and toughness switched until end of turn":
        "{cards} : force et endurance échangées jusqu'à la fin du tour",
    "{cards} becomes a {what} until end of turn": "{cards} devient un(e) {what} jusqu'à la fin du tour",
    # "as long as" statics (CR 611.3a) and the reasons conditions give (conditions.py)
    "{card}'s \"as long as\" ability now applies ({reason})":
        "la capacité « tant que » de {card} s'applique désormais ({reason})",
    "{card}'s \"as long as\" ability no longer applies ({reason})":
        "la capacité « tant que » de {card} ne s'applique plus ({reason})",
    "at least {n}": "au moins {n}",
    "at most {n}": "au plus {n}",
    "{low} to {high}": "de {low} à {high}",
    "counted {n}, {need} needed": "{n} compté(s), {need} nécessaire(s)",
    "infinite (R3)": "infini (R3)",
    "life {life}, {need} needed": "points de vie : {life}, {need} nécessaire(s)",
    "it is your turn": "c'est votre tour",
    "it is not your turn": "ce n'est pas votre tour",
    "it is attached to nothing": "il/elle n'est attaché(e) à rien",
    "{card} matches": "{card} correspond",
    "{card} does not match": "{card} ne correspond pas",
    "cast during your main phase": "lancé(e) pendant votre phase principale",
    "not cast during your main phase": "pas lancé(e) pendant votre phase principale",
    "{n} card type(s), at least {need} needed": "{n} type(s) de carte, au moins {need} nécessaire(s)",
    "a permanent you controlled left the battlefield this turn":
        "un permanent que vous contrôliez a quitté le champ de bataille ce tour-ci",
    "no permanent you controlled left the battlefield this turn":
        "aucun permanent que vous contrôliez n'a quitté le champ de bataille ce tour-ci",
    "{n} creature(s) in your party, a full party is four": "{n} créature(s) dans votre groupe, un groupe complet en compte quatre",
    "you have the city's blessing": "vous avez la bénédiction de la cité",
    "you don't have the city's blessing": "vous n'avez pas la bénédiction de la cité",
    "it is not on the battlefield": "il/elle n'est pas sur le champ de bataille",
    "it is attacking": "il/elle attaque",
    "it is not attacking": "il/elle n'attaque pas",
    "its power is {power}, {n} or greater needed": "sa force est de {power}, {n} ou plus nécessaire",
    "you attacked with {n} creature(s) this turn": "vous avez attaqué avec {n} créature(s) ce tour-ci",
    "a creature died this turn": "une créature est morte ce tour-ci",
    "no creature died this turn": "aucune créature n'est morte ce tour-ci",
    "it is {state}": "il/elle est {state}",
    "it is not {state}": "il/elle n'est pas {state}",
    # loops (CR 104.4b)
    "the game state repeats in a loop of mandatory actions that nobody can stop: the game is a draw":
        "l'état de la partie se répète dans une boucle d'actions obligatoires que personne ne peut arrêter : "
        "la partie est nulle",
    # state-based actions (CR 704)
    "{token} (a token) ceases to exist": "{token} (un jeton) cesse d'exister",
    "{card} becomes unattached": "{card} n'est plus attaché(e)",
    "{n} +1/+1 and -1/-1 counter pair(s) on {card} are removed":
        "{n} paire(s) de marqueurs +1/+1 et -1/-1 sur {card} sont retirées",
    "{card} is put into its owner's graveyard ({reason})": "{card} est mis(e) dans le cimetière de son propriétaire ({reason})",
    "{card} is destroyed ({reason})": "{card} est détruit(e) ({reason})",
    "{card} is put into its owner's graveyard (legend rule)":
        "{card} est mis(e) dans le cimetière de son propriétaire (règle des légendes)",
}

TERMS: dict[str, str] = {
    "returned by its own ability": "renvoyé(e) par sa propre capacité", "looked at": "regardées",
    "looked-at": "regardées", "exiled": "exilées",
    # combat states (CR 506.4)
    "attacking": "attaquant(e)", "blocking": "bloqueur/bloqueuse",
    # why an object changes zones (the ``cause`` of a move, CR 400.7)
    "sacrificed": "sacrifié(e)", "searched for": "cherché(e)", "discarded": "défaussé(e)",
    "countered": "contrecarré(e)", "revealed": "révélé(e)", "resolved": "résolu(e)",
    "put on the bottom": "mis(e) au-dessous", "mulligan": "mulligan", "milled": "meulé(e)",
    "discarded at random": "défaussé(e) au hasard", "discarded as a cost": "défaussé(e) pour payer un coût",
    "unearth": "exhumation", "umbra armor": "armure d'ombre", "suspended": "suspendu(e)",
    "shuffled into the library": "mélangé(e) dans la bibliothèque", "sacrificed as a cost": "sacrifié(e) pour payer un coût",
    "revealed land": "terrain révélé", "revealed and taken": "révélé(e) et pris(e)",
    "revealed and put into the hand": "révélé(e) et mis(e) dans la main", "put on top": "mis(e) au-dessus",
    "put on top of the library": "mis(e) au-dessus de la bibliothèque", "put into the graveyard": "mis(e) au cimetière",
    "put from exile into its owner's graveyard": "mis(e) de l'exil dans le cimetière de son propriétaire",
    "played with hideaway": "joué(e) grâce au repaire", "ninjutsu": "ninjutsu", "ninjutsu cost": "coût de ninjutsu",
    "new round": "nouvelle manche", "mandatory loop": "boucle obligatoire", "madness not used": "folie non utilisée",
    "looked at and taken": "regardé(e) et pris(e)", "looked at and put onto the battlefield": "regardé(e) et mis(e) sur le champ de bataille",
    "legend rule": "règle des légendes", "land played": "terrain joué", "foretold": "présagé(e)",
    "explore: a land card": "exploration : une carte de terrain", "explore": "exploration",
    "exiled by its own instruction": "exilé(e) par sa propre instruction", "exiled by cascade": "exilé(e) par la cascade",
    "exiled as a cost": "exilé(e) pour payer un coût", "dredged": "dragué(e)", "draw": "pioche", "delve": "fouille",
    "countered on resolution": "contrecarré(e) à la résolution", "buyback": "rachat",
    "cast without paying its mana cost": "lancé(e) sans payer son coût de mana",
    "hideaway: bottom, random order": "repaire : au-dessous, dans un ordre aléatoire", "cast": "lancé(e)", "destroyed": "détruit(e)",
    # where in a library a card is put (CR 401)
    "top": "dessus", "bottom": "dessous", "random": "au hasard",
    # why a player loses, why the game ends (CR 104, 704.5a-c)
    "0 or less life": "0 point de vie ou moins",
    "drew from an empty library": "a pioché dans une bibliothèque vide",
    "ten or more poison counters": "dix marqueurs poison ou plus",
    "all remaining players lost at the same time": "tous les joueurs restants ont perdu en même temps",
    "all players lost": "tous les joueurs ont perdu",
    "no more turns": "plus de tours",
    "a draw: loop of mandatory actions": "match nul : boucle d'actions obligatoires",
    # why a state-based action puts a permanent into a graveyard or destroys it (CR 704.5f-m)
    "toughness 0 or less": "endurance de 0 ou moins",
    "lethal damage": "blessures mortelles",
    "damage from a source with deathtouch": "blessures infligées par une source avec le contact mortel",
    "no loyalty": "plus de loyauté",
    "an Aura attached to a player it can't enchant": "une Aura attachée à un joueur qu'elle ne peut pas enchanter",
    "an Aura attached to nothing legal": "une Aura attachée à rien de légal",
}

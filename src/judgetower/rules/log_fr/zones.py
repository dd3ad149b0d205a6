"""French templates of the log messages of `judgetower.rules.zones` (English template -> French)."""

FRENCH: dict[str, str] = {
    # library.py: reveal, search, the other looked-at cards, shuffle into, dredge
    "{player} reveals {cards}": "{player} révèle {cards}",
    "{player} puts {n} card(s) on top of {library}": "{player} met {n} carte(s) au-dessus de {library}",
    "{player} puts {n} card(s) back on top of {library} in the order they choose": "{player} remet {n} carte(s) au-dessus de {library} dans l'ordre de son choix",
    "in a random order": "dans un ordre aléatoire",
    "in the order they choose": "dans l'ordre de son choix",
    "{n} card(s) go on the bottom of the library {how}": "{n} carte(s) vont au-dessous de la bibliothèque {how}",
    "their library and graveyard": "sa bibliothèque et son cimetière",
    "their graveyard": "son cimetière",
    "the shared graveyard": "le cimetière commun",
    "{player} searches {where} and finds nothing": "{player} fouille {where} et ne trouve rien",
    "{player} searches {where} and finds {card}": "{player} fouille {where} et trouve {card}",
    "{player} searches {where} and finds a card": "{player} fouille {where} et trouve une carte",
    "{player} reveals no matching card": "{player} ne révèle aucune carte correspondante",
    "{player} puts {card} into their hand": "{player} met {card} dans sa main",
    "{player} puts no card onto the battlefield": "{player} ne met aucune carte sur le champ de bataille",
    "{card} is shuffled into {library}": "{card} est mélangé(e) dans {library}",
    "{player} dredges {card}: mills {n} card(s) instead of drawing":
        "{player} drague {card} : meule {n} carte(s) au lieu de piocher",

    # hand_graveyard.py: the top card, hand to library, clash, graveyard to library, exile, discard, learn
    "{player}'s library is empty": "la bibliothèque de {player} est vide",
    "{player} reveals the top card of {library}: {card}": "{player} révèle la carte du dessus de {library} : {card}",
    "{player} looks at the top card of {owner}'s library":
        "{player} regarde la carte du dessus de la bibliothèque de {owner}",
    "{player} sees {card}": "{player} voit {card}",
    "{player} puts {n} card(s) from their hand on the bottom of {library}": "{player} met {n} carte(s) de sa main au-dessous de {library}",
    "{player} has no such card in {yard}": "{player} n'a aucune carte de ce type dans {yard}",
    "{card} is put on top of its owner's library": "{card} est mis(e) au-dessus de la bibliothèque de son propriétaire",
    "{player} clashes and reveals {card} (mana value {mv})":
        "{player} participe à une confrontation et révèle {card} (valeur de mana {mv})",
    "{player} clashes with an empty library: no card revealed":
        "{player} participe à une confrontation avec une bibliothèque vide : aucune carte n'est révélée",
    "{player} puts the revealed card on the bottom of {library}": "{player} met la carte révélée au-dessous de {library}",
    "{player} wins the clash": "{player} remporte la confrontation",
    "{player} does not win the clash": "{player} ne remporte pas la confrontation",
    "second from the top": "en deuxième position depuis le dessus",
    "third from the top": "en troisième position depuis le dessus",
    "on the bottom (CR 401.7: too few cards)": "au-dessous (CR 401.7 : trop peu de cartes)",
    "{card} is put into its owner's library {where}": "{card} est mis(e) dans la bibliothèque de son propriétaire {where}",
    "{card} would be put into a graveyard: its owner reveals it and shuffles it into their library instead":
        "{card} devrait être mis(e) dans un cimetière : son propriétaire le/la révèle et le/la mélange dans sa "
        "bibliothèque à la place",
    "{n} card(s) of {player}'s hand are exiled": "{n} carte(s) de la main de {player} sont exilée(s)",
    "{n} card(s) of {player}'s graveyard are exiled": "{n} carte(s) du cimetière de {player} sont exilée(s)",
    "{n} card(s) of the shared graveyard are exiled": "{n} carte(s) du cimetière commun sont exilée(s)",
    "{player} discards {card}": "{player} défausse {card}",
    "{player} discarded {n} card(s) and draws {draws}": "{player} a défaussé {n} carte(s) et en pioche {draws}",
    "{player} shuffles {n} card(s) from their hand and graveyard into {library}": "{player} mélange {n} carte(s) de sa main et de son cimetière dans {library}",
    "{player} learns: no card to discard, and no Lesson outside the game":
        "{player} apprend : aucune carte à défausser, et aucune Leçon en dehors de la partie",
    "{player} learns: discards nothing (no Lesson outside the game)":
        "{player} apprend : ne défausse rien (aucune Leçon en dehors de la partie)",
    "{player} learns: discards a card, then draws a card": "{player} apprend : défausse une carte, puis pioche une carte",
    "{player} finds no card to choose in {owner}'s hand":
        "{player} ne trouve aucune carte à choisir dans la main de {owner}",
    "{player} chooses no card": "{player} ne choisit aucune carte",
    "{player} chooses {card}; {source} has already left the battlefield: nothing is exiled":
        "{player} choisit {card} ; {source} a déjà quitté le champ de bataille : rien n'est exilé",
    "{player} chooses {card} from {owner}'s hand and exiles it": "{player} choisit {card} dans la main de {owner} et l'exile",
    "{card} is exiled until {source} leaves the battlefield":
        "{card} est exilé(e) jusqu'à ce que {source} quitte le champ de bataille",
    "{player} has no card an opponent owns in exile to put into a graveyard":
        "{player} n'a en exil aucune carte possédée par un adversaire à mettre dans un cimetière",
    "{player} puts {card} from exile into {owner}'s graveyard":
        "{player} met {card} de l'exil dans le cimetière de {owner}",
}

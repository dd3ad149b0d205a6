"""French templates of the log messages of `judgetower.judge` and `judgetower.variants` (judge mode, the Judge Tower variant, house rules) (English template -> French)."""

FRENCH: dict[str, str] = {
    # refusals of judge actions (IllegalAction messages; JT-S2, JT-G12, R15, R16)
    "{player} disputes, but no call was just made (a call is disputed at once)":
        "{player} conteste, mais aucun appel ne vient d'être fait (un appel se conteste aussitôt)",
    "only the accused ({player}) may dispute this call": "seul·e l'accusé·e ({player}) peut contester cet appel",
    "{player} votes, but no dispute is open": "{player} vote, mais aucune contestation n'est ouverte",
    "{player} has left the game and does not vote": "{player} a quitté la partie et ne vote pas",
    "{player} has already voted on call {n}": "{player} a déjà voté sur l'appel {n}",
    "{name} is already in this game": "{name} est déjà dans cette partie",
    "{name} is not a spectator of this game": "{name} n'est pas spectateur·rice de cette partie",
    "{name} is neither a player nor a spectator of this game": "{name} n'est ni joueur·se ni spectateur·rice de cette partie",
    "{name} is a spectator: spectators do not vote or dispute":
        "{name} est spectateur·rice : les spectateur·rice·s ne votent ni ne contestent",
    "{name} is a spectator: only players get shame": "{name} est spectateur·rice : seul·e·s les joueur·se·s reçoivent de la honte",
    "a call names a log event by its number, not {value}": "un appel désigne un événement du journal par son numéro, pas {value}",
    "{name} is a spectator: spectators do not vote": "{name} est spectateur·rice : les spectateur·rice·s ne votent pas",
    # the variant (JT-G3-G10, JT-E2, JT-P3; R4, R7, R8, R14, R19, R20)
    "Judge Tower: infinite life, shared library and graveyard, forced play":
        "Judge Tower : vie infinie, bibliothèque et cimetière communs, jeu forcé",
    "{card} would go on the bottom of the shared library: it is exiled instead":
        "{card} irait au-dessous de la bibliothèque commune : il/elle est exilé(e) à la place",
    "{card} would go into the shared library: it is exiled instead":
        "{card} irait dans la bibliothèque commune : il/elle est exilé(e) à la place",
    "{player} would search the shared library: it is not searched, nothing is found":
        "{player} chercherait dans la bibliothèque commune : on n'y cherche pas, rien n'est trouvé",
    "the shared library is not shuffled": "la bibliothèque commune n'est pas mélangée",
    "{player} pays {mana} for {what} (the mana portion is always paid)":
        "{player} paie {mana} pour {what} (la partie mana est toujours payée)",
    "the shared library holds {n} card(s); {action} needs {need}":
        "la bibliothèque commune contient {n} carte(s) ; l'action « {action} » en nécessite {need}",
    "{n} unreferenced exiled card(s) are shuffled into the library":
        "{n} carte(s) exilée(s) non référencée(s) sont mélangées dans la bibliothèque",
    "{n} graveyard card(s) are shuffled into the library": "{n} carte(s) du cimetière sont mélangées dans la bibliothèque",
    "a mandatory infinite loop is detected (the game state repeats {n} times in a row but for amounts — counters, "
    "objects on the stack — growing the same each time): its objects are exiled":
        "une boucle infinie obligatoire est détectée (l'état de la partie se répète {n} fois de suite, aux quantités "
        "près — marqueurs, objets sur la pile — qui croissent de la même façon à chaque fois) : ses objets sont exilés",
    "a mandatory infinite loop is detected (the game state repeats): its objects are exiled":
        "une boucle infinie obligatoire est détectée (l'état de la partie se répète) : ses objets sont exilés",
    # house rules (variants/house.py; H-ROUNDS and the others' announcement)
    "house rule {rule}: {summary}": "règle maison {rule} : {summary}",
    "the tower has run out: the most points win (ties: the fewest shame)":
        "la tour est épuisée : le plus de points gagne (à égalité : le moins de honte)",
    "nobody": "personne",
    "round {n} is won by {who} ({reason}, {rule}); points: {points}":
        "la manche {n} est gagnée par {who} ({reason}, {rule}) ; points : {points}",
    "final points: {points}": "points finaux : {points}",
    "round {n} is over": "la manche {n} est terminée",
    "round {n} begins: {apart} card(s) are exiled and set apart from the tower; everyone is in again, shame back "
    "at its start (JT-S1); new hands are dealt":
        "la manche {n} commence : {apart} carte(s) sont exilées et mises à l'écart de la tour ; tout le monde "
        "revient en jeu, la honte revient à sa valeur de départ (JT-S1) ; de nouvelles mains sont distribuées",
    "{player} is dealt a new hand of {n}": "{player} reçoit une nouvelle main de {n} carte(s)",
    # why a player loses (JT-E1, R18; H-STRIKES, H-FIRST-MISTAKE-OUT), why the game ends (JT-E2)
    "shame {shame} > {limit}": "honte {shame} > {limit}",
    "shame {shame} reaches {n} strikes": "la honte ({shame}) atteint {n}",
    "call {n} ({rule}) is upheld: first mistake out": "l'appel {n} ({rule}) est maintenu : première erreur, éliminé(e)",
    "shame {shame} is above its start ({start}): first mistake out":
        "la honte ({shame}) dépasse sa valeur de départ ({start}) : première erreur, éliminé(e)",
    "the library cannot supply the cards (fewest shame wins)":
        "la bibliothèque ne peut pas fournir les cartes (le moins de honte gagne)",
    # calls, disputes and votes (JT-S2-S4, JT-G9, JT-G11, JT-G12; R13, R15-R17)
    "{name} (a spectator)": "{name} (spectateur)",
    " at event {event}": " à l'événement {event}",
    "call {n}: {who} calls {accused} for {rule}{at}: the engine finds no such violation; a wrong call, no change "
    "(not a violation itself)":
        "appel {n} : {who} appelle {accused} pour {rule}{at} : le moteur ne trouve pas cette infraction ; un appel "
        "erroné, sans effet (ce n'est pas une infraction en soi)",
    "call {n}: {who} calls {accused} for {rule} (event {event}: {what}): the engine finds the violation":
        "appel {n} : {who} appelle {accused} pour {rule} (événement {event} : {what}) : le moteur constate l'infraction",
    "call {n}: {who} calls {accused} for {rule} (after event {event}: {what}): the engine finds the violation":
        "appel {n} : {who} appelle {accused} pour {rule} (après l'événement {event} : {what}) : le moteur constate "
        "l'infraction",
    "call {n}: {who} calls {accused} for {rule} (just before event {event}: {what}): the engine finds the violation":
        "appel {n} : {who} appelle {accused} pour {rule} (juste avant l'événement {event} : {what}) : le moteur "
        "constate l'infraction",
    "call {n}: {rule} was never explained to {player}: no shame":
        "appel {n} : {rule} n'a jamais été expliquée à {player} : pas de honte",
    "call {n}: that error was already counted (call {counted}): {player}'s shame stays {shame}":
        "appel {n} : cette erreur a déjà été comptée (appel {counted}) : la honte de {player} reste à {shame}",
    "call {n}: {player}'s shame goes up by 1 to {shame}": "appel {n} : la honte de {player} augmente de 1 et passe à {shame}",
    "call {n} is rejected: {player}'s shame goes back down to {shame}":
        "l'appel {n} est rejeté : la honte de {player} redescend à {shame}",
    "call {n} is rejected: no change": "l'appel {n} est rejeté : aucun changement",
    "call {n}: {who} puts the missed trigger of {source} on the stack now":
        "appel {n} : {who} met maintenant sur la pile le déclenchement oublié de {source}",
    "call {n}: {who} leaves the missed trigger of {source} off the stack":
        "appel {n} : {who} laisse le déclenchement oublié de {source} hors de la pile",
    "a violation": "une infraction",
    "no violation": "pas d'infraction",
    "{player} disputes call {n} ({rule}); the engine's ruling is {ruling}; the players still in the game vote":
        "{player} conteste l'appel {n} ({rule}) ; la décision du moteur : {ruling} ; les joueurs encore en jeu votent",
    "{player} votes to uphold call {n}": "{player} vote pour maintenir l'appel {n}",
    "{player} votes to reject call {n}": "{player} vote pour rejeter l'appel {n}",
    "{yes} to uphold, {no} to reject: a tie, the engine's ruling stands":
        "{yes} pour maintenir, {no} pour rejeter : égalité, la décision du moteur est maintenue",
    "{yes} to uphold, {no} to reject": "{yes} pour maintenir, {no} pour rejeter",
    "the dispute of call {n} is settled ({how}): the call is upheld":
        "la contestation de l'appel {n} est tranchée ({how}) : l'appel est maintenu",
    "the dispute of call {n} is settled ({how}): the call is rejected":
        "la contestation de l'appel {n} est tranchée ({how}) : l'appel est rejeté",
    # what a player did that broke a rule (judge/violations.py)
    "{player} passes priority": "{player} passe la priorité",
    "{player} activates ability {n} of {card}": "{player} active la capacité {n} de {card}",
    "{player} casts {card}": "{player} lance {card}",
    "{player}: {choice}": "{player} : {choice}",
    "{player} misses the trigger of {source}": "{player} oublie le déclenchement de {source}",
    "{player} answers {prompt} with {choice}": "{player} répond {choice} à {prompt}",
}

TERMS: dict[str, str] = {
    # what needs cards from the library (JT-E2, R19)
    "reveal": "révéler", "look": "regarder", "mill": "meuler", "scry": "regard", "surveil": "surveillance",
    "exile the top cards": "exiler les cartes du dessus", "the new round's hands": "les mains de la nouvelle manche",
}

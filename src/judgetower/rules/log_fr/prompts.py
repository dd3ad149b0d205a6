"""French templates of the decisions' prompts (every ``Game.ask``, ``Game.ask_any_number`` and posed
``Decision`` of `judgetower.rules`, `judgetower.variants`, `judgetower.judge`, `judgetower.scenario`),
English template -> French, and the terms they pass.

A prompt speaks to the player who decides: an instruction in the imperative ("choisissez",
"sacrifiez", "défaussez-vous"), a yes/no question in the infinitive ("payer {cost} … ?"). Keyword
names as the French Oracle prints them and as the other catalogues already name them (pilotage,
union, duplication, victime, surmener, manigance, renforcement, regard, repaire, folie…).
"""

FRENCH: dict[str, str] = {
    # ---- the turn: priority, mulligans, combat (CR 103.5, 117, 502.3, 508-510)
    "{player} has priority ({step})": "{player} a la priorité ({step})",
    "{player}: keep this hand (no) or take a mulligan (yes)?":
        "{player} : garder cette main (non) ou prendre un mulligan (oui) ?",
    "put a card on the bottom of your library ({k} of {n})":
        "mettez une carte au-dessous de votre bibliothèque ({k} sur {n})",
    "{card}: choose not to untap it during this untap step?":
        "{card} : choisir de ne pas le/la dégager pendant cette étape de dégagement ?",
    "{player}: declare attackers": "{player} : déclarez les attaquants",
    "{player}: declare blockers": "{player} : déclarez les bloqueurs",
    "declare attackers": "déclarez les attaquants",
    "declare blockers": "déclarez les bloqueurs",
    "assign 1 point of {attacker}'s combat damage (defender: {defender})":
        "assignez 1 point des blessures de combat de {attacker} (joueur ou planeswalker défenseur : {defender})",
    "have {card} assign its combat damage as though it weren't blocked?":
        "faire que {card} assigne ses blessures de combat comme s'il/elle n'était pas bloqué(e) ?",
    # ---- casting and activating (CR 601.2b-h, 602.2b, 118.3, 107.4f; kicker, buyback, entwine…)
    "choose a mode for {spell}": "choisissez un mode pour {spell}",
    "choose target {n} for {source}": "choisissez la cible {n} de {source}",
    "choose targets": "choisissez les cibles",
    "kick {spell} how many times?": "payer le kicker de {spell} combien de fois ?",
    "pay buyback for {spell}?": "payer le rachat de {spell} ?",
    "choose X for {spell}": "choisissez X pour {spell}",
    "pay Phyrexian mana of {spell} with 2 life?": "payer le mana phyrexian de {spell} avec 2 points de vie ?",
    "exile a card from your hand for {what}": "exilez une carte de votre main pour {what}",
    "exile a card from your graveyard for {what}": "exilez une carte de votre cimetière pour {what}",
    "sacrifice for {what}": "choisissez quoi sacrifier pour {what}",
    "discard a card for {what}": "défaussez-vous d'une carte pour {what}",
    "tap an untapped permanent for {what}": "engagez un permanent dégagé pour {what}",
    "how many {kind} counters to remove from {card}": "combien de marqueurs {kind} retirer de {card} ?",
    "{kind} for {spell}": "{kind} pour {spell}",
    "cast which half of {card}?": "lancer quelle moitié de {card} ?",
    "pay the entwine cost {cost} of {spell} (choose every mode)?":
        "payer le coût d'union {cost} de {spell} (choisir tous les modes) ?",
    "pay the replicate cost {cost} of {spell} how many times?":
        "payer le coût de duplication {cost} de {spell} combien de fois ?",
    "tap a creature to crew {vehicle} (crew {n}, power so far {total})":
        "engagez une créature pour piloter {vehicle} (pilotage {n}, force engagée jusqu'ici : {total})",
    "{card}: sacrifice a creature (exploit)?": "{card} : sacrifier une créature (exploitation) ?",
    "sacrifice a creature for the exploit of {card}": "sacrifiez une créature pour l'exploitation de {card}",
    "exert {card} as it attacks?": "surmener {card} alors qu'il/elle attaque ?",
    "return an unblocked attacking creature for the ninjutsu of {card}":
        "renvoyez une créature attaquante non bloquée dans la main de son propriétaire pour le ninjutsu de {card}",
    "exile another card from your graveyard for escape ({card})":
        "exilez une autre carte de votre cimetière pour l'échappée ({card})",
    "discard a land card for {keyword}": "défaussez-vous d'une carte de terrain pour payer le coût de {keyword}",
    "discard a card for {keyword}": "défaussez-vous d'une carte pour payer le coût de {keyword}",
    "cascade: cast {card} without paying its mana cost?": "cascade : lancer {card} sans payer son coût de mana ?",
    "pay casualty {n} for {spell} (sacrifice a creature with power {n} or greater)?":
        "payer victime {n} pour {spell} (sacrifier une créature avec une force supérieure ou égale à {n}) ?",
    "sacrifice for casualty {n}": "choisissez la créature à sacrifier pour victime {n}",
    "reveal {card} and splice it onto {spell} for {cost}?":
        "révéler {card} et la transférer sur {spell} pour {cost} ?",
    "choose the next spliced card whose effects happen (after {spell}'s)":
        "choisissez la prochaine carte transférée dont les effets s'appliquent (après ceux de {spell})",
    "cast {card} from exile without paying its mana cost ({what})?":
        "lancer {card} depuis l'exil sans payer son coût de mana ({what}) ?",
    "reveal {card} as you draw it (miracle {cost})?": "révéler {card} au moment où vous la piochez (miracle {cost}) ?",
    "cast {card} for its miracle cost {cost}?": "lancer {card} pour son coût de miracle {cost} ?",
    "cast {card} for its madness cost {cost}?": "lancer {card} pour son coût de folie {cost} ?",
    "{spell}: the colors of mana spent to cast it (Judge Tower: the payer chooses the mana, JT-G4)":
        "{spell} : les couleurs du mana dépensé pour le lancer (Judge Tower : celui qui paie choisit le mana, JT-G4)",
    # ---- paying "unless" and keeping permanents (CR 118.12, 702.21a ward, 702.24a cumulative upkeep)
    "pay {cost} so that {spell} is not countered?": "payer {cost} pour que {spell} ne soit pas contrecarré(e) ?",
    "{what} so that {item} is not countered by {source}'s ward?":
        "{what} pour que {item} ne soit pas contrecarré(e) par la parade de {source} ?",
    "pay {cost} to keep {card}? (else it is sacrificed)":
        "payer {cost} pour garder {card} ? (sinon, il/elle est sacrifié(e))",
    "{what} to keep {card}? (else it is sacrificed)": "{what} pour garder {card} ? (sinon, il/elle est sacrifié(e))",
    "pay {cost} (cumulative upkeep, {n} age counter(s)) to keep {card}?":
        "payer {cost} (entretien cumulatif, {n} marqueur(s) « âge ») pour garder {card} ?",
    "pay {total} life (cumulative upkeep, {n} age counter(s)) to keep {card}?":
        "payer {total} point(s) de vie (entretien cumulatif, {n} marqueur(s) « âge ») pour garder {card} ?",
    "pay {a} or {b} for each of {n} age counter(s) (cumulative upkeep) to keep {card}?":
        "payer {a} ou {b} pour chacun des {n} marqueur(s) « âge » (entretien cumulatif) pour garder {card} ?",
    "cumulative upkeep: pay which mix?": "entretien cumulatif : payer quelle combinaison ?",
    # ---- choices on resolution (CR 608.2c-d, 614.12, 603.5)
    "{source}: do you want to do it?": "{source} : voulez-vous le faire ?",
    "choose a color for {cards}": "choisissez une couleur pour {cards}",
    "choose a creature type for {cards}": "choisissez un type de créature pour {cards}",
    "choose a color: protection for {cards}":
        "choisissez une couleur : {cards} acquiert la protection contre cette couleur",
    "choose the new target of {spell}": "choisissez la nouvelle cible de {spell}",
    "new target for the copy (first option: keep {target})":
        "nouvelle cible pour la copie (première option : garder {target})",
    "choose new targets for the copy of {spell}?": "choisir de nouvelles cibles pour la copie de {spell} ?",
    "choose a type of mana to add": "choisissez un type de mana à ajouter",
    "choose a colour of mana": "choisissez une couleur de mana",
    "choose which mana to add: {options}": "choisissez le mana à ajouter : {options}",
    "choose a permanent to sacrifice": "choisissez un permanent à sacrifier",
    "choose a permanent to return to its owner's hand":
        "choisissez un permanent à renvoyer dans la main de son propriétaire",
    "choose a card for {player} to discard": "choisissez la carte dont {player} se défausse",
    "choose a card to discard": "choisissez la carte dont vous vous défaussez",
    "choose what {card} will enchant": "choisissez ce que {card} va enchanter",
    "choose the player {card} will enchant": "choisissez le joueur que {card} va enchanter",
    "have {card} enter as a copy of a permanent?":
        "faire arriver {card} sur le champ de bataille en tant que copie d'un permanent ?",
    "choose what {card} enters as a copy of": "choisissez le permanent dont {card} arrive en tant que copie",
    "choose a {kind}": "choisissez une {kind}",
    "choose a source": "choisissez une source",
    "legend rule: choose the {card} to keep": "règle des légendes : choisissez quel(le) {card} garder",
    "put which trigger on the stack next? {triggers}":
        "quelle capacité déclenchée mettre ensuite sur la pile ? {triggers}",
    "{i}: {source}": "{i} : {source}",
    "{first}; {rest}": "{first} ; {rest}",
    # ---- libraries, hands, graveyards, exile (CR 401, 701.20-23, 406)
    "scry {n}: choose the cards for the top and the bottom":
        "regard {n} : choisissez les cartes à mettre au-dessus et au-dessous",
    "{what}: choose the cards for the top and the graveyard":
        "{what} : choisissez les cartes à remettre au-dessus et celles à mettre au cimetière",
    "choose the cards for the top and the graveyard":
        "choisissez les cartes à remettre au-dessus et celles à mettre au cimetière",
    "put them back in any order (top first)": "remettez-les dans l'ordre de votre choix (celle du dessus d'abord)",
    "put a card from your hand on top of your library": "mettez une carte de votre main au-dessus de votre bibliothèque",
    "search your library (done: find nothing more)":
        "cherchez dans votre bibliothèque (terminé : ne rien trouver de plus)",
    "search your library for a card named {name} (done: find nothing)":
        "cherchez dans votre bibliothèque une carte nommée {name} (terminé : ne rien trouver)",
    "search your library too (then shuffle)?": "chercher aussi dans votre bibliothèque (puis la mélanger) ?",
    "choose the card to find": "choisissez la carte à trouver",
    "choose the card to find (done: find nothing)": "choisissez la carte à trouver (terminé : ne rien trouver)",
    "put one of them into your hand": "mettez l'une d'elles dans votre main",
    "{source}: reveal a card and put it into your hand?": "{source} : révéler une carte et la mettre dans votre main ?",
    "choose the card to reveal and put into your hand": "choisissez la carte à révéler et à mettre dans votre main",
    "{source}: put a card onto the battlefield?": "{source} : mettre une carte sur le champ de bataille ?",
    "choose the card to put onto the battlefield": "choisissez la carte à mettre sur le champ de bataille",
    "exile a card from your graveyard": "exilez une carte de votre cimetière",
    "choose a card from your hand to put on the bottom of your library":
        "choisissez une carte de votre main à mettre au-dessous de votre bibliothèque",
    "choose a card to put on top of your library": "choisissez une carte à mettre au-dessus de votre bibliothèque",
    "choose the next card from the top of your library":
        "choisissez la carte suivante à partir du dessus de votre bibliothèque",
    "choose the next card from the top of the library":
        "choisissez la carte suivante à partir du dessus de la bibliothèque",
    "choose the next card to put on the bottom of your library":
        "choisissez la prochaine carte à mettre au-dessous de votre bibliothèque",
    "choose an opponent to clash with": "choisissez l'adversaire avec qui faire un choc",
    "clash: put {card} on the bottom of your library?": "choc : mettre {card} au-dessous de votre bibliothèque ?",
    "{source}: learn - discard a card to draw a card?":
        "{source} : apprentissage - vous défausser d'une carte pour piocher une carte ?",
    "{source}: choose a card from {player}'s hand?": "{source} : choisir une carte dans la main de {player} ?",
    "choose a card from {player}'s hand to exile": "choisissez une carte de la main de {player} à exiler",
    "choose a card an opponent owns in exile": "choisissez une carte en exil qu'un adversaire possède",
    "dredge instead of drawing a card?": "draguer au lieu de piocher une carte ?",
    "choose the card to dredge": "choisissez la carte à draguer",
    "hideaway: choose a card to exile face down": "repaire : choisissez une carte à exiler face cachée",
    # ---- keyword actions and abilities (CR 701, 702)
    "proliferate: give {card} another counter of each kind ({kinds})?":
        "prolifération : donner à {card} un marqueur de plus de chaque sorte déjà présente ({kinds}) ?",
    "proliferate: give {player} another poison counter?":
        "prolifération : donner à {player} un marqueur « poison » de plus ?",
    "proliferate: give {player} another energy counter?":
        "prolifération : donner à {player} un marqueur « énergie » de plus ?",
    "proliferate: give {player} another counter of each kind (poison, energy)?":
        "prolifération : donner à {player} un marqueur de plus de chaque sorte (poison, énergie) ?",
    "amass {n}: choose an Army creature you control": "amasser {n} : choisissez une créature Armée que vous contrôlez",
    "populate: choose a creature token you control": "peuplement : choisissez un jeton de créature que vous contrôlez",
    "explore: put {card} into your graveyard?": "exploration : mettre {card} dans votre cimetière ?",
    "connive: discard a card": "manigance : défaussez-vous d'une carte",
    "fabricate {n}: put {n} +1/+1 counter(s) on {card}? (if not, create {n} 1/1 Servo token(s))":
        "fabrication {n} : mettre {n} marqueur(s) +1/+1 sur {card} ? (sinon, créer {n} jeton(s) Servo 1/1)",
    "champion: exile another {what} you control? (if not, sacrifice {card})":
        "champion : exiler un(e) autre {what} que vous contrôlez ? (sinon, sacrifiez {card})",
    "champion: choose another {what} you control to exile":
        "champion : choisissez un(e) autre {what} que vous contrôlez à exiler",
    "{card} (devour {n}): sacrifice a creature ({k} so far)":
        "{card} (dévorement {n}) : sacrifiez une créature ({k} jusqu'ici)",
    "{card} (amplify {n}): reveal a card that shares a creature type with it ({k} so far)":
        "{card} (amplification {n}) : révélez une carte qui partage un type de créature avec lui/elle ({k} jusqu'ici)",
    "{card} ({keyword}): enter with an additional +1/+1 counter?":
        "{card} ({keyword}) : arriver avec un marqueur +1/+1 supplémentaire ?",
    "{card} ({keyword}): enter with an additional +1/+1 counter? (if not, it gains haste)":
        "{card} ({keyword}) : arriver avec un marqueur +1/+1 supplémentaire ? (sinon, il/elle acquiert la célérité)",
    "move a +1/+1 counter from {source} onto {card} (graft)?":
        "déplacer un marqueur +1/+1 de {source} sur {card} (greffe) ?",
    "bolster {n}: choose a creature you control with the least toughness ({least})":
        "renforcement {n} : choisissez une créature que vous contrôlez avec la plus petite endurance ({least})",
    "{card}: pair it with another creature (soulbond)?": "{card} : l'apparier avec une autre créature (âme liée) ?",
    "{card}: choose a creature to pair it with": "{card} : choisissez une créature avec laquelle l'apparier",
    # ---- Judge Tower and judge mode (JT-G9, R13), the scenario runner
    "{player}: acknowledge the trigger of {source} (yes: it goes on the stack; no: it is missed)":
        "{player} : reconnaître le déclenchement de {source} (oui : il va sur la pile ; non : il est oublié)",
    "{who}: put the missed trigger of {source} on the stack now?":
        "{who} : mettre maintenant sur la pile le déclenchement oublié de {source} ?",
    "scenario stop: the {step} step has begun": "arrêt du scénario : l'étape « {step} » a commencé",
}

TERMS: dict[str, str] = {
    # what a champion exiles (CR 702.72a: "Champion a creature", "Champion a Kithkin"…)
    "creature": "créature", "Kithkin": "Kithkin", "Shaman": "Chaman",
    # why a card is cast from exile without paying its mana cost (CR 702.62a, 702.88a)
    "suspend": "suspension", "rebound": "rebond",
}

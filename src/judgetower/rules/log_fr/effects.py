"""French templates of the log messages of `judgetower.rules.effects` (English template -> French),
and the terms they pass (counter kinds, keywords, delayed triggers' moments)."""

FRENCH: dict[str, str] = {
    # ---- interpreter.py: amounts (CR 107.3)
    "X is {n}": "X vaut {n}",
    # ---- damage (CR 120) and its prevention (CR 615, 702.16e)
    "{source} deals {n} damage to {target}": "{source} inflige {n} blessure(s) à {target}",
    "{source} deals {n} damage to {player} (infect: {n} poison counter(s), {total} in all)":
        "{source} inflige {n} blessure(s) à {player} (infection : {n} marqueur(s) poison, {total} en tout)",
    "{source} deals {n} damage to {card} (loyalty now {loyalty})":
        "{source} inflige {n} blessure(s) à {card} (loyauté désormais : {loyalty})",
    "{source} deals {n} damage to {card} as {n} -1/-1 counter(s)":
        "{source} inflige {n} blessure(s) à {card} sous forme de {n} marqueur(s) -1/-1",
    "damage from {source} to {card} is prevented (protection)":
        "les blessures que {source} infligerait à {card} sont prévenues (protection)",
    "combat damage from {source} to {target} is prevented":
        "les blessures de combat que {source} infligerait à {target} sont prévenues",
    "damage from {source} to {target} is prevented":
        "les blessures que {source} infligerait à {target} sont prévenues",
    "{n} damage from {source} to {target} is prevented (shield left: {left})":
        "{n} blessure(s) que {source} infligerait à {target} sont prévenue(s) (reste du bouclier : {left})",
    "the next {n} damage that would be dealt to {target} this turn will be prevented":
        "les {n} prochaines blessures qui devraient être infligées à {target} ce tour-ci seront prévenues",
    "no damage is prevented: the object or player is gone":
        "aucune blessure n'est prévenue : l'objet ou le joueur n'est plus là",
    "all combat damage that would be dealt this turn{to}{by} will be prevented":
        "toutes les blessures de combat qui devraient être infligées ce tour-ci{to}{by} seront prévenues",
    "all damage that would be dealt this turn{to}{by} will be prevented":
        "toutes les blessures qui devraient être infligées ce tour-ci{to}{by} seront prévenues",
    " to {side}": " à {side}",
    " by {side}": " par {side}",
    " to and by {side}": " à et par {side}",
    "the objects it describes": "les objets qu'il décrit",
    "no fight: a creature is gone, no longer a creature or an illegal target":
        "pas de combat : une créature n'est plus là, n'est plus une créature ou est une cible illégale",
    "{card} fights {other}": "{card} se bat contre {other}",
    # ---- destroy, regenerate (CR 701.8, 701.19, 702.12b)
    "{card} is indestructible and isn't destroyed": "{card} est indestructible et n'est pas détruit(e)",
    "{card} regenerates: tapped, damage removed, removed from combat":
        "{card} se régénère : engagé(e), blessures retirées, retiré(e) du combat",
    "{card} can't be regenerated": "{card} ne peut pas être régénéré(e)",
    "a regeneration shield is set up for {card}": "un bouclier de régénération est créé pour {card}",
    # ---- exile (CR 406, 607, 610.3)
    "{source} has already left the battlefield: nothing is exiled":
        "{source} a déjà quitté le champ de bataille : rien n'est exilé",
    "{card} is exiled again: it becomes a new object": "{card} est exilé(e) à nouveau : c'est un nouvel objet",
    "{card} is exiled until {source} leaves the battlefield":
        "{card} est exilé(e) jusqu'à ce que {source} quitte le champ de bataille",
    "{card} is exiled, but {source} has already left: no ability of it can find the card (unreferenced exile)":
        "{card} est exilé(e), mais {source} est déjà parti(e) : aucune de ses capacités ne peut retrouver la "
        "carte (exil non référencé)",
    "{card} is exiled with {source} (linked abilities)": "{card} est exilé(e) avec {source} (capacités liées)",
    "{card} is exiled instead of being put into a graveyard":
        "{card} est exilé(e) au lieu d'être mis(e) dans un cimetière",
    # ---- Auras put onto the battlefield (CR 303.4f-g), attaching (CR 301.5c)
    "{card} has nothing it could enchant and stays in {zone}":
        "{card} n'a rien qu'elle puisse enchanter et reste dans sa zone ({zone})",
    "{card} enters attached to {host}": "{card} arrive attaché(e) à {host}",
    "{card} is attached to {target}": "{card} est attaché(e) à {target}",
    # ---- countering (CR 701.6), "unless" costs (CR 118.12)
    "{player} pays {cost}: {card} is not countered": "{player} paie {cost} : {card} n'est pas contrecarré(e)",
    "{card} can't be countered": "{card} ne peut pas être contrecarré(e)",
    "{card} is countered": "{card} est contrecarré(e)",
    "{player} pays {cost}: {card} is not sacrificed": "{player} paie {cost} : {card} n'est pas sacrifié(e)",
    "{player} doesn't pay {cost}: sacrifices {card}": "{player} ne paie pas {cost} : sacrifie {card}",
    "{player} can't pay that cost in full, so none of it is paid":
        "{player} ne peut pas payer ce coût en entier, donc rien n'en est payé",
    "{player} pays {cost}": "{player} paie {cost}",
    # ---- draw, discard, hands (CR 121, 701.9, 701.20)
    "{player} can't draw: the library is empty": "{player} ne peut pas piocher : la bibliothèque est vide",
    "{player} draws a card": "{player} pioche une carte",
    "{player} draws {card}": "{player} pioche {card}",
    "{player} discards {card}": "{player} défausse {card}",
    "nothing": "rien",
    "{looker} looks at {player}'s hand": "{looker} regarde la main de {player}",
    "{player}'s hand: {cards}": "main de {player} : {cards}",
    "{player} reveals their hand: {cards}": "{player} révèle sa main : {cards}",
    "{player} has no such card in hand": "{player} n'a aucune carte de ce genre en main",
    # ---- the library: scry, look, reveal, search, shuffle, surveil (CR 401, 701.20-25)
    "{player} looks at the top {n} card(s) of {library} (scry {scry})": "{player} regarde les {n} carte(s) du dessus de {library} (regard {scry})",
    "{player} looks at the top {n} card(s) of {library}": "{player} regarde les {n} carte(s) du dessus de {library}",
    "{player} looks at the top {n} card(s) of {library} ({what})": "{player} regarde les {n} carte(s) du dessus de {library} ({what})",
    "surveil {n}": "surveillance {n}",
    "{player} sees: {cards}": "{player} voit : {cards}",
    "{player} puts {top} on top and {bottom} on the bottom":
        "{player} en met {top} au-dessus et {bottom} au-dessous",
    "{player} puts {top} on top of {library} and {graveyard} into {yard} ({tag})": "{player} en met {top} au-dessus de {library} et {graveyard} dans {yard} ({tag})",
    "{player} puts {top} back on top of {library} and {graveyard} into {yard}": "{player} en remet {top} au-dessus de {library} et {graveyard} dans {yard}",
    "{player} puts a card from their hand on top of {library}": "{player} met une carte de sa main au-dessus de {library}",
    "{player} puts one of them into their hand": "{player} en met une dans sa main",
    "{player} reveals {card} and puts it into their hand": "{player} révèle {card} et la met dans sa main",
    "{player} reveals no card": "{player} ne révèle aucune carte",
    "{player} has no card to reveal": "{player} n'a aucune carte à révéler",
    "{player} reveals {card} from the top of {library}": "{player} révèle {card} du dessus de {library}",
    "{player} reveals {card} from the top of {library} and puts it into their hand": "{player} révèle {card} du dessus de {library} et la met dans sa main",
    "{player} searches {library} and finds {n} card(s)": "{player} fouille {library} et trouve {n} carte(s)",
    "{player} shuffles {library}": "{player} mélange {library}",
    "{n} card(s) are shuffled into {library}": "{n} carte(s) sont mélangée(s) dans {library}",
    "no card is shuffled into {library}: {n} card(s) went elsewhere instead":
        "aucune carte n'est mélangée dans {library} : {n} carte(s) sont allée(s) ailleurs à la place",
    "{player}'s library": "la bibliothèque de {player}",
    "a face-down card": "une carte face cachée",
    "{card} is put on top of its owner's library": "{card} est mis(e) au-dessus de la bibliothèque de son propriétaire",
    "{card} is put on the bottom of its owner's library":
        "{card} est mis(e) au-dessous de la bibliothèque de son propriétaire",
    "{player} exiles the top {n} card(s) of {library}: {cards}": "{player} exile les {n} carte(s) du dessus de {library} : {cards}",
    # ---- permanents: P/T, animation, counters, tap/untap, control (CR 611, 613, 122, 701.26)
    "{cards} get(s) {pt} until end of turn": "{cards} gagne(nt) {pt} jusqu'à la fin du tour",
    "{cards} get(s) {pt} and gains {keywords} until end of turn":
        "{cards} gagne(nt) {pt} et acquiert (acquièrent) {keywords} jusqu'à la fin du tour",
    "{cards} becomes a {what} until end of turn (still a land)":
        "{cards} devient une {what} jusqu'à la fin du tour (c'est toujours un terrain)",
    "{n} {kind} counter(s) put on {card}": "{n} marqueur(s) {kind} mis sur {card}",
    "{card} becomes tapped": "{card} devient engagé(e)",
    "{card} becomes untapped": "{card} devient dégagé(e)",
    "{card} doesn't untap during its controller's next untap step":
        "{card} ne se dégage pas pendant la prochaine étape de dégagement de son contrôleur",
    "{card} doesn't untap during its controller's untap step ({source})":
        "{card} ne se dégage pas pendant l'étape de dégagement de son contrôleur ({source})",
    "{card} doesn't untap during this untap step": "{card} ne se dégage pas pendant cette étape de dégagement",
    "{player} gains control of {card} until end of turn":
        "{player} acquiert le contrôle de {card} jusqu'à la fin du tour",
    "{player} gains control of {card}": "{player} acquiert le contrôle de {card}",
    "control of {card} returns to {player}": "le contrôle de {card} revient à {player}",
    "{player} sacrifices {card}": "{player} sacrifie {card}",
    "{card} isn't a permanent {player} controls: it isn't sacrificed":
        "{card} n'est pas un permanent que {player} contrôle : il n'est pas sacrifié",
    # ---- tokens (CR 111, 707.2)
    "{player} creates a {token}": "{player} crée un {token}",
    "{player} creates a {token} ({pt})": "{player} crée un {token} ({pt})",
    "{player} creates a tapped {token}": "{player} crée un {token} engagé",
    "{player} creates a tapped {token} ({pt})": "{player} crée un {token} engagé ({pt})",
    "{player} creates a token that's a copy of {card} ({token})":
        "{player} crée un jeton qui est une copie de {card} ({token})",
    # ---- turns and steps (CR 500.7, 614.10)
    "{player} will take an extra turn after this one": "{player} jouera un tour supplémentaire après celui-ci",
    "{player} skips their {step} step ({source})": "{player} passe son étape de {step} ({source})",
    # ---- mana (CR 106)
    "{player} adds no mana: no permanent it looks at could produce any":
        "{player} n'ajoute aucun mana : aucun des permanents considérés ne pourrait en produire",
    "{player} adds {mana} (chosen)": "{player} ajoute {mana} (choisi)",
    "{player} adds {mana} (the chosen color)": "{player} ajoute {mana} (la couleur choisie)",
    "no mana": "aucun mana",
    "{player} adds {mana}": "{player} ajoute {mana}",
    # ---- zones: hands, graveyards (CR 400.7, 113.6m)
    "{player} returns {card} to its owner's hand": "{player} renvoie {card} dans la main de son propriétaire",
    "{card} is no longer in the graveyard: it doesn't return":
        "{card} n'est plus dans le cimetière : la carte ne revient pas",
    "{card} returns from the shared graveyard to {place} (an ability that functions from the graveyard)":
        "{card} revient du cimetière commun {place} (une capacité qui fonctionne depuis le cimetière)",
    "{player}'s hand": "dans la main de {player}",
    "the battlefield tapped": "sur le champ de bataille, engagé(e)",
    "the battlefield": "sur le champ de bataille",
    "{card} returns from {player}'s graveyard to their hand (an ability that functions from the graveyard)":
        "{card} revient du cimetière de {player} dans sa main (une capacité qui fonctionne depuis le cimetière)",
    "{card} returns from {player}'s graveyard to the battlefield (an ability that functions from the graveyard)":
        "{card} revient du cimetière de {player} sur le champ de bataille (une capacité qui fonctionne depuis "
        "le cimetière)",
    "{card} returns from {player}'s graveyard to the battlefield tapped (an ability that functions from the "
    "graveyard)":
        "{card} revient du cimetière de {player} sur le champ de bataille engagé(e) (une capacité qui "
        "fonctionne depuis le cimetière)",
    # ---- casting during a resolution (CR 601.2, 608.2g, hideaway CR 702.75a)
    "{player} can't play the exiled land: no land play is available":
        "{player} ne peut pas jouer le terrain exilé : aucune pose de terrain n'est disponible",
    "{card} is turned face up to be played": "{card} est retourné(e) face visible pour être joué(e)",
    "{player} can't cast the exiled card: no legal targets":
        "{player} ne peut pas lancer la carte exilée : aucune cible légale",
    "{player} can't cast {card}: no more than one spell each turn ({source})":
        "{player} ne peut pas lancer {card} : pas plus d'un sort par tour ({source})",
    "{player} can't cast {card}: no half has legal targets":
        "{player} ne peut pas lancer {card} : aucune moitié n'a de cible légale",
    "{player} casts {spell} without paying its mana cost": "{player} lance {spell} sans payer son coût de mana",
    # ---- optional and conditional instructions, delayed triggers (CR 608.2c, 118.12, 603.7a)
    "{player} chooses not to": "{player} choisit de ne pas le faire",
    "{source}: the condition ({condition}) is false": "{source} : la condition ({condition}) est fausse",
    "{source}: what depends on that condition is not done": "{source} : ce qui dépend de cette condition n'est pas fait",
    "it was kicked": "il/elle a été lancé(e) avec le kicker",
    "it is untapped": "il/elle est dégagé(e)",
    "you attacked with three or more creatures this turn": "vous avez attaqué avec trois créatures ou plus ce tour-ci",
    "its evoke cost was paid": "son coût d'évocation a été payé",
    "its echo cost is due": "son coût d'écho est dû",
    "you attacked this turn": "vous avez attaqué ce tour-ci",
    "{source} sets up a delayed triggered ability ({when})":
        "{source} crée une capacité déclenchée retardée ({when})",
    "{source}: the optional instruction was carried out, so the next one follows":
        "{source} : l'instruction facultative a été exécutée, la suivante s'applique donc",
    "{source}: the optional instruction was not carried out (\"if you do\" is false)":
        "{source} : l'instruction facultative n'a pas été exécutée (« si vous faites ainsi » est faux)",
    # ---- copies (CR 707.10)
    "{player} copies {spell}; the copy isn't cast": "{player} copie {spell} ; la copie n'est pas lancée",
    "{player} chooses the copy's targets": "{player} choisit les cibles de la copie",
    # ---- proliferate (CR 701.34a)
    "{player} proliferates": "{player} prolifère",
    "proliferate: {card} gets another {counters}": "prolifération : {card} reçoit encore un {counters}",
    "{kind} counter (now {n})": "marqueur {kind} (désormais {n})",
    "proliferate: {player} gets another energy counter ({n} in all)":
        "prolifération : {player} reçoit encore un marqueur énergie ({n} en tout)",
    "proliferate: {player} gets another poison counter ({n} in all)":
        "prolifération : {player} reçoit encore un marqueur poison ({n} en tout)",
    "proliferate: nothing is chosen": "prolifération : rien n'est choisi",
    # ---- tokens.py: "dealt damage by ~ this turn" (CR 700.4), devour, fabricate, amass, populate
    "{card}, dealt damage by {source} this turn, dies: {source}'s ability triggers":
        "{card}, qui a subi des blessures infligées par {source} ce tour-ci, meurt : la capacité de {source} "
        "se déclenche",
    "{player} sacrifices {card} (devour)": "{player} sacrifie {card} (dévorement)",
    "{card} enters with {n} +1/+1 counter(s) (devour {devour}, {k} creature(s) sacrificed)":
        "{card} arrive avec {n} marqueur(s) +1/+1 (dévorement {devour}, {k} créature(s) sacrifiée(s))",
    "{n} +1/+1 counter(s) are put on {card} ({why})": "{n} marqueur(s) +1/+1 sont mis sur {card} ({why})",
    "fabricate {n}": "fabrication {n}",
    "explore": "exploration",
    "connive: a nonland card was discarded": "manigance : une carte non-terrain a été défaussée",
    "{player} creates a {token} (1/1) (fabricate {n})": "{player} crée un {token} (1/1) (fabrication {n})",
    "{player} controls no Army: creates a {token} (0/0) (amass {n})":
        "{player} ne contrôle aucune Armée : crée un {token} (0/0) (amasser {n})",
    "{player} amasses {n}: {n} +1/+1 counter(s) on {card}": "{player} amasse {n} : {n} marqueur(s) +1/+1 sur {card}",
    "{card} becomes a {subtype} in addition to its other types":
        "{card} devient un(e) {subtype} en plus de ses autres types",
    "{player} controls no creature token: populate creates nothing":
        "{player} ne contrôle aucun jeton de créature : le peuplement ne crée rien",
    "{player} populates: {token}": "{player} peuple : {token}",
    # ---- explore (CR 701.44), connive (CR 701.50)
    "{player} has no card to reveal: {card} explores (no land card revealed)":
        "{player} n'a aucune carte à révéler : {card} explore (aucune carte de terrain révélée)",
    "{card} explores: {player} reveals {revealed} from the top of {library}": "{card} explore : {player} révèle {revealed} du dessus de {library}",
    "{player} leaves {card} on top of {library}": "{player} laisse {card} au-dessus de {library}",
    "{card} connives": "{card} manigance",
    "{player} has no card to discard (connive)": "{player} n'a aucune carte à défausser (manigance)",
    "{player} discards {card} (connive)": "{player} défausse {card} (manigance)",
    # ---- detain (CR 701.35a), goad (CR 701.15a)
    "{player} detains {cards}: until {player}'s next turn, it can't attack or block and its activated abilities "
    "can't be activated":
        "{player} détient {cards} : jusqu'au prochain tour de {player}, il ne peut ni attaquer ni bloquer et ses "
        "capacités activées ne peuvent pas être activées",
    "{player} goads {cards}: until {player}'s next turn, it attacks each combat if able and attacks a player "
    "other than {player} if able":
        "{player} incite {cards} : jusqu'au prochain tour de {player}, il attaque à chaque combat si possible et "
        "attaque un joueur autre que {player} si possible",
    # ---- reconfigure (CR 702.151), attaching (CR 701.3)
    "{card} can't be attached to {target}": "{card} ne peut pas être attaché(e) à {target}",
    "{card} is attached to {target} (reconfigure): it isn't a creature while attached":
        "{card} est attaché(e) à {target} (reconfiguration) : ce n'est pas une créature tant qu'il est attaché",
    "{card} becomes unattached (reconfigure)": "{card} n'est plus attaché(e) (reconfiguration)",
    # ---- counters removed at end of combat (CR 603.7a), "its counters" (CR 608.2h)
    "{source} sets up a delayed triggered ability (at end of combat, remove {n} {kind} counter(s) from it)":
        "{source} crée une capacité déclenchée retardée (à la fin du combat, retirer {n} marqueur(s) {kind} "
        "de ce permanent)",
    "the permanent has left the battlefield: no counter is removed":
        "le permanent a quitté le champ de bataille : aucun marqueur n'est retiré",
    "{n} {kind} counter(s) are removed from {card} (at end of combat)":
        "{n} marqueur(s) {kind} sont retirés de {card} (à la fin du combat)",
    "{source} had no counters: none are put on {card}": "{source} n'avait aucun marqueur : aucun n'est mis sur {card}",
    "{n} {kind} counter(s) are put on {card} ({source}'s counters)":
        "{n} marqueur(s) {kind} sont mis sur {card} (les marqueurs de {source})",
    # ---- champion (CR 702.72)
    "{player} exiles {card}: it is championed by {source} (linked abilities)":
        "{player} exile {card} : la carte est championnée par {source} (capacités liées)",
    "{card} is exiled, but {source} has already left: it won't return (unreferenced exile)":
        "{card} est exilé(e), mais {source} est déjà parti(e) : la carte ne reviendra pas (exil non référencé)",
    "{player} sacrifices {card} (champion: nothing exiled)": "{player} sacrifie {card} (champion : rien n'est exilé)",
    # ---- colours of mana spent (CR 601.2h), sunburst (CR 702.44a)
    "{player} pays {spell} with mana of {n} color(s) ({colors})":
        "{player} paie {spell} avec du mana de {n} couleur(s) ({colors})",
    "{player} pays {spell} with mana of {n} color(s)": "{player} paie {spell} avec du mana de {n} couleur(s)",
    "{spell} was cast with mana of {n} color(s) ({colors})":
        "{spell} a été lancé(e) avec du mana de {n} couleur(s) ({colors})",
    "{spell} was cast with mana of {n} color(s)": "{spell} a été lancé(e) avec du mana de {n} couleur(s)",
    "{card} enters with {n} {kind} counter(s) (sunburst)": "{card} arrive avec {n} marqueur(s) {kind} (rayonnement)",
}

TERMS: dict[str, str] = {
    # counter kinds (CR 122), as the French Oracle names them ("un marqueur +1/+1", "marqueur charge")
    "+1/+1": "+1/+1", "-1/-1": "-1/-1", "loyalty": "loyauté", "poison": "poison", "energy": "énergie",
    "charge": "charge", "time": "temps", "age": "âge", "fade": "évanescence", "lore": "histoire",
    "oil": "huile", "shield": "bouclier", "stun": "étourdissement", "ice": "glace", "level": "niveau",
    "quest": "quête", "spore": "spore", "study": "étude", "verse": "verset", "wish": "souhait",
    "experience": "expérience", "flood": "inondation", "page": "page", "gem": "gemme", "divinity": "divinité",
    "fate": "destin", "storage": "réserve", "blood": "sang", "corpse": "cadavre", "brick": "brique",
    "feather": "plume", "fungus": "champignon", "hatchling": "nouveau-né", "ki": "ki", "luck": "chance",
    "mining": "mine", "pressure": "pression", "slime": "vase", "vitality": "vitalité", "+1/+0": "+1/+0",
    "+0/+1": "+0/+1", "+1/+2": "+1/+2", "+2/+2": "+2/+2", "-1/-0": "-1/-0", "-0/-1": "-0/-1",
    # keywords an effect grants (CR 702), as the French Oracle names them (bare nouns, as the glossary's terms)
    "flying": "vol", "first strike": "initiative", "double strike": "double initiative",
    "trample": "piétinement", "vigilance": "vigilance", "haste": "célérité",
    "deathtouch": "contact mortel", "lifelink": "lien de vie", "reach": "portée", "menace": "menace",
    "defender": "défenseur", "indestructible": "indestructible", "hexproof": "défense talismanique",
    "shroud": "linceul", "flash": "flash", "fear": "peur", "intimidate": "intimidation",
    "infect": "infection", "wither": "flétrissure", "shadow": "distorsion", "prowess": "prouesse",
    "islandwalk": "traversée des îles", "swampwalk": "traversée des marais",
    "forestwalk": "traversée des forêts", "mountainwalk": "traversée des montagnes",
    "plainswalk": "traversée des plaines", "horsemanship": "équitation", "skulk": "furtivité",
    "protection from white": "protection contre le blanc", "protection from blue": "protection contre le bleu",
    "protection from black": "protection contre le noir", "protection from red": "protection contre le rouge",
    "protection from green": "protection contre le vert",
    "protection from creatures": "protection contre les créatures",
    "protection from artifacts": "protection contre les artefacts",
    "protection from everything": "protection contre tout",
    # when a delayed triggered ability triggers (CR 603.7)
    "next end step": "prochaine étape de fin", "next upkeep": "prochain entretien",
    "cb2 end of combat": "fin du combat",
    # what a look at the library is for (CR 701.25a)
    "surveil": "surveillance",
}

"""French game terms for the log: steps (CR 500-514), zones (CR 400), counters and colours, as the
French Oracle and the French Comprehensive Rules word them (../shared/rules)."""

from __future__ import annotations

STEPS_FR = {
    "untap": "dégagement", "upkeep": "entretien", "draw": "pioche", "precombat main": "première phase principale",
    "beginning of combat": "début du combat", "declare attackers": "déclaration des attaquants",
    "declare blockers": "déclaration des bloqueurs", "first strike damage": "blessures de l'initiative",
    "combat damage": "blessures de combat", "end of combat": "fin du combat",
    "postcombat main": "seconde phase principale", "end": "fin", "cleanup": "nettoyage",
}

ZONES_FR = {
    "library": "bibliothèque", "hand": "main", "graveyard": "cimetière", "battlefield": "champ de bataille",
    "stack": "pile", "exile": "exil", "command": "zone de commandement",
    "the shared library": "la bibliothèque commune", "the shared graveyard": "le cimetière commun",
}

COLORS_FR = {
    "white": "blanc", "blue": "bleu", "black": "noir", "red": "rouge", "green": "vert", "colorless": "incolore",
    "W": "blanc", "U": "bleu", "B": "noir", "R": "rouge", "G": "vert", "C": "incolore",
}

#: keyword abilities (CR 702) as the French Oracle names them (from the French printings; a
#: message adds the article it needs)
KEYWORDS_FR = {
    "deathtouch": "contact mortel", "defender": "défenseur", "double strike": "double initiative",
    "first strike": "initiative", "flash": "flash", "flying": "vol", "haste": "célérité",
    "hexproof": "défense talismanique", "indestructible": "indestructible", "lifelink": "lien de vie",
    "menace": "menace", "reach": "portée", "trample": "piétinement", "vigilance": "vigilance",
    "shroud": "linceul", "fear": "peur", "intimidate": "intimidation", "infect": "infection",
    "wither": "flétrissure", "prowess": "prouesse", "exalted": "exaltation", "flanking": "débordement",
    "bushido": "bushido", "horsemanship": "équitation", "shadow": "distorsion", "ward": "parade",
    "skulk": "furtivité", "changeling": "changelin", "banding": "formation en bande", "protection": "protection",
    "islandwalk": "traversée des îles", "swampwalk": "traversée des marais", "forestwalk": "traversée des forêts",
    "mountainwalk": "traversée des montagnes", "plainswalk": "traversée des plaines", "persist": "persistance",
    "undying": "survivance", "dethrone": "détrônement", "afflict": "affliction", "myriad": "myriade",
    "melee": "mêlée", "battle cry": "cri de guerre", "annihilator": "annihilateur", "rampage": "saccage",
    "provoke": "provocation", "training": "entraînement", "evolve": "évolution", "extort": "extorsion",
    "cascade": "cascade", "storm": "déluge", "convoke": "convocation", "delve": "fouille",
    "improvise": "improvisation", "affinity": "affinité", "undaunted": "témérité",
}

#: subtypes that name tokens (CR 111.4: a token's name is its subtypes and "Token"; French: "jeton Bête")
SUBTYPES_FR = {
    "Angel": "Ange", "Ape": "Singe", "Army": "Armée", "Assassin": "Assassin", "Bat": "Chauve-souris",
    "Bear": "Ours", "Beast": "Bête", "Bird": "Oiseau", "Blood": "Sang", "Boar": "Sanglier", "Cat": "Chat",
    "Cleric": "Clerc", "Clue": "Indice", "Construct": "Assemblage", "Demon": "Démon", "Devil": "Diable",
    "Dinosaur": "Dinosaure", "Djinn": "Djinn", "Dog": "Chien", "Dragon": "Dragon", "Drake": "Drake",
    "Dwarf": "Nain", "Eldrazi": "Eldrazi", "Elemental": "Élémental", "Elephant": "Éléphant", "Elf": "Elfe",
    "Faerie": "Faë", "Fish": "Poisson", "Food": "Nourriture", "Fox": "Renard", "Frog": "Grenouille",
    "Germ": "Germe", "Giant": "Géant", "Gnome": "Gnome", "Goat": "Chèvre", "Goblin": "Gobelin", "Gold": "Or",
    "Golem": "Golem", "Gremlin": "Gremlin", "Griffin": "Griffon", "Horror": "Horreur", "Horse": "Cheval",
    "Human": "Humain", "Hydra": "Hydre", "Illusion": "Illusion", "Imp": "Diablotin", "Insect": "Insecte",
    "Knight": "Chevalier", "Kraken": "Kraken", "Lizard": "Lézard", "Map": "Carte", "Merfolk": "Ondin",
    "Minion": "Serviteur", "Monk": "Moine", "Mouse": "Souris", "Myr": "Myr", "Ninja": "Ninja", "Octopus": "Pieuvre",
    "Ogre": "Ogre", "Ooze": "Limon", "Orc": "Orque", "Ox": "Bœuf", "Pegasus": "Pégase", "Pest": "Nuisible",
    "Phyrexian": "Phyrexian", "Pirate": "Pirate", "Plant": "Plante", "Powerstone": "Pierre de pouvoir",
    "Rat": "Rat", "Rhino": "Rhinocéros", "Rogue": "Gredin", "Samurai": "Samouraï", "Saproling": "Saprobionte",
    "Scion": "Rejeton", "Serpent": "Serpent", "Servo": "Servo", "Shapeshifter": "Changeforme",
    "Shard": "Éclat", "Skeleton": "Squelette", "Snake": "Serpent", "Soldier": "Soldat", "Spawn": "Engeance",
    "Sphinx": "Sphinx", "Spider": "Araignée", "Spirit": "Esprit", "Squirrel": "Écureuil", "Survivor": "Survivant",
    "Thopter": "Thoptère", "Treasure": "Trésor", "Treefolk": "Sylvin", "Troll": "Troll", "Unicorn": "Licorne",
    "Vampire": "Vampire", "Wall": "Mur", "Warrior": "Guerrier", "Wizard": "Sorcier", "Wolf": "Loup",
    "Wurm": "Guivre", "Zombie": "Zombie",
}


def token_name_fr(subtypes) -> str | None:
    """A token's name in French (CR 111.4), or None when a subtype has no French here."""
    if not subtypes or any(t not in SUBTYPES_FR for t in subtypes):
        return None
    return "jeton " + " et ".join(SUBTYPES_FR[t] for t in subtypes)


#: every term a message may hold as a `Term`, English -> French
GLOSSARY: dict[str, str] = {**STEPS_FR, **ZONES_FR, **COLORS_FR, **KEYWORDS_FR, **SUBTYPES_FR}

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

#: every term a message may hold as a `Term`, English -> French
GLOSSARY: dict[str, str] = {**STEPS_FR, **ZONES_FR, **COLORS_FR, **KEYWORDS_FR}

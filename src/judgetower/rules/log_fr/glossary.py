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

#: keyword abilities (CR 702) as the French Oracle names them, with their article ("perd le vol",
#: "la prouesse de X se déclenche")
KEYWORDS_FR = {
    "deathtouch": "le contact mortel", "defender": "le défenseur", "double strike": "la double initiative",
    "first strike": "l'initiative", "flash": "le flash", "flying": "le vol", "haste": "la célérité",
    "hexproof": "la défense talismanique", "indestructible": "l'indestructible", "lifelink": "le lien de vie",
    "menace": "la menace", "reach": "la portée", "trample": "le piétinement", "vigilance": "la vigilance",
    "shroud": "le linceul", "fear": "la peur", "intimidate": "l'intimidation", "infect": "l'infection",
    "wither": "la flétrissure", "prowess": "la prouesse", "exalted": "l'exaltation", "flanking": "le débordement",
    "bushido": "le bushido", "horsemanship": "la maîtrise équestre", "shadow": "l'ombre", "ward": "la garde",
    "skulk": "la furtivité", "changeling": "le changelin", "banding": "la bande", "protection": "la protection",
    "landwalk": "la traversée de terrain", "islandwalk": "la traversée des îles", "swampwalk": "la traversée des marais",
    "forestwalk": "la traversée des forêts", "mountainwalk": "la traversée des montagnes",
    "plainswalk": "la traversée des plaines", "persist": "la persistance", "undying": "l'immortalité",
    "dethrone": "la détrônisation", "afflict": "l'affliction", "myriad": "la myriade", "melee": "la mêlée",
    "battle cry": "le cri de guerre", "annihilator": "l'annihilateur", "rampage": "le déchaînement",
    "provoke": "la provocation", "training": "l'entraînement", "evolve": "l'évolution", "extort": "l'extorsion",
    "cascade": "la cascade", "storm": "le déluge", "convoke": "la convocation", "delve": "la fouille",
    "improvise": "l'improvisation", "affinity": "l'affinité", "undaunted": "l'intrépidité",
}

#: every term a message may hold as a `Term`, English -> French
GLOSSARY: dict[str, str] = {**STEPS_FR, **ZONES_FR, **COLORS_FR, **KEYWORDS_FR}

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

#: every term a message may hold as a `Term`, English -> French
GLOSSARY: dict[str, str] = {**STEPS_FR, **ZONES_FR, **COLORS_FR}

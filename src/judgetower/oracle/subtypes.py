"""Subtype vocabulary for the Oracle grammar (CR 205.3g-m).

The grammar has one terminal, ``SUBTYPE``, built from these lists (singular and plural forms,
lower case). ``canonical_subtype`` maps a matched word back to the subtype as printed on type
lines ("goblins" -> "Goblin", "elves" -> "Elf").
"""

from __future__ import annotations

import re

# CR 205.3g-m (two-word "Time Lord" is left out: the grammar reads one word per subtype).
ARTIFACT_TYPES = tuple("""
    Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator
    Infinity Junk Lander Map Powerstone Spacecraft Stone Treasure Vehicle
""".split())

ENCHANTMENT_TYPES = tuple("""
    Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine
""".split())

LAND_TYPES = tuple("""
    Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere
    Swamp Tower Town Urza's
""".split())

PLANESWALKER_TYPES = tuple("""
    Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Comet Dack Dakkon
    Daretti Davriel Dihada Domri Dovin Ellywick Elminster Elspeth Estrid Freyalise Garruk Gideon
    Grist Guff Huatli Jace Jared Jaya Jeska Kaito Karn Kasmina Kaya Kiora Koth Liliana Lolth
    Lukka Minsc Mordenkainen Nahiri Narset Niko Nissa Nixilis Oko Quintorius Ral Rowan Saheeli
    Samut Sarkhan Serra Sivitri Sorin Szat Tamiyo Tasha Teferi Teyo Tezzeret Tibalt Tyvar Ugin
    Urza Venser Vivien Vraska Vronos Will Windgrace Wrenn Xenagos Yanggu Yanling Zariel
""".split())

SPELL_TYPES = tuple("""
    Adventure Arcane Lesson Omen Trap
""".split())

CREATURE_TYPES = tuple("""
    Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer
    Assassin Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard
    Basilisk Bat Bear Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer
    Brushwagg Camarid Camel Capybara Caribou Carrier Cat Centaur Child Chimera Citizen Cleric
    Clown Cockatrice Construct Coward Coyote Crab Crocodile C'tan Custodes Cyberman Cyclops
    Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake
    Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant
    Elf Elk Employee Eye Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle
    Germ Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin
    Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus
    Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor Insect Jackal
    Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia
    Lammasu Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Manticore Masticore Mercenary
    Merfolk Metathran Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk
    Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble
    Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant
    Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate Plant
    Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon Ranger Rat
    Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand Saproling Satyr
    Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade Shaman
    Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier
    Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid
    Squirrel Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter
    Thrull Tiefling Toy Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Vampire
    Varmint Vedalken Villain Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale
    Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera
""".split())

#: Basic land types (CR 205.3i) and the mana their intrinsic ability adds (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

ALL_SUBTYPES = (ARTIFACT_TYPES + ENCHANTMENT_TYPES + LAND_TYPES + PLANESWALKER_TYPES + SPELL_TYPES
                + CREATURE_TYPES)

_IRREGULAR_PLURALS = {
    "Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
    "Fungus": "Fungi", "Homunculus": "Homunculi", "Mouse": "Mice", "Ox": "Oxen",
    "Child": "Children", "Locus": "Loci", "Pegasus": "Pegasi", "Cyclops": "Cyclopes",
}
#: Subtypes whose plural is the same word.
_INVARIANT = {
    "Djinn", "Merfolk", "Kithkin", "Moonfolk", "Treefolk", "Samurai", "Sheep", "Fish", "Kor",
    "Aurochs", "Efreet", "Equipment", "Plains", "Elk", "Nephilim", "Dauthi", "Soltari",
    "Custodes", "Qu", "Astartes", "Bison", "Gith", "Drix", "Eldrazi", "Myr", "Lammasu",
    "Metathran", "Thalakos", "Food", "Gold", "Junk", "Blood", "Urza's",
}


def plural(subtype: str) -> str:
    """English plural of a subtype as Oracle text writes it ("Goblins", "Elves", "Allies")."""
    if subtype in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[subtype]
    if subtype in _INVARIANT:
        return subtype
    if re.search(r"(s|x|z|ch|sh)$", subtype):
        return subtype + "es"
    if re.search(r"[^aeiou]y$", subtype):
        return subtype[:-1] + "ies"
    return subtype + "s"


_CANONICAL: dict[str, str] = {}
for _s in ALL_SUBTYPES:
    _CANONICAL.setdefault(_s.lower(), _s)
    _CANONICAL.setdefault(plural(_s).lower(), _s)


def canonical_subtype(word: str) -> str:
    """"goblins" -> "Goblin" (KeyError for a word that is no subtype)."""
    return _CANONICAL[word.lower()]


def subtype_terminal() -> str:
    """The Lark definition of the ``SUBTYPE`` terminal: every subtype word, longest first, as whole
    words (priority 2 so that it wins over the generic ``WORD``)."""
    words = sorted(_CANONICAL, key=lambda w: (-len(w), w))
    alternation = "|".join(re.escape(w) for w in words)
    return f"SUBTYPE.2: /(?:{alternation})(?![a-z'\\-])/\n"

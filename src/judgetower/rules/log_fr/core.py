"""French templates of the log messages of `judgetower.rules`'s core modules (game.py, sba.py, loops.py,
turn/, characteristics/) (English template -> French), and the terms they pass."""

FRENCH: dict[str, str] = {
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
    # why a state-based action puts a permanent into a graveyard or destroys it (CR 704.5f-m)
    "toughness 0 or less": "endurance de 0 ou moins",
    "lethal damage": "blessures mortelles",
    "damage from a source with deathtouch": "blessures infligées par une source avec le contact mortel",
    "no loyalty": "plus de loyauté",
    "an Aura attached to a player it can't enchant": "une Aura attachée à un joueur qu'elle ne peut pas enchanter",
    "an Aura attached to nothing legal": "une Aura attachée à rien de légal",
}

"""French templates of the log messages of `judgetower.rules.combat` (English template -> French)."""

FRENCH: dict[str, str] = {
    # declaring attackers and blockers (CR 508, 509)
    "{card} attacks {target}": "{card} attaque {target}",
    "no attackers are declared": "aucun attaquant n'est déclaré",
    "{cards} can't be blocked this turn": "{cards} ne peut pas être bloqué(e) ce tour-ci",
    "{cards} can't block this turn": "{cards} ne peut pas bloquer ce tour-ci",
    "{card} blocks {attacker}": "{card} bloque {attacker}",
    # combat damage (CR 510)
    "{n} to {target}": "{n} à {target}",
    "{player} assigns {card}'s combat damage: {split}": "{player} assigne les blessures de combat de {card} : {split}",
    "no combat damage is dealt": "aucune blessure de combat n'est infligée",
    "{card} assigns its combat damage as though it weren't blocked":
        "{card} assigne ses blessures de combat comme s'il/elle n'était pas bloqué(e)",
    # combat triggers, requirements and restrictions (CR 506.4, 508.1d, 509.1c, 511.2, 702.3b, 702.105a)
    "{card}'s dethrone triggers ({player} has the most life or is tied for it)":
        "le détrônement de {card} se déclenche ({player} a le plus de points de vie, ou est à égalité)",
    "the delayed triggered ability of {source} triggers (end of combat)":
        "la capacité déclenchée retardée de {source} se déclenche (fin du combat)",
    "{cards} must block {attacker} this turn if able": "{cards} doit bloquer {attacker} ce tour-ci si possible",
    "all creatures able to block {cards} this turn do so":
        "toutes les créatures capables de bloquer {cards} ce tour-ci le font",
    "{cards} attacks this turn if able": "{cards} attaque ce tour-ci si possible",
    "{player} gets {n} poison counter(s) ({total} in all)": "{player} reçoit {n} marqueur(s) poison ({total} en tout)",
    "{card} is removed from combat": "{card} est retiré(e) du combat",
    "{cards} can attack this turn as though it didn't have defender":
        "{cards} peut attaquer ce tour-ci comme s'il/elle n'avait pas le défenseur",
}

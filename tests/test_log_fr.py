"""The log in French (DESIGN.md principle 5): every line is a message whose French comes from its key;
card names use their French printing; plain text (no message) falls back to English."""

from __future__ import annotations

from judgetower.rules.log import GameLog
from judgetower.scenario.runner import play_scenario


def test_common_lines_are_translated_with_french_card_names():
    g = play_scenario({
        "players": [{"name": "A"}, {"name": "B"}],
        "state": {"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}},
        "actions": [{"player": "A", "cast": "Lightning Bolt", "targets": ["B"]}, "resolve"],
    })
    fr = [e.render("fr") for e in g.log.events]
    assert any("A lance Foudre" in line for line in fr)
    assert any("Foudre inflige 3 blessures à B" in line for line in fr)
    assert any("B perd 3 points de vie (total : 17)" in line for line in fr)


def test_a_message_is_rendered_from_its_key_and_plain_text_falls_back():
    from judgetower.rules.log import CardName, Term, msg
    from judgetower.rules.state import Player
    log = GameLog(names_fr={"Lightning Bolt": "Foudre"})
    e = log.add("{player} plays first", "CR 103.1", player=Player(0, "A"))
    assert (e.text, e.text_fr, e.key) == ("A plays first", "A commence la partie", "{player} plays first")
    # a sentence inside a sentence, a glossary term and a card's name, each in the line's language
    e = log.add("{player} loses the game: {reason}", "CR 704.5a", player=Player(1, "B"),
                reason=msg("{card} left the battlefield", card=CardName("Lightning Bolt")))
    assert e.text == "B loses the game: Lightning Bolt left the battlefield"
    assert e.text_fr == "B perd la partie : Foudre a quitté le champ de bataille"
    e = log.add("{step} step begins", "CR 503.1", step=Term("upkeep"))
    assert (e.text, e.text_fr) == ("upkeep step begins", "début : entretien")
    # text that is no message keeps no French: rendered in French it falls back to the English
    e = log.add("something the catalogue does not know", "CR 100.1")
    assert e.text_fr == "" and e.render("fr") == e.render("en")

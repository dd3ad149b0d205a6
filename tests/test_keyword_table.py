"""The one keyword table (`judgetower.oracle.ir.keywords`, ../shared/design/layout.md §4.2 item 5):
each row -- name, argument kind, CR, family -- has its grammar, its engine side and a scenario citing
its rule. Where one is still missing, the row is listed below; the lists may only shrink (a fix
removes its entry, and the test says so when an entry is no longer missing).
"""

from __future__ import annotations

import re
from pathlib import Path

import judgetower
from judgetower.oracle.ir.keywords import FAMILIES, KEYWORD_TABLE

PKG = Path(judgetower.__file__).parent
SCENARIOS = Path(__file__).parent / "scenarios"

#: keywords with no scenario file named for their rule yet (`cr-702-N-...yaml`)
NO_SCENARIO = {"vigilance", "defender", "multikicker", "enchant", "hideaway", "megamorph", "daybound",
               "nightbound", "disturb", "melee"}
#: keywords whose grammar writes them another way than the keyword's name ("swampwalk",
#: "forestcycling"): checked through their own words below
GRAMMAR_BY_FORM = {"landwalk": "walk", "typecycling": "cycling"}
#: families whose engine side still lives in the core modules, not in rules/mechanics/<family>.py
#: (the layout's next step moves them); "core" keywords are the core's by definition
FAMILIES_IN_THE_CORE = {"additional_costs", "cast_triggers", "combat_triggers", "cycling", "day_night", "enters",
                        "evasion", "library", "morph", "pairing", "protection", "spell_rules", "upkeep"}


def _grammar_text() -> str:
    return "".join(p.read_text().lower() for p in (PKG / "oracle").rglob("*.lark"))


def test_every_row_is_well_formed():
    names = [k.name for k in KEYWORD_TABLE]
    assert len(names) == len(set(names))
    for k in KEYWORD_TABLE:
        assert k.family in FAMILIES, k
        assert re.fullmatch(r"CR 702\.\d+[a-z]?", k.cr), k


def test_every_keyword_has_a_scenario_citing_its_rule():
    files = [p.name for p in SCENARIOS.rglob("*.yaml")]
    missing = set()
    for k in KEYWORD_TABLE:
        stem = "cr-" + k.cr.split()[1].replace(".", "-")
        if not any(re.match(re.escape(stem) + r"(?![0-9])", f) for f in files):
            missing.add(k.name)
    assert missing <= NO_SCENARIO, f"keywords without a scenario: {sorted(missing - NO_SCENARIO)}"
    assert NO_SCENARIO <= missing, f"now covered, remove from NO_SCENARIO: {sorted(NO_SCENARIO - missing)}"


def test_every_keyword_is_in_the_grammar():
    text = _grammar_text()
    missing = []
    for k in KEYWORD_TABLE:
        form = GRAMMAR_BY_FORM.get(k.name)
        if form is not None:
            ok = form in text
        else:
            ok = f'"{k.name}"' in text or all(f'"{w}"' in text for w in k.name.split())
        if not ok:
            missing.append(k.name)
    assert not missing, missing


def test_every_family_has_its_engine_module():
    modules = {p.stem for p in (PKG / "rules" / "mechanics").glob("*.py")}
    families = {k.family for k in KEYWORD_TABLE} - {"core"}
    missing = families - modules
    assert missing <= FAMILIES_IN_THE_CORE, f"families with no engine module: {sorted(missing - FAMILIES_IN_THE_CORE)}"
    assert FAMILIES_IN_THE_CORE <= missing, (f"now in rules/mechanics, remove from FAMILIES_IN_THE_CORE: "
                                             f"{sorted(FAMILIES_IN_THE_CORE - missing)}")

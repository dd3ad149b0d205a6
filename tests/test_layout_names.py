"""Names by Magic concept, never by batch of work (design/layout.md §4.5 item 1), for the Oracle
compiler: module names, grammar rule names and aliases, transformer callbacks and the
callback classes' helper methods.

IR class names (``Zones4…``, ``Lib2…``, ``C2…``, ``Tc…``), IR field names (``Cost.kw2_ninjutsu``,
``ActivatedAbility.actcost_conditions``) and the IR's string vocabulary (trigger events such as
``"kws_blocks"``, conditions such as ``"kw2_monstrous"``) are exempt for now: the engine finds
its effect handlers by IR class name (``_e_<ClassName>`` in rules/) and reads those fields and
strings, so they are renamed together with rules/, once the registry of §4.2 stands in front of
the handlers. `KNOWN_IR_EXCEPTIONS` counts them so that the list can only shrink.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import judgetower.oracle as oracle
from judgetower.oracle import ir
from judgetower.oracle.grammar import parser
from judgetower.oracle.transform import OracleTransformer

#: §4.5 item 1: the wave prefixes
WAVE = re.compile(r"\b_?(kw2|kws|kwc|c2|cb2|lib2|zones4|tf|ts|tc|ec|repl|faces2|copies2|counters2|"
                  r"auras2|combat2|library2|tokcount|trigstate|turnflow|actcost|exilecast|kwcast)_")
#: module names: a wave prefix (also the transformer's old "tx_"), or a digit at the end
BAD_MODULE = re.compile(r"^(tx|kw2|kws|kwc|c2|cb2|lib2|zones4|tf|ts|tc|ec|repl|faces2|copies2|"
                        r"counters2|auras2|combat2|library2|tokcount|trigstate|turnflow|actcost|"
                        r"exilecast|kwcast)_|\d$")
#: IR class names with a wave prefix (CamelCase): none is left (renamed by concept once rules/ found
#: its effect handlers by type, rules/registry.py).
WAVE_CLASS = re.compile(r"^(Kw2|Kws|Kwc|C2|Cb2|Lib2|Zones4|Tf|Ts|Tc|Ec|Repl|Faces2|Copies2|Counters2|"
                        r"Auras2|Combat2|Library2|Tokcount|Trigstate|Turnflow|Actcost|Exilecast|Kwcast|Chars|Cond)"
                        r"[A-Z]")
#: How many IR classes and IR fields still carry a wave prefix (may only go down).
KNOWN_IR_EXCEPTIONS = {"classes": 0, "fields": 12}

ROOT = Path(oracle.__file__).parent


def test_oracle_module_names():
    bad = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
           if p.suffix in (".py", ".lark") and BAD_MODULE.search(p.stem)]
    bad += [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
            if p.is_dir() and p.name != "__pycache__" and BAD_MODULE.search(p.name)]
    assert not bad, f"oracle modules named after a batch of work or with a number: {bad}"


def test_grammar_rule_names_and_aliases():
    names = set()
    for rule in parser().rules:
        origin = rule.origin.name
        names.add(origin.value if hasattr(origin, "value") else str(origin))
        if rule.alias:
            names.add(str(rule.alias))
    bad = sorted(n for n in names if WAVE.match(n))
    assert not bad, f"grammar rules or aliases named after a batch of work: {bad}"


def test_callbacks_and_callback_classes():
    classes = [c for c in OracleTransformer.__mro__ if c.__module__.startswith("judgetower.oracle")]
    bad = sorted({n for c in classes for n in vars(c) if WAVE.match(n)})
    assert not bad, f"callbacks or helpers named after a batch of work: {bad}"
    bad_classes = [c.__name__ for c in classes if re.search(r"\d|TransformMixin$", c.__name__)
                   or WAVE_CLASS.match(c.__name__)]
    assert not bad_classes, bad_classes


def test_ir_exceptions_only_shrink():
    classes = [n for n in dir(ir) if isinstance(getattr(ir, n), type)
               and dataclasses.is_dataclass(getattr(ir, n))]
    wave_classes = [n for n in classes if WAVE_CLASS.match(n)]
    wave_fields = sorted({f.name for n in classes for f in dataclasses.fields(getattr(ir, n))
                          if WAVE.match(f.name)})
    assert len(wave_classes) <= KNOWN_IR_EXCEPTIONS["classes"], wave_classes
    assert len(wave_fields) <= KNOWN_IR_EXCEPTIONS["fields"], wave_fields

"""Mechanic families of the Oracle compiler (design/layout.md §4.1): ``<family>.lark`` holds the
family's grammar (a fragment listed in `judgetower.oracle.grammar.FRAGMENTS`) and ``<family>.py``
its transformer callbacks (a class listed once in `judgetower.oracle.transform.OracleTransformer`).
"""

"""Ways to show a game to people: the terminal table (`terminal`) and game summaries (`summary`).

These modules only read the game through its public API (``pending``, ``view``, ``log``,
``decide``); they never change rules state except by deciding (DESIGN.md principle 1).
"""

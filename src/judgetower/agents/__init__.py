"""Deciders: random, autopilot, human adapters (DESIGN.md layer `judgetower.agents`)."""

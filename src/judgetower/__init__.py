"""judgetower: a rules engine for Judge Tower and ordinary Magic: The Gathering."""

__version__ = "0.1.0"

"""SpecDec Desktop: an offline app that teaches and calculates speculative decoding."""

__version__ = "0.1.0"

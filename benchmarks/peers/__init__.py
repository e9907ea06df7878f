"""Adapters that seat other programs' Euchre players in a bowers match.

Each adapter is a bot (``act(observation) -> str``) built by a picklable
factory, so ``bowers.match.play_match`` can seat it through a ``Side``.  They
exist to measure bowers' bots against independent ones, and are not part of
the package.
"""

"""Importers for what the game says: the Comprehensive Rules text files.

``comprehensive_rules`` reads a file into records (no database), ``rules_sync`` writes them in
one transaction, ``renumbering`` works out where the numbers of older editions went.
"""

"""Importers for what the game says: Comprehensive Rules text files here, documents (release
notes, FAQs) in ``release_notes``.

``comprehensive_rules`` reads a rules file into records (no database), with ``rules_file_text``
turning its bytes into clean lines and ``rules_glossary`` reading its glossary; ``rules_sync``
writes the records in one transaction; ``renumbering`` works out where the numbers of older
editions went.
"""

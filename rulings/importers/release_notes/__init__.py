"""Release notes and FAQs in the form of the seed documents: read, then written to the database,
with a report of what was matched and what not.

Reading (no database): reader.py walks the lines (line_shapes.py says what each looks like) into
document.py's sections and blocks, with damaged_lines.py's damaged lines and cited_names.py's
card names. Writing (sync.py, inside one transaction): the sections, rulings and card names
(card_names.py, heading_subjects.py); the rules quoted (quoted_rules.py); and what the bundled
data files state with the document's sentences (sourced_facts.py): keywords and types
(defined_terms.py, keywords.py), renamed keywords (errata.py), described cards
(described_cards.py). report.py is what the command prints.
"""

"""Release notes and FAQs in the form of the seed documents: read (reader.py), then written to
the database (sync.py and the steps it calls), with a report of what was matched and what not."""

"""Signals other apps listen to, so that ``oracle`` never has to import them."""

from django.dispatch import Signal

# Sent inside the import transaction after cards are written, with ``data`` (the MtgjsonData
# that was read), ``card_pks`` ({oracle_id: pk}) and ``log``. A receiver may return a dict of
# {label: SyncStats} to add to the import report (the rulings app syncs rulings this way).
cards_synced = Signal()

# Sent inside the import transaction before any card is written, with ``data`` and ``log``. A
# receiver may bring cards already here in line with the data first, so the writing that
# follows updates them instead of adding a second card: the rulings app gives a card it made
# from a release note (known from that document only) the Oracle id of the data's card that
# the document described. It may return a dict of {label: SyncStats} for the import report.
cards_arriving = Signal()

"""Signals other apps listen to, so that ``oracle`` never has to import them."""

from django.dispatch import Signal

# Sent inside the import transaction after cards are written, with ``data`` (the MtgjsonData
# that was read), ``card_pks`` ({oracle_id: pk}) and ``log``. A receiver may return a dict of
# {label: SyncStats} to add to the import report (the rulings app syncs rulings this way).
cards_synced = Signal()

"""What the MTGJSON importer stores, as one number: ``IMPORTER_VERSION``, kept beside the fields
it declares (``oracle.importers.mtgjson_fields``).

Raise it in the change that makes the importer store something new or store it differently (a
new card field, a search column filled another way). Each import records the version that wrote
it (``CardDataImport.importer_version``); ``load_bundled_data`` and ``update_data`` import the
files again, unchanged as they are, when the newest import was written by another version, and
say why. A migration that leaves derived data to the next import sets the recorded versions to 0
for the same effect.
"""

from oracle.importers.mtgjson_fields import IMPORTER_VERSION
from oracle.models import CardDataImport


def importer_change() -> tuple[int, int] | None:
    """(recorded, current) when the newest import was written by another importer version;
    None when it was written by this one, or nothing was imported yet."""
    newest = CardDataImport.objects.first()
    if newest is None or newest.importer_version == IMPORTER_VERSION:
        return None
    return newest.importer_version, IMPORTER_VERSION


def importer_change_message(change: tuple[int, int]) -> str:
    recorded, current = change
    return (
        f"the importer changed since these files were imported "
        f"(version {recorded} -> {current}): importing them again."
    )

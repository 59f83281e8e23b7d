"""Rows brought up to date in place, writing only what changed: a second import of the same
document writes nothing."""


def save_changes(instance, wanted: dict, *, also: tuple[str, ...] = ()) -> list[str]:
    """Set the fields of ``wanted`` whose values differ on ``instance`` and save only those
    (with ``also``, e.g. an ``auto_now`` field, when any did); returns their names."""
    changed = [name for name, value in wanted.items() if getattr(instance, name) != value]
    for name in changed:
        setattr(instance, name, wanted[name])
    if changed:
        instance.save(update_fields=[*changed, *also])
    return changed

"""What stored markup was made with besides the data: the templates that make it and the
translation catalogues (``fingerprint``). Stored markup keeps it among what it was made from,
so that markup an older release stored is not shown once a template or a translation changed:
the page makes it again until the store is filled anew (``rule_trees``, ``document_page``)."""

import hashlib
from pathlib import Path

from django.conf import settings
from django.template import engines

_fingerprints: dict[tuple[str, ...], str] = {}


def fingerprint(template_names: tuple[str, ...]) -> str:
    """A digest of the sources of the Jinja2 templates ``template_names`` and of every
    translation catalogue, worked out once per process (unless templates are reloaded as they
    change)."""
    found = _fingerprints.get(template_names)
    if found is not None:
        return found
    env = engines["jinja2"].env
    digest = hashlib.blake2b(digest_size=12)
    for name in template_names:
        source, _filename, _uptodate = env.loader.get_source(env, name)
        digest.update(source.encode())
    for folder in settings.LOCALE_PATHS:
        for catalogue in sorted(Path(folder).glob("*/LC_MESSAGES/*.mo")):
            digest.update(catalogue.read_bytes())
    found = digest.hexdigest()
    if not env.auto_reload:
        _fingerprints[template_names] = found
    return found

"""A cache that the worker processes of one instance share, for counters: Django's file-based
cache in a folder of this machine, whose ``add``, ``incr`` and ``decr`` hold a lock on the
folder, so that two processes counting at once never lose a count.

Without Redis (``CACHE_URL``) this is the ``limits`` alias (config/settings.py): the rate-limit
counters of every gunicorn worker of an instance add up, where a cache in each process's memory
would let each worker count alone.

- The lock is an ``fcntl.flock`` on one file of the folder, taken by ``add`` and ``incr`` (and
  so ``decr``): read, add, write while no other process can. A value is written to a file of
  its own and moved over the old one, so a ``get`` without the lock reads the old value or the
  new, never half of one.
- ``incr`` keeps the key's expiry (Django's file cache would give it the default timeout).
- When the folder holds ``MAX_ENTRIES`` entries, the expired ones go first; only then does
  Django cull at random.
- The folder must belong to the user the site runs as and be writable by no one else: its
  files are unpickled, so anyone who could write them could run code as the site.
"""

import fcntl
import os
import pickle
import tempfile
import time
import zlib
from contextlib import contextmanager

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.exceptions import ImproperlyConfigured

LOCK_FILE = "counters.lock"


class InstanceCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._check_private()

    def _check_private(self):
        folder = os.stat(self._dir)
        if folder.st_uid != os.getuid() or folder.st_mode & 0o022:
            raise ImproperlyConfigured(
                f"The counters' folder {self._dir} must belong to this user and be writable "
                "by no one else (chmod 700): set LIMITS_CACHE_DIR to such a folder."
            )

    @contextmanager
    def _locked(self):
        self._createdir()  # the folder can be deleted at any time
        with open(os.path.join(self._dir, LOCK_FILE), "ab") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
            yield

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        with self._locked():
            return super().add(key, value, timeout, version)

    def incr(self, key, delta=1, version=None):
        with self._locked():
            fname = self._key_to_file(key, version)
            try:
                with open(fname, "rb") as f:
                    expiry = pickle.load(f)
                    value = pickle.loads(zlib.decompress(f.read()))
            except (FileNotFoundError, EOFError):
                raise ValueError(f"Key '{key}' not found") from None
            if expiry is not None and expiry < time.time():
                self._delete(fname)
                raise ValueError(f"Key '{key}' not found")
            value += delta
            self._replace(fname, expiry, value)
            return value

    def _replace(self, fname, expiry, value):
        fd, temporary = tempfile.mkstemp(dir=self._dir)
        try:
            with open(fd, "wb") as f:
                f.write(pickle.dumps(expiry, self.pickle_protocol))
                f.write(zlib.compress(pickle.dumps(value, self.pickle_protocol)))
            os.replace(temporary, fname)
        except BaseException:
            os.remove(temporary)
            raise

    def _cull(self):
        names = self._list_cache_files()
        if len(names) < self._max_entries:
            return
        for name in names:
            try:
                with open(name, "rb") as f:
                    self._is_expired(f)  # deletes the file when it has expired
            except FileNotFoundError:
                pass
        super()._cull()

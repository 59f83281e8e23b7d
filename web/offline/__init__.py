"""Oracolo offline: the data kept in the browser (issue 46; docs/offline.md)."""

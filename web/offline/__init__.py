"""Oracolo kept offline (issue 46, docs/offline.md): the server's half, the card records and
pages listed per data version (``records``, ``package``), the JSON files' views
(``data_views``), the web app manifests (``manifest``) and the Offline page (``about``)."""

"""The jobs of ``python3 web/build.py``, one module each.

- :mod:`.common`: paths, the error type, the log, pip installs and npm packs into ``web/.cache``.
- :mod:`.pyodide`: the Pyodide runtime, its trimmed standard library, bytecode.
- :mod:`.wheel`: the ``hdchess`` wheel and the big endgame tables served beside it.
- :mod:`.fonts`: the Chinese font subsets.
- :mod:`.icons`: the web app manifest and the app's icons, drawn from a piece.
- :mod:`.picture`: the board's glyph outlines and the link preview (drawn by web/board-picture.js).
- :mod:`.page`: the page's files, ``web/static-info.js`` and the service worker.
- :mod:`.qr`: the QR code encoder (an npm package) the page draws invitations with.
- :mod:`.gifenc`: the GIF encoder (an npm package) the page makes a game's animated image with.
- :mod:`.docs`: the documentation pages as HTML.

``web/build.py`` runs them in order.
"""

"""The web app's one entry into Python: JSON commands over a Game.

The browser's worker calls :func:`handle` with a JSON request
``{"cmd": "play", "args": {"move": "c2"}}`` and posts back the JSON reply
``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": "<message>"}``;
an error a player may meet adds its ``code`` and ``params`` (:mod:`hdchess.messages`),
so the page can word it in its own language.
Everything the page shows comes back as a *view* (a plain dict): the board's
shape and every square's content, the legal actions with what each does, the
scores, the record. The page computes no rule, for any game.

One job a module:

- :mod:`.protocol`: JSON in and out, the command table, error replies (:func:`handle`, :class:`Session`);
- :mod:`.args`: reading and checking a request's arguments;
- :mod:`.game_session`: the game's life (new game, load, play, undo, resign, a clock's fall);
- :mod:`.view`: the view, a pure function of the game;
- :mod:`.info`: the games, their words in every language, the AI levels;
- :mod:`.explain`: why a click does nothing;
- :mod:`.computer`: the AI's move, its thinking in slices, a hint, the endgame tables;
- :mod:`.review`: the AI's review of a game (what each action lost, the evaluation graph);
- :mod:`.lessons`: learning from a finished game's mistakes (the AI judges another action tried there).
- :mod:`.contract`: every reply's shape, written once (the tests check each reply against it);
  :mod:`.declarations` writes the page's ``web/protocol.d.ts`` from it.

Nothing here knows about the browser (no ``js`` or ``pyodide`` import), so the
whole bridge is tested on CPython. Nothing in a view, a reply or a record tells
where a face-down piece lies: the referee draws each flip when it happens (a
known deal's seed is kept here and never sent back). The AI's search is imported
at its first use (an AI move, a hint, a review), not with the bridge: the first
screen needs none of it.

>>> import json
>>> reply = json.loads(handle('{"cmd": "new_game", "args": {}}'))
>>> reply["ok"], reply["result"]["ply"], len(reply["result"]["legal"]["flips"])
(True, 0, 32)
>>> json.loads(handle('{"cmd": "play", "args": {"move": "z9"}}'))["error"]
'z9 is not a square (files a-h, ranks 1-4)'
"""

from .. import __version__
from .args import MAX_NAME_LENGTH, BridgeError
from .protocol import MAX_REQUEST, Session, handle

__all__ = ["MAX_NAME_LENGTH", "MAX_REQUEST", "BridgeError", "Session", "__version__", "handle"]

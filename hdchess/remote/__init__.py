"""Remote play: two players on two machines, no server, no referee (issue 37; web/docs/remote.md).

One job a module:

- :mod:`.group`: the 2048-bit MODP group (RFC 3526) and its quadratic residues;
- :mod:`.deck`: the mental-poker deck (commutative SRA encryption, shuffles, partial decryptions);
- :mod:`.deal`: a remote game's source of chance, the cards both sides opened (``Game(deal=...)``);
- :mod:`.coin`: who opens, by commit and reveal;
- :mod:`.clocks`: both players' clocks, reconciled at every move;
- :mod:`.wire`: the messages (JSON with a version, a number and a kind), checked field by field;
- :mod:`.session`: one side's state machine, :class:`~.session.RemoteSession` (the peer's messages
  dispatched by kind, the status), made of one module a job: :mod:`.side` (the state and the steps
  all parts share), :mod:`.handshake` (set-up and resumption), :mod:`.turns` (actions and flips),
  :mod:`.offers` (draw, takeback, the chat's lines) and :mod:`.claims` (resignation, claims on time
  or abandonment, the keys at the end);
- :mod:`.verify`: the whole transcript checked once both keys are public;
- :mod:`.saves`: a session saved to a JSON object and resumed from it;
- :mod:`.loopback`: two sessions joined in one process (tests, benchmarks);
- :mod:`.tcp`: the same protocol over TCP, one message per line; :mod:`.remote_terminal`: a remote game at the
  keyboard (``hdchess play --host PORT`` / ``--join HOST:PORT``).

The bridge's ``remote_*`` commands (:mod:`hdchess.bridge.remote`) give the same sessions to the web page,
which only carries the messages.
"""

"""The lab: tools that improve the AI by playing it (self-play tuning, corpora,
fitting). They sit above the match harness; the AI itself imports none of them."""

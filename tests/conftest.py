"""Suite-wide settings: the property tests and fuzzers run the same cases on every machine.

The normal suite is derandomized so that a CI run is a repeatable verdict, not
a lottery; `HYPOTHESIS_PROFILE=explore python3 -m pytest tests/test_fuzz.py`
draws fresh cases each run when hunting for new bugs.
"""

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

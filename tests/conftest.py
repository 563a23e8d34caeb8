"""Suite-wide settings: the property tests and fuzzers run the same cases on every machine.

The normal suite is derandomized so that a CI run is a repeatable verdict, not
a lottery; `HYPOTHESIS_PROFILE=explore python3 -m pytest tests/test_fuzz.py`
draws fresh cases each run when hunting for new bugs.

Which tests to run:
- `bash tests/run-all.sh` runs everything, the long tests (marked ``slow``) and
  the browser tests (marked ``web``) included;
- `python3 -m pytest -m "not web"` runs the engine tests; on a machine without
  Playwright, tests/web is not even collected (a one-line notice says so);
- `python3 -m pytest -m "not web and not slow"` is the quick loop while editing.

The suite does not depend on the caller's environment: ``HDCHESS_TABLES``
(extra endgame tables the AI would read) is cleared for the whole session, so
the AI tests see the package's own tables only, on every machine.
"""

import importlib.util
import os

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

# Cleared at import, before any test or subprocess of a test reads it; a test that
# needs tables of its own sets the variable itself (tests/test_tables.py).
os.environ.pop("HDCHESS_TABLES", None)

HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None
collect_ignore = [] if HAVE_PLAYWRIGHT else ["web"]


def pytest_terminal_summary(terminalreporter):
    """Say why the browser tests are missing, rather than fail to collect them (shown with -q too)."""
    if not HAVE_PLAYWRIGHT:
        terminalreporter.write_line("playwright is not installed: tests/web was not collected "
                                    "(pip install -e '.[test,web]' to run it)")


@pytest.fixture(autouse=True, scope="session")
def bridge_replies_keep_the_contract():
    """Every reply a bridge session gives in any test is checked against the written contract
    (hdchess/bridge/contract.py): a field missing, unknown or of the wrong type fails the test."""
    from contract_check import check_reply

    from hdchess.bridge.protocol import Session

    handle = Session.handle

    def checked(self, request):
        reply = handle(self, request)
        check_reply(request, reply)
        return reply

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Session, "handle", checked)
        yield

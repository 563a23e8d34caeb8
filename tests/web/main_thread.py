"""The page's tasks on its main thread, read from a Chromium trace: how long each took on the clock and how
much of the thread's CPU time it used. Shared by the browser tests of hitches and tests/web/trace_tasks.py.

The clock time of a task is what the player waits (PerformanceObserver's ``longtask`` reports it), but on a
machine with more work than cores it is mostly the time the thread waited for a core: a 200 ms busy loop
here used 20 ms of CPU at a load average of 23 on 2 cores. The CPU time is the page's own work, which other
programs on the machine do not lengthen.
"""

from __future__ import annotations

import json
from collections import Counter

# what a trace needs for the tasks, their contents and the JavaScript sampled in them
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "toplevel",
              "blink.user_timing", "disabled-by-default-v8.cpu_profiler", "loading"]
TASKS_ONLY = ["disabled-by-default-devtools.timeline", "blink.user_timing"]  # enough for task_times

MARK = "hitch-from"  # a performance.mark the page is given where the counted time starts


def events_of(trace: bytes | dict | list) -> list[dict]:
    """The events of a trace as ``Browser.stop_tracing`` returns it."""
    data = json.loads(trace) if isinstance(trace, bytes | str) else trace
    return data["traceEvents"] if isinstance(data, dict) else data


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the page's renderer main thread: the CrRendererMain with the most tasks."""
    threads = {(e["pid"], e["tid"]) for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    counts = Counter((e["pid"], e["tid"]) for e in events if e.get("name") == "RunTask")
    return max(threads, key=lambda t: counts[t])


def mark_time(events: list[dict], name: str = MARK) -> float:
    """The trace time (µs) of the page's first ``performance.mark(name)``."""
    marks = [e["ts"] for e in events if e.get("name") == name]
    assert marks, f"the trace has no mark {name!r}"
    return min(marks)


def task_times(events: list[dict], after_us: float = 0.0, before_us: float = float("inf")) -> list[dict]:
    """Every task of the page's main thread that started between the two trace times:
    ``{"at": µs, "ms": clock time, "cpu_ms": the thread's CPU time}``, longest first."""
    pid, tid = main_thread(events)
    tasks = [{"at": e["ts"], "ms": e.get("dur", 0) / 1000, "cpu_ms": e.get("tdur", 0) / 1000}
             for e in events
             if e.get("name") == "RunTask" and e.get("ph") == "X" and e["pid"] == pid and e["tid"] == tid
             and after_us <= e["ts"] <= before_us]
    return sorted(tasks, key=lambda task: -task["ms"])

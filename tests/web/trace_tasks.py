"""Attribute the page's long main-thread tasks to what ran in them. Not a test: it prints figures.

    python3 tests/web/trace_tasks.py [--site _site] [--plies 40] [--level Beginner] [--rules]
                                     [--hogs 2] [--over 50]

Plays a game by clicking (random legal moves, as ``measure.py`` does) against the AI at ``--level``
(with ``--rules``, the Rules dialog opened and closed while it thinks), beside ``--hogs`` CPU hogs of
its own, all under a Chromium trace. For every task on the page's main
thread over ``--over`` ms after the page was ready it prints the task's length and what it spent its
time on: the trace's events inside it (script calls by function and file, style, layout, paint,
parsing) and the JavaScript functions the CPU profiler sampled in it, by self time.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import main_thread  # noqa: E402
import measure  # noqa: E402  (its probe, its browser arguments, its engine call)


def play(page, plies: int, seed: int, rules: bool = False) -> None:
    rng = random.Random(seed)
    while True:
        view = measure.engine_call(page, "view")["result"]
        if view["outcome"] or view["ply"] >= plies:
            return
        if view["ai_turn"]:
            if rules and page.evaluate("window.hdchessTestController.app.thinking"):
                page.locator("#btn-rules").click()
                page.keyboard.press("Escape")
            page.wait_for_function("""(ply) => window.hdchessTestController.app.view.ply > ply
                                      || !window.hdchessTestController.app.thinking""", arg=view["ply"],
                                   timeout=120_000, polling=50)
            continue
        options = list(view["legal"]["flips"]) + [o["move"] for opts in view["legal"]["moves"].values()
                                                  for o in opts]
        move = rng.choice(sorted(options))
        page.wait_for_selector("#board.interactive", timeout=120_000)
        for square in (move[:2], move[3:5]) if len(move) > 2 else (move[:2],):
            page.locator(f'#board [data-sq="{square}"]').click()
        try:
            page.wait_for_function("(ply) => window.hdchessTestController.app.view.ply > ply", arg=view["ply"],
                                   timeout=20_000, polling=50)
        except Exception:  # a click that did not play (a menu, a square not yet live): the next try
            page.keyboard.press("Escape")


def label(event) -> str:
    data = event.get("args", {}).get("data", {}) or {}
    name = event["name"]
    if name in ("FunctionCall", "EvaluateScript", "v8.compile", "v8.callFunction"):
        where = data.get("url", "").rsplit("/", 1)[-1]
        return f"{name} {data.get('functionName', '')} {where}:{data.get('lineNumber', '')}"
    if name == "EventDispatch":
        return f"EventDispatch {data.get('type', '')}"
    if name == "TimerFire":
        return "TimerFire"
    return name


def profile_samples(events, thread):
    """(timestamp µs, function label, the profile's nodes, node id) of each CPU-profiler sample taken on
    ``thread`` (a profile is the thread's; its chunks arrive from another thread, matched by its id)."""
    pid, tid = thread
    starts = {e["id"]: e["args"]["data"]["startTime"] for e in events
              if e.get("name") == "Profile" and e["pid"] == pid and e["tid"] == tid}
    nodes: dict[int, dict] = {}
    samples = []
    clock = dict(starts)
    for e in events:
        if e.get("name") != "ProfileChunk" or e["pid"] != pid or e.get("id") not in starts:
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node["callFrame"]
            nodes[node["id"]] = {"parent": node.get("parent"),
                                 "label": f"{frame.get('functionName') or '(anon)'} "
                                          f"{frame.get('url', '').rsplit('/', 1)[-1]}:{frame.get('lineNumber', '')}"}
        for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            clock[e["id"]] += delta
            samples.append((clock[e["id"]], sample))
    return [(ts, nodes.get(sample, {}).get("label", "?"), nodes, sample) for ts, sample in samples]


def stack_of(nodes, node_id, depth=6):
    out = []
    while node_id is not None and len(out) < depth:
        node = nodes.get(node_id)
        if node is None:
            break
        out.append(node["label"].split(" ")[0])
        node_id = node["parent"]
    return " < ".join(out)


def report(events, after_us: float, over_ms: float) -> float:
    thread = main_thread.main_thread(events)
    pid, tid = thread
    mine = [e for e in events if e["pid"] == pid and e["tid"] == tid and e.get("ph") == "X"]
    tasks = [e for e in mine if e["name"] == "RunTask" and e["ts"] >= after_us and e.get("dur", 0) > over_ms * 1000]
    samples = profile_samples(events, thread)
    worst = 0.0
    for task in sorted(tasks, key=lambda e: -e["dur"]):
        start, end = task["ts"], task["ts"] + task["dur"]
        worst = max(worst, task["dur"] / 1000)
        print(f"\ntask of {task['dur'] / 1000:.0f} ms ({task.get('tdur', 0) / 1000:.0f} ms of the thread's CPU time) "
              f"at {(start - after_us) / 1e6:.1f} s")
        inside = defaultdict(float)
        for e in mine:
            if start <= e["ts"] < end and e is not task and e["name"] != "RunTask":
                inside[label(e)] += e.get("dur", 0) / 1000
        for name, ms in sorted(inside.items(), key=lambda kv: -kv[1])[:12]:
            if ms >= 2:
                print(f"    {ms:7.1f} ms  {name}")
        own = Counter()
        stacks = Counter()
        for ts, name, nodes, sample in samples:
            if start <= ts < end:
                own[name] += 1
                stacks[stack_of(nodes, sample)] += 1
        if own:
            print("    sampled (self, samples):", ", ".join(f"{n} x{c}" for n, c in own.most_common(8)))
            for s, c in stacks.most_common(4):
                print(f"      x{c}: {s}")
    cpu = max((e.get("tdur", 0) / 1000 for e in tasks), default=0)
    print(f"\n{len(tasks)} tasks over {over_ms:.0f} ms after the page was ready; the longest {worst:.0f} ms; "
          f"the most CPU time in one: {cpu:.0f} ms")
    return worst


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=None, help="a built site (default: build this tree's)")
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--level", default="Beginner")
    parser.add_argument("--rules", action="store_true", help="open and close Rules while the AI thinks")
    parser.add_argument("--hogs", type=int, default=0, help="CPU hogs to start beside the browser")
    parser.add_argument("--over", type=float, default=50.0, help="report tasks longer than this (ms)")
    parser.add_argument("--save", default=None, help="write the trace's JSON here")
    parser.add_argument("--read", default=None, help="report on a trace written before (--save, or HITCH_TRACE "
                        "of tests/web/test_main_thread.py) instead of playing")
    args = parser.parse_args(argv)
    if args.read:
        events = main_thread.events_of(Path(args.read).read_bytes())
        report(events, main_thread.mark_time(events), args.over)
        return 0
    from playwright.sync_api import sync_playwright

    site = Path(args.site) if args.site else measure.build.build()
    server = measure.serve.make_server(site, port=0)
    measure.serve.serve_in_thread(server)
    url = measure.serve.url_of(server) + f"index.html?lang=en&level={args.level}"
    hogs = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.hogs)]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=measure.ARGS)
            context = browser.new_context()
            context.add_init_script(measure.PROBE)
            page = context.new_page()
            browser.start_tracing(page=page, categories=main_thread.CATEGORIES)
            measure.open_and_wait(page, url)
            page.evaluate("""async () => { window.hdchessTestController =
                               await import(new URL('web/controller.js', document.baseURI).href); }""")
            page.wait_for_function("window.hdchessTestController.app.ready", timeout=120_000)
            page.evaluate(f"performance.mark('{main_thread.MARK}')")
            t0 = time.monotonic()
            play(page, args.plies, 7, args.rules)
            print(f"played to ply {measure.engine_call(page, 'view')['result']['ply']} in "
                  f"{time.monotonic() - t0:.0f} s")
            trace = json.loads(browser.stop_tracing())
            probe = page.evaluate("window.__probe")
            browser.close()
    finally:
        for hog in hogs:
            hog.kill()
        server.shutdown()
    events = main_thread.events_of(trace)
    if args.save:
        Path(args.save).write_text(json.dumps(events))
    report(events, main_thread.mark_time(events), args.over)
    ready_ms = probe["ready"]
    print("longtask entries after ready (ms):",
          sorted((round(d) for s, d in probe["longtasks"] if s > ready_ms), reverse=True)[:15])
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Two terminals play a remote game over TCP on this machine (hdchess play --host PORT / --join HOST:PORT):
two processes, newline-delimited JSON, computer players (--auto) or typed commands, verified by both."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def host(*args):
    process = subprocess.Popen([sys.executable, "-m", "hdchess", "play", "--host", "0", "--letters", *args],
                               cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    first = process.stdout.readline()
    found = re.search(r"port (\d+)", first)
    assert found, first
    return process, int(found[1])


def join(port, *args, stdin=""):
    return subprocess.run([sys.executable, "-m", "hdchess", "play", "--join", f"127.0.0.1:{port}", "--letters",
                           *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=240)


def finish(server):
    try:
        out, _ = server.communicate(timeout=60)
    finally:
        server.kill()
    return out


def test_two_terminals_play_a_whole_fair_game_over_tcp():
    server, port = host("--name", "Ann", "--auto", "random", "--clock", "10+2")
    guest = join(port, "--name", "Bo", "--auto", "greedy")
    out = finish(server)
    assert guest.returncode == 0 and server.returncode == 0, (guest.stdout[-2000:], out[-2000:])
    for text in (out, guest.stdout):
        assert "Game over: " in text
        assert "the whole game checks out: every shuffle, flip and move" in text
        assert '[Event "hdchess remote game"]' in text and '"Ann"' in text and '"Bo"' in text
    record = out[out.index("[Event"):]
    assert record.strip() == guest.stdout[guest.stdout.index("[Event"):].strip()
    assert re.search(r"\b[a-h][1-4]\([A-Za-z]\)", record)  # flips, with what the deck revealed


def test_a_person_at_the_keyboard_plays_through_typed_commands():
    server, port = host("--variant", "cheight", "--name", "Ann", "--auto", "random", "--first-player", "host")
    guest = join(port, "--name", "Bo", stdin="moves\nsay good_game\nresign\n")
    out = finish(server)
    assert guest.returncode == 0 and server.returncode == 0, (guest.stdout[-2000:], out[-2000:])
    assert "Bo: Good game!" in out and "  you: Good game!" in guest.stdout
    assert "Game over: red wins (resignation)" in out
    assert "the whole game checks out" in out and "the whole game checks out" in guest.stdout


def test_joining_nobody_is_an_error_not_a_crash():
    result = join(1, "--auto", "random")
    assert result.returncode != 0 and "cannot join '127.0.0.1:1': " in result.stderr

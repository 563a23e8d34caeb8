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


# -- a hostile client: bounded lines, set-up timeouts, loopback by default (issue 47) ---------------------

def test_a_line_that_never_ends_is_refused_and_costs_no_memory():
    import socket
    import threading
    import tracemalloc

    from hdchess.remote.tcp import MAX_LINE_BYTES, LineChannel
    from hdchess.remote.wire import Refused, decode

    ours, theirs = socket.socketpair()
    tracemalloc.start()
    channel = LineChannel(ours)

    def flood():
        block = b"x" * 1_000_000
        for _ in range(30):  # 30 MB with no newline, then one, then a short line
            theirs.sendall(block)
        theirs.sendall(b"\n" + b'{"v": 1}\n')

    sender = threading.Thread(target=flood)
    sender.start()
    cut = channel.receive(timeout=120)
    after = channel.receive(timeout=120)
    sender.join()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    theirs.close()
    channel.close()
    assert peak < 5_000_000, peak  # 30 MB went by
    assert len(cut) == MAX_LINE_BYTES + 1  # passed on cut short, once
    try:
        decode(cut)
        raise AssertionError("an over-long line was taken")
    except Refused as exc:
        assert "it is longer than 200000 characters" in str(exc)
    assert after == '{"v": 1}'  # the rest of the long line was dropped, the next line read whole


def test_the_host_drops_a_silent_client_and_a_broken_one_and_a_real_peer_joins():
    import socket
    import threading

    from hdchess.remote.remote_terminal import host_handshake
    from hdchess.remote.session import RemoteSession
    from hdchess.remote.tcp import LineChannel, serve

    session, _ = RemoteSession.host("cheight", {}, "Ann", None)
    ports, made = [], []
    announced = threading.Event()

    def announce(text):
        ports.append(int(re.search(r"port (\d+)", text)[1]))
        announced.set()

    host_thread = threading.Thread(target=lambda: made.append(serve(0, host_handshake(session, timeout=1.0),
                                                                    announce=announce)))
    host_thread.start()
    assert announced.wait(60)
    silent = socket.create_connection(("127.0.0.1", ports[0]))  # connects, never speaks
    broken = socket.create_connection(("127.0.0.1", ports[0]))
    broken.sendall(b"hello there\n")
    guest = RemoteSession.guest("Bo")
    channel = LineChannel(socket.create_connection(("127.0.0.1", ports[0])))
    hello = channel.receive(timeout=120)  # sent once the two before were dropped
    for text in guest.receive(hello).messages:
        channel.send(text)
    host_thread.join(120)
    assert made and session.phase == "playing"
    host_channel, start = made[0]
    for text in start.messages:
        host_channel.send(text)
    guest.receive(channel.receive(timeout=120))
    assert guest.phase == "playing" and guest.names["host"] == "Ann" and session.names["guest"] == "Bo"
    for sock in (silent, broken):
        sock.close()
    channel.close()
    host_channel.close()


def test_listen_opens_the_host_to_the_network():
    process = subprocess.Popen([sys.executable, "-m", "hdchess", "play", "--host", "0", "--listen", "0.0.0.0"],
                               cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    process.kill()
    process.communicate()
    assert "on 0.0.0.0 port" in first, first


def test_the_host_announces_loopback_by_default():
    process = subprocess.Popen([sys.executable, "-m", "hdchess", "play", "--host", "0"], cwd=ROOT,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    process.kill()
    process.communicate()
    assert "on 127.0.0.1 port" in first, first


def test_a_guest_that_accepted_another_clock_refuses_the_game():
    server, port = host("--variant", "cheight", "--name", "Ann", "--auto", "random", "--clock", "10+2")
    guest = join(port, "--name", "Bo", "--auto", "random", "--clock", "5+0")
    server.kill()
    server.communicate()
    assert guest.returncode == 2
    assert "its clock (10+2) is not the one you accepted (5+0)" in guest.stdout
    assert "The game could not be set up." in guest.stdout


def test_a_guest_at_the_keyboard_is_asked_to_accept_the_clock():
    server, port = host("--variant", "cheight", "--name", "Ann", "--auto", "random", "--clock", "10+2",
                        "--first-player", "host")
    guest = join(port, "--name", "Bo", stdin="y\nresign\n")
    out = finish(server)
    assert "Ann invites you to cheight with the clock 10+2 (minutes + seconds a move). Accept? [y/n]" in guest.stdout
    assert "against Ann, clock 10+2" in guest.stdout and "Game over: red wins (resignation)" in out


def test_a_host_clock_under_a_second_is_refused_before_anyone_connects():
    result = subprocess.run([sys.executable, "-m", "hdchess", "play", "--host", "0", "--clock", "0.01"], cwd=ROOT,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "--clock must look like 10+5" in result.stderr and "from 1 s" in result.stderr

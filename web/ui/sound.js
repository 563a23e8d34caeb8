// Sounds, synthesised with WebAudio (no audio files): a flip, a move, a
// capture, the game's end. Off until enabled; the audio context is made at the
// first sound after the player has clicked (browsers require a gesture).

let enabled = false;
let context = null;
export const played = []; // the sounds asked for while enabled (kinds), for tests and curiosity

export function setSound(on) {
  enabled = Boolean(on);
}

export function soundOn() {
  return enabled;
}

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** One short tone: frequency glide from f0 to f1 over `ms`, with a quick attack and decay. */
function tone(ctx, { f0, f1 = f0, ms = 90, type = "sine", gain = 0.18, delay = 0 }) {
  const start = ctx.currentTime + delay / 1000;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f0, start);
  osc.frequency.exponentialRampToValueAtTime(f1, start + ms / 1000);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + ms / 1000 + 0.02);
}

const SOUNDS = {
  flip: [{ f0: 900, f1: 500, ms: 70, type: "triangle" }, { f0: 1300, f1: 900, ms: 50, type: "sine", delay: 40, gain: 0.1 }],
  move: [{ f0: 220, f1: 160, ms: 90, type: "sine", gain: 0.25 }],
  capture: [{ f0: 320, f1: 120, ms: 120, type: "square", gain: 0.12 }, { f0: 180, f1: 90, ms: 160, delay: 30, gain: 0.2 }],
  end: [{ f0: 523, ms: 260, gain: 0.14 }, { f0: 659, ms: 260, delay: 140, gain: 0.14 }, { f0: 784, ms: 420, delay: 280, gain: 0.14 }],
};

/** Play a sound of `kind` (flip, move, capture, end) if sound is on. */
export function playSound(kind) {
  if (!enabled || !SOUNDS[kind]) return;
  played.push(kind);
  try {
    const ctx = audio();
    if (ctx) for (const part of SOUNDS[kind]) tone(ctx, part);
  } catch {
    /* no audio here: the game goes on silently */
  }
}

// Sounds, synthesised with WebAudio (no audio files): a flip, a move, a
// capture, the game's end. Off until enabled. The audio context is made as
// soon as sound is on, in a task of its own: its first making in a browser
// waits for the audio service (60-200 ms here), which must not hold up a move.
// Made before the player's first click, it starts suspended; the first sound
// after a click resumes it (browsers require a gesture).

let enabled = false;
/** @type {AudioContext | null} */
let context = null;
/** @type {string[]} */
export const played = []; // the sounds asked for while enabled (kinds), for tests and curiosity

/** @param {unknown} on */
export function setSound(on) {
  enabled = Boolean(on);
  if (enabled && !context) window.setTimeout(() => { if (enabled) open(); }, 0);
}

export function soundOn() {
  return enabled;
}

/** The audio context, made once (null where there is no WebAudio). */
function open() {
  if (!context) {
    /** @type {typeof AudioContext | undefined} */
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Context) return null;
    try {
      context = new Context();
    } catch {
      return null; // no audio here: the game goes on silently
    }
  }
  return context;
}

function audio() {
  const ctx = open();
  if (ctx?.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/** @typedef {{f0: number, f1?: number, ms?: number, type?: OscillatorType, gain?: number, delay?: number}} Tone */

/** One short tone: frequency glide from f0 to f1 over `ms`, with a quick attack and decay.
 *  @param {AudioContext} ctx @param {Tone} tone */
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

/** @type {Record<string, Tone[]>} */
const SOUNDS = {
  flip: [{ f0: 900, f1: 500, ms: 70, type: "triangle" }, { f0: 1300, f1: 900, ms: 50, type: "sine", delay: 40, gain: 0.1 }],
  move: [{ f0: 220, f1: 160, ms: 90, type: "sine", gain: 0.25 }],
  capture: [{ f0: 320, f1: 120, ms: 120, type: "square", gain: 0.12 }, { f0: 180, f1: 90, ms: 160, delay: 30, gain: 0.2 }],
  end: [{ f0: 523, ms: 260, gain: 0.14 }, { f0: 659, ms: 260, delay: 140, gain: 0.14 }, { f0: 784, ms: 420, delay: 280, gain: 0.14 }],
};

/** Play a sound of `kind` (flip, move, capture, end) if sound is on. */
/** @param {string} kind */
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

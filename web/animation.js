// A finished game as an animated image of its moves: a GIF made in the page, one frame per position (the
// start, then one per ply), the last held, each frame the board as web/board-picture.js draws it in the
// page's own colours, from the positions the worker gives (the bridge's `frames`: no rules here). The GIF
// is encoded by gifenc (npm, vendored by the build as web/gifenc.js). The drawing modules are loaded the
// first time an image is asked for. The end screen shows the image, Save the image, and Share where
// the browser can share files (web/ui/gameover.js).

import { call, task } from "./engine-queue.js";
import { pieceGlyph } from "./pieces.js";
import { app } from "./state.js";
import { engineErrorText } from "./ui/messages.js";

export const FRAME_MS = 800; // each position, about as long as a step of the replay
export const LAST_FRAME_MS = 3000; // the end, held
const CELL = 48; // a square's side in the image, in pixels
const COLOURS = 256; // a GIF's palette, one for the whole image (one index of it is "as before")
const SAMPLES = 8; // frames the palette's colours are taken from

/** @typedef {import("./ui/gameover.js").Animation} Animation */

/** @type {Animation | null} */
let current = null;

/** The image of the game on screen (or its making), if any. @returns {Animation | null} */
export function animationOf() {
  return current && current.record === app.view.record ? current : null;
}

/** The style the picture is drawn in: the page's colours now (its theme), the variant's glyphs (or the
 *  letters, as the page shows them), the glyphs' outlines.
 *  @param {Record<string, string>} outlines @param {Record<string, string | null>[]} boards
 *  @param {string[]} colourNames @returns {import("./board-picture.js").PictureStyle} */
function pageStyle(outlines, boards, colourNames) {
  const css = getComputedStyle(document.documentElement);
  /** @type {Record<string, string>} */
  const colours = {};
  for (const name of colourNames) colours[name] = css.getPropertyValue(`--${name}`).trim();
  /** @type {Record<string, string>} */
  const glyphs = {};
  for (const squares of boards) {
    for (const content of Object.values(squares)) {
      for (const letter of content ?? "") if (letter !== "x") glyphs[letter] = app.settings.letters ? letter : pieceGlyph(letter);
    }
  }
  return { colours, glyphs, outlines, cell: CELL, canvas: null };
}

/** An SVG text as an image, decoded. @param {string} svg @returns {Promise<HTMLImageElement>} */
async function decoded(svg) {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  return image;
}

/** Up to SAMPLES of the frames' pixels, spaced evenly (the first and the last among them), as one buffer:
 *  the colours the one palette of the whole image is made from. @param {Uint8ClampedArray[]} frames */
function sample(frames) {
  const count = Math.min(SAMPLES, frames.length);
  const picked = Array.from({ length: count }, (_, i) => frames[Math.round(i * (frames.length - 1) / Math.max(1, count - 1))]);
  const out = new Uint8ClampedArray(picked.reduce((sum, frame) => sum + (frame?.length ?? 0), 0));
  let at = 0;
  for (const frame of picked) {
    if (!frame) continue;
    out.set(frame, at);
    at += frame.length;
  }
  return out;
}

/** A frame's palette indices where it differs from the frame before, `transparent` where it does not: only
 *  the pixels a move changed are matched to the palette (most of a frame is as before).
 *  @param {Uint8ClampedArray} frame @param {Uint8ClampedArray} before @param {import("./gifenc.js").Palette} palette
 *  @param {typeof import("./gifenc.js").applyPalette} applyPalette @param {number} transparent */
function changedPixels(frame, before, palette, applyPalette, transparent) {
  const now = new Uint32Array(frame.buffer, frame.byteOffset, frame.length / 4);
  const then = new Uint32Array(before.buffer, before.byteOffset, before.length / 4);
  const indices = new Uint8Array(now.length).fill(transparent);
  const changed = [];
  for (let i = 0; i < now.length; i++) if (now[i] !== then[i]) changed.push(i);
  const colours = new Uint32Array(changed.length);
  changed.forEach((at, i) => { colours[i] = now[at] ?? 0; });
  const matched = applyPalette(new Uint8Array(colours.buffer), palette);
  changed.forEach((at, i) => { indices[at] = matched[i] ?? transparent; });
  return indices;
}

/** The GIF of `game` (the bridge's positions of one game); `progress(done)` after each frame drawn. One
 *  palette for the whole image; after the first frame, a pixel as it was in the frame before is left
 *  transparent (the frame before shows through), so a frame costs about what its move changed.
 *  @param {import("./protocol").Frames} game @param {(done: number) => void} progress
 *  @returns {Promise<Uint8Array<ArrayBuffer>>} */
export async function encodeGame(game, progress) {
  const [{ boardSvg, PICTURE_COLOURS }, { OUTLINES }, { GIFEncoder, quantize, applyPalette }] = await Promise.all([
    import("./board-picture.js"), import("./board-glyphs.js"), import("./gifenc.js")]);
  const style = pageStyle(OUTLINES, game.frames.map((frame) => frame.squares), PICTURE_COLOURS);
  const images = await Promise.all(game.frames.map((frame) => decoded(boardSvg({ board: game.board, ...frame }, style))));
  const canvas = document.createElement("canvas");
  canvas.width = images[0]?.naturalWidth ?? 1;
  canvas.height = images[0]?.naturalHeight ?? 1;
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  const pixels = images.map((image, index) => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    progress(index + 1);
    return context.getImageData(0, 0, canvas.width, canvas.height).data;
  });
  const palette = quantize(sample(pixels), COLOURS - 1);
  const transparent = palette.length; // an index applyPalette gives no pixel
  const gif = GIFEncoder();
  for (const [index, frame] of pixels.entries()) {
    const delay = index === pixels.length - 1 ? LAST_FRAME_MS : FRAME_MS;
    const before = pixels[index - 1];
    if (!before) {
      gif.writeFrame(applyPalette(frame, palette), canvas.width, canvas.height, { palette: [...palette, [0, 0, 0]], delay });
    } else {
      gif.writeFrame(changedPixels(frame, before, palette, applyPalette, transparent), canvas.width, canvas.height,
        { delay, transparent: true, transparentIndex: transparent, dispose: 1 });
    }
  }
  gif.finish();
  return gif.bytes();
}

/** Make the image of the finished game on screen; `redraw()` shows each step of it (the end screen).
 *  @param {() => void} redraw @returns {Promise<void>} */
export async function makeAnimation(redraw) {
  const record = app.view.record;
  if (!app.view.outcome || animationOf()?.state === "making") return;
  if (current?.url) URL.revokeObjectURL(current.url);
  const started = performance.now();
  /** @type {Animation} */
  const making = { record, state: "making", done: 0, total: 0, url: null, file: null, ms: 0, error: null };
  current = making;
  redraw();
  try {
    const game = await task(() => call("frames"));
    making.total = game.frames.length;
    redraw();
    const bytes = await encodeGame(game, (done) => {
      making.done = done;
      const bar = document.querySelector("#animation-progress");
      if (bar instanceof HTMLProgressElement) bar.value = done;
    });
    making.file = new File([bytes], "hdchess-game.gif", { type: "image/gif" });
    making.url = URL.createObjectURL(making.file);
    making.state = "made";
  } catch (err) {
    making.state = "failed";
    making.error = engineErrorText(err);
  }
  making.ms = performance.now() - started;
  if (current === making) redraw();
}

/** Share the image where the browser can share files. @returns {boolean} */
export function canShareAnimation() {
  const file = animationOf()?.file;
  return Boolean(file && navigator.canShare?.({ files: [file] }));
}

/** Hand the image to the system's share sheet (a chat app, mail); a cancelled share is no error. */
export async function shareAnimation() {
  const file = animationOf()?.file;
  if (!file) return;
  try {
    await navigator.share({ files: [file], title: "hdchess" });
  } catch {
    // the player closed the share sheet
  }
}

// The hint on the board's overlay (an SVG over the grid, 100 units a square):
// an arrow from the suggested move's square to its destination, or a ring
// round the square for a flip; a chain of captures, one arrow a capture.

const NS = "http://www.w3.org/2000/svg";

/** Draw `hint` into `overlay`; `centerOf(sq)` is a square's centre in the overlay's units, null if the
 *  board has no such square. `hint.played` (the review, before a mistake) is the move that was played
 *  instead, drawn first as a plain arrow under the engine's.
 *  @param {SVGSVGElement} overlay
 *  @param {{from?: string | null, to?: string | null, path?: string[], played?: {from: string, to: string} | null} | null} hint
 *  @param {(sq: string) => [number, number] | null} centerOf */
export function drawHint(overlay, hint, centerOf) {
  overlay.replaceChildren();
  if (!hint) return;
  if (hint.played) arrow(overlay, hint.played, centerOf, "played");
  if (!hint.path?.length) {
    arrow(overlay, hint, centerOf, "hint");
    return;
  }
  let from = hint.from;
  for (const to of hint.path) {
    arrow(overlay, { from, to }, centerOf, "hint");
    from = to;
  }
}

/** One arrow (or a ring for a flip) of class `name`-line/-head/-ring.
 *  @param {SVGSVGElement} overlay @param {{from?: string | null, to?: string | null}} move
 *  @param {(sq: string) => [number, number] | null} centerOf @param {string} name */
function arrow(overlay, move, centerOf, name) {
  const to = move.to ? centerOf(move.to) : null;
  if (!to) return;
  const [x2, y2] = to;
  const from = move.from && move.from !== move.to ? centerOf(move.from) : null;
  if (!from) {
    const ring = document.createElementNS(NS, "circle");
    Object.entries({ cx: x2, cy: y2, r: 44, class: `${name}-ring` }).forEach(([k, v]) => ring.setAttribute(k, String(v)));
    overlay.append(ring);
    return;
  }
  const [x1, y1] = from;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const tipX = x2 - ux * 20;
  const tipY = y2 - uy * 20;
  const line = document.createElementNS(NS, "line");
  Object.entries({ x1: x1 + ux * 20, y1: y1 + uy * 20, x2: tipX - ux * 26, y2: tipY - uy * 26, class: `${name}-line` })
    .forEach(([k, v]) => line.setAttribute(k, String(v)));
  const head = document.createElementNS(NS, "polygon");
  const px = -uy;
  const py = ux;
  const base = [tipX - ux * 34, tipY - uy * 34];
  head.setAttribute("points", [
    [tipX, tipY], [base[0] + px * 20, base[1] + py * 20], [base[0] - px * 20, base[1] - py * 20],
  ].map((p) => p.join(",")).join(" "));
  head.setAttribute("class", `${name}-head`);
  overlay.append(line, head);
}

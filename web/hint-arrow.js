// The hint on the board's overlay (an SVG over the grid, 100 units a square):
// an arrow from the suggested move's square to its destination, or a ring
// round the square for a flip.

const NS = "http://www.w3.org/2000/svg";

/** Draw `hint` into `overlay`; `centerOf(sq)` is a square's centre in the overlay's units, null if the
 *  board has no such square.
 *  @param {SVGSVGElement} overlay @param {{from?: string | null, to?: string | null} | null} hint
 *  @param {(sq: string) => [number, number] | null} centerOf */
export function drawHint(overlay, hint, centerOf) {
  overlay.replaceChildren();
  const to = hint?.to ? centerOf(hint.to) : null;
  if (!hint || !to) return;
  const [x2, y2] = to;
  const from = hint.from && hint.from !== hint.to ? centerOf(hint.from) : null;
  if (!from) {
    const ring = document.createElementNS(NS, "circle");
    Object.entries({ cx: x2, cy: y2, r: 44, class: "hint-ring" }).forEach(([k, v]) => ring.setAttribute(k, String(v)));
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
  Object.entries({ x1: x1 + ux * 20, y1: y1 + uy * 20, x2: tipX - ux * 26, y2: tipY - uy * 26, class: "hint-line" })
    .forEach(([k, v]) => line.setAttribute(k, String(v)));
  const head = document.createElementNS(NS, "polygon");
  const px = -uy;
  const py = ux;
  const base = [tipX - ux * 34, tipY - uy * 34];
  head.setAttribute("points", [
    [tipX, tipY], [base[0] + px * 20, base[1] + py * 20], [base[0] - px * 20, base[1] - py * 20],
  ].map((p) => p.join(",")).join(" "));
  head.setAttribute("class", "hint-head");
  overlay.append(line, head);
}

// The evaluation graph of a finished game (SVG): red's advantage after each
// ply, from the bridge's `evaluations`. Clicking it jumps the replay there.

import { t } from "../i18n.js";

const NS = "http://www.w3.org/2000/svg";
const W = 320;
const H = 120;

/** @param {string} tag @param {Record<string, string | number>} attrs */
function svg(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** plies: [{ply, score_red, result?}] (the last one of a finished game carries its result); opts: {current, onPick(index)} where index counts plies from the start. */
/** @typedef {{ply: number, score_red: number, result?: string}} GraphPly */

/** @param {HTMLElement} container @param {GraphPly[]} plies
 *  @param {{current?: number | null, onPick?: (index: number) => void}} [opts] */
export function renderGraph(container, plies, opts = {}) {
  if (!plies?.length) {
    container.replaceChildren();
    return;
  }
  const scores = plies.map((p) => Number(p.score_red) || 0);
  const bound = Math.max(4, ...scores.map(Math.abs));
  const n = plies.length;
  /** @param {number} i */
  const x = (i) => (n === 1 ? W / 2 : (i / (n - 1)) * W);
  /** @param {number} s */
  const y = (s) => H / 2 - (Math.max(-bound, Math.min(bound, s)) / bound) * (H / 2 - 6);
  const points = scores.map((s, i) => `${x(i).toFixed(1)},${y(s).toFixed(1)}`);
  const last = plies[plies.length - 1];
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img", preserveAspectRatio: "none",
    "aria-label": t("panel.graph.label", { min: Math.min(...scores).toFixed(1), max: Math.max(...scores).toFixed(1) })
      + (last.result ? ` ${t("label.pair", { label: t("panel.graph.result"), value: last.result })}` : "") });
  const clipAbove = svg("clipPath", { id: "graph-above" });
  clipAbove.append(svg("rect", { x: 0, y: 0, width: W, height: H / 2 }));
  const clipBelow = svg("clipPath", { id: "graph-below" });
  clipBelow.append(svg("rect", { x: 0, y: H / 2, width: W, height: H / 2 }));
  const defs = svg("defs", {});
  defs.append(clipAbove, clipBelow);
  const area = `M0,${H / 2} L${points.join(" L")} L${x(n - 1).toFixed(1)},${H / 2} Z`;
  root.append(
    defs,
    svg("path", { d: area, class: "graph-red", "clip-path": "url(#graph-above)" }),
    svg("path", { d: area, class: "graph-black", "clip-path": "url(#graph-below)" }),
    svg("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-axis", "vector-effect": "non-scaling-stroke" }),
    svg("polyline", { points: points.join(" "), class: "graph-line", "vector-effect": "non-scaling-stroke" }),
  );
  if (last.result) { // the final point is the result itself, not an estimate
    root.append(svg("circle", { cx: x(n - 1), cy: y(scores[n - 1]), r: 4, class: "graph-result" }));
  }
  if (opts.current !== null && opts.current !== undefined) {
    const i = Math.max(0, Math.min(n - 1, opts.current));
    root.append(svg("line", { x1: x(i), y1: 0, x2: x(i), y2: H, class: "graph-cursor", "vector-effect": "non-scaling-stroke" }));
  }
  // labels in HTML: the drawing stretches to the box width, text must not
  const labels = [["panel.graph.red", "top"], ["panel.graph.black", "bottom"]].map(([key, where]) => {
    const span = document.createElement("span");
    span.className = `graph-label ${where}`;
    span.setAttribute("aria-hidden", "true");
    span.textContent = t(key);
    return span;
  });
  const onPick = opts.onPick;
  if (onPick) {
    root.classList.add("clickable");
    root.addEventListener("click", (event) => {
      const box = root.getBoundingClientRect();
      const fraction = (/** @type {MouseEvent} */ (event).clientX - box.left) / box.width;
      onPick(Math.round(fraction * (n - 1)));
    });
  }
  const frame = document.createElement("div");
  frame.className = "graph-frame";
  frame.append(root, ...labels);
  container.replaceChildren(frame);
}

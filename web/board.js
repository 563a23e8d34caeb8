// The board: DOM only, no rules. It draws the squares it is given, marks the
// destinations listed in `legal`, and reports what the player chose through
// onAction(moveText). Selection and keyboard focus are its own UI state.

import { isPieceLetter, kindName, pieceColor, pieceGlyph, pieceName, t } from "./i18n.js";

const FILES = "abcdefgh";
const RANKS = [4, 3, 2, 1]; // top to bottom on screen
const NS = "http://www.w3.org/2000/svg";

/** Square names in screen order: a4..h4, a3..h3, ... a1..h1. */
export const SQUARE_ORDER = RANKS.flatMap((rank) => [...FILES].map((file) => `${file}${rank}`));

function cellPosition(sq) {
  return { col: FILES.indexOf(sq[0]), row: RANKS.indexOf(Number(sq[1])) };
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** A disc element for a square's content ("x" face-down, a piece letter), or null. */
export function makeDisc(content, letters) {
  if (!content) return null;
  const disc = document.createElement("span");
  if (content === "x") {
    disc.className = "disc hidden";
    return disc;
  }
  if (!isPieceLetter(content)) return null;
  disc.className = `disc ${pieceColor(content)}${letters ? " letters" : ""}`;
  const glyph = document.createElement("span");
  glyph.className = "glyph";
  // letters as in the notation: upper case red, lower case black (told apart without colour)
  glyph.textContent = letters ? content : pieceGlyph(content);
  disc.append(glyph);
  disc.title = kindName(content);
  return disc;
}

/** Attribute writes invalidate style even when the value is the same: skip those. */
function setIfChanged(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

export function createBoard(root, { onAction }) {
  const wrap = document.createElement("div");
  wrap.className = "board-wrap";
  const rankLabels = document.createElement("div");
  rankLabels.className = "coords ranks";
  rankLabels.setAttribute("aria-hidden", "true");
  for (const rank of RANKS) rankLabels.append(Object.assign(document.createElement("span"), { textContent: rank }));
  const fileLabels = document.createElement("div");
  fileLabels.className = "coords files";
  fileLabels.setAttribute("aria-hidden", "true");
  for (const file of FILES) fileLabels.append(Object.assign(document.createElement("span"), { textContent: file }));

  const grid = document.createElement("div");
  grid.className = "board";
  grid.setAttribute("role", "grid");
  grid.id = "board";
  const cells = new Map();
  for (const rank of RANKS) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    for (const file of FILES) {
      const sq = `${file}${rank}`;
      const cell = document.createElement("div");
      cell.className = `sq ${(FILES.indexOf(file) + rank) % 2 ? "light" : "dark"}`;
      cell.setAttribute("role", "gridcell");
      cell.dataset.sq = sq;
      cell.tabIndex = -1;
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.setAttribute("aria-hidden", "true");
      cell.append(mark);
      row.append(cell);
      cells.set(sq, cell);
    }
    grid.append(row);
  }
  const overlay = document.createElementNS(NS, "svg");
  overlay.setAttribute("class", "overlay");
  overlay.setAttribute("viewBox", "0 0 800 400");
  overlay.setAttribute("aria-hidden", "true");
  const boardArea = document.createElement("div");
  boardArea.className = "board-area";
  boardArea.append(grid, overlay);
  wrap.append(rankLabels, boardArea, document.createElement("span"), fileLabels);
  root.replaceChildren(wrap);

  let cfg = {
    squares: Object.fromEntries(SQUARE_ORDER.map((sq) => [sq, "x"])),
    legal: { flips: [], moves: {} },
    interactive: false,
    lastMove: null,
    hint: null,
    queued: null,
    letters: false,
  };
  let selected = null;
  let focusSq = "a4";
  const shown = new Map(); // square -> content key currently drawn

  function destsOf(sq) {
    return (sq && cfg.legal?.moves?.[sq]) || [];
  }

  function activate(sq) {
    if (!cfg.interactive) return;
    const chosen = destsOf(selected).find((d) => d.to === sq);
    if (chosen) {
      selected = null;
      render();
      onAction(chosen.move);
      return;
    }
    if (cfg.legal?.flips?.includes(sq)) {
      selected = null;
      render();
      onAction(sq);
      return;
    }
    selected = destsOf(sq).length && selected !== sq ? sq : null;
    render();
  }

  function label(sq, content, extra) {
    let text;
    if (!content) text = t("square.empty", { sq });
    else if (content === "x") text = t("square.hidden", { sq });
    else text = t("square.piece", { sq, piece: pieceName(content) });
    const parts = [text, ...extra.filter(Boolean)];
    return parts.join(", ");
  }

  function render() {
    const dests = new Map(destsOf(selected).map((d) => [d.to, d]));
    const last = cfg.lastMove;
    const hint = cfg.hint;
    for (const [sq, cell] of cells) {
      const content = cfg.squares?.[sq] ?? null;
      const key = `${content}|${cfg.letters}`;
      if (shown.get(sq) !== key) {
        cell.querySelector(".disc")?.remove();
        const disc = makeDisc(content, cfg.letters);
        if (disc) cell.prepend(disc);
        shown.set(sq, key);
      }
      const dest = dests.get(sq);
      const flippable = cfg.interactive && cfg.legal?.flips?.includes(sq);
      const movable = cfg.interactive && destsOf(sq).length > 0;
      cell.classList.toggle("selected", sq === selected);
      cell.classList.toggle("dest", Boolean(dest && !dest.capture));
      cell.classList.toggle("capture", Boolean(dest?.capture));
      cell.classList.toggle("actionable", Boolean(flippable || movable || dest));
      cell.classList.toggle("last-from", Boolean(last && last.from === sq && last.from !== last.to));
      cell.classList.toggle("last-to", Boolean(last && last.to === sq));
      cell.classList.toggle("hint-sq", Boolean(hint && (hint.from === sq || hint.to === sq)));
      cell.classList.toggle("queued", cfg.queued === sq);
      setIfChanged(cell, "aria-selected", sq === selected ? "true" : "false");
      setIfChanged(cell, "aria-label", label(sq, content, [
        sq === selected && t("square.selected"),
        dest && (dest.capture ? t("square.capture") : t("square.dest")),
        cfg.queued === sq && t("square.queued"),
      ]));
      setIfChanged(cell, "tabindex", sq === focusSq ? "0" : "-1");
    }
    grid.classList.toggle("interactive", Boolean(cfg.interactive));
    drawHint();
  }

  function drawHint() {
    overlay.replaceChildren();
    const hint = cfg.hint;
    if (!hint?.to) return;
    const center = (sq) => {
      const { col, row } = cellPosition(sq);
      return [col * 100 + 50, row * 100 + 50];
    };
    const [x2, y2] = center(hint.to);
    if (!hint.from || hint.from === hint.to) {
      const ring = document.createElementNS(NS, "circle");
      Object.entries({ cx: x2, cy: y2, r: 44, class: "hint-ring" }).forEach(([k, v]) => ring.setAttribute(k, v));
      overlay.append(ring);
      return;
    }
    const [x1, y1] = center(hint.from);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const tipX = x2 - ux * 20;
    const tipY = y2 - uy * 20;
    const line = document.createElementNS(NS, "line");
    Object.entries({ x1: x1 + ux * 20, y1: y1 + uy * 20, x2: tipX - ux * 26, y2: tipY - uy * 26, class: "hint-line" })
      .forEach(([k, v]) => line.setAttribute(k, v));
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

  /** Brief flip/move/capture animation of the change from `before` to the current squares. */
  function animate(before, move) {
    if (!move || reducedMotion()) return;
    const toCell = cells.get(move.to);
    const disc = toCell?.querySelector(".disc");
    if (!disc) return;
    if (move.kind === "flip") {
      disc.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { duration: 220, easing: "ease-out" });
      return;
    }
    const fromCell = cells.get(move.from);
    if (!fromCell) return;
    const a = fromCell.getBoundingClientRect();
    const b = toCell.getBoundingClientRect();
    const dx = a.left - b.left;
    const dy = a.top - b.top;
    const victim = before?.[move.to];
    if (move.kind === "capture" && victim) {
      const ghost = makeDisc(victim, cfg.letters);
      if (ghost) {
        ghost.classList.add("ghost");
        toCell.append(ghost);
        ghost.animate([{ opacity: 1, transform: "scale(1)" }, { opacity: 0, transform: "scale(0.5)" }],
          { duration: 260, easing: "ease-in" }).onfinish = () => ghost.remove();
      }
    }
    disc.style.zIndex = "3";
    disc.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 200, easing: "ease-out" }).onfinish = () => { disc.style.zIndex = ""; };
  }

  function moveFocus(sq, takeFocus = true) {
    focusSq = sq;
    for (const [name, cell] of cells) cell.tabIndex = name === sq ? 0 : -1;
    if (takeFocus) cells.get(sq).focus();
  }

  grid.addEventListener("click", (event) => {
    const cell = event.target.closest(".sq");
    if (!cell) return;
    moveFocus(cell.dataset.sq, false);
    activate(cell.dataset.sq);
  });

  grid.addEventListener("keydown", (event) => {
    const { col, row } = cellPosition(focusSq);
    let next = null;
    switch (event.key) {
      case "ArrowLeft": next = [Math.max(0, col - 1), row]; break;
      case "ArrowRight": next = [Math.min(7, col + 1), row]; break;
      case "ArrowUp": next = [col, Math.max(0, row - 1)]; break;
      case "ArrowDown": next = [col, Math.min(3, row + 1)]; break;
      case "Home": next = [0, event.ctrlKey ? 0 : row]; break;
      case "End": next = [7, event.ctrlKey ? 3 : row]; break;
      case "Enter":
      case " ":
        event.preventDefault();
        activate(focusSq);
        return;
      case "Escape":
        if (selected) {
          selected = null;
          render();
          event.preventDefault();
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    moveFocus(`${FILES[next[0]]}${RANKS[next[1]]}`);
  });

  render();

  return {
    /** Update what is shown; `animateMove` (a last_move) animates the change from the previous squares. */
    set(changes, animateMove = null) {
      const before = cfg.squares;
      cfg = { ...cfg, ...changes };
      if (selected && !destsOf(selected).length) selected = null;
      if (!cfg.interactive) selected = null;
      render();
      if (animateMove) animate(before, animateMove);
    },
    setLabel(text) {
      grid.setAttribute("aria-label", text);
    },
    /** Re-read labels after a language change. */
    refresh() {
      shown.clear();
      render();
    },
    focus() {
      moveFocus(focusSq);
    },
    element: grid,
  };
}

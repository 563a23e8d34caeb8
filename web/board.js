// The board: DOM only, no rules. It draws the board the view describes
// (files x ranks, Red at the bottom), each square's content (a piece, a
// face-down disc, or a stack shown by its top piece and height), marks the
// destinations listed in `legal`, and reports what the player chose through
// onAction(action), where action is one entry of legal (or a flip {move, to}).
// A click that does nothing is reported through onNothing({from, to}), so the
// page can say why; onSelect(square, its actions) when a piece is picked up.
// Selection and focus are its own UI state; the choice menu (choice-menu.js),
// the stack pop-up (stack-pop.js), the hint arrow (hint-arrow.js) and the move
// animation (move-animation.js) are drawn by their own modules. A chain of
// captures is picked capture by capture (chain-steps.js): after each capture
// that may go on, the board marks the next ones and shows an "End turn" button
// on the piece's square (clicking the piece itself does the same); the whole
// chain is then reported as one action, and onChain tells the page of each
// step (null: none under way).

import { chainBoard, chainSoFar, nextSteps } from "./chain-steps.js";
import { createChoiceMenu } from "./choice-menu.js";
import { describeContent, makeContent, makeDisc, squareNames } from "./discs.js";
import { drawHint } from "./hint-arrow.js";
import { t } from "./i18n.js";
import { animateMove } from "./move-animation.js";
import { createStackPop } from "./stack-pop.js";

const NS = "http://www.w3.org/2000/svg";
const HOLD_MS = 450; // a touch held this long shows a stack instead of clicking

export { makeDisc, squareNames }; // for the page's other parts, which drew with them from here

/** @typedef {import("./protocol").LegalMove} LegalMove */
/** @typedef {import("./action").Action} Action */
/** @typedef {import("./protocol").BoardShape} BoardShape */
/** @typedef {import("./protocol").LastMove} LastMove */
/** @typedef {import("./protocol").Legal} Legal */
/** @typedef {import("./protocol").SquareContent} SquareContent */

/** @typedef {{files: number, ranks: number, names: string[]}} Shape */

/**
 * What the board shows (the page sets any part of it).
 * @typedef {object} BoardConfig
 * @property {BoardShape | null} board
 * @property {Record<string, SquareContent>} squares
 * @property {Legal} legal
 * @property {boolean} interactive
 * @property {LastMove | null} lastMove
 * @property {{from?: string | null, to?: string | null, path?: string[]} | null} hint
 * @property {string | null} queued the square of a click kept while Python loads
 * @property {boolean} letters
 * @property {boolean} [turnBlack] Black's pieces drawn turned 180°, for the player across the table
 */

/**
 * What the board reports.
 * @typedef {object} BoardCallbacks
 * @property {(action: Action) => void} onAction an action chosen
 * @property {(click: {from: string | null, to: string}) => void} [onNothing] a click that did nothing
 * @property {(sq: string | null, actions: Action[]) => void} [onSelect] a piece picked up (or put down: null)
 * @property {(step: ChainStep | null) => void} [onChain] a chain of captures under way, after each capture
 */

/** A chain of captures under way: the piece's start, its landings so far, the chain so far as the record
 *  writes it, and where it may capture next.
 *  @typedef {{from: string, path: string[], move: string, next: string[]}} ChainStep */

/**
 * The board's handle.
 * @typedef {object} Board
 * @property {(changes: Partial<BoardConfig>, moved?: LastMove | null) => void} set
 * @property {(text: string) => void} setLabel
 * @property {() => void} refresh
 * @property {() => void} focus
 * @property {Shape | null} shape
 * @property {HTMLElement} element
 */

/** The square of the cell an event happened in, or null. @param {Event} event @returns {string | null} */
function squareOf(event) {
  const target = event.target;
  const cell = target instanceof Element ? target.closest(".sq") : null;
  return cell instanceof HTMLElement ? cell.dataset.sq ?? null : null;
}

/** Attribute writes invalidate style even when the value is the same: skip those.
 *  @param {Element} node @param {string} name @param {string} value */
function setIfChanged(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Draw a board into `root`; returns its handle. @param {Element} root @param {BoardCallbacks} callbacks
 *  @returns {Board} */
export function createBoard(root, { onAction, onNothing = () => {}, onSelect = () => {}, onChain = () => {} }) {
  const wrap = document.createElement("div");
  wrap.className = "board-wrap";
  const rankLabels = document.createElement("div");
  rankLabels.className = "coords ranks";
  rankLabels.setAttribute("aria-hidden", "true");
  const fileLabels = document.createElement("div");
  fileLabels.className = "coords files";
  fileLabels.setAttribute("aria-hidden", "true");
  const grid = document.createElement("div");
  grid.className = "board";
  grid.setAttribute("role", "grid");
  grid.id = "board";
  const overlay = /** @type {SVGSVGElement} */ (document.createElementNS(NS, "svg"));
  overlay.setAttribute("class", "overlay");
  overlay.setAttribute("aria-hidden", "true");
  const stackPop = createStackPop(); // the whole stack, on hover, focus or a held touch
  const menu = createChoiceMenu({ // several actions share one from/to: the player picks
    onPick(action) {
      selected = null;
      chain = [];
      hideStack();
      render();
      onAction(action);
    },
    onClose(sq) {
      if (cells.has(sq)) moveFocus(sq);
    },
  });
  const boardArea = document.createElement("div");
  boardArea.className = "board-area";
  const endTurn = document.createElement("button"); // the chain under way stops here
  endTurn.type = "button";
  endTurn.className = "chain-end";
  endTurn.hidden = true;
  endTurn.addEventListener("click", () => endChain());
  boardArea.append(grid, overlay, stackPop.element, menu.element, endTurn);
  wrap.append(rankLabels, boardArea, document.createElement("span"), fileLabels);
  root.replaceChildren(wrap);

  /** @type {Shape | null} */
  let shape = null; // {files, ranks, names}: what the grid is built for
  /** @type {Map<string, HTMLElement>} */
  let cells = new Map(); // square -> cell
  /** @type {BoardConfig} */
  let cfg = {
    board: null, squares: {}, legal: { flips: [], moves: {} }, interactive: false,
    lastMove: null, hint: null, queued: null, letters: false, turnBlack: false,
  };
  /** @type {string | null} */
  let selected = null;
  /** @type {string[]} */
  let chain = []; // the landings of a chain of captures under way, from `selected`
  /** @type {string | null} */
  let focusSq = null;
  /** @type {Map<string, string>} */
  const shown = new Map(); // square -> content key currently drawn

  /** The shape the grid is built for (only asked once it is built). */
  function built() {
    return /** @type {Shape} */ (shape);
  }

  /** (col, row) on screen of a square: rank 1 at the bottom. @param {string | null} sq */
  function cellPosition(sq) {
    const { files, ranks, names } = built();
    const index = names.indexOf(/** @type {string} */ (sq));
    return { col: index % files, row: ranks - 1 - Math.floor(index / files) };
  }

  /** @param {number} col @param {number} row */
  function nameAt(col, row) {
    const { files, ranks, names } = built();
    return names[(ranks - 1 - row) * files + col];
  }

  /** Build the grid for a board shape (once, and again only if the shape changes). @param {BoardShape} board */
  function build(board) {
    const files = board.files;
    const ranks = board.ranks;
    const names = Array.isArray(board.names) && board.names.length === files * ranks
      ? board.names : squareNames(files, ranks);
    shape = { files, ranks, names };
    wrap.style.setProperty("--files", String(files));
    wrap.style.setProperty("--ranks", String(ranks));
    overlay.setAttribute("viewBox", `0 0 ${files * 100} ${ranks * 100}`);
    rankLabels.replaceChildren();
    for (let row = 0; row < ranks; row++) {
      rankLabels.append(Object.assign(document.createElement("span"), { textContent: nameAt(0, row).slice(1) }));
    }
    fileLabels.replaceChildren();
    for (let col = 0; col < files; col++) {
      fileLabels.append(Object.assign(document.createElement("span"), { textContent: nameAt(col, 0).replace(/\d+$/, "") }));
    }
    cells = new Map();
    shown.clear();
    const rows = [];
    for (let row = 0; row < ranks; row++) {
      const rowEl = document.createElement("div");
      rowEl.className = "row";
      rowEl.setAttribute("role", "row");
      for (let col = 0; col < files; col++) {
        const sq = nameAt(col, row);
        const cell = document.createElement("div");
        cell.className = `sq ${(col + ranks - row) % 2 ? "light" : "dark"}`;
        cell.setAttribute("role", "gridcell");
        cell.dataset.sq = sq;
        cell.tabIndex = -1;
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.setAttribute("aria-hidden", "true");
        cell.append(mark);
        rowEl.append(cell);
        cells.set(sq, cell);
      }
      rows.push(rowEl);
    }
    grid.replaceChildren(...rows);
    if (focusSq === null || !cells.has(focusSq)) focusSq = nameAt(0, 0);
    selected = null;
    menu.close(false);
  }

  /** @param {BoardShape} board */
  function sameShape(board) {
    const now = shape;
    return now && board && now.files === board.files && now.ranks === board.ranks
      && (!Array.isArray(board.names) || board.names.every((n, i) => now.names[i] === n));
  }

  /** The actions of the piece on `sq`. @param {string | null} sq @returns {Action[]} */
  function destsOf(sq) {
    return (sq && cfg.legal?.moves?.[sq]) || [];
  }

  /** Play the chain under way as it stands. */
  function endChain() {
    const action = chainSoFar(destsOf(selected), chain);
    if (!action) return;
    selected = null;
    setChain([]);
    onAction(action);
  }

  /** Set the chain under way (and draw it), and tell the page. @param {string[]} landings */
  function setChain(landings) {
    const had = chain.length > 0;
    chain = landings;
    render();
    if (chain.length) onChain({ from: /** @type {string} */ (selected), path: chain,
      move: chainSoFar(destsOf(selected), chain)?.move ?? "", next: [...nextSteps(destsOf(selected), chain).keys()] });
    else if (had) onChain(null);
  }

  /** The player clicked or pressed Enter on `sq`. @param {string} sq */
  function activate(sq) {
    if (!cfg.interactive) return;
    if (chain.length && sq === chain.at(-1)) { // the piece again: the turn ends here
      endChain();
      return;
    }
    const step = nextSteps(destsOf(selected), chain).get(sq);
    if (step?.more.length) { // a capture that may go on: offer the next ones
      hideStack();
      setChain([...chain, sq]);
      return;
    }
    const chosen = step?.ends ?? [];
    if (chain.length && !chosen.length) { // off the chain: the piece goes back, nothing is played
      selected = null;
      setChain([]);
      if (!destsOf(sq).length && !cfg.legal?.flips?.includes(sq)) return;
    }
    if (chosen.length > 1) {
      openMenu(sq, chosen);
      return;
    }
    if (chosen.length === 1) {
      selected = null;
      hideStack();
      setChain([]);
      onAction(chosen[0]);
      return;
    }
    if (cfg.legal?.flips?.includes(sq)) {
      selected = null;
      hideStack();
      render();
      onAction({ move: sq, from: sq, to: sq, kind: "flip" });
      return;
    }
    if (destsOf(sq).length) {
      selected = selected === sq ? null : sq;
      render();
      onSelect(selected, destsOf(selected));
      return;
    }
    const from = selected;
    selected = null;
    render();
    onNothing({ from, to: sq });
  }

  /** @param {string} sq @param {Action[]} actions */
  function openMenu(sq, actions) {
    menu.open(sq, actions, { ...cellPosition(sq), files: built().files, ranks: built().ranks },
      { squares: cfg.squares ?? {}, letters: cfg.letters });
  }

  // -- the whole stack, on demand ------------------------------------------------
  /** @type {string | null} */
  let quiet = null; // the square a click closed the pop-up on: hovering it shows it again only once left
  let pointerFocus = false; // the last focus came from a pointer (only the keyboard's focus shows a stack)

  /** @param {string} sq */
  function showStack(sq) {
    const cell = cells.get(sq);
    if (cell) stackPop.show(sq, cfg.squares?.[sq], cfg.letters, cell);
  }

  /** @param {string} [sq] */
  function hideStack(sq) {
    stackPop.hide(sq);
  }

  function render() {
    if (!shape) return;
    /** @type {Map<string, Action[]>} */
    const dests = new Map();
    /** @type {Map<string, number>} */
    const ending = new Map(); // how many entries end on each square (the choice menu's count)
    for (const [sq, step] of nextSteps(destsOf(selected), chain)) {
      dests.set(sq, [...step.ends, ...step.more]);
      ending.set(sq, step.ends.length);
    }
    const squares = selected ? chainBoard(cfg.squares ?? {}, selected, chain) : cfg.squares ?? {};
    const at = chain.at(-1) ?? selected; // where the selected piece stands now
    const last = cfg.lastMove;
    const hint = cfg.hint;
    for (const [sq, cell] of cells) {
      const content = squares[sq] ?? null;
      const key = `${content}|${cfg.letters}`;
      if (shown.get(sq) !== key) {
        cell.querySelector(".disc")?.remove();
        const disc = makeContent(content, cfg.letters);
        if (disc) cell.prepend(disc);
        shown.set(sq, key);
      }
      const options = dests.get(sq);
      const capture = Boolean(options?.some((d) => d.capture));
      const penalised = Boolean(options?.some((d) => d.penalised));
      const loses = Boolean(options?.some((d) => d.loses)); // the bridge's mark: it loses the game at once
      const flippable = cfg.interactive && cfg.legal?.flips?.includes(sq);
      const movable = cfg.interactive && destsOf(sq).length > 0;
      cell.classList.toggle("occupied", Boolean(content)); // a target holding pieces is marked at its corners
      cell.classList.toggle("selected", sq === at);
      cell.classList.toggle("chain-path", chain.length > 0 && (sq === selected || chain.slice(0, -1).includes(sq)));
      cell.classList.toggle("dest", Boolean(options && !capture));
      cell.classList.toggle("capture", capture);
      cell.classList.toggle("penalised", penalised);
      cell.classList.toggle("loses", loses);
      cell.classList.toggle("actionable", Boolean(flippable || movable || options));
      cell.classList.toggle("last-from", Boolean(last && last.from === sq && last.from !== last.to));
      cell.classList.toggle("last-to", Boolean(last && last.to === sq));
      cell.classList.toggle("hint-sq", Boolean(hint && (hint.from === sq || hint.to === sq || hint.path?.includes(sq))));
      cell.classList.toggle("queued", cfg.queued === sq);
      setIfChanged(cell, "aria-selected", sq === at ? "true" : "false");
      setIfChanged(cell, "aria-label", [
        describeContent(sq, content),
        sq === at && t("square.selected"),
        sq === at && chain.length > 0 && t("square.chainEnd"),
        options && (capture ? t("square.capture") : t("square.dest")),
        (ending.get(sq) ?? 0) > 1 && t("square.choices", { n: ending.get(sq) }),
        penalised && t("square.penalised"),
        loses && t("square.loses"),
        cfg.queued === sq && t("square.queued"),
      ].filter(Boolean).join(t("list.sep")));
      setIfChanged(cell, "tabindex", sq === focusSq ? "0" : "-1");
    }
    placeEndTurn(chain.length && at ? at : null);
    grid.classList.toggle("interactive", Boolean(cfg.interactive));
    wrap.classList.toggle("turn-black", Boolean(cfg.turnBlack));
    drawHint(overlay, cfg.hint, (sq) => {
      if (!cells.has(sq)) return null;
      const { col, row } = cellPosition(sq);
      return [col * 100 + 50, row * 100 + 50];
    });
  }

  /** Show the End turn button on the square of the piece of a chain under way (`sq`), where it covers no
   *  square the piece may take next, or hide it (null). @param {string | null} sq */
  function placeEndTurn(sq) {
    endTurn.hidden = !sq;
    if (!sq) return;
    const { col, row } = cellPosition(sq);
    const { files, ranks } = built();
    endTurn.textContent = t("btn.endTurn");
    endTurn.style.left = `${(col / files) * 100}%`;
    endTurn.style.width = `${100 / files}%`;
    endTurn.style.top = `${((row + 1) / ranks) * 100}%`;
  }

  /** @param {string} sq */
  function moveFocus(sq, takeFocus = true) {
    focusSq = sq;
    for (const [name, cell] of cells) cell.tabIndex = name === sq ? 0 : -1;
    if (takeFocus) cells.get(sq)?.focus();
  }

  /** @type {{sq: string, timer: number, shown: boolean} | null} */
  let held = null; // {sq, timer, shown}: a touch held on a stack
  grid.addEventListener("pointerdown", (event) => {
    const sq = squareOf(event);
    pointerFocus = true;
    quiet = sq; // the click closed the pop-up (stack-pop.js): it stays closed over this square
    if (!sq || event.pointerType === "mouse") return;
    held = { sq, shown: false, timer: window.setTimeout(() => {
      if (held?.sq === sq && (cfg.squares?.[sq]?.length ?? 0) > 1 && cfg.squares[sq] !== "x") {
        held.shown = true;
        showStack(sq);
      }
    }, HOLD_MS) };
  });
  const endHold = () => { if (held) window.clearTimeout(held.timer); };
  grid.addEventListener("pointerup", endHold);
  grid.addEventListener("pointercancel", () => { endHold(); held = null; hideStack(); });
  grid.addEventListener("contextmenu", (event) => { if (held?.shown) event.preventDefault(); });

  grid.addEventListener("click", (event) => {
    const sq = squareOf(event);
    if (!sq) return;
    if (held?.shown && held.sq === sq) { // the hold showed the stack: not a click
      held = null;
      return;
    }
    held = null;
    hideStack();
    moveFocus(sq, false);
    activate(sq);
  });
  grid.addEventListener("pointerover", (event) => {
    const sq = squareOf(event);
    if (!sq || event.pointerType !== "mouse" || sq === quiet) return;
    quiet = null;
    showStack(sq);
  });
  grid.addEventListener("pointerleave", () => {
    quiet = null;
    hideStack();
  });
  grid.addEventListener("focusin", (event) => {
    const sq = squareOf(event);
    if (!sq) return;
    if (focusSq !== sq) moveFocus(sq, false); // focused by a click or a script
    if (!pointerFocus) showStack(sq);
  });
  document.addEventListener("keydown", () => { pointerFocus = false; }, true);
  grid.addEventListener("focusout", () => hideStack());

  grid.addEventListener("keydown", (event) => {
    if (!shape) return;
    const { col, row } = cellPosition(focusSq);
    const lastCol = shape.files - 1;
    const lastRow = shape.ranks - 1;
    let next;
    switch (event.key) {
      case "ArrowLeft": next = [Math.max(0, col - 1), row]; break;
      case "ArrowRight": next = [Math.min(lastCol, col + 1), row]; break;
      case "ArrowUp": next = [col, Math.max(0, row - 1)]; break;
      case "ArrowDown": next = [col, Math.min(lastRow, row + 1)]; break;
      case "Home": next = [0, event.ctrlKey ? 0 : row]; break;
      case "End": next = [lastCol, event.ctrlKey ? lastRow : row]; break;
      case "Enter":
      case " ":
        event.preventDefault();
        if (focusSq) activate(focusSq);
        return;
      case "Escape":
        if (chain.length) { // the chain under way is put back: the piece is picked up on its square again
          setChain([]);
          event.preventDefault();
        } else if (selected) {
          selected = null;
          render();
          event.preventDefault();
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    moveFocus(nameAt(next[0], next[1]));
  });

  return {
    /** Update what is shown; `moved` (a last_move) animates the change from the previous squares. */
    set(changes, moved = null) {
      const before = cfg.squares;
      const legalBefore = cfg.legal;
      cfg = { ...cfg, ...changes };
      if (cfg.squares !== before) hideStack(); // a move was made: the stack shown may be gone
      if (cfg.board && !sameShape(cfg.board)) build(cfg.board);
      if (selected && !destsOf(selected).length) selected = null;
      if (!cfg.interactive) {
        selected = null;
        menu.close(false);
      }
      if (chain.length && (!selected || cfg.squares !== before || cfg.legal !== legalBefore)) {
        chain = []; // the position changed under a chain: it is dropped (nothing was played)
        onChain(null);
      }
      render();
      if (moved) animateMove(cells, before, moved, cfg.letters);
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
      if (focusSq) moveFocus(focusSq);
    },
    get shape() {
      return shape;
    },
    element: grid,
  };
}

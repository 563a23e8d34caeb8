// Boot: settings and URL parameters, the page's controls, the engine, the first game.
// The page shows a board at once (the variant's opening as the engine wrote it at
// build time, or the saved game's last view); Python loads in a worker meanwhile,
// and a first click made before it is ready is kept and played when it is.

import { moveNow, scheduleAi } from "./ai-turns.js";
import { mount } from "./controller.js";
import { call, setThinking, task } from "./engine-queue.js";
import { keepRecord, saveGame } from "./game-events.js";
import { askHint, playQueued } from "./human-turns.js";
import { changeSetup, loadRecord, resign, restoreSaved, setPersist, startGame, undo } from "./lifecycle.js";
import { errorText, renderAll, showGameOverPanel, showMessage, startClockTicks } from "./render.js";
import { checkGame, enterReplay, pickReplay, stepReplay, toggleAutoplay } from "./replay.js";
import { app, NO_LEGAL, setupFor, variantInfo, viewFlag } from "./state.js";
import { post, readyDetails, runPending, startEmbed } from "./embed.js";
import { createEngine } from "./engine-client.js";
import { getLang, setLang, t, translateStatic } from "./i18n.js";
import { setFirstView } from "./view.js";
import { setPieces } from "./pieces.js";
import { STATIC } from "./static-info.js";
import { announce, setAnnouncer } from "./ui/announce.js";
import { bootView } from "./ui/bootview.js";
import { confirmDialog } from "./ui/confirm.js";
import { $ } from "./ui/dom.js";
import { createNewGameDialog } from "./ui/newgame.js";
import { createFriendDialog } from "./ui/friend.js";
import { friendGameActive, friendOffer, friendRecord, friendResign, knownFriendGame, leaveFriendGame, restoreFriendGame,
  setFriendHooks, startFriendGame } from "./friend-game.js";
import { codeInHash } from "./remote/codec.js";
import { matchLevel, parseParams } from "./ui/params.js";
import { createRecordDialog } from "./ui/recorddialog.js";
import { wireInstall } from "./ui/install.js";
import { setSound } from "./ui/sound.js";
import { openRules } from "./ui/rules.js";
import { createSettingsDialog } from "./ui/settings.js";
import { searchPool } from "./search-pool.js";
import * as store from "./storage.js";

/** @typedef {import("./storage.js").Settings} Settings */
/** @typedef {import("./storage.js").SavedGame} SavedGame */
/** @typedef {import("./state.js").Choice} Choice */

// ---------------------------------------------------------------- settings and parameters
const { values: params, errors: paramErrors } = parseParams(window.location.search);
const embed = params.embed === true;
/** @type {(() => string)[]} */
const messages = []; // said once the first game is up (functions: worded in the language of that moment)

const browserLang = (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
/** @type {Settings} */
let settings;
if (embed) {
  settings = { ...store.DEFAULT_SETTINGS, lang: browserLang, sound: false }; // a page that embeds us may be quiet
} else {
  const loaded = store.loadSettings({ ...store.DEFAULT_SETTINGS, lang: browserLang });
  settings = loaded.settings;
  if (loaded.error) messages.push(() => t("error.savedSettings"));
}
for (const key of /** @type {const} */ (["lang", "theme", "letters"])) {
  if (key in params) /** @type {Record<string, unknown>} */ (settings)[key] = params[key];
}
for (const { name, reason, value } of paramErrors) {
  messages.push(() => t("error.param", { name, reason: t(`param.${reason}`, { value }) }));
}

app.settings = settings;
app.embed = embed;
setPersist(!embed);
app.info = STATIC.info;
checkParamsAgainstInfo();

// ---------------------------------------------------------------- page elements
/** @param {string} selector */
const button = (selector) => /** @type {HTMLButtonElement} */ ($(selector));
/** @param {string} selector */
const dialog = (selector) => /** @type {HTMLDialogElement} */ ($(selector));

/** @type {import("./render.js").Elements} */
const els = {
  status: $("#status"),
  spinner: $("#status-spinner"),
  progress: $("#progress"),
  progressBar: $("#progress-bar"),
  think: $("#think"),
  thinkProgress: $("#think-progress"),
  thinkBar: $("#think-bar"),
  moveNow: /** @type {HTMLButtonElement} */ ($("#btn-move-now")),
  knownDeal: $("#known-deal"),
  reviewNote: $("#review-note"),
  players: $("#players"),
  info: $("#info"),
  moves: $("#moves"),
  gameover: $("#gameover"),
  hint: $("#hint-text"),
  message: $("#message"),
  messageText: $("#message-text"),
  replayBar: $("#replay-bar"),
  replayPos: $("#rp-pos"),
  buttons: {
    new: button("#btn-new"), undo: button("#btn-undo"), hint: button("#btn-hint"), resign: button("#btn-resign"),
    record: button("#btn-record"), rules: button("#btn-rules"), sound: button("#btn-sound"),
    settings: button("#btn-settings"), lang: button("#btn-lang"),
  },
};
setAnnouncer($("#announcer"));
if (embed) document.body.classList.add("embed");

const board = mount(els, { onOpenNewGame: openNewGame, onOpenRecord: openRecord, onReplay: pickReplay,
  onCheck: checkGame });
const newGameDialog = createNewGameDialog(dialog("#new-dialog"), { onStart: startFromDialog, onRules: showRules });
const recordDialog = createRecordDialog(dialog("#record-dialog"), { onImport: importRecord });
const settingsDialog = createSettingsDialog(dialog("#settings-dialog"), {
  onChange: changeSettings, getSettings: () => settings,
});
newGameDialog.setInfo(app.info);
const friendDialog = createFriendDialog(dialog("#friend-dialog"), {
  info: () => app.info, onConnected: startFriendGame, onResumeCode: knownFriendGame,
});
setFriendHooks({ invite: (game, resume) => friendDialog.host(game, resume) });

// ---------------------------------------------------------------- settings, dialogs
function saveSettings() {
  if (!embed) store.saveSettings(settings);
}

function applyTheme() {
  const root = document.documentElement;
  if (settings.theme === "light" || settings.theme === "dark") root.dataset.theme = settings.theme;
  else delete root.dataset.theme;
  root.dataset.board = settings.board ?? "wood"; // web/style.css: the board's colours and the pieces' style
  root.dataset.pieces = settings.pieces ?? "classic";
}

function applyLang() {
  setLang(settings.lang);
  translateStatic();
  document.title = `${t("app.title")} · hdchess`;
  els.buttons.lang.lang = getLang() === "zh" ? "en" : "zh-Hans"; // it speaks the other language
  board.refresh();
  if (app.view?.outcome && !els.gameover.hidden) showGameOverPanel();
}

function applySound() {
  setSound(settings.sound);
  const button = els.buttons.sound;
  button.setAttribute("aria-pressed", settings.sound ? "true" : "false"); // the label stays "Sound"
  button.title = t(settings.sound ? "sound.on" : "sound.off");
}

/** @param {Partial<Settings>} changes */
function changeSettings(changes) {
  Object.assign(settings, changes);
  saveSettings();
  applySound();
  if ("theme" in changes || "board" in changes || "pieces" in changes) applyTheme();
  if ("lang" in changes) applyLang();
  if (changes.helpers === false) searchPool(false); // its workers end now, not at the Grandmaster's next move
  renderAll();
}

/** What the new-game dialog opens on: the game being played (its game and rule options, the level, who
 *  moves first, the clock, serious or not), so that Start changes only what the player changes; the
 *  settings (the last choices) fill what no game says (before the first game, in a friend game). */
function dialogChoices() {
  const view = app.view;
  if (!view || friendGameActive()) return settings;
  const choices = { ...settings, variant: view.variant, level: app.setup.level,
    mode: app.setup.mode === "two" ? "two" : "ai", first: app.setup.players[1] === "ai" ? "ai" : "human",
    clock: app.clock?.control ?? "none", serious: viewFlag(view, "serious") };
  if (view.options) choices.options = { ...settings.options, [view.variant]: view.options };
  return choices;
}

function openNewGame() {
  if (!app.ready) return;
  newGameDialog.open(dialogChoices());
}

/** @param {Choice & {mode: "ai" | "two", first: "human" | "ai", clock: string, options: Record<string, unknown>}} choice */
async function startFromDialog(choice) {
  if (/** @type {string} */ (choice.mode) === "friend") { // a friend elsewhere: the invitation first (web/ui/friend.js)
    friendDialog.host({ variant: choice.variant, options: choice.options, clock: choice.clock });
    return;
  }
  if (friendGameActive()) leaveFriendGame(); // a game here ends the friend game on the board
  await startGame(choice);
  Object.assign(settings, {
    mode: choice.mode, first: choice.first, level: choice.level, variant: choice.variant, clock: choice.clock,
    serious: choice.serious === true, options: { ...settings.options, [choice.variant]: choice.options },
  });
  saveSettings();
  if (embed) post("ready", readyDetails());
}

/** The rules page of `variant` (default: the game on the board). */
function showRules(variant = variantInfo(app.view?.variant)) {
  openRules(dialog("#rules-dialog"), variant, { letters: settings.letters, current: variantInfo(app.view?.variant) });
}

function openRecord() {
  if (!app.ready) return;
  const friends = friendGameActive() ? friendRecord() : null; // a friend game's record is the protocol's
  if (friends) {
    recordDialog.open(friends);
    return;
  }
  task(async () => {
    try {
      keepRecord((await call("export")).record);
    } catch {
      /* show what we have */
    }
  }).then(() => recordDialog.open(app.record ?? ""));
}

/** @param {string} text */
function importRecord(text) {
  if (friendGameActive()) leaveFriendGame();
  return loadRecord(text).then(() => announce(t("record.loaded")));
}

// ---------------------------------------------------------------- start-up
/** An invitation or a reply in the address's fragment (web/remote/codec.js), or the friend game this browser was
 *  playing: opened once Python is ready. The fragment is cleared, so a reload does not answer it again. */
async function openFriendGame() {
  const code = embed ? null : codeInHash(window.location.hash);
  if (code) window.history.replaceState(null, "", window.location.pathname + window.location.search);
  if (!embed && !code?.kind && !friendGameActive()) await restoreFriendGame();
  if (code?.kind === "join") await friendDialog.join(code.code);
  else if (code?.kind === "reply") await friendDialog.passReply(code.code);
  else if (code?.kind === "play") await friendDialog.joinOne(code.code); // one link (web/ui/friend-one-link.js)
}

/** @param {import("./worker-protocol").Progress | string} stageOrEvent @param {number} [fraction] */
function onProgress(stageOrEvent, fraction) {
  const value = typeof stageOrEvent === "object" && stageOrEvent !== null ? stageOrEvent.fraction : fraction;
  if (typeof value === "number" && Number.isFinite(value)) app.progress = Math.max(app.progress, Math.min(1, value));
  renderAll();
}

function onCrash() {
  setThinking(false);
  renderAll();
}

/** The new game the settings and the URL ask for. @returns {Choice} */
function initialChoice() {
  /** @type {Choice} */
  const choice = { ...settings };
  for (const key of /** @type {const} */ (["first", "level", "variant"])) {
    const value = params[key];
    if (value) choice[key] = value;
  }
  choice.options = { ...settings.options?.[choice.variant] ?? {}, ...params.options }; // the URL's set=KEY=VALUE
  return choice;
}

/** Which game to show first: a shared record, URL choices, the saved game, or a new one. */
/** @param {SavedGame | null} saved */
async function startInitialGame(saved) {
  const gameParams = ["variant", "level", "first", "seed", "options"].some((k) => k in params);
  if (params.record) {
    try {
      const view = await loadRecord(params.record, { persist: false });
      if (view.outcome) {
        setPersist(false); // a finished shared game is for review; the saved game stays
        await enterReplay(0);
        if (!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) toggleAutoplay();
      } else {
        setPersist(!embed);
        await saveGame();
        forgetGameParams();
      }
      return;
    } catch (err) {
      messages.push(() => t("error.shared", { reason: errorText(err) }));
    }
  } else if (!gameParams && saved && !embed) {
    try {
      await restoreSaved(saved);
      return;
    } catch (err) {
      store.clearGame();
      messages.push(() => t("error.saved", { reason: errorText(err) }));
    }
  }
  const choice = initialChoice();
  try {
    await startGame(choice, params.seed ?? null);
    forgetGameParams();
  } catch (err) {
    // saved rule options the engine no longer accepts: fall back to the defaults
    messages.push(() => t("error.prefix", { message: errorText(err) }));
    await startGame(/** @type {Choice} */ ({ ...store.DEFAULT_SETTINGS, lang: settings.lang }));
  }
}

/** Once a URL's game is started and saved, a reload should bring back that game, not start it again. */
function forgetGameParams() {
  if (embed) return;
  const url = new URL(window.location.href);
  const before = url.search;
  for (const name of ["record", "variant", "level", "first", "seed", "set"]) url.searchParams.delete(name);
  if (url.search !== before) window.history.replaceState(null, "", url.toString());
}

/** Check URL choices against the engine's info; drop the bad ones with a message naming the value. */
function checkParamsAgainstInfo() {
  if (params.variant && !app.info.variants.some((v) => v.name === params.variant)) {
    const value = params.variant;
    messages.push(() => t("error.param", { name: "variant", reason: t("param.unknownVariant", { value }) }));
    delete params.variant;
  }
  if (params.level) {
    const level = matchLevel(params.level, app.info.levels);
    if (level) params.level = level;
    else {
      const value = params.level;
      const count = app.info.levels.length;
      messages.push(() => t("error.param", { name: "level", reason: t("param.unknownLevel", { value, count }) }));
      delete params.level;
    }
  }
  const variant = app.info.variants.find((v) => v.name === (params.variant ?? settings.variant));
  for (const name of Object.keys(params.options ?? {})) {
    if (variant?.options.some((o) => o.name === name)) continue;
    const value = name;
    messages.push(() => t("error.param", { name: "set", reason: t("param.unknownOption",
      { value, variant: variant?.name ?? "" }) }));
    delete params.options?.[name];
  }
  if (!app.info.levels.includes(settings.level)) settings.level = app.info.levels[Math.floor(app.info.levels.length / 2)];
  if (!app.info.variants.some((v) => v.name === settings.variant)) settings.variant = app.info.variants[0]?.name;
}

/** The board before Python answers. @param {SavedGame | null} saved
 *  @returns {import("./protocol").View} */
function firstView(saved) {
  const urlGame = ["variant", "level", "first", "seed", "options"].some((k) => k in params);
  if (params.record) { // a shared game: nothing to click until it is loaded
    changeSetup(setupFor(initialChoice()));
    return { ...bootView(STATIC, initialChoice(), false), legal: NO_LEGAL };
  }
  if (saved && !urlGame) {
    changeSetup(setupFor({ ...saved, first: saved.players[1] === "ai" ? "ai" : "human" }));
    const cached = store.loadCachedView(saved.record);
    return cached ?? bootView(STATIC, { variant: null }, false);
  }
  const choice = initialChoice();
  changeSetup(setupFor(choice));
  return bootView(STATIC, choice, app.setup.players[1] === "human");
}

/** Arrow keys step the replay (Home/End: its ends), unless a field, a dialog or the board has the keys. */
/** @param {KeyboardEvent} event */
function replayKeys(event) {
  if (els.replayBar.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = /** @type {Element} */ (event.target);
  if (target.closest?.("input, select, textarea, dialog, #board, .choice-menu, [role=menu]")) return;
  /** @type {Record<string, number>} */
  const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  const step = steps[event.key];
  if (step === undefined) return;
  event.preventDefault();
  stepReplay(step);
}

/** The first game (the saved one, or the URL's) is on the board, or Python failed: said on <body data-started>
 *  for scripts and tests that drive the page (Python's own readiness comes earlier). */
function markStarted() {
  document.body.dataset.started = app.fatal ? "failed" : "true";
}

async function boot() {
  applyTheme();
  applyLang();
  applySound();
  startClockTicks();
  const saved = embed ? { game: null } : store.loadGame();
  if (saved.error) messages.push(() => t("error.saved", { reason: saved.error }));
  setFirstView(firstView(saved.game));
  setPieces(app.info.variants.find((v) => v.name === app.view.variant)?.pieces);
  renderAll(); // the board first (a few milliseconds), then Python starts in its worker
  try {
    app.engine = createEngine({ onProgress, onCrash });
  } catch (err) {
    app.fatal = t("error.engine", { reason: errorText(err) });
    renderAll();
  }
  wireControls();
  startEmbed();

  try {
    if (app.fatal) return markStarted();
    await app.engine?.ready;
  } catch (err) {
    app.fatal = t("error.engine", { reason: errorText(err) });
    renderAll();
    return markStarted();
  }
  app.progress = 1;
  app.ready = true;
  await startInitialGame(saved.game);
  await openFriendGame();
  if (messages.length) showMessage(messages.map((m) => m()).join(" "));
  renderAll();
  markStarted();
  post("ready", readyDetails());
  playQueued();
  scheduleAi();
  runPending();
}

function wireControls() {
  const b = els.buttons;
  b.new.addEventListener("click", openNewGame);
  b.undo.addEventListener("click", () => (friendGameActive() ? friendOffer("takeback") : undo()));
  button("#btn-friend").addEventListener("click", () => {
    if (app.ready) newGameDialog.open({ ...settings, mode: "friend" });
  });
  b.hint.addEventListener("click", () => { if (!friendGameActive()) askHint(); }); // no help against a friend
  b.resign.addEventListener("click", async () => {
    if (await confirmDialog(dialog("#confirm-dialog"), t("resign.question"), t("btn.resign"))) {
      if (friendGameActive()) friendResign();
      else resign();
    }
  });
  b.record.addEventListener("click", openRecord);
  els.moveNow.addEventListener("click", moveNow);
  b.rules.addEventListener("click", () => showRules());
  b.settings.addEventListener("click", () => settingsDialog.open());
  b.lang.addEventListener("click", () => changeSettings({ lang: getLang() === "zh" ? "en" : "zh" }));
  b.sound.addEventListener("click", () => changeSettings({ sound: !settings.sound }));
  document.addEventListener("keydown", replayKeys);
  window.addEventListener("hashchange", () => { if (app.ready) openFriendGame(); }); // a link opened in this tab
  $("#message-close").addEventListener("click", () => { els.message.hidden = true; });
  $("#rp-first").addEventListener("click", () => stepReplay(-Infinity));
  $("#rp-prev").addEventListener("click", () => stepReplay(-1));
  $("#rp-next").addEventListener("click", () => stepReplay(1));
  $("#rp-last").addEventListener("click", () => stepReplay(Infinity));
  $("#rp-play").addEventListener("click", toggleAutoplay);
  wireMoreMenu();
  wireInstall(button("#btn-install"), { embed });
  const full = /** @type {HTMLAnchorElement | null} */ ($("#open-full"));
  if (full) full.href = window.location.pathname;
}

/** The phone's bottom bar keeps the less used buttons behind "More": a disclosure that any of its buttons,
 *  Escape or a click elsewhere closes. (On a wide screen they are all in the toolbar and "More" is not shown.) */
function wireMoreMenu() {
  const more = button("#btn-more");
  const items = $("#more-items");
  /** @param {boolean} open */
  const setOpen = (open) => {
    more.setAttribute("aria-expanded", open ? "true" : "false");
    items.classList.toggle("open", open);
  };
  more.addEventListener("click", () => setOpen(more.getAttribute("aria-expanded") !== "true"));
  items.addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest("button")) setOpen(false);
  });
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (!target.closest?.("#btn-more, #more-items")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && items.classList.contains("open")) {
      setOpen(false);
      more.focus();
    }
  });
}

boot();

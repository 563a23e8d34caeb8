// Every string the page shows, in English and Chinese, and the piece vocabulary.
// UI modules call t("key", {params}) so that switching language is one re-render.

const STRINGS = {
  en: {
    "app.title": "Hidden Dragon Chess",
    "app.tagline": "Face-down Chinese chess on half a board",
    "lang.toggle": "中文",
    "lang.toggle.label": "切换到中文",
    "btn.new": "New game",
    "btn.undo": "Undo",
    "btn.hint": "Hint",
    "btn.record": "Record",
    "btn.settings": "Settings",
    "btn.start": "Start game",
    "btn.cancel": "Cancel",
    "btn.close": "Close",
    "btn.copy": "Copy",
    "btn.copied": "Copied",
    "btn.download": "Download",
    "btn.import": "Load this record",
    "btn.openFile": "Open file…",
    "btn.share": "Copy share link",
    "btn.review": "Review the game",
    "btn.newAfter": "Play again",
    "replay.first": "First move",
    "replay.prev": "Previous move",
    "replay.next": "Next move",
    "replay.last": "Last move",
    "replay.play": "Play through",
    "replay.pause": "Pause",
    "replay.at": "Move {n} of {total}",
    "replay.start": "Start of the game",
    "board.label": "Board, 8 files a–h by 4 ranks 1–4",
    "square.empty": "{sq}, empty",
    "square.hidden": "{sq}, face-down",
    "square.piece": "{sq}, {piece}",
    "square.selected": "selected",
    "square.dest": "move here",
    "square.capture": "capture",
    "square.queued": "will flip when ready",
    "color.red": "Red",
    "color.black": "Black",
    "color.red.lower": "red",
    "color.black.lower": "black",
    "color.unknown": "colour not yet known",
    "player.you": "You",
    "player.ai": "Computer · {level}",
    "player.n": "Player {n}",
    "status.loading": "Loading Python… {pct}%",
    "status.queued": "Your flip on {sq} will be played as soon as the engine is ready.",
    "status.yourTurnOpen": "Your turn: flip any piece to begin.",
    "status.yourTurn": "Your turn ({color}).",
    "status.playerOpen": "Player {n}: flip any piece to begin.",
    "status.playerTurn": "Player {n} to move ({color}).",
    "status.aiThinking": "The computer is thinking…",
    "status.gameOver": "Game over.",
    "status.replay": "Reviewing the game.",
    "status.engineRestart": "The engine stopped and is restarting; your game will continue.",
    "panel.score": "Score",
    "panel.penalty": "Penalty",
    "panel.lost": "Lost",
    "panel.none": "none",
    "panel.quiet": "No progress",
    "panel.quiet.off": "off",
    "panel.pool": "Face-down pieces",
    "panel.pool.empty": "All pieces are face-up.",
    "panel.moves": "Moves",
    "panel.moves.empty": "No moves yet.",
    "panel.assisted": "assisted (undo used)",
    "panel.penalisedMove": "repetition penalty: moved straight back",
    "panel.graph": "Evaluation",
    "panel.graph.loading": "Analysing the game…",
    "panel.graph.label": "Evaluation graph: red's advantage after each move, from {min} to {max} points",
    "panel.graph.red": "Red better",
    "panel.graph.black": "Black better",
    "hint.text": "Hint: {move} — {judgement} (evaluation {score}, depth {depth})",
    "judge.winning": "you are winning",
    "judge.better": "you stand better",
    "judge.even": "about even",
    "judge.worse": "you stand worse",
    "judge.losing": "you are losing",
    "hint.none": "No hint available.",
    "hint.thinking": "Looking for a hint…",
    "new.title": "New game",
    "new.opponent": "Opponent",
    "new.vsAi": "Computer",
    "new.twoPlayers": "Two players on this screen",
    "new.order": "You play",
    "new.first": "First (you open with a flip)",
    "new.second": "Second",
    "new.level": "Computer level",
    "new.variant": "Game",
    "new.rulesMore": "Rule options",
    "settings.title": "Settings",
    "settings.letters": "Show Western letters instead of Chinese characters",
    "settings.theme": "Theme",
    "settings.theme.auto": "Match the system",
    "settings.theme.light": "Light",
    "settings.theme.dark": "Dark",
    "settings.lang": "Language",
    "record.title": "Game record",
    "record.help": "Copy this record, or paste one here and load it.",
    "record.label": "Record text",
    "record.loaded": "Record loaded.",
    "record.shareCopied": "Share link copied.",
    "record.shareManual": "Copy this link:",
    "over.title": "Game over",
    "over.draw": "Draw",
    "over.wins": "{color} wins",
    "over.youWin": "You win!",
    "over.youLose": "The computer wins.",
    "over.breakdown": "{color}: {board} on board − {penalty} penalty = {final}",
    "over.breakdownPlain": "{color}: {final} on board",
    "over.hiddenLeft": "{n} pieces were still face-down and score for nobody.",
    "term.no actions": "The side to move had no legal action.",
    "term.no progress": "{n} plies passed with no flip and no capture.",
    "term.threefold repetition": "The same position occurred three times.",
    "term.general lost": "A General left the board.",
    "term.all pieces captured": "All pieces of one side were captured.",
    "announce.flip": "{who} flips {sq}: {piece}.",
    "announce.openingFlip": "Opening flip on {sq}: {piece}.",
    "announce.move": "{who} {piece} {from} to {to}.",
    "announce.capture": "{who} {piece} on {from} captures {captured} on {to}.",
    "announce.penalty": "Repetition penalty for {color}.",
    "announce.undo": "Move taken back. {status}",
    "announce.over": "Game over. {result}",
    "who.red": "Red",
    "who.black": "Black",
    "error.prefix": "Error: {message}",
    "error.saved": "Your saved game could not be restored ({reason}). A new game has started.",
    "error.savedSettings": "Saved settings were unreadable and have been reset.",
    "error.import": "This record could not be loaded: {reason}. Your game is unchanged.",
    "error.param": "Ignored URL parameter {name}: {reason}.",
    "error.shared": "The shared game could not be loaded ({reason}). A new game has started.",
    "error.engine": "The engine could not start: {reason}",
    "error.queued": "Your early move {move} does not fit the game as loaded; please choose again.",
    "error.file": "That file could not be read.",
    "level.Beginner": "Beginner",
    "level.Casual": "Casual",
    "level.Club": "Club",
    "level.Expert": "Expert",
    "level.Master": "Master",
    "option.scoring": "Scoring table",
    "option.first_flip": "First flip gives its colour to",
    "option.repetition_penalty": "Repetition penalty (points)",
    "option.no_progress_plies": "No-progress limit (plies)",
    "choice.official": "official",
    "choice.alt": "alternative",
    "choice.opponent": "the opponent",
    "choice.self": "the flipper",
    "embed.open": "Open full game",
  },
  zh: {
    "app.title": "暗龙棋",
    "app.tagline": "半盘暗棋",
    "lang.toggle": "English",
    "lang.toggle.label": "Switch to English",
    "btn.new": "新对局",
    "btn.undo": "悔棋",
    "btn.hint": "提示",
    "btn.record": "棋谱",
    "btn.settings": "设置",
    "btn.start": "开始",
    "btn.cancel": "取消",
    "btn.close": "关闭",
    "btn.copy": "复制",
    "btn.copied": "已复制",
    "btn.download": "下载",
    "btn.import": "载入此棋谱",
    "btn.openFile": "打开文件…",
    "btn.share": "复制分享链接",
    "btn.review": "复盘本局",
    "btn.newAfter": "再来一局",
    "replay.first": "第一步",
    "replay.prev": "上一步",
    "replay.next": "下一步",
    "replay.last": "最后一步",
    "replay.play": "自动播放",
    "replay.pause": "暂停",
    "replay.at": "第 {n} 步，共 {total} 步",
    "replay.start": "开局",
    "board.label": "棋盘，a–h 八列，1–4 四行",
    "square.empty": "{sq}，空",
    "square.hidden": "{sq}，暗子",
    "square.piece": "{sq}，{piece}",
    "square.selected": "已选中",
    "square.dest": "可走到此",
    "square.capture": "可吃",
    "square.queued": "引擎就绪后翻开",
    "color.red": "红方",
    "color.black": "黑方",
    "color.red.lower": "红",
    "color.black.lower": "黑",
    "color.unknown": "颜色未定",
    "player.you": "你",
    "player.ai": "电脑 · {level}",
    "player.n": "玩家 {n}",
    "status.loading": "正在加载 Python… {pct}%",
    "status.queued": "引擎就绪后将翻开 {sq}。",
    "status.yourTurnOpen": "轮到你：翻开任意一子开局。",
    "status.yourTurn": "轮到你（{color}）。",
    "status.playerOpen": "玩家 {n}：翻开任意一子开局。",
    "status.playerTurn": "轮到玩家 {n}（{color}）。",
    "status.aiThinking": "电脑思考中…",
    "status.gameOver": "对局结束。",
    "status.replay": "正在复盘。",
    "status.engineRestart": "引擎已停止，正在重启；对局将继续。",
    "panel.score": "得分",
    "panel.penalty": "罚分",
    "panel.lost": "失子",
    "panel.none": "无",
    "panel.quiet": "无进展",
    "panel.quiet.off": "关闭",
    "panel.pool": "暗子",
    "panel.pool.empty": "所有棋子都已翻开。",
    "panel.moves": "着法",
    "panel.moves.empty": "尚未行棋。",
    "panel.assisted": "有辅助（用过悔棋）",
    "panel.penalisedMove": "重复走子罚分：原路走回",
    "panel.graph": "形势图",
    "panel.graph.loading": "正在分析对局…",
    "panel.graph.label": "形势图：每步之后红方的优势，从 {min} 到 {max} 分",
    "panel.graph.red": "红方占优",
    "panel.graph.black": "黑方占优",
    "hint.text": "提示：{move} — {judgement}（评估 {score}，深度 {depth}）",
    "judge.winning": "你胜势",
    "judge.better": "你占优",
    "judge.even": "大致均势",
    "judge.worse": "你稍劣",
    "judge.losing": "你败势",
    "hint.none": "暂无提示。",
    "hint.thinking": "正在寻找提示…",
    "new.title": "新对局",
    "new.opponent": "对手",
    "new.vsAi": "电脑",
    "new.twoPlayers": "双人同屏",
    "new.order": "你的顺序",
    "new.first": "先手（由你先翻）",
    "new.second": "后手",
    "new.level": "电脑等级",
    "new.variant": "玩法",
    "new.rulesMore": "规则选项",
    "settings.title": "设置",
    "settings.letters": "用西文字母代替汉字",
    "settings.theme": "主题",
    "settings.theme.auto": "跟随系统",
    "settings.theme.light": "浅色",
    "settings.theme.dark": "深色",
    "settings.lang": "语言",
    "record.title": "棋谱",
    "record.help": "复制棋谱，或粘贴棋谱后载入。",
    "record.label": "棋谱文本",
    "record.loaded": "棋谱已载入。",
    "record.shareCopied": "分享链接已复制。",
    "record.shareManual": "复制此链接：",
    "over.title": "对局结束",
    "over.draw": "和棋",
    "over.wins": "{color}胜",
    "over.youWin": "你赢了！",
    "over.youLose": "电脑获胜。",
    "over.breakdown": "{color}：盘面 {board} − 罚分 {penalty} = {final}",
    "over.breakdownPlain": "{color}：盘面 {final}",
    "over.hiddenLeft": "仍有 {n} 枚暗子，不计分。",
    "term.no actions": "行棋方无子可走。",
    "term.no progress": "连续 {n} 步没有翻子或吃子。",
    "term.threefold repetition": "同一局面出现三次。",
    "term.general lost": "一方的将帅离开了棋盘。",
    "term.all pieces captured": "一方的棋子被吃光。",
    "announce.flip": "{who}翻开 {sq}：{piece}。",
    "announce.openingFlip": "开局翻开 {sq}：{piece}。",
    "announce.move": "{who}{piece} {from} 到 {to}。",
    "announce.capture": "{who}{piece} {from} 吃 {to} 的{captured}。",
    "announce.penalty": "{color}被罚分（重复走子）。",
    "announce.undo": "已悔棋。{status}",
    "announce.over": "对局结束。{result}",
    "who.red": "红方",
    "who.black": "黑方",
    "error.prefix": "错误：{message}",
    "error.saved": "无法恢复保存的对局（{reason}）。已开始新对局。",
    "error.savedSettings": "保存的设置无法读取，已重置。",
    "error.import": "无法载入此棋谱：{reason}。当前对局不变。",
    "error.param": "已忽略网址参数 {name}：{reason}。",
    "error.shared": "无法载入分享的对局（{reason}）。已开始新对局。",
    "error.engine": "引擎无法启动：{reason}",
    "error.queued": "你提前走的 {move} 与载入的对局不符，请重新走。",
    "error.file": "无法读取该文件。",
    "level.Beginner": "入门",
    "level.Casual": "休闲",
    "level.Club": "俱乐部",
    "level.Expert": "专家",
    "level.Master": "大师",
    "option.scoring": "计分表",
    "option.first_flip": "首翻的颜色归",
    "option.repetition_penalty": "重复走子罚分",
    "option.no_progress_plies": "无进展步数上限",
    "choice.official": "官方",
    "choice.alt": "另一套",
    "choice.opponent": "对手",
    "choice.self": "翻子者",
    "embed.open": "打开完整版",
  },
};

export const LANGS = Object.keys(STRINGS);

// Piece letters as in the notation: upper case red, lower case black.
const KINDS = "KAEHRCPW";
const GLYPHS = { red: "帥仕相傌俥砲兵弩", black: "將士象馬車炮卒弓" };
const KIND_NAMES = {
  en: ["General", "Advisor", "Elephant", "Horse", "Chariot", "Cannon", "Soldier", "Archer"],
  zh: null, // Chinese names are the glyphs themselves
};

let lang = "en";
const listeners = new Set();

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!STRINGS[next] || next === lang) return;
  lang = next;
  document.documentElement.lang = next === "zh" ? "zh-Hans" : "en";
  for (const fn of listeners) fn(lang);
}

/** Call fn(lang) whenever the language changes. */
export function onLangChange(fn) {
  listeners.add(fn);
}

/** The string for key in the current language, with {name} placeholders filled. */
export function t(key, params = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** True when a translation exists (used for data-driven labels that may be new). */
export function has(key) {
  return key in STRINGS[lang] || key in STRINGS.en;
}

/** Fill every [data-i18n] element's text and [data-i18n-attr="attr:key;..."] attributes under root. */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

export function isPieceLetter(letter) {
  return typeof letter === "string" && letter.length === 1 && KINDS.includes(letter.toUpperCase());
}

export function pieceColor(letter) {
  return letter === letter.toUpperCase() ? "red" : "black";
}

/** The Chinese character of a piece letter ("R" -> 俥, "r" -> 車). */
export function pieceGlyph(letter) {
  const kind = KINDS.indexOf(letter.toUpperCase());
  return kind < 0 ? "?" : GLYPHS[pieceColor(letter)][kind];
}

/** "red Chariot" / "红俥": what screen readers and announcements say. */
export function pieceName(letter) {
  const kind = KINDS.indexOf(letter.toUpperCase());
  if (kind < 0) return letter;
  const color = t(`color.${pieceColor(letter)}.lower`);
  if (lang === "zh") return `${color}${pieceGlyph(letter)}`;
  return `${color} ${KIND_NAMES.en[kind]}`;
}

/** Short kind name for tooltips ("Chariot"), in the current language. */
export function kindName(letter) {
  const kind = KINDS.indexOf(letter.toUpperCase());
  if (kind < 0) return letter;
  return lang === "zh" ? pieceGlyph(letter) : KIND_NAMES.en[kind];
}

/** Sort key so piece lists read General first, Soldiers last (the order of the rules texts). */
export function kindOrder(letter) {
  return KINDS.indexOf(letter.toUpperCase());
}

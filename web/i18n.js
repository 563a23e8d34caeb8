// The page's own interface strings, in English and Chinese. A game's words (its title, summary,
// rule options) and the message templates of the engine's errors come from the package, in the
// bridge's info (hdchess/words/): see engineKeys below and web/ui/names.js. The pieces' glyphs and
// values come from the same info (web/pieces.js).
// UI modules call t("key", {params}) so that switching language is one re-render.

import { STATIC } from "./static-info.js";

/** @type {Record<string, Record<string, string>>} */
const STRINGS = {
  en: {
    "app.title": "Hidden Dragon Chess",
    "app.tagline": "Face-down Chinese chess on half a board",
    "lang.toggle": "中文",
    "lang.toggle.label": "切换到中文",
    "btn.new": "New game",
    "btn.moveNow": "Move now",
    "think.label": "The computer's thinking time",
    "think.movingNow": "The computer plays the best move it has found.",
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
    "board.label": "Board, {files} files a–{last} by {ranks} ranks 1–{ranks}",
    "board.choose": "Choose the move to {sq}",
    "square.stack": "{sq}, a stack of {n}, top first: {pieces}",
    "square.choices": "{n} ways to move here",
    "square.penalised": "repetition penalty",
    "list.sep": ", ",
    "kind.K": "General",
    "kind.A": "Advisor",
    "kind.E": "Elephant",
    "kind.H": "Horse",
    "kind.R": "Chariot",
    "kind.C": "Cannon",
    "kind.P": "Soldier",
    "kind.W": "Archer",
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
    "panel.assisted": "assisted (undo or hint used)",
    "panel.penalisedMove": "repetition penalty: moved straight back",
    "panel.graph": "Evaluation",
    "panel.graph.loading": "Analysing the game…",
    "panel.graph.label": "Evaluation graph: red's advantage after each move, from {min} to {max} points",
    "panel.graph.red": "Red better",
    "panel.graph.black": "Black better",
    "hint.text": "Hint: {move} — {judgement} (evaluation {score}, depth {depth})",
    "hint.table": "Hint: {move} — {judgement} (evaluation {score}, from the endgame tables: perfect play)",
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
    "level.Grandmaster": "Grandmaster (thinks about 2 s)",
    "embed.open": "Open full game",
    "board.skip": "Skip to the board",
    "note.penalty": "Moving back to {squares} costs a repetition penalty.",
    "error.emptyRecord": "the record is empty",
    "announce.other": "{who} {move}.",
    "deal.known": "Known deal",
    "deal.knownHelp": "This game was dealt from a seed: anyone who knows the seed knows every face-down piece.",
    "deal.continued": "Continued from a record",
    "deal.continuedHelp": "This game goes on from a game record: whoever wrote the record chose what its flips revealed, so it is not a fair game.",
    "deal.serious": "Serious game",
    "deal.seriousHelp": "A serious game: no undo and no hints.",
    "undo.seriousOff": "Undo is off in a serious game (an undo would let a flip be drawn again).",
    "hint.seriousOff": "Hints are off in a serious game.",
    "param.flag": "use 1 or 0, not “{value}”",
    "param.oneOf.first": "use human or ai, not “{value}”",
    "param.oneOf.lang": "use en or zh, not “{value}”",
    "param.oneOf.theme": "use light, dark or auto, not “{value}”",
    "param.unknownVariant": "no game is called “{value}”",
    "param.unknownLevel": "no level is called “{value}” (use a level name or 1-{count})",
    "param.seedNumber": "the seed must be a whole number, not “{value}”",
    "param.seedLong": "the seed is too long (at most 18 digits)",
    "param.recordLong": "the record is too long",
    "param.recordEmpty": "the record is empty",
    "over.material": "Material left (piece values, not a score): Red {red}, Black {black}.",
    "term.resignation": "A player resigned.",
    "term.time forfeit": "A player ran out of time.",
    "term.general covered": "A General was covered by another piece.",
    "panel.material": "Material",
    "panel.graph.result": "Result",
    "btn.resign": "Resign",
    "resign.question": "Resign this game? Your opponent wins.",
    "termName.no actions": "no legal action",
    "termName.no progress": "no progress",
    "termName.threefold repetition": "threefold repetition",
    "termName.general lost": "General lost",
    "termName.all pieces captured": "all pieces captured",
    "termName.general covered": "General covered",
    "termName.resignation": "resignation",
    "termName.time forfeit": "time forfeit",
    "btn.rules": "Rules",
    "rules.title": "Rules: {game}",
    "rules.legend": "The pieces and their values",
    "rules.piece": "Piece",
    "rules.red": "Red",
    "rules.black": "Black",
    "rules.letter": "Letter",
    "rules.value": "Value",
    "rules.count": "Each side",
    "new.rulesOf": "Rules of this game",
    "panel.valueOf": "{piece}, worth {value}",
    "review.check": "Check the game for mistakes",
    "review.progress": "Checking move {done} of {total}…",
    "review.done": "Check done: {n} moves lost 3 points or more (marked ? and ??).",
    "review.lost": "lost {drop} points; the engine preferred {best}",
    "review.next": "Move {n}, {move}, lost {drop} points: the arrow shows the engine's choice, {best}.",
    "review.this": "Move {n}, {move}, lost {drop} points; the engine preferred {best}.",
    "clock.label": "Time left",
    "new.clock": "Clock",
    "clock.none": "No clock",
    "clock.control": "{m} min + {s} s",
    "clock.controlPlain": "{m} min",
    "new.clockHelp": "Each player's time for the whole game; the player whose time runs out loses.",
    "new.serious": "Serious game: no undo, no hints",
    "new.seriousHelp": "An undo would take a flip back and let it be drawn again; a serious game allows neither undo nor hints, and its record says so.",
    "btn.sound": "Sound",
    "sound.on": "Sound on",
    "sound.off": "Sound off",
    "settings.sound": "Play sounds (flip, move, capture, game end)",
    "nav.game": "Game",
  },
  zh: {
    "app.title": "暗龙棋",
    "app.tagline": "半盘暗棋",
    "lang.toggle": "English",
    "lang.toggle.label": "Switch to English",
    "btn.new": "新对局",
    "btn.moveNow": "立即走棋",
    "think.label": "电脑的思考时间",
    "think.movingNow": "电脑走出目前找到的最好一步。",
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
    "board.label": "棋盘，a–{last} 共 {files} 列，1–{ranks} 共 {ranks} 行",
    "board.choose": "选择走到 {sq} 的着法",
    "square.stack": "{sq}，{n} 子叠成一摞，自上而下：{pieces}",
    "square.choices": "有 {n} 种走法到此",
    "square.penalised": "重复走子罚分",
    "list.sep": "，",
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
    "panel.assisted": "有辅助（用过悔棋或提示）",
    "panel.penalisedMove": "重复走子罚分：原路走回",
    "panel.graph": "形势图",
    "panel.graph.loading": "正在分析对局…",
    "panel.graph.label": "形势图：每步之后红方的优势，从 {min} 到 {max} 分",
    "panel.graph.red": "红方占优",
    "panel.graph.black": "黑方占优",
    "hint.text": "提示：{move} — {judgement}（评估 {score}，深度 {depth}）",
    "hint.table": "提示：{move} — {judgement}（评估 {score}，来自残局库：完美着法）",
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
    "level.Grandmaster": "特级大师（每步约 2 秒）",
    "embed.open": "打开完整版",
    "board.skip": "跳到棋盘",
    "note.penalty": "走回 {squares} 会被罚分（重复走子）。",
    "error.emptyRecord": "棋谱为空",
    "announce.other": "{who} {move}。",
    "deal.known": "已知布局",
    "deal.knownHelp": "本局由种子发牌：知道种子的人知道每一枚暗子。",
    "deal.continued": "续自棋谱",
    "deal.continuedHelp": "本局是从一份棋谱接着下的：棋谱里每次翻出什么由写棋谱的人决定，所以这不是一盘公平的对局。",
    "deal.serious": "正式对局",
    "deal.seriousHelp": "正式对局：不能悔棋，不能提示。",
    "undo.seriousOff": "正式对局不能悔棋（悔棋会让翻开的棋子重新抽取）。",
    "hint.seriousOff": "正式对局不能使用提示。",
    "param.flag": "请用 1 或 0，而不是“{value}”",
    "param.oneOf.first": "请用 human 或 ai，而不是“{value}”",
    "param.oneOf.lang": "请用 en 或 zh，而不是“{value}”",
    "param.oneOf.theme": "请用 light、dark 或 auto，而不是“{value}”",
    "param.unknownVariant": "没有名为“{value}”的玩法",
    "param.unknownLevel": "没有名为“{value}”的等级（请用等级名或 1-{count}）",
    "param.seedNumber": "种子必须是整数，而不是“{value}”",
    "param.seedLong": "种子太长（最多 18 位）",
    "param.recordLong": "棋谱太长",
    "param.recordEmpty": "棋谱为空",
    "over.material": "剩余子力（棋子分值，不是比分）：红方 {red}，黑方 {black}。",
    "term.resignation": "一方认输。",
    "term.time forfeit": "一方超时。",
    "term.general covered": "一方的将帅被其他棋子压住。",
    "panel.material": "子力",
    "panel.graph.result": "结果",
    "btn.resign": "认输",
    "resign.question": "确定认输吗？对方将获胜。",
    "termName.no actions": "无棋可走",
    "termName.no progress": "长时间无进展",
    "termName.threefold repetition": "三次重复局面",
    "termName.general lost": "失帅",
    "termName.all pieces captured": "棋子被吃光",
    "termName.general covered": "帅被压住",
    "termName.resignation": "认输",
    "termName.time forfeit": "超时",
    "btn.rules": "规则",
    "rules.title": "规则：{game}",
    "rules.legend": "棋子与分值",
    "rules.piece": "棋子",
    "rules.red": "红方",
    "rules.black": "黑方",
    "rules.letter": "字母",
    "rules.value": "分值",
    "rules.count": "每方数量",
    "new.rulesOf": "本玩法规则",
    "panel.valueOf": "{piece}，{value} 分",
    "review.check": "检查本局失误",
    "review.progress": "正在检查第 {done} 步，共 {total} 步…",
    "review.done": "检查完毕：{n} 步棋损失 3 分或以上（标记为 ? 和 ??）。",
    "review.lost": "损失 {drop} 分；引擎推荐 {best}",
    "review.next": "第 {n} 步 {move} 损失 {drop} 分：箭头所示为引擎的选择 {best}。",
    "review.this": "第 {n} 步 {move} 损失 {drop} 分；引擎推荐 {best}。",
    "clock.label": "剩余时间",
    "new.clock": "计时",
    "clock.none": "不计时",
    "clock.control": "{m} 分钟 + 每步 {s} 秒",
    "clock.controlPlain": "{m} 分钟",
    "new.clockHelp": "每位玩家整局的用时；用完时间的一方判负。",
    "new.serious": "正式对局：不能悔棋，不能提示",
    "new.seriousHelp": "悔棋会撤回翻子并让它重新抽取；正式对局既不能悔棋也不能提示，棋谱中也会注明。",
    "btn.sound": "声音",
    "sound.on": "声音：开",
    "sound.off": "声音：关",
    "settings.sound": "播放声音（翻子、走子、吃子、终局）",
    "nav.game": "对局",
  },
};

export const LANGS = Object.keys(STRINGS);

/**
 * The engine's words as page keys, by language: each message code's template ("msg.<code>",
 * worded by web/ui/messages.js) and each rule option's label ("option.<name>", as the first
 * game with that option words it), from the bridge's info.
 * @param {any} info the bridge's info: {variants: [{words: {lang: {options}}}], messages: {lang: {code: template}}}
 * @returns {Record<string, Record<string, string>>} language -> key -> text
 */
function engineKeys(info) {
  /** @type {Record<string, Record<string, string>>} */
  const keys = {};
  for (const variant of info?.variants ?? []) {
    for (const [language, words] of Object.entries(variant.words ?? {})) {
      const table = (keys[language] ??= {});
      for (const [name, option] of Object.entries(words?.options ?? {})) table[`option.${name}`] ??= option.label;
    }
  }
  for (const [language, templates] of Object.entries(info?.messages ?? {})) {
    const table = (keys[language] ??= {});
    for (const [code, template] of Object.entries(templates ?? {})) table[`msg.${code}`] = String(template);
  }
  return keys;
}

const ENGINE = engineKeys(STATIC.info);

/**
 * The text of key in language, if there is one: the page's own, else the engine's.
 * @param {string} language
 * @param {string} key
 * @returns {string | undefined}
 */
function lookup(language, key) {
  return STRINGS[language]?.[key] ?? ENGINE[language]?.[key];
}

let lang = "en";
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();

/** @returns {string} the page's language: "en" or "zh" */
export function getLang() {
  return lang;
}

/**
 * Switch the page's language (a language the page has no strings for is ignored) and tell the listeners.
 * @param {string} next
 */
export function setLang(next) {
  if (!STRINGS[next] || next === lang) return;
  lang = next;
  document.documentElement.lang = next === "zh" ? "zh-Hans" : "en";
  for (const fn of listeners) fn(lang);
}

/**
 * Call fn(lang) whenever the language changes.
 * @param {(lang: string) => void} fn
 */
export function onLangChange(fn) {
  listeners.add(fn);
}

/**
 * The string for key in the current language (else in English, else the key), with {name} placeholders filled.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = lookup(lang, key) ?? lookup("en", key) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * True when a translation exists (used for data-driven labels that may be new).
 * @param {string} key
 * @returns {boolean}
 */
export function has(key) {
  return lookup(lang, key) !== undefined || lookup("en", key) !== undefined;
}

/**
 * Fill every [data-i18n] element's text and [data-i18n-attr="attr:key;..."] attributes under root.
 * @param {ParentNode} [root]
 */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of (/** @type {HTMLElement} */ (el).dataset.i18nAttr ?? "").split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

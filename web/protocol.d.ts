// The bridge's replies, as hdchess/bridge/contract.py writes them: generated, do not edit.
// Regenerate: python3 -m hdchess.bridge.declarations > web/protocol.d.ts (web/build.py does it;
// tests/test_contract.py says when this file is out of date).
export type Color = "red" | "black";
export type SquareContent = string | null;
export type Reply = Answer | Refusal;
export type RemoteEvent = Started | Said | Moved | OfferLapsed | OfferAnswered | TookBack | Chat | GameOver | Resumed | Rematch;

export interface OptionWords {
  label: string;
  help: string;
  choices: Record<string, string>;
}

export interface VariantWords {
  title: string;
  summary: string;
  options: Record<string, OptionWords>;
}

export interface Answer {
  ok: true;
  result: unknown;
}

/** A refused request: the message, and its code and params when the page may word it itself. */
export interface Refusal {
  ok: false;
  error: string;
  code?: string;
  params?: Record<string, unknown> | null;
}

export interface Started {
  type: "started";
  me: number;
  first: "me" | "peer";
  names: Record<string, string>;
}

/** A remote game's event that is a sentence to show (a refusal, a proven lie, an offer, the proof checked). */
export interface Said {
  type: "refused" | "cheat" | "verified" | "draw_offered" | "takeback_asked" | "rematch_offered";
  message: MessageDict;
}

/** A sentence of the engine with the `code` and `params` the page words it from. */
export interface MessageDict {
  code: string | null;
  params: Record<string, unknown> | null;
  text: string;
}

export interface Moved {
  type: "opponent_moved" | "flip_revealed";
  move: RemoteMove;
}

export interface RemoteMove {
  ply: number;
  text: string;
  player: number;
  kind: string;
  from: string;
  to: string;
  revealed: string | null;
  captured: string | null;
}

export interface OfferLapsed {
  type: "offer_lapsed";
  message: MessageDict;
  kind: string;
}

export interface OfferAnswered {
  type: "offer_answered";
  message: MessageDict;
  kind: string;
  accept: boolean;
}

export interface TookBack {
  type: "took_back";
  count: number;
}

export interface Chat {
  type: "chat";
  message: MessageDict;
  line: string;
  from: "me" | "peer";
}

export interface GameOver {
  type: "game_over";
  message: MessageDict;
  outcome: string;
  how: string;
  record: string;
}

export interface Resumed {
  type: "resumed";
  resent: number;
}

/** Both sides agreed to a rematch: the next game's set-up begins (`first`: who opens it). */
export interface Rematch {
  type: "rematch";
  first: "me" | "peer";
}

export interface Info {
  version: string;
  variants: Array<VariantInfo>;
  levels: Array<string>;
  timed_levels: Record<string, number>;
  messages: Record<string, Record<string, string>>;
}

export interface VariantInfo {
  name: string;
  title: string;
  summary: string;
  parent: string | null;
  options: Array<VariantOption>;
  switches: Record<string, unknown>;
  board: BoardShape;
  pieces: Record<string, PieceInfo>;
  rules: string;
  rules_by_lang: Record<string, string>;
  words: Record<string, VariantWords>;
}

export interface VariantOption {
  name: string;
  engine_name: string;
  default: unknown;
  doc: string;
  choices: Array<string> | null;
  minimum: number;
}

export interface BoardShape {
  files: number;
  ranks: number;
  names?: Array<string>;
}

export interface PieceInfo {
  glyph: string;
  value: number;
  count: number;
}

/** Everything the page shows of the live game. */
export interface View extends BoardView {
  variant: string;
  title: string;
  options: Record<string, unknown>;
  decided_by_score: boolean;
  position: string;
  start_ply: number;
  players: Record<string, string>;
  names: Record<string, string>;
  level: string;
  ai_turn: boolean;
  legal: Legal;
  moves: Array<Move>;
  assisted: boolean;
  known_deal: boolean;
  serious: boolean;
  continued: boolean;
  record: string;
}

export interface ByColor {
  red: number;
  black: number;
}

export interface LastMove {
  from: string;
  to: string;
  kind: string;
  path?: Array<string>;
}

export interface Outcome {
  termination: string;
  winner: Color | null;
  scores: ByColor;
  penalties: ByColor;
  by_score: boolean;
  result: string;
  text: string;
}

export interface Legal {
  flips: Array<string>;
  moves: Record<string, Array<LegalMove>>;
}

export interface LegalMove extends ActionPlayed {
  capture: boolean;
  penalised: boolean;
  choice?: string;
  carry?: number;
  height?: number;
  loses?: boolean;
  path?: Array<string>;
}

export interface Move {
  ply: number;
  text: string;
  color: Color | null;
  player: number;
  kind: string;
  from: string;
  to: string;
  revealed: string | null;
  captured: string | null;
  penalised: boolean;
  piece: string | null;
  swapped: string | null;
  path?: Array<string>;
  victims?: Array<string | null>;
}

export interface Played {
  played: Move;
  view: View;
}

export interface ComputerMove extends Played {
  analysis: Analysis;
}

export interface Analysis {
  score: number;
  depth: number;
  nodes: number;
  time_ms: number;
  pv: Array<string>;
  level: string;
  table: boolean;
  mate: number | null;
}

export interface Thinking {
  done: boolean;
  progress: number;
  depth: number;
  nodes: number;
  score: number;
  pv: Array<string>;
  mate: number | null;
}

export interface Hint {
  move: string;
  score: number;
  depth: number;
  pv: Array<string>;
  table: boolean;
  mate: number | null;
}

/** Why a click does nothing (`reason` None: it is legal). */
export interface Explanation {
  reason: string | null;
  code?: string;
  params?: Record<string, unknown> | null;
}

export interface Review {
  ply: number;
  best: string;
  best_from: string;
  best_to: string;
  played: string;
  drop: number;
  score: number | null;
  pv: Array<string>;
  missed_win?: number;
  points?: number;
  turned?: "win-loss" | "win-even" | "even-loss" | null;
}

export interface RecordText {
  record: string;
}

/** What the board and its panels show of a position (`position_at` gives it alone). The keys after `outcome` are the family's public facts (a face-down game's pool, a stacks game's note). */
export interface BoardView {
  board: BoardShape;
  squares: Record<string, string | null>;
  ply: number;
  side: Color | null;
  turn_player: number;
  player_colors: Record<string, Color | null>;
  scores: ByColor;
  last_move: LastMove | null;
  outcome: Outcome | null;
  pool?: Record<string, number>;
  captured?: Record<Color, Array<string>>;
  penalties?: ByColor;
  quiet?: number;
  quiet_limit?: number | null;
  note?: MessageDict;
}

/** Every position of the game from its start, one per action and the last (`frames`): an animated image of its moves is drawn from these (web/animation.js). */
export interface Frames {
  board: BoardShape;
  frames: Array<Frame>;
}

/** One position of a game as a picture shows it: what each square holds, and the move that led there. */
export interface Frame {
  squares: Record<string, string | null>;
  last_move: LastMove | null;
}

export interface Evaluations {
  plies: Array<Evaluation>;
}

export interface Evaluation {
  ply: number;
  score_red: number;
  result?: string;
}

export interface Lesson extends BoardView {
  lesson_ply: number;
  legal: Legal;
  played: LessonPlayed;
}

export interface LessonPlayed extends ActionPlayed {
  player: number;
}

export interface Judgement {
  ply: number;
  lesson_ply: number;
  verdict: "best" | "better" | "not_better";
  try: ActionPlayed;
  same_as_played: boolean;
  loss: number;
  played_loss: number;
  best: ActionPlayed;
}

export interface ActionPlayed {
  move: string;
  from: string;
  to: string;
  kind: string;
}

export interface Tables {
  tables: Record<string, number>;
}

export interface SharedTable {
  slots: number;
}

export interface PoolJob {
  job: PoolTask | null;
}

export interface PoolTask {
  record: unknown;
  options: Record<string, unknown>;
  salt: number;
  max_ms: number;
}

/** What every remote command but save and leave answers. */
export interface RemoteReply {
  messages: Array<string>;
  events: Array<RemoteEvent>;
  view: View;
  remote: RemoteStatus;
}

export interface RemoteStatus {
  role: "host" | "guest";
  me: number | null;
  phase: "setup" | "playing" | "over" | "verified" | "cheated";
  names: Record<string, string>;
  my_turn: boolean;
  pending: string | null;
  offer: Offer | null;
  clock: ClockSetting | null;
  clocks: Record<string, number> | null;
  running: number | null;
  abandon_after_s: number;
  flip_answer_s: number;
  claim_grace_ms: number;
  claimable: boolean;
  lines: Array<string>;
  chat: Array<ChatLine>;
  verified: true | null;
  cheat: MessageDict | null;
  colors: Record<string, Color>;
  record: string | null;
}

export interface Offer {
  kind: string;
  from: "me" | "peer";
}

export interface ClockSetting {
  initial_ms: number;
  increment_ms: number;
}

export interface ChatLine {
  from: "me" | "peer";
  line: string;
}

export interface RemoteSaved {
  saved: Record<string, unknown>;
}

export interface RemoteLeft {
  left: boolean;
}

/** Each command's result. */
export interface Results {
  info: Info;
  new_game: View;
  load_record: View;
  restore: View;
  play: Played;
  ai_move: ComputerMove;
  think: Thinking;
  hint: Hint;
  undo: View;
  resign: View;
  timeout: View;
  explain: Explanation;
  analyse: Review;
  export: RecordText;
  view: View;
  position_at: BoardView;
  frames: Frames;
  evaluations: Evaluations;
  lesson: Lesson;
  judge_try: Judgement;
  add_tables: Tables;
  share_table: SharedTable;
  pool_job: PoolJob;
  remote_host: RemoteReply;
  remote_join: RemoteReply;
  remote_receive: RemoteReply;
  remote_act: RemoteReply;
  remote_offer: RemoteReply;
  remote_answer: RemoteReply;
  remote_resign: RemoteReply;
  remote_chat: RemoteReply;
  remote_claim: RemoteReply;
  remote_explain: Explanation;
  remote_tick: RemoteReply;
  remote_save: RemoteSaved;
  remote_resume: RemoteReply;
  remote_leave: RemoteLeft;
}

export type Command = keyof Results;

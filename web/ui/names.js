// Names of engine things in the page's language: levels, variants, rule options and their
// choices, terminations. A game's own words (title, summary, each option's label, help and
// choices) come with the game in the bridge's info (`variant.words[lang]`, written by the
// package: hdchess/words/); a game with none in the page's language shows its English words.
// Levels and terminations are the page's own (web/i18n.js), keyed by their English names.

import { getLang, has, t } from "../i18n.js";

/**
 * @param {string} name an engine name such as "no_progress_plies"
 * @returns {string} "No progress plies"
 */
function humanize(name) {
  return name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/**
 * A game's words in the page's language, else in English (a game not yet translated).
 * @param {any} variant a variant of the bridge's info
 * @returns {any} {title, summary, options: {name: {label, help, choices}}}, or null
 */
export function gameWords(variant) {
  return variant?.words?.[getLang()] ?? variant?.words?.en ?? null;
}

/**
 * "en" when a game's words are shown in English for want of the page's language, else null:
 * the lang attribute of what shows them.
 * @param {any} variant a variant of the bridge's info
 * @returns {string | null}
 */
export function gameWordsLang(variant) {
  return variant?.words && !variant.words[getLang()] ? "en" : null;
}

/**
 * @param {any} variant a variant of the bridge's info, or null
 * @param {string} name an option's name
 * @returns {any} that option's words in the page's language, or null
 */
function optionWords(variant, name) {
  return gameWords(variant)?.options?.[name] ?? null;
}

/**
 * @param {string} level a level's English name ("Club")
 * @returns {string}
 */
export function levelLabel(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

/**
 * A level as the new-game dialog offers it: its name and, where it has one, what sets it apart
 * ("Grandmaster (thinks about 2 s)"); the player's card names the level alone.
 * @param {string} level a level's English name
 * @returns {string}
 */
export function levelChoiceLabel(level) {
  return has(`levelNote.${level}`) ? t("level.withNote", { level: levelLabel(level), note: t(`levelNote.${level}`) })
    : levelLabel(level);
}

/**
 * A rule option's label: as `variant` words it, else as the first game with that option does.
 * @param {{name: string}} option
 * @param {any} [variant]
 * @returns {string}
 */
export function optionLabel(option, variant = null) {
  const words = optionWords(variant, option.name);
  if (words) return words.label;
  return has(`option.${option.name}`) ? t(`option.${option.name}`) : humanize(option.name);
}

/**
 * An option's help for players (the engine's doc when the game has no words for it).
 * @param {any} variant
 * @param {{name: string, doc?: string}} option
 * @returns {string}
 */
export function optionHelp(variant, option) {
  return optionWords(variant, option.name)?.help ?? option.doc ?? "";
}

/**
 * @param {any} variant
 * @param {{name: string}} option
 * @param {string} choice one of the option's values
 * @returns {string}
 */
export function choiceLabel(variant, option, choice) {
  return optionWords(variant, option.name)?.choices?.[choice] ?? choice;
}

/**
 * @param {any} variant
 * @returns {string}
 */
export function variantTitle(variant) {
  if (!variant) return "";
  return gameWords(variant)?.title ?? (variant.title || variant.name);
}

/**
 * @param {any} variant
 * @returns {string}
 */
export function variantSummary(variant) {
  if (!variant) return "";
  return gameWords(variant)?.summary ?? variant.summary ?? "";
}

/**
 * Why the game ended, in the page's language ("term.<termination>"), else the engine's words.
 * @param {any} outcome the view's outcome
 * @param {any} view
 * @returns {string}
 */
export function terminationText(outcome, view) {
  const key = `term.${outcome.termination}`;
  // the side that lost, for the reasons that name it ("Black resigned.", "Red's General was covered ...")
  const loser = { red: "black", black: "red" }[String(outcome.winner)] ?? "none";
  return has(key) ? t(key, { n: view.quiet_limit, side: t(`loser.${loser}`), sideOf: t(`loserOf.${loser}`) })
    : String(outcome.text ?? outcome.termination ?? "");
}

/**
 * A termination's short name ("threefold repetition"), in the page's language.
 * @param {string} value
 * @returns {string}
 */
export function terminationName(value) {
  return has(`termName.${value}`) ? t(`termName.${value}`) : value;
}

// Names of engine things in the page's language: levels, variants, rule
// options and their choices, terminations. The engine names them in English
// (its info); the Chinese ones are the page's own table, keyed by those names.
// Anything new the engine declares shows under its English name until translated.

import { has, t } from "../i18n.js";

function humanize(name) {
  return name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export function levelLabel(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

export function optionLabel(option) {
  return has(`option.${option.name}`) ? t(`option.${option.name}`) : humanize(option.name);
}

/** An option's help for players (the page's words; the engine's doc when there are none). */
export function optionHelp(variant, option) {
  for (const key of [`optionHelp.${variant?.name}.${option.name}`, `optionHelp.${option.name}`]) {
    if (has(key)) return t(key);
  }
  return option.doc ?? "";
}

export function choiceLabel(choice) {
  return has(`choice.${choice}`) ? t(`choice.${choice}`) : choice;
}

export function variantTitle(variant) {
  if (!variant) return "";
  return has(`variant.${variant.name}.title`) ? t(`variant.${variant.name}.title`) : variant.title || variant.name;
}

export function variantSummary(variant) {
  if (!variant) return "";
  return has(`variant.${variant.name}.summary`) ? t(`variant.${variant.name}.summary`) : variant.summary ?? "";
}

/** Why the game ended, in the page's language ("term.<termination>"), else the engine's words. */
export function terminationText(outcome, view) {
  const key = `term.${outcome.termination}`;
  return has(key) ? t(key, { n: view.quiet_limit }) : String(outcome.text ?? outcome.termination ?? "");
}

/** A termination's short name ("threefold repetition"), in the page's language. */
export function terminationName(value) {
  return has(`termName.${value}`) ? t(`termName.${value}`) : value;
}

// The markdown subset of the rules texts (hdchess/rules_text/*.md), as DOM
// nodes: headings, paragraphs, lists, tables, inline code, bold and italic.
// Text only ever goes in through text nodes, never as HTML.

import { el } from "./dom.js";

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/;

/** Inline spans of one line of text. @param {string} text @returns {(HTMLElement | string)[]} */
export function inline(text) {
  return text.split(INLINE).filter(Boolean).map((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) return el("code", {}, part.slice(1, -1));
    if (part.startsWith("**") && part.endsWith("**") && part.length > 3) return el("strong", {}, part.slice(2, -2));
    if (part.startsWith("*") && part.endsWith("*") && part.length > 2) return el("em", {}, part.slice(1, -1));
    return part;
  });
}

/** @param {string} line */
function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

/** The blocks of a markdown text; `level` shifts headings (# becomes h<level>). */
/** @param {unknown} text @returns {HTMLElement[]} */
export function renderMarkdown(text, level = 2) {
  const lines = String(text ?? "").replace(/\r\n?/g, "\n").split("\n");
  /** @type {HTMLElement[]} */
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push(el(`h${Math.min(6, heading[1].length + level - 1)}`, {}, inline(heading[2])));
      i += 1;
    } else if (/^\s*\|/.test(line)) {
      /** @type {string[]} */
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const [head, , ...body] = rows;
      const heads = cells(head);
      // each cell knows its column's heading: a phone shows a row as a card of "heading: value" lines
      blocks.push(el("div", { class: "table-wrap" }, el("table", {},
        el("thead", {}, el("tr", {}, heads.map((c) => el("th", { scope: "col" }, inline(c))))),
        el("tbody", {}, body.map((row) => el("tr", {}, cells(row).map((c, col) =>
          el("td", { dataset: { head: heads[col]?.replace(/[*`]/g, "") ?? "" } }, inline(c)))))))));
    } else if (/^\s*[-*]\s+/.test(line)) {
      /** @type {string[]} */
      const items = [];
      while (i < lines.length && (/^\s*[-*]\s+/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length))) {
        if (/^\s*[-*]\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*[-*]\s+/, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i += 1;
      }
      blocks.push(el("ul", {}, items.map((item) => el("li", {}, inline(item)))));
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|\s*\||\s*[-*]\s+)/.test(lines[i])) {
        para.push(lines[i].trim());
        i += 1;
      }
      blocks.push(el("p", {}, inline(para.join(" "))));
    }
  }
  return blocks;
}

// Tiny DOM helpers. Text always goes in through textContent, never as HTML,
// so nothing from a record, a URL or storage can become markup.

/** @typedef {Node | string | number | boolean | null | undefined} Child */

/** el("button", {class: "x", onclick: fn, "aria-label": "..."}, "text", childNode, ...)
 *  @template {string} K
 *  @param {K} tag @param {Record<string, any>} [attrs] @param {(Child | Child[])[]} children
 *  @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */
export function el(tag, attrs = {}, ...children) {
  const node = /** @type {any} */ (document.createElement(tag));
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An element of the page (the page's own markup has it: not checked here).
 *  @param {string} selector @param {ParentNode} [root] @returns {HTMLElement} */
export function $(selector, root = document) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

/** Save `blob` as a file called `name` (the browser's download). @param {Blob} blob @param {string} name */
export function saveFile(blob, name) {
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// The lint rule `hdchess/store-owners`: a module of web/ writes a field of the page's state (`app`, imported
// from web/state.js) only if web/state-owners.js names it the field's owner. A write is an assignment to
// `app.field` or anything under it (`app.field.x = `, `app.field[k] += `, `app.field++`, `delete`), a
// destructuring into it, or a call that changes what it holds in place (`app.positions.set(...)`,
// `app.listeners.move.push(...)`, `Object.assign(app.field, ...)`). A write through a local alias
// (`const r = app.review; r.done = 1`) is not seen: write through `app.field` as the owner.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { OWNERS } from "../state-owners.js";

const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const MUTATORS = new Set(["set", "delete", "clear", "add", "push", "pop", "shift", "unshift", "splice", "sort",
  "reverse", "fill", "copyWithin"]);

/** The state's field a member chain starts from (`app.review.marks.set` -> "review"), or null when the chain
 *  does not start at one of `names` (the local names of `app`).
 *  @param {any} node @param {Set<string>} names @returns {{field: string | null, node: any} | null} */
function fieldOf(node, names) {
  let inner = node;
  while (inner.type === "MemberExpression" && inner.object.type === "MemberExpression") inner = inner.object;
  if (inner.type !== "MemberExpression" || inner.object.type !== "Identifier" || !names.has(inner.object.name)) {
    return null;
  }
  if (inner.computed) return { field: inner.property.type === "Literal" ? String(inner.property.value) : null, node };
  return { field: inner.property.name, node };
}

/** Every target an assignment's left side writes (patterns of a destructuring included).
 *  @param {any} target @returns {any[]} */
function targets(target) {
  switch (target?.type) {
    case "ObjectPattern":
      return target.properties.flatMap((/** @type {any} */ p) => targets(p.type === "RestElement" ? p.argument : p.value));
    case "ArrayPattern":
      return target.elements.flatMap((/** @type {any} */ e) => targets(e?.type === "RestElement" ? e.argument : e));
    case "AssignmentPattern":
      return targets(target.left);
    case "MemberExpression":
      return [target];
    default:
      return [];
  }
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "a field of the page's state is written only by the module web/state-owners.js names" },
    schema: [],
    messages: {
      foreign: "app.{{field}} is owned by web/{{owner}}: change it through a named change of that module, not from web/{{module}}",
      unknown: "app.{{field}} is not a field of web/state-owners.js's table (a new field needs an owner there)",
      dynamic: "a write to app[...] whose field is not known here: name the field (web/state-owners.js)",
    },
  },
  create(context) {
    const module = path.relative(WEB, context.filename).split(path.sep).join("/");
    /** @type {Set<string>} */
    const names = new Set(module === "state.js" ? ["app"] : []);
    /** @param {any} node */
    const check = (node) => {
      const found = fieldOf(node, names);
      if (!found) return;
      const { field } = found;
      if (field === null) {
        context.report({ node, messageId: "dynamic" });
        return;
      }
      const owner = Object.hasOwn(OWNERS, field) ? OWNERS[/** @type {keyof typeof OWNERS} */ (field)] : undefined;
      if (owner === undefined) context.report({ node, messageId: "unknown", data: { field } });
      else if (owner !== module) context.report({ node, messageId: "foreign", data: { field, owner, module } });
    };
    return {
      ImportDeclaration(node) {
        if (!/(^|\/)state\.js$/.test(String(node.source.value))) return;
        for (const spec of node.specifiers) {
          if (spec.type === "ImportSpecifier" && spec.imported.type === "Identifier" && spec.imported.name === "app") {
            names.add(spec.local.name);
          }
        }
      },
      AssignmentExpression(node) {
        for (const target of targets(node.left)) check(target);
      },
      UpdateExpression(node) {
        check(node.argument);
      },
      UnaryExpression(node) {
        if (node.operator === "delete") check(node.argument);
      },
      "ForOfStatement, ForInStatement"(/** @type {any} */ node) {
        for (const target of targets(node.left)) check(target);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") return;
        if (MUTATORS.has(callee.property.name) && callee.object.type === "MemberExpression") check(callee.object);
        const isAssign = callee.object.type === "Identifier" && callee.object.name === "Object"
          && ["assign", "defineProperty", "defineProperties"].includes(callee.property.name);
        const first = node.arguments[0];
        if (isAssign && first?.type === "MemberExpression") check(first);
        if (isAssign && first?.type === "Identifier" && names.has(first.name)) {
          context.report({ node, messageId: "dynamic" });
        }
      },
    };
  },
};

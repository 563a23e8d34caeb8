// eslint over the page's JavaScript (run: cd web && node node_modules/eslint/bin/eslint.js; tests/run-all.sh
// runs it). The recommended rules, the few more that catch real bugs, and our own rule: a field of the page's
// state is written only by its owner (eslint-rules/store-owners.js, web/state-owners.js).

import js from "@eslint/js";
import globals from "globals";
import storeOwners from "./eslint-rules/store-owners.js";

export default [
  { ignores: ["node_modules/", ".cache/"] },
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    plugins: { hdchess: { rules: { "store-owners": storeOwners } } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "hdchess/store-owners": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"], // == null alone: other loose comparisons hide a wrong type
      "array-callback-return": "error", // a map/filter/find whose callback forgets to return
      "no-promise-executor-return": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error", // "${x}" meant as a template
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "no-throw-literal": "error",
      "prefer-promise-reject-errors": "error",
      "no-return-assign": "error",
      "no-sequences": "error",
      "no-implied-eval": "error",
      "no-new-wrappers": "error",
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      "default-case-last": "error",
    },
  },
  { files: ["sw.js"], languageOptions: { globals: globals.serviceworker } },
  { files: ["worker.js", "search-worker.js", "python-boot.js"], languageOptions: { globals: globals.worker } },
  { files: ["*.mjs", "buildlib/*.mjs", "eslint.config.js", "eslint-rules/*.js"], languageOptions: { globals: globals.node } },
];

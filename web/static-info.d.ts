// The shape of web/static-info.js, which web/build.py writes into the site only
// (the bridge's info, and each variant's opening view with default options).
import type { Info, View } from "./protocol";

export const STATIC: {
  info: Info;
  openings: Record<string, View>;
};

// An action as the board offers it: a legal move of the view, or the flip of a square in its `legal.flips`
// (made on the page, `kind` "flip", without the bridge's capture and penalised). Written here, below the board
// and the engine's client, since both name it.
import type { LegalMove } from "./protocol";

export type Action = Omit<LegalMove, "capture" | "penalised"> & Partial<Pick<LegalMove, "capture" | "penalised">>;

// The messages between the page's engine client (web/engine-client.js) and the engine worker
// (web/worker.js): a request carries one bridge command; the worker answers it with the bridge's
// reply (web/protocol.d.ts, written from hdchess/bridge/contract.py), or tells of its own life.
import type { Command, Reply } from "./protocol";

/** page -> worker: one request. */
export interface WorkerRequest {
  id: number;
  cmd: Command;
  args: object;
}

/** How far Python's start has come (the page's progress bar). */
export interface Progress {
  stage: string;
  fraction: number;
  ms?: number;
  error?: string;
}

/** worker -> page: the reply to a request, or an event of the worker's life. */
export type WorkerMessage =
  | ({ id: number } & Reply)
  | { event: "progress"; stage: string; fraction: number; ms?: number }
  | { event: "ready"; version: string }
  | { event: "failed"; stage: string; error: string }
  | { event: "crashed"; error: string }
  | { event: "tables"; tables?: unknown; files?: string[] };

// Types of web/gifenc.js, the GIF encoder web/build.py vendors from npm (gifenc 1.0.3, web/buildlib/gifenc.py).
export type Palette = number[][];
export interface Encoder {
  writeFrame(index: Uint8Array, width: number, height: number,
    opts?: { palette?: Palette; delay?: number; repeat?: number; transparent?: boolean; transparentIndex?: number;
      dispose?: number }): void;
  finish(): void;
  bytes(): Uint8Array<ArrayBuffer>;
}
export function GIFEncoder(opts?: { auto?: boolean; initialCapacity?: number }): Encoder;
export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, opts?: { format?: string }): Palette;
export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: string): Uint8Array;

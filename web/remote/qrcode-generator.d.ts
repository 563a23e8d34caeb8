// Types of the QR encoder web/buildlib/qr.py copies into the site beside this file (the npm package
// qrcode-generator's ES module, MIT): the checker reads these, the page loads that.
export interface QRCode {
  addData(data: string, mode?: "Numeric" | "Alphanumeric" | "Byte" | "Kanji"): void;
  make(): void;
  getModuleCount(): number;
  isDark(row: number, col: number): boolean;
}
export function qrcode(typeNumber: number, errorCorrectionLevel: "L" | "M" | "Q" | "H"): QRCode;
export default qrcode;

// A QR code of a link, drawn as an SVG of dark squares (from the vendored encoder: qrcode-generator, MIT,
// copied into the site at build time by web/buildlib/qr.py). It is loaded only when a friend game is made.

/** An SVG element of the QR code of `text`, with `label` as its accessible name.
 *  @param {string} text @param {string} label @returns {Promise<SVGSVGElement>} */
export async function qrSvg(text, label) {
  const { qrcode } = await import("./qrcode-generator.js");
  const code = qrcode(0, "L"); // the smallest version that holds it; L: links are long, screens are clean
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const quiet = 4;
  const size = count + 2 * quiet;
  let path = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const ns = "http://www.w3.org/2000/svg";
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(ns, "svg"));
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = document.createElementNS(ns, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  const marks = document.createElementNS(ns, "path");
  marks.setAttribute("d", path);
  marks.setAttribute("fill", "#000");
  svg.append(back, marks);
  return svg;
}

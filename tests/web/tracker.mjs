// A WebTorrent tracker on 127.0.0.1 for the one-link browser tests (tests/web/test_one_link.py): the npm
// package bittorrent-tracker's own server (the reference the public WebTorrent trackers run), WebSocket
// only. Run: node tests/web/tracker.mjs PATH_OF_bittorrent-tracker/server.js [PORT]. Prints {"port": N}
// once listening; stops when its standard input closes (the test's end).
import { pathToFileURL } from "node:url";

const [serverPath, port = "0"] = process.argv.slice(2);
const { default: Server } = await import(pathToFileURL(serverPath).href);
const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false });
server.on("error", (err) => console.error(`tracker error: ${err.message}`));
server.on("warning", (err) => console.error(`tracker warning: ${err.message}`));
server.on("listening", () => console.log(JSON.stringify({ port: server.ws.address().port })));
server.listen(Number(port), "127.0.0.1");
process.stdin.resume();
process.stdin.on("end", () => server.close(() => process.exit(0)));

// A WebTorrent tracker on 127.0.0.1 for the one-link browser tests (tests/web/test_one_link.py): the npm
// package bittorrent-tracker's own server (the reference the public WebTorrent trackers run), WebSocket
// only. Run: node tests/web/tracker.mjs PATH_OF_bittorrent-tracker/server.js [PORT]. Prints {"port": N}
// once listening; the test ends it.
import { pathToFileURL } from "node:url";

const [serverPath, port = "0"] = process.argv.slice(2);
const { default: Server } = await import(pathToFileURL(serverPath).href);
// interval: WebSocket peers are told to announce every fifth of it, 10 s here (the default, 2 min, would
// make a third page wait that long for the host's next offers before it is refused)
const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false, interval: 50_000 });
server.on("error", (err) => console.error(`tracker error: ${err.message}`));
server.on("warning", (err) => console.error(`tracker warning: ${err.message}`));
server.on("listening", () => console.log(JSON.stringify({ port: server.ws.address().port })));
server.listen(Number(port), "127.0.0.1");

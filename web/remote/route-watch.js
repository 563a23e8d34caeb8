// Whether two pages that exchanged their offers through the relays found a route between their devices.
// Trystero 0.25 reports a failed route (onJoinError) only on the answering side, and only 23 s after its
// answer; the offering side's connection just stays unconnected. So one-link play gives Trystero this
// RTCPeerConnection (its documented rtcPolyfill option): once the other side's description is set, a
// connection that ICE marks failed, or that is not connected within ROUTE_WAIT_MS, calls onNoRoute.

/** How long a connection may take from the other side's description to connected (ICE checks, DTLS). */
export const ROUTE_WAIT_MS = 20_000;

/** An RTCPeerConnection class that calls `onNoRoute` as above (once per connection; never for one that is
 *  closed, as Trystero closes the spare ones). @param {() => void} onNoRoute
 *  @returns {typeof RTCPeerConnection} */
export function routeWatchedConnection(onNoRoute) {
  return class RouteWatchedConnection extends RTCPeerConnection {
    /** @param {RTCConfiguration} [config] */
    constructor(config) {
      super(config);
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      let told = false;
      const tell = () => {
        clearTimeout(timer);
        if (told || this.connectionState === "closed" || this.connectionState === "connected") return;
        told = true;
        onNoRoute();
      };
      this.addEventListener("signalingstatechange", () => {
        if (this.signalingState === "stable" && this.remoteDescription && timer === undefined) {
          timer = setTimeout(tell, ROUTE_WAIT_MS);
        }
      });
      this.addEventListener("iceconnectionstatechange", () => {
        if (this.iceConnectionState === "failed") tell();
      });
      this.addEventListener("connectionstatechange", () => {
        if (this.connectionState === "failed") tell();
        else if (this.connectionState === "connected" || this.connectionState === "closed") clearTimeout(timer);
      });
    }
  };
}

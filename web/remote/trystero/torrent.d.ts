// Types of the part of Trystero (npm @trystero-p2p/torrent and @trystero-p2p/core 0.25.4, MIT) that
// web/remote/one-link.js uses. web/buildlib/trystero.py copies the library into the site beside this file:
// the checker reads these, the page loads that.
export interface JoinError {
  error: string;
  appId: string;
  roomId: string;
  peerId: string;
}
export interface MessageAction<T> {
  send(data: T, options?: { target?: string | string[] | null }): Promise<void>;
  onMessage: ((data: T, context: { peerId: string }) => void) | null;
}
export interface Room {
  makeAction<T>(namespace: string): MessageAction<T>;
  leave(): Promise<void>;
  getPeers(): Record<string, RTCPeerConnection>;
  onPeerJoin: ((peerId: string) => void) | null;
  onPeerLeave: ((peerId: string) => void) | null;
}
export interface RoomConfig {
  appId: string;
  password?: string;
  passive?: boolean;
  relayConfig?: { urls?: string[]; redundancy?: number; warnOnRelayFailure?: boolean };
  rtcConfig?: RTCConfiguration;
  rtcPolyfill?: typeof RTCPeerConnection;
}
export function joinRoom(config: RoomConfig, roomId: string,
  callbacks?: { onJoinError?: (details: JoinError) => void }): Room;
export function getRelaySockets(): Record<string, WebSocket>;
export const defaultRelayUrls: string[];
export const selfId: string;

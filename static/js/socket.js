// TriPeaks: a WebSocket that follows what the server says of a game or a challenge, and comes back when it is lost:
// after a growing pause (spread over a crowd's reconnections), at once when the network is back, within
// RETRY_UNAVAILABLE when the server said it could not serve it for a moment (4503: Redis away); never after a close
// that says there is nothing to follow. The close codes are games/live/close_codes.py's. A page leaving (or going
// into the back-forward cache) closes its socket, so that it stops counting as watching at once; coming back opens
// a new one. Used by static/js/live.js (a game's page) and static/js/room.js (a challenge's).

export const UNKNOWN = 4404; // no such game or room: no point reconnecting
export const DEAL_SECRET = 4403; // another player's daily game of today: not before the day is over
export const UNAVAILABLE = 4503; // the server cannot serve the socket now: tried again soon
const FINAL = new Set([UNKNOWN, DEAL_SECRET]);
const RETRY_FIRST = 500; // ms, doubled after each failed attempt up to RETRY_MOST
const RETRY_MOST = 15000;
const RETRY_UNAVAILABLE = 1500; // ms: a page is back within 2 s of Redis's return, its reconnection's own time included

/**
 * Follows ``path`` (/ws/…): ``frame(message)`` for each JSON frame; ``up()`` once the server has spoken on a new
 * socket (its first frame, not merely the socket open); ``down()`` when it is lost and about to be tried again.
 */
export function follow(path, { frame, up = () => {}, down = () => {} }) {
  let socket = null;
  let failures = 0;
  let retry = null;

  function connect() {
    retry = null;
    const url = new URL(path, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const opened = new WebSocket(url);
    let heard = false;
    socket = opened;
    opened.addEventListener("message", (event) => {
      failures = 0;
      if (!heard) {
        heard = true;
        up();
      }
      frame(JSON.parse(event.data));
    });
    opened.addEventListener("close", (event) => {
      if (opened !== socket) return; // a socket closed on purpose (the page hidden)
      socket = null;
      if (FINAL.has(event.code)) return;
      down();
      const backoff = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** failures++);
      const delay = event.code === UNAVAILABLE ? RETRY_UNAVAILABLE : backoff;
      retry = setTimeout(connect, delay * (0.5 + Math.random() / 2));
    });
  }

  window.addEventListener("pagehide", () => {
    clearTimeout(retry);
    retry = null;
    const closing = socket;
    socket = null;
    closing?.close(1000);
  });
  // The network back: the socket at once, not after the back-off it reached meanwhile.
  window.addEventListener("online", () => {
    if (socket || !retry) return;
    clearTimeout(retry);
    failures = 0;
    connect();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !socket) connect();
  });
  connect();
}

// TriPeaks live board: the game page follows its game over a WebSocket (games/live/consumers.py).
// Each event carries the game's version (its action count). One the page already shows is ignored;
// a watcher's next one brings its HTML and is swapped in; anything else (a gap, an owner's tab, a
// reconnection) fetches the regions as they stand now. Without this file the page still works.
"use strict";

(() => {
  const live = document.getElementById("live");
  if (!live || !window.WebSocket || !window.htmx) return;
  const UNKNOWN_GAME = 4404; // the game is gone: no point reconnecting
  const DEAL_SECRET = 4403; // another player's daily game of today: not before the day is over
  const RETRY_FIRST = 500; // ms, doubled after each failed attempt up to RETRY_MOST
  const RETRY_MOST = 15000;
  const UNAVAILABLE = 4503; // Redis away for a moment: tried again within RETRY_UNAVAILABLE, however long it lasts
  const RETRY_UNAVAILABLE = 1500; // ms: a page is back within 2 s of Redis's return, its reconnection's own time included
  const watcher = live.dataset.role === "watcher"; // the owner's tabs cannot use the watchers' HTML
  const watching = live.querySelector(".watching");
  const reconnecting = live.querySelector(".reconnecting");

  let socket = null;
  let failures = 0;
  let retry = null;
  let newest = 0; // the newest version any event told of
  let pending = 0; // the page's own actions unanswered (static/js/tripeaks.js): their answers bring the board
  let syncing = false;

  const shown = () => Number(document.getElementById("board")?.dataset.version ?? 0);
  const swap = (html) => htmx.swap(document.body, html, { swapStyle: "none" }); // out-of-band regions

  function connect() {
    retry = null;
    const url = new URL(live.dataset.socket, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url);
    // Up once the server has spoken (its first frame says the version), not merely once open.
    socket.addEventListener("message", (event) => {
      failures = 0;
      if (reconnecting.textContent) document.dispatchEvent(new CustomEvent("tripeaks:reachable")); // errors.js
      reconnecting.textContent = "";
      receive(JSON.parse(event.data));
    });
    socket.addEventListener("close", (event) => {
      if (event.target !== socket) return; // a socket closed on purpose (page hidden)
      socket = null;
      if (event.code === UNKNOWN_GAME || event.code === DEAL_SECRET) return;
      reconnecting.textContent = reconnecting.dataset.text;
      delete live.dataset.heard;
      watching.hidden = true; // no longer known: the next connection says it again
      const backoff = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** failures++);
      const delay = event.code === UNAVAILABLE ? RETRY_UNAVAILABLE : backoff;
      retry = setTimeout(connect, delay * (0.5 + Math.random() / 2)); // spread a crowd's reconnections
    });
  }

  function receive(message) {
    live.dataset.heard = ""; // the socket is up: its first frame came
    if (message.type === "watching") {
      // Nobody watching goes unsaid: a player alone sees no count.
      watching.querySelector("[data-watching]").textContent = message.count;
      watching.hidden = message.count === 0;
    } else if (message.type === "board") {
      newest = Math.max(newest, message.version);
      if (message.version <= shown()) return;
      if (watcher && message.html && message.version === shown() + 1 && !syncing) swap(message.html);
      else catchUp();
    }
  }

  // Fetch the regions as they stand; again while events tell of newer versions than the answer had.
  async function catchUp() {
    if (syncing || pending) return; // the answer on its way brings a board; then we look again
    syncing = true;
    let advanced = false;
    try {
      const answer = await fetch(live.dataset.sync, { cache: "no-store", credentials: "same-origin" });
      if (answer.ok) {
        const before = shown();
        const html = await answer.text();
        if (pending === 0 && Number(/data-version="(\d+)"/.exec(html)?.[1] ?? -1) > before) swap(html);
        advanced = shown() > before;
      }
    } catch {
      // offline for a moment: the next event, or the reconnection, tries again
    } finally {
      syncing = false;
    }
    if (advanced && newest > shown()) catchUp();
  }

  document.addEventListener("tripeaks:queue", (event) => {
    pending = event.detail.pending;
    if (!pending && newest > shown()) catchUp();
  });

  // A page leaving (or going into the back-forward cache) closes its socket, so it stops counting as
  // watching at once; coming back opens a new one, whose first event says where the game is.
  window.addEventListener("pagehide", () => {
    clearTimeout(retry);
    const closing = socket;
    socket = null;
    closing?.close(1000);
  });
  // The network back: the socket at once, not after the backoff it reached meanwhile.
  window.addEventListener("online", () => {
    if (socket || !retry) return;
    clearTimeout(retry);
    connect();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !socket) connect();
  });

  connect();
})();

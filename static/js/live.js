// TriPeaks live board: the game page follows its game over a WebSocket (games/live/consumers.py, through
// static/js/socket.js). Each event carries the game's version (its action count). One the page already shows is
// ignored; a watcher's next one brings its HTML and is swapped in; anything else (a gap, an owner's tab, a
// reconnection) fetches the regions as they stand now. Without this file the page still works.

import { follow } from "./socket.js";

const live = document.getElementById("live");
const watcher = live?.dataset.role === "watcher"; // the owner's tabs cannot use the watchers' HTML
const watching = live?.querySelector(".watching");
const reconnecting = live?.querySelector(".reconnecting");

let newest = 0; // the newest version any event told of
let pending = 0; // the page's own actions unanswered (static/js/queue.js): their answers bring the board
let syncing = false;

const shown = () => Number(document.getElementById("board")?.dataset.version ?? 0);
// The regions out of band; the table's queue then takes the board as the server's (static/js/table.js).
function swap(html) {
  window.htmx.swap(document.body, html, { swapStyle: "none" });
  document.dispatchEvent(new CustomEvent("tripeaks:swapped"));
}

function frame(message) {
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

if (live && window.WebSocket && window.htmx) {
  document.addEventListener("tripeaks:queue", (event) => {
    pending = event.detail.pending;
    if (!pending && newest > shown()) catchUp();
  });
  follow(live.dataset.socket, {
    frame,
    up() {
      if (reconnecting.textContent) document.dispatchEvent(new CustomEvent("tripeaks:reachable")); // errors.js
      reconnecting.textContent = "";
    },
    down() {
      reconnecting.textContent = reconnecting.dataset.text;
      delete live.dataset.heard;
      watching.hidden = true; // no longer known: the next connection says it again
    },
  });
}

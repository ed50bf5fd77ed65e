// TriPeaks challenge room: the standings follow the room over a WebSocket (games/challenges/live.py, through
// static/js/socket.js), whose every frame is the whole standings region (static/js/clock.js ticks the players'
// times); the countdown leads each player to their game at the start, and the end of the time shows the results.
// Without this file the pages still work: they show the standings as they were drawn, and the countdown's page
// moves on by itself.

import { follow } from "./socket.js";

const room = document.querySelector(".room[data-socket]");
const TICK = 250; // ms: the countdown's figure
const LATE = 250; // ms after the start: the server's game page opens at its instant, not a moment before
const reconnecting = document.querySelector(".reconnecting");

function show(frame) {
  const standings = document.getElementById("standings");
  if (standings) {
    const drawn = document.createElement("template");
    drawn.innerHTML = frame.html; // the server's region, escaped there
    standings.replaceWith(drawn.content);
  }
  room.dataset.version = frame.version;
  if (frame.state !== room.dataset.state) changed(frame.state);
  // The lobby's Start waits for a second player, as the server does.
  const players = document.querySelectorAll("#standings tbody tr").length;
  const start = document.querySelector('[data-action="start"]');
  if (start) start.disabled = players < 2;
  const alone = document.querySelector("[data-alone]");
  if (alone) alone.hidden = players >= 2;
  // The host left or deleted their account, and the room passed to this player: the page with its Start.
  const hosting = document.querySelector(`#standings tr[data-seat="${room.dataset.seat}"][data-host]`);
  if (frame.state === "waiting" && room.dataset.seat && hosting && !start) location.reload();
}

// The room moved on (a player joined the lobby's start, the race ended): the page as it now stands.
function changed(state) {
  if (state === "racing" && room.dataset.game) return; // the countdown below leads the player on
  if (state === "racing" && room.matches("aside")) return; // already at their game
  location.reload();
}

if (room && window.WebSocket) {
  const startsAt = performance.now() + Number(room.dataset.startsIn ?? 0) * 1000;
  const tick = () => {
    const count = document.querySelector("[data-count]");
    if (count && room.dataset.startsIn) count.textContent = Math.ceil(Math.max(0, startsAt - performance.now()) / 1000);
  };
  if (room.dataset.startsIn && room.dataset.state === "countdown") {
    const on = () => (room.dataset.game ? location.assign(room.dataset.game) : location.reload());
    setTimeout(on, startsAt - performance.now() + LATE);
  }
  if (room.dataset.endsIn && room.dataset.state !== "over") {
    setTimeout(() => location.reload(), (Number(room.dataset.endsIn) + 0.5) * 1000); // the results
  }
  setInterval(tick, TICK);
  follow(room.dataset.socket, {
    frame: show,
    up: () => reconnecting && (reconnecting.textContent = ""),
    down: () => reconnecting && (reconnecting.textContent = reconnecting.dataset.text ?? ""),
  });
}

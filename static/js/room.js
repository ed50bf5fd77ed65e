// TriPeaks challenge room: the standings follow the room over a WebSocket (games/live/rooms.py), whose every frame
// is the whole standings region (static/js/clock.js ticks the players' times); the countdown leads each player to
// their game at the start, and the end of the time shows the results. Without this file the pages still work:
// they show the standings as they were drawn, and the countdown's page moves on by itself.
"use strict";

(() => {
  const room = document.querySelector(".room[data-socket]");
  if (!room || !window.WebSocket) return;
  const UNKNOWN = 4404; // no such room: no point reconnecting
  const RETRY_FIRST = 500; // ms, doubled after each failed attempt up to RETRY_MOST
  const RETRY_MOST = 15000;
  const TICK = 250; // ms: the countdown's figure
  const reconnecting = document.querySelector(".reconnecting");
  let failures = 0;
  let retry = null; // the reconnection waiting out its back-off

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
  }

  // The room moved on (a player joined the lobby's start, the race ended): the page as it now stands.
  function changed(state) {
    if (state === "racing" && room.dataset.game) return; // the countdown below leads the player on
    if (state === "racing" && room.matches("aside")) return; // already at their game
    location.reload();
  }

  function connect() {
    retry = null;
    const url = new URL(room.dataset.socket, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    socket.addEventListener("message", (event) => {
      failures = 0;
      if (reconnecting) reconnecting.textContent = "";
      show(JSON.parse(event.data));
    });
    socket.addEventListener("close", (event) => {
      if (event.code === UNKNOWN) return;
      if (reconnecting) reconnecting.textContent = reconnecting.dataset.text ?? "";
      const delay = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** failures++);
      retry = setTimeout(connect, delay * (0.5 + Math.random() / 2)); // spread a room's reconnections
    });
  }

  function tick() {
    const count = document.querySelector("[data-count]");
    if (count && room.dataset.startsIn) count.textContent = Math.ceil(Math.max(0, startsAt - performance.now()) / 1000);
  }

  const LATE = 250; // ms after the start: the server's game page opens at its instant, not a moment before
  const startsAt = performance.now() + Number(room.dataset.startsIn ?? 0) * 1000;
  if (room.dataset.startsIn && room.dataset.state === "countdown") {
    const on = () => (room.dataset.game ? location.assign(room.dataset.game) : location.reload());
    setTimeout(on, startsAt - performance.now() + LATE);
  }
  if (room.dataset.endsIn && room.dataset.state !== "over") {
    setTimeout(() => location.reload(), (Number(room.dataset.endsIn) + 0.5) * 1000); // the results
  }
  // Back on the network: at once, not at the end of a back-off that grew while it was away.
  window.addEventListener("online", () => {
    failures = 0;
    if (retry !== null) {
      clearTimeout(retry);
      connect();
    }
  });
  setInterval(tick, TICK);
  connect();
})();

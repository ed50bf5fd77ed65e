// TriPeaks clock: a level game's time, and what is left of its time bonus, ticking between the server's
// answers. The server's clock is what scores: each answer's counters region carries its figure
// (games/drawing/regions/small.py), and the clock goes on from there. Without this file the figures stand still.
"use strict";

(() => {
  const TICK = 250; // ms: a second shown changes at most a quarter of a second late
  let shown = null; // the time element the figures below came from
  let base = 0; // its seconds
  let since = 0; // when it came

  const minutes = (seconds) => {
    const whole = Math.max(0, Math.floor(seconds));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  };

  function tick() {
    const time = document.querySelector('[data-counter="time"]');
    if (!time) return;
    if (time !== shown) {
      shown = time;
      base = Number(time.dataset.seconds);
      since = performance.now();
    }
    if (!("running" in time.dataset)) return;
    const seconds = base + (performance.now() - since) / 1000;
    time.textContent = minutes(seconds);
    const bonus = document.querySelector('[data-counter="time-bonus"]');
    if (!bonus) return;
    const limit = Number(bonus.dataset.limit);
    bonus.textContent = minutes(limit - seconds);
    bonus.closest(".time-bonus").classList.toggle("over", seconds >= limit);
  }

  setInterval(tick, TICK);
})();

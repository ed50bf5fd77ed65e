// TriPeaks clock: a level game's time and what is left of its time bonus, and the players' times in a challenge's
// standings, ticking between the server's answers. The server's clock is what scores: each answer's counters region
// (templates/games/game.html, its partial counters), and each standings frame, carries its figures, and the clock goes on from there.
// Without this file the figures stand still.
"use strict";

(() => {
  const TICK = 250; // ms: a second shown changes at most a quarter of a second late
  const came = new WeakMap(); // each running time shown: its seconds, and when it came (an answer or frame brings a new one)

  const minutes = (seconds) => {
    const whole = Math.max(0, Math.floor(seconds));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  };

  function tick() {
    for (const time of document.querySelectorAll("[data-running][data-seconds]")) {
      if (!came.has(time)) came.set(time, [Number(time.dataset.seconds), performance.now()]);
      const [base, since] = came.get(time);
      const seconds = base + (performance.now() - since) / 1000;
      time.textContent = minutes(seconds);
      if (time.dataset.counter === "time") bonusLeft(seconds);
    }
  }

  function bonusLeft(seconds) {
    const bonus = document.querySelector('[data-counter="time-bonus"]');
    if (!bonus) return;
    const limit = Number(bonus.dataset.limit);
    bonus.textContent = minutes(limit - seconds);
    bonus.closest(".time-bonus").classList.toggle("over", seconds >= limit);
  }

  setInterval(tick, TICK);
})();

// TriPeaks replay (templates/games/replay.html): a step's page fetched and its regions put in place of this one's
// (the step's line, the counters, the board and its words, the bar's addresses), so that the bar never moves and the
// page never blinks; Play steps on by itself, two actions a second, until the last step or Pause. Without this file
// each button is a link to its step's page.
"use strict";

(() => {
  const STEP_MS = 500; // two actions a second
  const REGIONS = ["replay-step", "counters", "board", "board-text"];
  const bar = document.querySelector(".replay .steps");
  if (!bar) return;
  const play = document.getElementById("step-play");
  const next = document.getElementById("step-next");
  let playing = false;
  let timer = null;

  const atLast = () => {
    const shown = document.getElementById("replay-step").dataset;
    return shown.step === shown.last;
  };

  /** The step at ``href`` in place of this one; false where the page itself should be opened instead. */
  async function show(href) {
    const url = new URL(href, location.href);
    let page;
    try {
      const answer = await fetch(url, { credentials: "same-origin" });
      if (!answer.ok) throw new Error(`step: ${answer.status}`);
      page = new DOMParser().parseFromString(await answer.text(), "text/html");
    } catch {
      return false;
    }
    for (const id of REGIONS) {
      const fresh = page.getElementById(id);
      if (!fresh) return false;
      document.getElementById(id).replaceWith(document.adoptNode(fresh));
    }
    for (const link of bar.querySelectorAll("a[id]")) link.href = page.getElementById(link.id).getAttribute("href");
    history.replaceState(null, "", url);
    document.title = page.title;
    return true;
  }

  function setPlaying(on) {
    playing = on;
    clearTimeout(timer);
    play.querySelector(".word").textContent = on ? bar.dataset.pause : bar.dataset.play;
    play.querySelector(".symbol").textContent = on ? "❚❚" : "▶";
    play.setAttribute("aria-pressed", String(on));
    if (on) timer = setTimeout(stepOn, STEP_MS);
  }

  async function stepOn() {
    if (!playing) return;
    if (atLast() || !(await show(next.href))) return setPlaying(false);
    if (playing) timer = setTimeout(stepOn, STEP_MS);
  }

  bar.addEventListener("click", async (event) => {
    const link = event.target.closest("a[id^=step-]");
    if (!link || link.id === "step-back" || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    setPlaying(false);
    if (!(await show(link.href))) location.href = link.href;
  });
  play.addEventListener("click", () => {
    if (!playing && atLast()) {
      // From the end, Play starts again from the deal.
      show(document.getElementById("step-first").href).then((shown) => shown && setPlaying(true));
      return;
    }
    setPlaying(!playing);
  });
  play.hidden = false;
})();

// TriPeaks sounds, on pages of a player who turned them on in Settings (base.html): a card played, a card
// drawn, a streak growing (a chime every 5 cards of it, higher each time), a peak cleared, a win, and a tap the
// rules refuse. Each plays when the board shows it: a tap, a draw and a refusal at once (static/js/queue.js shows
// them before the answer), the rest with the server's answer.
"use strict";

(() => {
  if (!window.Audio) return;
  const files = document.currentScript.dataset; // each sound's address, by its name
  const STREAK_EVERY = 5; // a streak's chime at 5, 10, 15… cards, each a tone higher
  const STREAK_STEP = 2 ** (2 / 12); // a tone
  const PEAK_TOPS = '#board [data-position="0"], #board [data-position="1"], #board [data-position="2"]';
  const sounds = {};

  function play(name, rate = 1) {
    sounds[name] ??= new Audio(files[name]);
    const sound = sounds[name].cloneNode(); // sounds may overlap: each plays on its own
    sound.preservesPitch = false;
    sound.playbackRate = rate;
    sound.play().catch(() => {}); // a browser that refuses sound before a tap: silence, not an error
  }

  function state() {
    const board = document.getElementById("board");
    return {
      board,
      cards: board ? board.querySelectorAll(".peaks button.card").length : 0,
      stock: Number(board?.querySelector("#draw-button")?.dataset.stock ?? 0),
      tops: board ? board.querySelectorAll(PEAK_TOPS).length : 0,
      streak: Number(document.querySelector('[data-counter="streak"]')?.textContent || 0),
      won: Boolean(board?.querySelector(".outcome.won")),
    };
  }

  let before = state();

  // A card gone from the table is played (a peak's top: the peak is cleared); the win says itself alone.
  function changed() {
    const now = state();
    const was = before;
    before = now;
    if (!now.board || !was.board) return;
    if (now.won && !was.won) {
      play("win");
      return;
    }
    if (now.tops < was.tops) play("peak");
    else if (now.cards < was.cards) play("card");
    else if (now.stock < was.stock && now.cards === was.cards) play("draw");
    const chimes = Math.floor(now.streak / STREAK_EVERY);
    if (chimes > Math.floor(was.streak / STREAK_EVERY)) play("streak", STREAK_STEP ** (chimes - 1));
  }

  document.addEventListener("tripeaks:refused", () => play("refusal"));
  new MutationObserver(changed).observe(document.body, { childList: true, subtree: true, characterData: true });
})();

// TriPeaks: small progressive enhancements; the game works without this file.
// Keys (D draw, U or Ctrl+Z undo, N new game), focus kept sensible across board swaps, drag to the waste.
"use strict";

// The copy button for the game code appears only where the clipboard can be used.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    if (!navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      const field = document.querySelector(button.dataset.copy);
      await navigator.clipboard.writeText(field.value);
      button.dataset.copied = "true";
      setTimeout(() => delete button.dataset.copied, 1500);
    });
  }
});

// ---- Keyboard shortcuts: each one clicks the page's own control, so the server rules apply as for a tap.
const SHORTCUTS = { d: "draw", u: "undo", n: "new" };

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest("input, textarea, select, [contenteditable]")) return;
  const key = event.key.toLowerCase();
  const action = event.ctrlKey ? (key === "z" ? "undo" : null) : SHORTCUTS[key];
  const control = action && [...document.querySelectorAll(`[data-action="${action}"]`)].find((el) => !el.disabled);
  if (!control) return;
  event.preventDefault();
  control.click();
});

// ---- Focus: the board is replaced after each action, so put focus back where the player can go on:
// the overlay's main button when the game ends, the same control if it is still there, the hinted card,
// the same card if it is still there (after a draw or an undo), else the next face-up card, else the stock.
let focusAfterSwap = null;

document.addEventListener("htmx:beforeRequest", (event) => {
  const board = document.getElementById("board");
  if (!board || !board.contains(event.target)) return;
  const active = document.activeElement;
  const fromBoard = active && board.contains(active);
  focusAfterSwap = {
    position: fromBoard ? active.dataset.position : undefined,
    action: fromBoard ? active.dataset.action : event.target.querySelector("[data-action]")?.dataset.action,
    keyboard: fromBoard && active.matches(":focus-visible"),
  };
});

document.addEventListener("htmx:load", (event) => {
  if (event.target.id !== "board" || !focusAfterSwap) return;
  const wanted = focusAfterSwap;
  focusAfterSwap = null;
  focusNext(event.target, wanted)?.focus({ preventScroll: true, focusVisible: wanted.keyboard });
});

function focusNext(board, wanted) {
  const usable = (el) => el && !el.disabled;
  const overlay = board.querySelector(".outcome .primary");
  if (overlay) return overlay;
  if (wanted.action) {
    const same = board.querySelector(`[data-action="${wanted.action}"]`);
    if (usable(same)) return same;
  }
  const hinted = board.querySelector("button.hinted");
  if (usable(hinted)) return hinted;
  const cards = [...board.querySelectorAll("button.card.face")];
  const position = Number(wanted.position ?? -1);
  const next = cards.find((card) => Number(card.dataset.position) >= position) || cards[0];
  return usable(next) ? next : board.querySelector('[data-action="draw"]:not(:disabled)');
}

// ---- Drag a face-up card onto the waste: dropping it there taps it; dropping it anywhere else does nothing.
let drag = null;
let swallowClick = false;

document.addEventListener("pointerdown", (event) => {
  const card = event.target.closest("#board button.card.face");
  if (!card || card.disabled || event.button !== 0) return;
  drag = { card, pointer: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
});

document.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.pointer) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 8) return; // a tap that wobbles is still a tap
  drag.moved = true;
  drag.card.classList.add("dragging");
  drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
  document.querySelector(".pile.waste")?.classList.toggle("drop-target", overWaste(event));
});

document.addEventListener("pointerup", endDrag);
document.addEventListener("pointercancel", endDrag);

function endDrag(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const { card, moved } = drag;
  drag = null;
  if (!moved) return;
  card.classList.remove("dragging");
  card.style.transform = "";
  document.querySelector(".pile.waste")?.classList.remove("drop-target");
  // The browser may follow the drag with a click on the card: only a drop on the waste plays it.
  const dropped = event.type === "pointerup" && overWaste(event);
  swallowClick = true;
  setTimeout(() => {
    swallowClick = false;
    if (dropped && card.isConnected && !card.disabled) card.click();
  });
}

document.addEventListener(
  "click",
  (event) => {
    if (!swallowClick) return;
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);

function overWaste(event) {
  const waste = document.querySelector(".pile.waste .card");
  if (!waste) return false;
  const box = waste.getBoundingClientRect();
  const slack = box.width / 2; // a near miss on a phone still counts
  return (
    event.clientX >= box.left - slack &&
    event.clientX <= box.right + slack &&
    event.clientY >= box.top - slack &&
    event.clientY <= box.bottom + slack
  );
}

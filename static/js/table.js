// TriPeaks: the table's script. The board's actions go through the queue (static/js/queue.js), drawn on the page
// by static/js/board_view.js: no tap is dropped, each is sent once the one before is answered, and what the page
// can foresee shows at once. Keys (D draw, U or Ctrl+Z undo, N new game), the focus kept sensible across board
// changes, a press held over an answer's swap, drag to the waste, a swipe on the felt to draw (when chosen in
// Settings), and the end overlay keeping the focus. The game works without this file: plain forms, POST → redirect.

import { BoardView } from "./board_view.js";
import { Queue, SEND_TIMEOUT } from "./queue.js";

const board = () => document.getElementById("board");
const usable = (el) => Boolean(el) && !el.disabled && !el.closest("[inert]");

let clicks = 0; // the last click's count: 0 from a key (or a screen reader), 2 for the second of a double click
let pointerClick = false; // a click this file makes for a pointer (a drop, a press held over a swap)

document.addEventListener("click", (event) => (clicks = event.detail), true);

// ---- The queue, for the owner's board (its forms are marked data-queue)

const view = new BoardView({
  around: (change, action) => keepFocus(change, Boolean(action?.keyboard), action?.kind === "hint"),
});

/** The action's request, with the version the server last gave and the player's own time (queue.js). */
async function send(action, version, own) {
  const headers = { "HX-Request": "true", "HX-Current-URL": location.href };
  const options = { headers, credentials: "same-origin", signal: AbortSignal.timeout(SEND_TIMEOUT) };
  let answer;
  if (action.method === "GET") {
    answer = await fetch(action.url, options);
  } else {
    const data = new URLSearchParams(action.data);
    data.set("version", version);
    data.set("own", own);
    answer = await fetch(action.url, { ...options, method: "POST", body: data });
  }
  const html = answer.status === 204 ? "" : await answer.text();
  return { status: answer.status, html, type: answer.headers.get("Content-Type") || "" };
}

const queue = board()?.querySelector("form[data-queue]") && window.fetch && window.htmx
  ? new Queue({ view, board: view.board(), send })
  : null;

// A test (or a bench) waits for this before it taps: earlier, a tap posts its form as a page without scripts does.
if (queue) document.documentElement.dataset.table = "ready";

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!queue || !form.matches("#board form[data-queue]")) return;
  event.preventDefault();
  const control = event.submitter;
  if (!control || !usable(control)) return;
  const kind = control.dataset.action || "tap";
  // The second click of a double click, landing on the face-down card under the one just played.
  if (kind === "tap" && control.classList.contains("back") && clicks > 1) return;
  const keyboard = clicks === 0 && !pointerClick;
  if (keyboard && !board().contains(document.activeElement)) focusFrom = describe(control);
  const data = new FormData(form);
  if (control.name) data.set(control.name, control.value); // the tapped position
  const position = kind === "tap" ? Number(control.dataset.position) : null;
  queue.add(kind, position, { keyboard, url: form.action, method: form.method.toUpperCase(), data });
});

document.addEventListener("tripeaks:swapped", () => queue?.replaced(view.board()));
window.addEventListener("online", () => queue?.reachable());
document.addEventListener("tripeaks:reachable", () => queue?.reachable()); // also the live socket's, when it is back

const TABLE_BUTTON = "#board button:not(.outcome *)";
const sameControl = (a, b) => a.dataset.position === b.dataset.position && a.dataset.action === b.dataset.action;
let pressed = null; // the table's button a mouse pressed, until it is released
let strayed = null; // the button a mouse was released on, whose click went elsewhere

// A press on the table's buttons does not focus them: a focused card that leaves the board (played)
// costs the tap a forced style and layout pass of the whole table, to move the focus elsewhere.
document.addEventListener("mousedown", (event) => {
  pressed = event.button === 0 ? event.target.closest(TABLE_BUTTON) : null;
  if (!pressed) return;
  event.preventDefault();
  // A field keeps no focus the press did not move: the keys (D, U, N) are ignored while one has it.
  if (document.activeElement?.matches("input, select, textarea")) document.activeElement.blur();
});

// A mouse's press held while an answer replaced the board's buttons ends on the new one: the browser
// sends that click to what the old and the new buttons have in common, which is no button, and the tap
// would be lost. It is played here unless the browser's click reached the button after all.
document.addEventListener("mouseup", (event) => {
  const before = pressed;
  pressed = null;
  const now = event.button === 0 && before && !before.isConnected && event.target.closest(TABLE_BUTTON);
  if (!now || !sameControl(now, before)) return;
  if (event.detail > 1 && before.classList.contains("back")) return; // a double click's second, as below
  strayed = now;
  setTimeout(() => {
    if (strayed !== now) return;
    strayed = null;
    if (now.isConnected && usable(now)) clickForPointer(now);
  });
});

document.addEventListener(
  "click",
  (event) => {
    if (strayed?.contains(event.target)) strayed = null; // the browser's click reached it
  },
  true,
);

function clickForPointer(control) {
  pointerClick = true;
  control.click();
  pointerClick = false;
}

// ---- Focus: when the board changes under a player who plays by keys, the focus goes where they can go
// on: the overlay (its same control, else its main button) when the game ends, the hinted card after
// Teach me, the same control, the same card if still there, else the next face-up card, else the stock.
// A finger's or a mouse's tap on the table leaves the focus alone (the end's overlay keeps it): a
// focus() costs the tap a forced style and layout pass of the whole table (bench/tap_cost.py).
let focusFrom = null; // for an action started from outside the board (a key with nothing focused)

function describe(el) {
  return { position: el.dataset.position, action: el.dataset.action, overlay: Boolean(el.closest(".outcome")) };
}

function keepFocus(change, keyboard, hinted = false) {
  const before = board();
  const active = document.activeElement;
  const inside = before && active && active !== before && before.contains(active);
  const overlaid = Boolean(before?.querySelector(".outcome"));
  let wanted = keyboard || overlaid ? (inside ? describe(active) : focusFrom) : null;
  focusFrom = null;
  change();
  const after = board();
  if (!after) return;
  if (!wanted && !overlaid && after.querySelector(".outcome")) wanted = {}; // the game just ended
  if (!wanted) return;
  const target = focusTarget(after, wanted, hinted);
  if (target && target !== document.activeElement) target.focus({ preventScroll: true, focusVisible: keyboard });
}

function focusTarget(root, wanted, hinted) {
  const same = (scope) => wanted.action && [...scope.querySelectorAll(`[data-action="${wanted.action}"]`)].find(usable);
  const overlay = root.querySelector(".outcome");
  if (overlay) return (wanted.overlay && same(overlay)) || overlay.querySelector(".primary");
  const hint = hinted && root.querySelector("button.hinted");
  if (usable(hint)) return hint;
  const control = same(root);
  if (control) return control;
  const cards = [...root.querySelectorAll("button.card.face")].filter(usable);
  if (wanted.position !== undefined) {
    const position = Number(wanted.position);
    const card = cards.find((el) => Number(el.dataset.position) >= position) || cards[0];
    if (card) return card;
  }
  return [...root.querySelectorAll('[data-action="draw"]')].find(usable) || cards[0] || null;
}

// ---- The end overlay keeps the focus: Tab and Shift+Tab go round its own controls (the board
// under it is inert, from the server).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const overlay = document.querySelector("#board .outcome");
  if (!overlay || !overlay.contains(document.activeElement)) return;
  const stops = [...overlay.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")].filter(
    (el) => usable(el) && el.tabIndex >= 0 && (el.checkVisibility?.() ?? true),
  );
  if (!stops.length) return;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  if (event.shiftKey && document.activeElement === first) last.focus();
  else if (!event.shiftKey && document.activeElement === last) first.focus();
  else return;
  event.preventDefault();
});

// ---- Keyboard shortcuts: each one clicks the page's own control, so the server rules apply as for a tap.
const SHORTCUTS = { d: "draw", u: "undo", n: "new" };

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest("input, textarea, select, [contenteditable]")) return;
  const key = event.key.toLowerCase();
  const action = event.ctrlKey ? (key === "z" ? "undo" : null) : SHORTCUTS[key];
  const control = action && [...document.querySelectorAll(`[data-action="${action}"]`)].find(usable);
  if (!control) return;
  event.preventDefault();
  control.click();
});

// ---- Drag a face-up card onto the waste: dropping it there taps it; dropping it anywhere else does nothing.
let drag = null;
let swallowClick = false;

document.addEventListener("pointerdown", (event) => {
  const card = event.target.closest("#board button.card.face");
  if (!usable(card) || event.button !== 0) return;
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
    if (dropped && card.isConnected && usable(card)) clickForPointer(card);
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

// ---- Swipe to draw (Settings: the body's data-swipe): a quick stroke that starts on the bare felt of the table,
// not on a card or a button, draws as the stock does. The stylesheet keeps the browser from panning the felt.
const SWIPE_DISTANCE = 48; // px: shorter is a tap, or a finger that wobbled
const SWIPE_TIME = 600; // ms: slower is a finger resting, not a swipe
let swipe = null;

document.addEventListener("pointerdown", (event) => {
  swipe = null;
  if (document.body.dataset.swipe !== "on" || !event.isPrimary || event.button !== 0) return;
  if (!event.target.closest(".game .table") || event.target.closest("button, a, .card, .outcome")) return;
  swipe = { pointer: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp };
});

document.addEventListener("pointerup", (event) => {
  const started = swipe;
  swipe = null;
  if (!started || event.pointerId !== started.pointer || event.timeStamp - started.at > SWIPE_TIME) return;
  if (Math.hypot(event.clientX - started.x, event.clientY - started.y) < SWIPE_DISTANCE) return;
  const draw = document.querySelector('#board [data-action="draw"]');
  if (usable(draw)) clickForPointer(draw);
});

document.addEventListener("pointercancel", () => (swipe = null));

// TriPeaks: small progressive enhancements; the game works without this file (plain forms, POST → redirect).
// The board's actions go through a queue: no tap is dropped, each is sent once the one before is answered,
// with the version the page then shows, and a legal tap shows on the waste at once. Keys (D draw, U or
// Ctrl+Z undo, N new game), focus kept sensible across board changes, drag to the waste, the end overlay
// keeping the focus, and Copy and Share where the browser can do them.
"use strict";

(() => {
  const board = () => document.getElementById("board");
  const usable = (el) => Boolean(el) && !el.disabled && !el.closest("[inert]");

  // ---- Only where this file runs: the keys' hint; Copy and Share where the browser can do them.
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelector(".keys")?.removeAttribute("hidden");
    const status = document.querySelector(".share [role=status]");
    if (!status) return;
    const copy = navigator.clipboard && window.isSecureContext ? (text) => navigator.clipboard.writeText(text) : null;
    const share = typeof navigator.share === "function" ? (url) => navigator.share({ title: document.title, url }) : null;
    let timers = [];
    const say = (text) => {
      // Emptied first, so that a second "Copied" is read again; gone after a few seconds.
      timers.forEach(clearTimeout);
      status.textContent = "";
      timers = [setTimeout(() => (status.textContent = text), 100), setTimeout(() => (status.textContent = ""), 4000)];
    };
    const copyButton = document.querySelector("button[data-copy]");
    if (copyButton && copy) {
      copyButton.hidden = false;
      copyButton.addEventListener("click", () => {
        copy(document.querySelector(copyButton.dataset.copy).value).then(() => say(copyButton.dataset.done), () => {});
      });
    }
    // Share: the game's own address, where anyone can watch it; by the system's sharing, else copied.
    const shareButton = document.querySelector("button[data-share]");
    if (shareButton && (share || copy)) {
      shareButton.hidden = false;
      shareButton.addEventListener("click", async () => {
        const url = new URL(location.pathname, location.href).href;
        if (share) {
          try {
            await share(url);
            return;
          } catch (error) {
            if (error.name === "AbortError" || !copy) return; // the player closed the sheet
          }
        }
        copy(url).then(() => say(shareButton.dataset.done), () => {});
      });
    }
  });

  // ---- The language applies as soon as a pointer picks it. A key's choice still waits for Change: on a
  // closed select an arrow key changes the choice at each press, and the page must not leave under it.
  let languageByKey = false;
  document.addEventListener("keydown", (event) => (languageByKey = event.target.id === "language-choice"), true);
  document.addEventListener("change", (event) => {
    if (event.target.id !== "language-choice" || languageByKey) return;
    event.target.form.requestSubmit();
  });

  // ---- The menus (details elements, which open and close without this file). A press outside an open one
  // closes it, and its click does nothing else (a press: a tap on the bare felt may bring no click at all);
  // a key's click outside closes it and goes on. The other menu's button opens that one (one at a time, by
  // their shared name), and a menu whose button a wide screen hides is left alone. Escape closes it too.
  let closedByPress = false;

  function openMenu() {
    const open = document.querySelector("details.menu[open]");
    return open?.querySelector(":scope > summary").checkVisibility() ? open : null;
  }

  const outside = (menu, target) => !menu.contains(target) && !target.closest("details.menu > summary");

  document.addEventListener(
    "pointerdown",
    (event) => {
      const open = openMenu();
      closedByPress = Boolean(open) && outside(open, event.target);
      if (closedByPress) open.open = false;
    },
    true,
  );

  document.addEventListener(
    "click",
    (event) => {
      if (closedByPress) {
        closedByPress = false;
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      const open = openMenu();
      if (open && outside(open, event.target)) open.open = false;
    },
    true,
  );

  document.addEventListener("keydown", (event) => {
    const open = event.key === "Escape" && !event.defaultPrevented && openMenu();
    if (!open) return;
    const inside = open.contains(document.activeElement);
    open.open = false;
    if (inside) open.querySelector(":scope > summary").focus();
  });

  // ---- The queue of actions. Each one is sent when the one before is answered (the server checks the
  // version, so two at once would refuse the second), with the version of the board then shown. A tap the
  // page can judge (a face-up card and the waste are known; the cards under them never are) is predicted:
  // "legal" shows on the waste at once; "refused" is sent for its explanation, and the taps after it stand;
  // "unknown" (after a draw, an undo or a card just uncovered) waits for the server. The counters and
  // whatever turns up always come from the server. A stale answer (409), or a refusal the page did not
  // foresee, puts back the server's board and drops the actions queued after it. An action that finds no
  // server (a tunnel, a dropped connection) stays first, with the taps after it still shown, and is sent
  // again: after a growing pause, at once when the browser or the live socket says the network is back.
  const queue = []; // unanswered actions, in order; the first is out while `sending`
  const SEND_TIMEOUT = 10000; // ms: a request the network swallowed is given up and sent again
  const RETRY_FIRST = 1000; // ms, doubled after each attempt that finds no server, up to RETRY_MOST
  const RETRY_MOST = 8000;
  let sending = false;
  let unreachable = 0; // attempts in a row that found no server
  let retry = null;
  let snapshot = null; // the server's board, before the page showed taps of its own on it
  let clicks = 0; // the last click's count: 0 from a key (or a screen reader), 2 for the second of a double click
  let pointerClick = false; // a click this file makes for a pointer (a drop, a press held over a swap)

  document.addEventListener("click", (event) => (clicks = event.detail), true);

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("#board form[data-queue]") || !window.htmx || !window.fetch) return;
    event.preventDefault();
    const control = event.submitter;
    if (!control || !usable(control)) return;
    const action = {
      kind: control.dataset.action || "tap",
      position: control.dataset.position,
      url: form.action,
      method: form.method.toUpperCase(),
      data: new FormData(form),
      predicted: "unknown",
      shown: false,
      keyboard: clicks === 0 && !pointerClick,
    };
    if (control.name) action.data.set(control.name, control.value); // the tapped position
    // The second click of a double click, landing on the face-down card under the one just played.
    if (action.kind === "tap" && control.classList.contains("back") && clicks > 1) return;
    action.predicted = predict(action, control, queue);
    if (action.keyboard && !board().contains(document.activeElement)) focusFrom = describe(control);
    if (action.predicted === "legal") {
      keepFocus(() => showTap(control, true), action.keyboard);
      action.shown = true;
    }
    queue.push(action);
    announce();
    pump();
  });

  function predict(action, control, before) {
    if (action.kind === "hint") return "none"; // changes nothing
    if (action.kind !== "tap" || before.some((a) => a.predicted === "unknown")) return "unknown";
    if (!control.classList.contains("face")) {
      // Face down is covered, unless a tap still unanswered uncovered it.
      return before.some((a) => a.predicted === "legal") ? "unknown" : "refused";
    }
    const fit = fits(control);
    return fit === null ? "unknown" : fit ? "legal" : "refused";
  }

  // Whether a face-up card fits the waste as the page shows it: ranks next to each other, and king and
  // ace too under the Easy rule. Null if the page does not say the ranks.
  function fits(card) {
    const root = board();
    const a = Number(card.dataset.rank);
    const b = Number(root.querySelector(".pile.waste .card")?.dataset.rank);
    if (!a || !b) return null;
    const apart = Math.abs(a - b);
    return apart === 1 || (apart === 12 && root.dataset.rule === "E");
  }

  // The tapped card onto the waste, as the server's answer will show it.
  function showTap(card, animate) {
    const root = board();
    snapshot ??= root.cloneNode(true);
    const shown = document.createElement("span");
    shown.className = `card face ${card.classList.contains("red") ? "red" : "black"}${animate ? " from-tap" : ""}`;
    shown.setAttribute("role", "img");
    shown.setAttribute("aria-label", card.getAttribute("aria-label"));
    shown.dataset.rank = card.dataset.rank;
    shown.append(...[...card.children].map((part) => part.cloneNode(true)));
    root.querySelector(".pile.waste .card").replaceWith(shown);
    card.remove();
    // What the server said of the old waste no longer holds: the hint, and the rings of the cards that fit.
    root.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    if ("highlight" in root.dataset) {
      root.querySelectorAll("button.card.face").forEach((el) => el.classList.toggle("playable", fits(el) === true));
    }
    root.querySelectorAll('[data-action="undo"]').forEach((el) => (el.disabled = false));
  }

  async function pump() {
    clearTimeout(retry);
    if (sending || !queue.length) return;
    sending = true;
    const action = queue[0];
    let answer = null;
    let html = "";
    try {
      answer = await send(action);
      html = answer.status === 204 ? "" : await answer.text();
    } catch {
      answer = null; // no answer: offline for a moment, or the page is leaving
    }
    sending = false;
    if (!answer) {
      waitForServer(action);
      return;
    }
    queue.shift();
    answered(action, answer, html);
    announce();
    pump();
    if (unreachable) {
      unreachable = 0;
      document.dispatchEvent(new CustomEvent("tripeaks:reachable"));
    }
  }

  // Said once (static/js/errors.js), then tried again; the queue and the taps shown on the board stay.
  function waitForServer(action) {
    action.resent = true;
    if (!unreachable++) document.dispatchEvent(new CustomEvent("tripeaks:failed", { detail: null }));
    retry = setTimeout(pump, Math.min(RETRY_MOST, RETRY_FIRST * 2 ** (unreachable - 1)));
  }

  window.addEventListener("online", () => pump());
  document.addEventListener("tripeaks:reachable", () => pump()); // also the live socket's, when it is back

  function send(action) {
    const headers = { "HX-Request": "true", "HX-Current-URL": location.href };
    const options = { headers, credentials: "same-origin", signal: AbortSignal.timeout(SEND_TIMEOUT) };
    if (action.method === "GET") return fetch(action.url, options);
    if (action.data.has("version")) action.data.set("version", board().dataset.version);
    return fetch(action.url, { ...options, method: "POST", body: new URLSearchParams(action.data) });
  }

  function answered(action, answer, html) {
    const status = answer.status;
    if (status === 409 || (status === 200 && html.includes('id="board"'))) {
      // The page was out of date: what was queued meant another board, and is dropped. Unless the action
      // was sent again: then the version it expected is most likely its own first sending's, which went
      // through unanswered, and the taps after it are judged on the server's board.
      if (status === 409 && !action.resent) queue.length = 0;
      showServer(html, action);
    } else if (status === 200 || status === 204) {
      // Refused: the server's board is unchanged; only its explanation, if it gives one.
      if (html) htmx.swap(document.body, html, { swapStyle: "none" });
      if (action.predicted === "refused") return;
      queue.length = 0;
      putBack(action.keyboard);
    } else {
      queue.length = 0;
      putBack(action.keyboard);
      // Said in the page's language by static/js/errors.js: the server's message, or why there is none.
      const detail = { status, type: answer.headers.get("Content-Type") || "", body: html };
      document.dispatchEvent(new CustomEvent("tripeaks:failed", { detail }));
    }
  }

  // The server's regions in; then the actions still queued shown on its board again, without their
  // arrival (already seen), and those the page can now judge (after a draw's answer, say) at once.
  function showServer(html, action) {
    keepFocus(() => {
      snapshot = null;
      htmx.swap(document.body, html, { swapStyle: "none" });
      if (action.shown) board()?.querySelector(".pile.waste .card")?.classList.remove("from-tap");
      const before = [];
      for (const next of queue) {
        const control = next.position && board().querySelector(`button[data-position="${next.position}"]`);
        if (next.kind === "tap" && !control) next.predicted = "unknown";
        else next.predicted = predict(next, control, before);
        if (next.predicted === "legal") {
          showTap(control, !next.shown);
          next.shown = true;
        }
        before.push(next);
      }
    }, action.keyboard, action.kind === "hint");
  }

  function putBack(keyboard) {
    if (!snapshot) return;
    const saved = snapshot;
    snapshot = null;
    saved.querySelectorAll(".from-tap, .from-draw, .flipped").forEach((el) => {
      el.classList.remove("from-tap", "from-draw", "flipped");
    });
    keepFocus(() => board().replaceWith(saved), keyboard);
  }

  // How many actions are unanswered, for static/js/live.js: it leaves the board alone meanwhile.
  function announce() {
    document.dispatchEvent(new CustomEvent("tripeaks:queue", { detail: { pending: queue.length } }));
  }

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
})();

// TriPeaks: small progressive enhancements of every page; each page works without this file. The keys' hint where
// the table's script runs; Copy and Share where the browser can do them; the table's size in pixels; the menus
// closed by a press outside them or by Escape.

// ---- The keys' hint (the table's script reads the keys); Copy and Share where the browser can do them. A module
// runs once the page is parsed: what it looks for is there.
(() => {
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
      const copied = document.querySelector(copyButton.dataset.copy); // a field, or a text such as a room's code
      copy(copied.value ?? copied.textContent.trim()).then(() => say(copyButton.dataset.done), () => {});
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
})();

// ---- The table's width and height in pixels, set once per resize: the cards' sizes are worked out from them
// (static/css/tripeaks.css). The container's units give the same sizes, but a style that depends on them is
// worked out again within the table's layout at each change of the board: at 4× CPU, a tap's frame cost a
// third more (docs/benchmarks.md, "The table in a real hand").
const tableSize = new ResizeObserver((entries) => {
  for (const { target, contentBoxSize } of entries) {
    target.style.setProperty("--table-w", `${contentBoxSize[0].inlineSize}px`);
    target.style.setProperty("--table-h", `${contentBoxSize[0].blockSize}px`);
  }
});
document.querySelectorAll(".game > .table").forEach((table) => tableSize.observe(table));

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

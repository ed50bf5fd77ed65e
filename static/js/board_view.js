// TriPeaks: the board on the page, for the queue of actions (static/js/queue.js). It reads the board the server
// drew into the queue's model, makes the pieces of what the page foresees (a tapped card on the waste, a drawn card
// on its way), reads each answer, and draws a model by putting in place only the pieces that differ from what the
// page shows: an answer to a tap changes the card's place, the cards it turned up, the waste, Draw and Undo.
// Every piece carries an id (templates/games/game.html: cell-<position>, waste-card, draw-button, undo-button).

import { DOWN, GONE, UP, fits } from "./queue.js";

const CELLS = 28;

/** What a cell's element says of it: face up (with its rank), face down (with what covers it) or gone. */
function cellOf(node) {
  if (node.classList.contains("gone")) return { state: GONE, coveredBy: [], node };
  if (node.classList.contains("face")) return { state: UP, rank: Number(node.dataset.rank), coveredBy: [], node };
  const coveredBy = (node.dataset.coveredBy || "").split(" ").filter(Boolean).map(Number);
  return { state: DOWN, coveredBy, node };
}

function wasteOf(node) {
  return { rank: node.dataset.rank ? Number(node.dataset.rank) : null, node };
}

function stockOf(node) {
  return { count: Number(node?.dataset.stock ?? 0), node };
}

function undoOf(node) {
  return { enabled: Boolean(node) && !node.disabled, node };
}

export class BoardView {
  /** ``around(change, action)``: runs a change of the board (table.js keeps the focus where a player can go on). */
  constructor({ around = (change) => change(), events = document } = {}) {
    this.around = around;
    this.events = events;
  }

  get element() {
    return document.getElementById("board");
  }

  /** The board as the server drew it into the page. */
  board(root = this.element) {
    const cells = [];
    for (let position = 0; position < CELLS; position++) cells.push(cellOf(root.querySelector(`#cell-${position}`)));
    return {
      version: Number(root.dataset.version),
      rule: root.dataset.rule,
      playing: root.classList.contains("playing"),
      status: [...root.classList].find((name) => name !== "board"),
      cells,
      waste: wasteOf(root.querySelector("#waste-card")),
      stock: stockOf(root.querySelector("#draw-button")),
      undo: undoOf(root.querySelector("#undo-button")),
    };
  }

  // ---- The pieces of what the page foresees

  tapped(board, position, animate) {
    const card = board.cells[position].node;
    const waste = document.createElement("span");
    waste.id = "waste-card";
    waste.className = `card face ${card.classList.contains("red") ? "red" : "black"}${animate ? " from-tap" : ""}`;
    waste.setAttribute("role", "img");
    waste.setAttribute("aria-label", card.getAttribute("aria-label"));
    waste.dataset.rank = card.dataset.rank;
    waste.append(...[...card.children].map((part) => part.cloneNode(true)));
    return { gone: this.gone(position), waste, undo: this.undoEnabled(board.undo.node) };
  }

  drawn(board, animate) {
    const waste = document.createElement("span");
    waste.id = "waste-card";
    waste.className = `card back incoming${animate ? " from-draw" : ""}`;
    waste.setAttribute("aria-hidden", "true");
    const stock = board.stock.node.cloneNode(true);
    const count = board.stock.count - 1;
    stock.dataset.stock = count;
    stock.querySelector(".badge").textContent = count;
    stock.disabled = count === 0;
    stock.classList.remove("hinted");
    if (animate) stock.classList.add("pressed");
    return { waste, stock, undo: this.undoEnabled(board.undo.node) };
  }

  gone(position) {
    const place = document.createElement("span");
    place.id = `cell-${position}`;
    place.className = "gone";
    place.hidden = true;
    return place;
  }

  undoEnabled(undo) {
    if (!undo || !undo.disabled) return undo;
    const enabled = undo.cloneNode(true);
    enabled.disabled = false;
    return enabled;
  }

  /** An action the rules refuse, known as it is made: the page says so to whoever listens (static/js/sound.js). */
  refused(action) {
    this.element?.dispatchEvent(new CustomEvent("tripeaks:refused", { bubbles: true, detail: { kind: action.kind } }));
  }

  // ---- Drawing a board

  /** Puts in place each piece of ``board`` that the page does not show yet; rings the cards that fit its waste.
   * ``action``: the one just added (``added``) or answered. */
  show(board, action, added) {
    const root = this.element;
    if (!root) return;
    this.around(() => {
      root.dataset.version = board.version;
      root.className = `board ${board.status}`;
      if (added) root.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted")); // no longer holds
      const pieces = [...board.cells.map((cell) => cell.node), board.waste.node, board.stock.node, board.undo.node];
      for (const piece of pieces) {
        const shown = piece && document.getElementById(piece.id);
        if (shown && shown !== piece) shown.replaceWith(piece);
      }
      if ("highlight" in root.dataset) {
        for (const cell of board.cells) {
          if (cell.state === UP) cell.node.classList.toggle("playable", fits(board.rule, cell.rank, board.waste.rank));
        }
      }
    }, action);
  }

  // ---- The server's answers

  /** What an answer says: "patch" (what an action changed), "board" (every region), "notice" (its word alone), or
   * "error"; with the regions beside the board (the counters, the status, the notice, the board in words). */
  read(html, status) {
    if (status >= 400 && status !== 409) return { kind: "error" };
    const drawn = document.createElement("template");
    drawn.innerHTML = html;
    const root = drawn.content;
    const board = [...root.children].find((el) => el.id === "board");
    const regions = [...root.children].filter((el) => el !== board && !el.id.startsWith("cell-") && !PIECES.has(el.id));
    if (board?.hasAttribute("data-patch")) {
      const pieces = [...root.children].filter((el) => el.id.startsWith("cell-") || PIECES.has(el.id));
      pieces.forEach((el) => el.removeAttribute("hx-swap-oob"));
      return { kind: "patch", marker: board, pieces, regions };
    }
    if (board) return { kind: "board", node: board, regions };
    return { kind: "notice", regions };
  }

  /** The server's board after an answer that says what changed. */
  merge(server, read) {
    const board = { ...server, cells: server.cells.slice() };
    board.version = Number(read.marker.dataset.version);
    board.status = [...read.marker.classList].find((name) => name !== "board");
    board.playing = board.status === "playing";
    for (const piece of read.pieces) {
      if (piece.id.startsWith("cell-")) board.cells[Number(piece.id.slice(5))] = cellOf(piece);
      else if (piece.id === "waste-card") board.waste = wasteOf(piece);
      else if (piece.id === "draw-button") board.stock = stockOf(piece);
      else if (piece.id === "undo-button") board.undo = undoOf(piece);
    }
    return board;
  }

  /** The server's whole board, put in place of the page's, as the answer to ``action``. */
  replace(read, action) {
    read.node.removeAttribute("hx-swap-oob");
    this.around(() => this.element.replaceWith(read.node), action);
    window.htmx?.process(read.node); // the end card's regions that ask once shown: the verdict, the par
    return this.board();
  }

  /** The regions beside the board, each in its place (htmx's out-of-band swaps). */
  regions(read) {
    if (!read.regions?.length) return;
    const html = read.regions.map((el) => el.outerHTML).join("");
    window.htmx.swap(document.body, html, { swapStyle: "none" });
  }

  // ---- What the page's other scripts hear of

  failed(answer) {
    // Said in the page's language by static/js/errors.js: the server's message, or why there is none.
    const detail = answer && { status: answer.status, type: answer.type ?? "", body: answer.html ?? "" };
    this.events.dispatchEvent(new CustomEvent("tripeaks:failed", { detail }));
  }

  reachable() {
    this.events.dispatchEvent(new CustomEvent("tripeaks:reachable"));
  }

  /** How many actions are unanswered, for static/js/live.js: it leaves the board alone meanwhile. */
  pending(count) {
    this.events.dispatchEvent(new CustomEvent("tripeaks:queue", { detail: { pending: count } }));
  }
}

const PIECES = new Set(["waste-card", "draw-button", "undo-button"]);

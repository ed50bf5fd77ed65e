// TriPeaks: the board's actions, in order. Each is sent once the one before is answered (the server checks the
// version: two at once would refuse the second), with the version the server last gave, and what the page can
// foresee of it is shown at once: a tap on a face-up card that fits the waste, a draw (the stock pressed and a card
// on its way; its face when the answer comes), an undo of what the page saw done. The cards a tap uncovers, and the
// card a draw brings, come from the server: no face-down card reaches the page before the rules turn it up.
//
// No DOM here. A board is a model (its cells, the waste, the stock, Undo, the version); the view draws one and
// reads the server's answers into one (static/js/board_view.js), and Node's test runner checks this file alone
// (tests/js/queue.test.js).
//
// Each answer, the queue folds the actions still unanswered over the server's board again: a refusal drops the
// refused action alone, and the taps after it are judged anew on the board it left; a tap on a card that the
// unanswered taps uncover waits for their answers, and is judged then.
//
// It also tells the server, with each action, how much of the time since the last action it applied was the
// player's own: the rest was spent waiting for an answer the board needed (docs/levels.md, "A person's pace").

export const UP = "up"; // face up: its rank is known
export const DOWN = "down"; // face down, covered
export const TURNING = "turning"; // face down, uncovered by taps not yet answered: its face comes with their answers
export const GONE = "gone";

export const SHOWN = "shown"; // the page shows it at once
export const REFUSED = "refused"; // the rules refuse it: sent for the server's word, it changes nothing
export const WAITS = "waits"; // the page cannot tell: judged once the answers before it are in
export const NONE = "none"; // changes nothing on the board (Teach me)

export const SEND_TIMEOUT = 10000; // ms: a request the network swallowed is given up and sent again
export const RETRY_FIRST = 1000; // ms, doubled after each attempt that finds no server, up to RETRY_MOST
export const RETRY_MOST = 8000;

/** Whether ranks a and b are next to each other (king and ace too under the Easy rule, "E"). */
export function fits(rule, a, b) {
  if (!a || !b) return false;
  const apart = Math.abs(a - b);
  return apart === 1 || (apart === 12 && rule === "E");
}

/** The cells after ``position`` is played: gone, and each face-down card it was the last to cover, turning. */
function removed(cells, position, gone) {
  const after = cells.slice();
  after[position] = gone;
  after.forEach((cell, index) => {
    if (cell.state === DOWN && cell.coveredBy.includes(position)) {
      if (cell.coveredBy.every((by) => after[by].state === GONE)) after[index] = { ...cell, state: TURNING };
    }
  });
  return after;
}

export class Queue {
  /**
   * view: what draws the board and makes its pieces; send(action, version, own): a promise of the server's
   * answer { status, html }, rejected when no server answers; clock(): milliseconds; later(callback, ms).
   */
  constructor({
    view,
    board,
    send,
    clock = () => performance.now(),
    later = (callback, ms) => setTimeout(callback, ms),
    cancel = (timer) => clearTimeout(timer),
  }) {
    this.view = view;
    this.server = board; // the board as the server last gave it
    this.past = []; // the server's boards before each action it applied that still stands, since the page came
    this.pending = []; // the actions not yet answered, in order; the first is out while `sending`
    this.sending = false;
    this.unreachable = 0; // attempts in a row that found no server
    this.retry = null;
    this.send = send;
    this.clock = clock;
    this.later = later;
    this.cancel = cancel;
    this.since = clock(); // the last action the server applied (or the board's showing): own time counts from it
    // What the board waited for (the waste's face, a cell's, or anything: "board"), and when: [need, start, end],
    // end null while it waits.
    this.waits = [];
    this.shown = board;
  }

  /** A player's action: "tap" (with its position), "draw", "undo" or "hint". Returns it, as queued. */
  add(kind, position = null, extra = {}) {
    const action = { kind, position, tappedAt: this.clock(), made: null, outcome: null, resent: false, ...extra };
    this.pending.push(action);
    this.show(action, true);
    if (action.outcome === REFUSED) this.view.refused(action); // said at once (a sound), though sent for the server's word
    this.pump();
    return action;
  }

  /** The board the page shows: the server's, and each unanswered action's foreseen effect on it. */
  fold() {
    let board = this.server;
    const past = this.past.slice();
    for (const action of this.pending) {
      const { outcome, after } = this.predict(action, board, past);
      action.outcome = outcome;
      board = after;
    }
    return board;
  }

  predict(action, board, past) {
    const made = (key, make) => {
      // The view's pieces for a foreseen action are made once (its card's arrival shows once, not at each answer),
      // and again only if what they are made from changed (an answer drew that card anew).
      if (!action.made || action.made.key !== key) action.made = { key, pieces: make(!action.made) };
      return action.made.pieces;
    };
    const refused = { outcome: REFUSED, after: board };
    // After an action the page could not foresee, it cannot foresee any: each is judged once the answers are in.
    const waits = { outcome: WAITS, after: { ...board, blind: true } };
    if (board.blind) return waits;
    if (!board.playing) return refused;
    if (action.kind === "hint") return { outcome: NONE, after: board };
    if (action.kind === "undo") {
      if (!board.undo.enabled) return refused;
      const before = past.pop();
      return before ? { outcome: SHOWN, after: before } : waits;
    }
    if (action.kind === "draw") {
      if (!board.stock.count) return refused;
      const pieces = made(board.stock.node, (animate) => this.view.drawn(board, animate));
      past.push(board);
      const after = {
        ...board,
        wasteUnknown: true,
        waste: { rank: null, node: pieces.waste },
        stock: { count: board.stock.count - 1, node: pieces.stock },
        undo: { enabled: true, node: pieces.undo },
      };
      return { outcome: SHOWN, after };
    }
    const cell = board.cells[action.position];
    if (board.wasteUnknown || cell?.state === TURNING) return waits; // a face on its way: judged once it is in
    if (!cell || cell.state !== UP || !fits(board.rule, cell.rank, board.waste.rank)) return refused;
    const pieces = made(cell.node, (animate) => this.view.tapped(board, action.position, animate));
    past.push(board);
    const cells = removed(board.cells, action.position, { state: GONE, coveredBy: [], node: pieces.gone });
    const after = {
      ...board,
      cells,
      waste: { rank: cell.rank, node: pieces.waste },
      undo: { enabled: true, node: pieces.undo },
    };
    return { outcome: SHOWN, after };
  }

  /** Draws the board as it now stands, after ``action``: just added (``added``), or just answered. It carries the
   * version the server last gave, whatever older board an undo shows again. */
  show(action = null, added = false) {
    this.shown = { ...this.fold(), version: this.server.version };
    this.view.show(this.shown, action, added);
    this.noteWaiting();
    this.view.pending(this.pending.length);
  }

  /** What the board waits for an answer to show: the face of a card turning up ("cell-N") or drawn ("waste"),
   * or what an action the page could not foresee does ("board"). */
  needs() {
    const board = this.shown;
    const needs = board.cells.flatMap((cell, position) => (cell.state === TURNING ? [`cell-${position}`] : []));
    if (board.wasteUnknown) needs.push("waste");
    if (board.blind || this.pending.some((action) => action.kind === "hint")) needs.push("board");
    return needs;
  }

  noteWaiting() {
    const now = this.clock();
    const needs = new Set(this.needs());
    for (const wait of this.waits) {
      if (wait[2] === null && !needs.delete(wait[0])) wait[2] = now; // no longer waited for
    }
    for (const need of needs) if (!this.waits.some(([each, , end]) => each === need && end === null)) this.waits.push([need, now, null]);
  }

  /** The player's own milliseconds in the time up to the action since the last action the server applied: a
   * tap's, less the time the page waited for the faces it needed (its card's, the waste's) until just before it;
   * a draw or an undo needs no face, and a tap made while the page still waited did not wait: theirs is whole. */
  ownTime(action) {
    const at = action.tappedAt;
    const needed = new Set(["waste", "board", `cell-${action.position}`]);
    const spans = this.waits
      .filter(([need, , end]) => action.kind === "tap" && needed.has(need) && end !== null && end <= at)
      .map(([, start, end]) => [Math.max(start, this.since), end])
      .sort((a, b) => a[0] - b[0]);
    let waited = 0;
    let reached = this.since; // the spans overlap: each moment counted once
    for (const [start, end] of spans) {
      waited += Math.max(0, end - Math.max(start, reached));
      reached = Math.max(reached, end);
    }
    return Math.max(0, Math.round(at - this.since - waited));
  }

  async pump() {
    this.cancel(this.retry);
    if (this.sending || !this.pending.length) return;
    this.sending = true;
    const action = this.pending[0];
    let answer = null;
    try {
      answer = await this.send(action, this.server.version, this.ownTime(action));
    } catch {
      answer = null; // no answer: offline for a moment, or the page is leaving
    }
    this.sending = false;
    if (!answer) {
      this.waitForServer(action);
      return;
    }
    this.pending.shift();
    this.answered(action, answer);
    if (this.unreachable) {
      this.unreachable = 0;
      this.view.reachable();
    }
    this.pump();
  }

  /** Said once, then tried again; the queue and what it shows stay. */
  waitForServer(action) {
    action.resent = true;
    if (!this.unreachable++) this.view.failed(null);
    this.retry = this.later(() => this.pump(), Math.min(RETRY_MOST, RETRY_FIRST * 2 ** (this.unreachable - 1)));
  }

  /** The board put in the page by another way (a live page catching up: static/js/live.js): the server's, from now
   * on; what the page saw done before it no longer stands for Undo. */
  replaced(board) {
    if (this.pending.length) return; // the answers on their way bring the board
    this.server = board;
    this.past = [];
    this.show();
  }

  /** Back on the network (the browser or the live socket says so): the action waiting for a server, at once. */
  reachable() {
    if (!this.sending) this.pump();
  }

  answered(action, answer) {
    const { status, html } = answer;
    const read = status === 204 ? { kind: "nothing" } : this.view.read(html, status);
    if (read.kind === "patch") {
      this.applied(action, this.view.merge(this.server, read));
      this.view.regions(read);
    } else if (read.kind === "board") {
      // Every region: a page out of date (409), a game over, or Teach me's answer.
      const board = this.view.replace(read, action);
      if (status === 409) {
        // What was queued meant another board, and is dropped. Unless the action was sent again: then the
        // version it expected is most likely its own first sending's, which went through unanswered, and the
        // actions after it are judged on the server's board.
        if (!action.resent) this.pending.length = 0;
        this.past = [];
      } else if (action.kind !== "hint") {
        this.since = action.tappedAt; // applied: a game just over
        this.past = [];
      }
      if (!board.playing) this.pending.length = 0;
      this.server = board;
      this.view.regions(read);
    } else if (read.kind === "notice" || read.kind === "nothing") {
      // Refused, or Teach me asked where it has nothing to say: the server's board stands; its word, if any.
      this.view.regions(read);
    } else {
      // An error: said by the view; what was queued after it is dropped, the server's board shown again.
      this.pending.length = 0;
      this.view.failed(answer);
    }
    this.show(action);
  }

  applied(action, board) {
    if (action.kind === "undo") this.past.pop();
    else this.past.push(this.server);
    this.since = action.tappedAt;
    this.waits = this.waits.filter(([, , end]) => end === null || end > this.since);
    this.server = board;
  }
}

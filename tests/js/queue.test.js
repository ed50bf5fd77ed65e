// The board's queue of actions (static/js/queue.js), without a browser: a fake view whose pieces are plain
// objects, a server whose answers the test gives when it chooses, and a clock the test moves.
// Run by `node --test tests/js/` (tests/test_js.py runs it in the suite).

import assert from "node:assert/strict";
import { test } from "node:test";

import { DOWN, GONE, Queue, REFUSED, SHOWN, TURNING, UP, WAITS, fits } from "../../static/js/queue.js";

// A board of four cells: 0 covered by 2 and 3 (face down), 1 covered by 3 alone, 2 and 3 face up.
function board({ version = 0, waste = 5, stock = 3, cells = null, undo = false, playing = true } = {}) {
  return {
    version,
    rule: "E",
    playing,
    cells: cells ?? [
      { state: DOWN, coveredBy: [2, 3], node: "down-0" },
      { state: DOWN, coveredBy: [3], node: "down-1" },
      { state: UP, rank: 6, coveredBy: [], node: "up-2" },
      { state: UP, rank: 4, coveredBy: [], node: "up-3" },
    ],
    waste: { rank: waste, node: `waste-${waste}` },
    stock: { count: stock, node: `stock-${stock}` },
    undo: { enabled: undo, node: `undo-${undo}` },
  };
}

class FakeView {
  constructor() {
    this.shown = [];
    this.failures = [];
    this.swapped = [];
    this.refusals = [];
  }
  refused(action) {
    this.refusals.push([action.kind, action.position]);
  }
  tapped(before, position, animate) {
    return { gone: `gone-${position}`, waste: { from: position, animate }, undo: "undo-true" };
  }
  drawn(before, animate) {
    return { waste: { incoming: true, animate }, stock: `stock-${before.stock.count - 1}`, undo: "undo-true" };
  }
  show(board) {
    this.shown.push(board);
  }
  pending() {}
  read(answer) {
    return answer; // the tests answer with what the view would read: { kind, board }
  }
  merge(server, read) {
    return read.board;
  }
  replace(read) {
    return read.board;
  }
  regions(read) {
    this.swapped.push(read.kind);
  }
  failed(answer) {
    this.failures.push(answer);
  }
  reachable() {}
}

/** A server that the test answers: each action sent waits for ``answer`` (or ``fail``). */
class Server {
  constructor() {
    this.sent = [];
    this.waiting = [];
  }
  send = (action, version, own) => {
    this.sent.push({ kind: action.kind, position: action.position, version, own });
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  };
  async answer(status, read) {
    this.waiting.shift().resolve({ status, html: read });
    await settled();
  }
  async fail() {
    this.waiting.shift().reject(new Error("no server"));
    await settled();
  }
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

function setUp(start = board()) {
  const view = new FakeView();
  const server = new Server();
  const clock = { now: 0 };
  const timers = [];
  const queue = new Queue({
    view,
    board: start,
    send: server.send,
    clock: () => clock.now,
    later: (callback, ms) => timers.push({ callback, ms }),
    cancel: () => {},
  });
  return { view, server, clock, queue, timers };
}

test("ranks fit one apart, and king on ace under the Easy rule alone", () => {
  assert.ok(fits("E", 5, 6) && fits("E", 13, 1) && !fits("C", 13, 1) && !fits("E", 5, 7) && !fits("E", null, 5));
});

test("a tap that fits is shown at once, its card on the waste, and the cards it uncovers turning", () => {
  const { queue, view, server } = setUp();
  const tap = queue.add("tap", 3);
  assert.equal(tap.outcome, SHOWN);
  const shown = view.shown.at(-1);
  assert.deepEqual(shown.waste, { rank: 4, node: { from: 3, animate: true } });
  assert.equal(shown.cells[3].state, GONE);
  assert.equal(shown.cells[1].state, TURNING); // covered by 3 alone
  assert.equal(shown.cells[0].state, DOWN); // 2 still covers it
  assert.deepEqual(server.sent, [{ kind: "tap", position: 3, version: 0, own: 0 }]);
});

test("an action the rules refuse is said as it is made; one that fits or waits is not", () => {
  const { queue, view } = setUp();
  queue.add("tap", 0); // face down
  queue.add("tap", 3); // fits: 4 on the waste
  queue.add("tap", 2); // 6 does not fit 4
  queue.add("undo");
  assert.deepEqual(view.refusals, [
    ["tap", 0],
    ["tap", 2],
  ]);
});

test("one action at a time is out, each with the version the server last gave", async () => {
  const { queue, server } = setUp();
  queue.add("tap", 3); // 4 on the waste
  queue.add("tap", 2); // 6 does not fit 4... refused
  queue.add("draw");
  assert.equal(server.sent.length, 1);
  const after = board({ version: 1, waste: 4 });
  after.cells[3] = { state: GONE, coveredBy: [], node: "gone-3" };
  after.cells[1] = { state: UP, rank: 5, coveredBy: [3], node: "up-1" };
  await server.answer(200, { kind: "patch", board: after });
  assert.deepEqual(server.sent.at(-1), { kind: "tap", position: 2, version: 1, own: 0 });
  await server.answer(200, { kind: "notice" });
  assert.deepEqual(server.sent.at(-1), { kind: "draw", position: null, version: 1, own: 0 });
});

test("a tap on a card that the unanswered taps uncover waits, and is judged on the board their answers leave", async () => {
  const { queue, server, view } = setUp();
  queue.add("tap", 3);
  const onTurning = queue.add("tap", 1);
  assert.equal(onTurning.outcome, WAITS);
  const after = board({ version: 1, waste: 4 });
  after.cells[3] = { state: GONE, coveredBy: [], node: "gone-3" };
  after.cells[1] = { state: UP, rank: 5, coveredBy: [3], node: "up-1" }; // turned up: a 5, which fits the 4
  await server.answer(200, { kind: "patch", board: after });
  assert.equal(onTurning.outcome, SHOWN);
  assert.equal(view.shown.at(-1).waste.rank, 5);
  assert.deepEqual(server.sent.at(-1), { kind: "tap", position: 1, version: 1, own: 0 });
});

test("a refusal drops the refused action alone: the taps after it that still fit are played", async () => {
  const { queue, server, view } = setUp();
  const first = queue.add("tap", 3); // foreseen on the 5: a 4 fits
  const second = queue.add("tap", 2); // 6 does not fit the 4 it leaves: refused there
  assert.deepEqual([first.outcome, second.outcome], [SHOWN, REFUSED]);
  // The server refuses the first (the game had moved on in another tab, say): the 5 stays on the waste, and the 6
  // fits it.
  await server.answer(200, { kind: "notice" });
  assert.equal(second.outcome, SHOWN);
  assert.equal(view.shown.at(-1).waste.rank, 6);
  assert.equal(queue.pending.length, 1);
  assert.deepEqual(server.sent.at(-1), { kind: "tap", position: 2, version: 0, own: 0 });
});

test("undo is shown at once when the page saw the action it takes back", async () => {
  const { queue, server, view } = setUp();
  queue.add("tap", 3);
  const after = board({ version: 1, waste: 4, undo: true });
  after.cells[3] = { state: GONE, coveredBy: [], node: "gone-3" };
  after.cells[1] = { state: UP, rank: 5, coveredBy: [3], node: "up-1" };
  await server.answer(200, { kind: "patch", board: after });
  const undo = queue.add("undo");
  assert.equal(undo.outcome, SHOWN);
  const shown = view.shown.at(-1);
  assert.equal(shown.waste.rank, 5);
  assert.deepEqual(shown.cells[3], { state: UP, rank: 4, coveredBy: [], node: "up-3" }); // the very card again
  assert.equal(shown.cells[1].node, "down-1"); // face down again, as the page saw it before
});

test("an undo of a tap still unanswered is shown at once too; one the page did not see done waits", () => {
  const { queue } = setUp(board({ undo: true }));
  const unseen = queue.add("undo"); // the action it takes back was played before the page came
  assert.equal(unseen.outcome, WAITS);
  const fresh = setUp();
  fresh.queue.add("tap", 3);
  assert.equal(fresh.queue.add("undo").outcome, SHOWN);
  assert.equal(fresh.view.shown.at(-1).waste.rank, 5);
});

test("a draw is shown at once, its face unknown until the answer: a tap after it waits for that face", async () => {
  const { queue, server, view } = setUp();
  const draw = queue.add("draw");
  assert.equal(draw.outcome, SHOWN);
  const shown = view.shown.at(-1);
  assert.deepEqual([shown.stock.count, shown.waste.rank, shown.waste.node.animate], [2, null, true]);
  const tap = queue.add("tap", 2);
  assert.equal(tap.outcome, WAITS);
  await server.answer(200, { kind: "patch", board: board({ version: 1, waste: 7, stock: 2, undo: true }) });
  assert.equal(tap.outcome, SHOWN); // a 6 on the 7
});

test("the player's own time leaves out the waits for the answers the board needed", async () => {
  const { queue, server, clock } = setUp();
  queue.add("draw"); // at 0: the drawn card's face is on its way
  clock.now = 400;
  await server.answer(200, { kind: "patch", board: board({ version: 1, waste: 7, stock: 2, undo: true }) });
  clock.now = 600; // 200 ms after the face showed
  queue.add("tap", 2);
  assert.equal(server.sent.at(-1).own, 200);
  // Taps ahead of their answers are the player's own time whole: 200 ms after the last one, though it is sent
  // only once that one's answer came, 400 ms later.
  clock.now = 800;
  queue.add("tap", 3); // a 4 on the 6? no: refused, and sent for its word
  clock.now = 1000;
  const after = board({ version: 2, waste: 6, stock: 2, undo: true });
  after.cells[2] = { state: GONE, coveredBy: [], node: "gone-2" };
  await server.answer(200, { kind: "patch", board: after });
  assert.equal(server.sent.at(-1).own, 200); // tapped at 800, 200 after the tap at 600 that the server applied
});

test("a draw or undo needs no face, and a tap made while the page still waited did not wait: their time is whole", async () => {
  const { queue, server, clock } = setUp();
  queue.add("draw"); // at 0: its face on its way
  clock.now = 300;
  queue.add("draw"); // before the first one's answer: the player did not wait for it
  clock.now = 400;
  await server.answer(200, { kind: "patch", board: board({ version: 1, waste: 7, stock: 2, undo: true }) });
  assert.equal(server.sent.at(-1).own, 300);
  clock.now = 1400;
  await server.answer(200, { kind: "patch", board: board({ version: 2, waste: 6, stock: 1, undo: true }) });
  clock.now = 1500; // 1,200 ms after the second draw was made, 100 after its face showed
  queue.add("undo");
  assert.equal(server.sent.at(-1).own, 1200); // an undo looks at no face: all of it the player's
});

test("a page out of date is shown the server's board, and what was queued on the old one is dropped", async () => {
  const { queue, server, view } = setUp();
  queue.add("tap", 3);
  queue.add("draw");
  await server.answer(409, { kind: "board", board: board({ version: 5, waste: 9 }) });
  assert.equal(queue.pending.length, 0);
  assert.equal(view.shown.at(-1).waste.rank, 9);
  assert.equal(server.sent.length, 1);
});

test("an action that found no server is sent again, and a 409 then keeps the actions after it", async () => {
  const { queue, server, timers, view } = setUp();
  queue.add("tap", 3);
  queue.add("draw");
  await server.fail();
  assert.deepEqual(view.failures, [null]); // said once
  assert.equal(timers.at(-1).ms, 1000);
  timers.at(-1).callback();
  assert.equal(server.sent.length, 2);
  assert.deepEqual(server.sent[1], server.sent[0]); // the same action, the same version
  // The first sending went through after all: the second meets the version it made.
  const after = board({ version: 1, waste: 4, undo: true });
  after.cells[3] = { state: GONE, coveredBy: [], node: "gone-3" };
  await server.answer(409, { kind: "board", board: after });
  assert.equal(queue.pending.length, 1);
  assert.deepEqual(server.sent.at(-1), { kind: "draw", position: null, version: 1, own: 0 });
});

test("an error drops what was queued after it and is said by the view", async () => {
  const { queue, server, view } = setUp();
  queue.add("tap", 3);
  queue.add("draw");
  await server.answer(503, { kind: "error" });
  assert.equal(queue.pending.length, 0);
  assert.deepEqual(view.failures, [{ status: 503, html: { kind: "error" } }]);
  assert.equal(view.shown.at(-1).waste.rank, 5); // the server's board again
});

test("a game over takes no more actions; Teach me changes nothing on the board", async () => {
  const { queue, server } = setUp();
  const hint = queue.add("hint");
  queue.add("tap", 3);
  await server.answer(200, { kind: "board", board: board({ playing: false }) });
  assert.equal(hint.kind, "hint");
  assert.equal(queue.pending.length, 0);
  assert.equal(server.sent.length, 1);
});

test("a tap's own time leaves out only the waits for the faces it needed, not another card's", async () => {
  const start = board();
  start.cells[2] = { state: UP, rank: 5, coveredBy: [], node: "up-2" }; // fits the 4 that the tap on 3 leaves
  const { queue, server, clock } = setUp(start);
  queue.add("tap", 3); // at 0: the 1 under it turns up, its face on its way
  clock.now = 400;
  const after = board({ version: 1, waste: 4 });
  after.cells[2] = start.cells[2];
  after.cells[3] = { state: GONE, coveredBy: [], node: "gone-3" };
  after.cells[1] = { state: UP, rank: 9, coveredBy: [3], node: "up-1" };
  await server.answer(200, { kind: "patch", board: after });
  clock.now = 600;
  queue.add("tap", 2); // a card face up all along: the wait for the 1's face was not the player's
  assert.equal(server.sent.at(-1).own, 600);
});

// TriPeaks: a request that fails is never silent. htmx leaves error answers unswapped (base.html's
// htmx-config); each one shows its message in the page's #notice: the server's own (an element with
// data-error-message: games/web/failures.py, the error pages), else a word from this script tag's data-*
// attributes, which the template translates. A 403 (a CSRF token made stale by a log-in or log-out in
// another tab, or a game no longer this player's) first brings the page up to date: its regions fetched
// anew carry the fresh token and the board as this player may now see it; a page without them reloads.
"use strict";

(() => {
  const words = document.currentScript.dataset; // data-failed, data-offline, data-held

  function notice() {
    let region = document.getElementById("notice");
    if (!region) {
      region = document.createElement("div");
      region.id = "notice";
      region.className = "notice";
      region.setAttribute("role", "status");
      region.setAttribute("aria-live", "polite");
      (document.getElementById("main") || document.body).prepend(region);
    }
    return region;
  }

  function show(message, status) {
    const line = document.createElement("p");
    line.className = "failure";
    line.dataset.status = status;
    line.textContent = message;
    notice().replaceChildren(line);
  }

  function serverMessage(type, body) {
    if (type.startsWith("text/plain")) return body.trim().slice(0, 300);
    if (!type.startsWith("text/html")) return "";
    const page = new DOMParser().parseFromString(body, "text/html");
    return page.querySelector("[data-error-message]")?.textContent.replace(/\s+/g, " ").trim() || "";
  }

  // The page's regions as they stand, with this session's CSRF token in their forms; every other form
  // on the page gets the fresh token too. False if the page had to reload instead.
  async function refresh() {
    const sync = document.getElementById("live")?.dataset.sync;
    try {
      if (!sync || !window.htmx) throw new Error("no regions to fetch");
      const answer = await fetch(sync, { cache: "no-store", credentials: "same-origin" });
      if (!answer.ok) throw new Error(`regions: ${answer.status}`);
      const html = await answer.text();
      htmx.swap(document.body, html, { swapStyle: "none" }); // each region out of band
      document.dispatchEvent(new CustomEvent("tripeaks:swapped")); // the table's queue takes the board (table.js)
      const token =
        /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1] ||
        /(?:^|;\s*)(?:__Host-)?csrftoken=([^;]+)/.exec(document.cookie)?.[1]; // __Host- over HTTPS (settings.py)
      if (token) for (const field of document.querySelectorAll('input[name="csrfmiddlewaretoken"]')) field.value = token;
      return true;
    } catch {
      location.reload();
      return false;
    }
  }

  async function failed(status, type, body) {
    const message = serverMessage(type, body) || words.failed;
    if (status === 403 && !(await refresh())) return;
    show(message, String(status));
  }

  document.addEventListener("htmx:responseError", (event) => {
    const xhr = event.detail.xhr;
    failed(xhr.status, xhr.getResponseHeader("Content-Type") || "", xhr.responseText || "");
  });
  document.addEventListener("htmx:sendError", () => show(words.offline, "offline"));
  // The board's own queue (static/js/queue.js) sends its actions with fetch: it reports its failures here. It keeps
  // the actions the server did not answer and sends them again by itself, so the player has nothing to retry.
  document.addEventListener("tripeaks:failed", (event) => {
    const answer = event.detail;
    if (answer) failed(answer.status, answer.type, answer.body);
    else show(words.held, "offline");
  });
  // The server answers again (the queue's action went through, or the live socket is back): "cannot be
  // reached" no longer holds.
  document.addEventListener("tripeaks:reachable", () => {
    document.querySelectorAll('#notice .failure[data-status="offline"]').forEach((line) => line.remove());
  });
})();

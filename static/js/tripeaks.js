// TriPeaks: small progressive enhancements; the game works without this file.
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

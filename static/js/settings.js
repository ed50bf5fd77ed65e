// TriPeaks Settings: each choice shows on the page as soon as it is made, as the next page will draw it
// (templates/base.html); htmx saves it meanwhile. The page works without this file: Save sends the form.
"use strict";

(() => {
  const form = document.querySelector("form.settings");
  if (!form) return;
  const body = document.body;
  // A switch's field: the body's attribute it sets, and its values on and off.
  const SWITCHES = {
    left_handed: ["hand", "left", "right"],
    four_colour_suits: ["colours", "four", "two"],
    high_contrast: ["contrast", "high", "normal"],
    swipe_to_draw: ["swipe", "on", "off"],
  };

  function apply(input) {
    if (input.name in SWITCHES) {
      const [name, on, off] = SWITCHES[input.name];
      body.dataset[name] = input.checked ? on : off;
    } else if (input.name === "card_size") {
      body.dataset.cards = input.value;
    } else if (input.name === "theme") {
      document.documentElement.dataset.theme = input.value;
    } else if (input.name === "card_back") {
      body.className = body.className.replace(/\bback-\w+/, `back-${input.value}`);
    }
  }

  form.addEventListener("change", (event) => apply(event.target));
})();

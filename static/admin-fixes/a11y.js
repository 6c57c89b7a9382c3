// Accessibility fixes for the admin's autocomplete widgets (Select2 4.0, vendored by
// Django): give each search box the name of its field, and keep the "Remove all items"
// control out of the list of chosen items, where only list items may stand (axe rules
// "label" and "list"). Select2 re-renders on every change, so fixes run on each mutation.
(function () {
  "use strict";

  function fix(root) {
    root.querySelectorAll(".select2-container").forEach(function (container) {
      var select = container.previousElementSibling;
      var label = select && select.id ? document.querySelector("label[for='" + select.id + "']") : null;
      var name = label ? label.textContent.replace(/:\s*$/, "").trim() : "";
      container.querySelectorAll(".select2-search__field").forEach(function (input) {
        if (name && !input.hasAttribute("aria-label")) input.setAttribute("aria-label", "Search " + name);
      });
      container.querySelectorAll("ul.select2-selection__rendered > .select2-selection__clear").forEach(function (clear) {
        var list = clear.parentNode;
        list.parentNode.insertBefore(clear, list);
      });
    });
  }

  function start() {
    fix(document);
    new MutationObserver(function () { fix(document); }).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// A box that takes a sentence or a pasted log (a textarea, so a paste keeps its line
// breaks, which the reader uses as the ends of clauses): Enter submits the form as in a
// one-line box, Shift+Enter starts a new line. Without this script the button submits.
(function () {
  "use strict";
  document.querySelectorAll("textarea[data-enter-submits]").forEach(function (box) {
    box.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      if (box.form.requestSubmit) box.form.requestSubmit();
      else box.form.submit();
    });
  });
})();

// A box that takes a sentence or a pasted log (a textarea, so a paste keeps its line
// breaks, which the reader uses as the ends of clauses): Enter submits the form as in a
// one-line box, Shift+Enter starts a new line. Without this script the button submits.
//
// A paste is sent in the address (a GET form), and servers refuse a request line past
// about 8 KB (gunicorn: 8,190 bytes), with a bare "414 URI Too Long" page. Text outside
// Latin script takes up to nine bytes a character once encoded, so 1,300 Cyrillic
// characters already pass it (a fresh helper's attack): the form then says so, here,
// and is not sent.
(function () {
  "use strict";
  var MAX_ADDRESS = 8000;
  document.querySelectorAll("textarea[data-enter-submits]").forEach(function (box) {
    var form = box.form;
    box.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      if (form.requestSubmit) form.requestSubmit();
      else form.submit();
    });
    form.addEventListener("submit", function (event) {
      var query = new URLSearchParams(new FormData(form)).toString();
      var size = (form.getAttribute("action") || "").length + 1 + query.length;
      var note = form.querySelector(".search__too-long");
      if (size <= MAX_ADDRESS) {
        if (note) note.remove();
        return;
      }
      event.preventDefault();
      if (!note) {
        note = document.createElement("p");
        note.className = "alert search__too-long";
        note.setAttribute("role", "alert");
        (box.closest(".search__row") || box).insertAdjacentElement("afterend", note);
      }
      note.textContent = "This text is too long to send: once encoded for the address it takes " +
        size.toLocaleString("en") + " bytes, and a request may take about " +
        MAX_ADDRESS.toLocaleString("en") + ". Text outside Latin script takes more room. " +
        "Keep the lines that matter (the error lines) and search again.";
    });
  });
})();

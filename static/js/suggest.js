// Suggested filters while typing: fetch the suggestions partial for the sentence as it
// is typed (debounced) and swap it in, without reloading the page. The page works
// without this script: submitting the form shows the same suggestions.
(function () {
  "use strict";
  var form = document.querySelector("form[data-suggest-url]");
  var target = document.getElementById("suggestions");
  if (!form || !target || !window.fetch) return;
  var input = form.querySelector("[name=q]");
  var timer = null;
  var latest = 0;

  function update() {
    var params = new URLSearchParams(new FormData(form));
    var ticket = ++latest;
    fetch(form.dataset.suggestUrl + "?" + params.toString(), {
      headers: { "X-Requested-With": "fetch" },
      credentials: "same-origin",
    })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null && ticket === latest) target.innerHTML = html;
      })
      .catch(function () { /* keep the last suggestions */ });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
})();

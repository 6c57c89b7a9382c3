/* Incident Library admin: give each single-choice autocomplete box the name of its
   field's label. Select2 names such a box after its current text only, which is empty
   until something is chosen, so screen readers announced an unnamed combobox. */
(function () {
  "use strict";
  function name(root) {
    root.querySelectorAll("select.admin-autocomplete").forEach(function (select) {
      var label = document.querySelector('label[for="' + select.id + '"]');
      var box = select.parentElement && select.parentElement.querySelector(".select2-selection--single");
      if (!label || !box) return;
      if (!label.id) label.id = select.id + "-label";
      var rendered = box.querySelector(".select2-selection__rendered");
      box.setAttribute("aria-labelledby", label.id + (rendered && rendered.id ? " " + rendered.id : ""));
      if (rendered) rendered.setAttribute("aria-label", label.textContent.replace(/:\s*$/, "").trim());
    });
  }
  // Select2 builds its boxes when jQuery is ready, and again for rows an inline adds:
  // name every box whenever one appears, whatever the order the scripts ran in.
  var pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    window.setTimeout(function () { pending = false; name(document); }, 0);
  }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      if (records[i].addedNodes.length) { soon(); return; }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", soon);
  window.addEventListener("load", soon);
  document.addEventListener("formset:added", soon);
})();

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
  window.addEventListener("load", function () { name(document); });
  document.addEventListener("formset:added", function (event) {
    window.setTimeout(function () { name(event.target); }, 0);
  });
})();

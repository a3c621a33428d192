// Meldbook's only browser code: the CSRF header on htmx requests, and the +/− steppers.
// Scores are never computed here; the server answers every change with the updated parts.
(function () {
  "use strict";

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  document.addEventListener("htmx:config:request", function (evt) {
    evt.detail.ctx.request.headers["X-CSRF-Token"] = csrfToken();
  });

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest("button.step");
    if (!button) return;
    var input = document.getElementById(button.dataset.for);
    if (!input) return;
    var now = parseInt(input.value, 10);
    if (isNaN(now)) now = 0;
    input.value = String(Math.max(0, now + parseInt(button.dataset.step, 10)));
    // the same event typing sends, so the live preview updates
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();

// The hand form on this phone: nothing typed in or refused sits under the pinned bar. The totals and Record stay
// pinned at the bottom of the screen (and "Out of touch" at its top): the field being typed in, with its label and its
// message, is kept between them, also when the phone's keyboard opens; a refusal's summary leads to each refused field.
(function () {
  "use strict";

  var M = (window.Meldbook = window.Meldbook || {});

  var PINNED = ".submit-bar, .submit-bar > .button, .out-of-touch-bar, .send-status";
  var ROOM = 8; // px left between the field and a pinned bar

  function keepInView(el) {
    var view = window.visualViewport;
    var top = view ? view.offsetTop : 0;
    var bottom = view ? view.offsetTop + view.height : window.innerHeight;
    var middle = (top + bottom) / 2;
    document.querySelectorAll(PINNED).forEach(function (bar) {
      var position = getComputedStyle(bar).position;
      if ((position !== "sticky" && position !== "fixed") || bar.contains(el)) return;
      var r = bar.getBoundingClientRect();
      if (r.height === 0 || r.bottom <= top || r.top >= bottom) return;
      if (r.top > middle) bottom = Math.min(bottom, r.top);
      else top = Math.max(top, r.bottom);
    });
    // the field with its label, help and message; where that does not fit (larger text), the field down to its
    // message; else the field itself
    var room = bottom - top - 2 * ROOM;
    var whole = el.closest(".entry, .count-field, .card-count, .once") || el;
    var errors = whole.querySelectorAll(".field-error");
    var r = whole.getBoundingClientRect();
    var own = el.getBoundingClientRect();
    if (r.height > room && errors.length) {
      var last = errors[errors.length - 1].getBoundingClientRect();
      r = { top: Math.min(own.top, last.top), bottom: Math.max(own.bottom, last.bottom) };
    }
    if (r.bottom - r.top > room) r = own;
    if (r.bottom > bottom - ROOM) window.scrollBy(0, r.bottom - bottom + ROOM);
    else if (r.top < top + ROOM) window.scrollBy(0, r.top - top - ROOM);
  }

  function typedIn() {
    var el = document.activeElement;
    return el && el.matches && el.matches("#hand-form input, #hand-form button.step") ? el : null;
  }

  document.addEventListener("focusin", function () {
    var el = typedIn();
    if (el) keepInView(el);
  });
  // the phone's keyboard opening makes the screen shorter: the field stays above the bar
  if (window.visualViewport) {
    window.visualViewport.addEventListener("resize", function () {
      var el = typedIn();
      if (el) keepInView(el);
    });
  }

  // the totals bar grows as the hand is typed (a side's total wraps): the box typed in stays above it
  M.watchBar = function () {
    var bar = document.querySelector(".submit-bar");
    if (!bar || !window.ResizeObserver) return;
    new ResizeObserver(function () {
      var el = typedIn();
      if (el) keepInView(el);
    }).observe(bar);
  };

  // a refusal's summary: its link takes the player to the field, focused, with its message, above the bar
  document.addEventListener("click", function (evt) {
    var link = evt.target.closest("#error-summary a[data-field]");
    var entry = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!entry) return;
    // the refused input itself where it shows, else the choice made (a count's chip), else the first box shown
    var shown = function (input) {
      return input.type === "radio" ? input.checked : input.checkVisibility({ visibilityProperty: true });
    };
    var find = Array.prototype.find;
    var field = find.call(entry.querySelectorAll("input[aria-invalid=true]"), shown) ||
      find.call(entry.querySelectorAll("input:not([type=hidden])"), shown);
    if (!field) return;
    evt.preventDefault();
    field.focus({ preventScroll: true });
    entry.scrollIntoView({ block: "start" });
    keepInView(field);
  });
})();

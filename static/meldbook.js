// Meldbook's browser code for every page: the CSRF header on htmx requests, the +/− steppers, keeping the
// scores current (polling), saying when this phone is out of touch, keeping the screen awake at the table,
// and showing times in this device's own time zone. Scores are never computed here.
(function () {
  "use strict";

  var POLL_MS = 600; // a hand recorded on one phone shows on the others within about a second
  var HIDDEN_POLL_MS = 5000; // a page nobody looks at asks rarely
  var OUT_OF_TOUCH_AFTER = 2; // failed polls in a row before the page says so

  var Meldbook = (window.Meldbook = window.Meldbook || {});

  Meldbook.csrfToken = function () {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  };

  // Web Storage, never throwing: a phone in private mode or with full storage still works, without drafts
  Meldbook.store = {
    get: function (key) {
      try {
        var raw = window.localStorage.getItem("meldbook:" + key);
        return raw ? JSON.parse(raw) : null;
      } catch (e) {
        return null;
      }
    },
    set: function (key, value) {
      try {
        window.localStorage.setItem("meldbook:" + key, JSON.stringify(value));
        return true;
      } catch (e) {
        return false;
      }
    },
    remove: function (key) {
      try {
        window.localStorage.removeItem("meldbook:" + key);
      } catch (e) { /* nothing kept, nothing to remove */ }
    },
    keys: function (prefix) {
      var found = [];
      try {
        for (var i = 0; i < window.localStorage.length; i++) {
          var key = window.localStorage.key(i);
          if (key && key.indexOf("meldbook:" + prefix) === 0) found.push(key.slice("meldbook:".length));
        }
      } catch (e) { /* no storage */ }
      return found;
    }
  };

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  // a time as the page's language writes it (<html lang>): 21:04 in de, es, it, pt-BR; English keeps Meldbook's 21:04
  Meldbook.clock = function (ms) {
    var d = new Date(ms);
    var lang = document.documentElement.lang || "en";
    var options = { hour: "2-digit", minute: "2-digit" };
    if (/^en\b/i.test(lang)) options.hourCycle = "h23";
    try {
      return d.toLocaleTimeString(lang, options);
    } catch (e) {
      return pad(d.getHours()) + ":" + pad(d.getMinutes()); // a lang the browser cannot read
    }
  };

  document.addEventListener("htmx:config:request", function (evt) {
    evt.detail.ctx.request.headers["X-CSRF-Token"] = Meldbook.csrfToken();
  });

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest("button.step");
    if (!button) return;
    var input = document.getElementById(button.dataset.for);
    if (!input) return;
    var now = parseInt(input.value, 10);
    if (isNaN(now)) now = 0;
    input.value = String(Math.max(0, now + parseInt(button.dataset.step, 10)));
    // the same event typing sends, so the live preview updates and the draft is kept
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // ---- this phone in or out of touch with the table's computer -------------------------------------
  var failures = 0;
  var lastContact = Date.now();

  function banner() {
    return document.getElementById("out-of-touch");
  }

  Meldbook.inTouch = function () {
    failures = 0;
    lastContact = Date.now();
    var b = banner();
    if (b) b.hidden = true;
    document.documentElement.classList.remove("out-of-touch");
  };

  Meldbook.outOfTouch = function () {
    failures += 1;
    if (failures < OUT_OF_TOUCH_AFTER) return;
    var b = banner();
    if (!b) return;
    b.querySelector(".since").textContent = Meldbook.clock(lastContact);
    b.hidden = false;
    document.documentElement.classList.add("out-of-touch");
  };

  // ---- keeping the scores current ---------------------------------------------------------------------
  function openRows(root) {
    var open = [];
    root.querySelectorAll("details[open]").forEach(function (d) {
      var summary = d.querySelector("summary");
      if (summary) open.push(summary.textContent.trim().split(/\s+/).slice(0, 2).join(" "));
    });
    return open;
  }

  function reopen(root, open) {
    root.querySelectorAll("details").forEach(function (d) {
      var summary = d.querySelector("summary");
      if (summary && open.indexOf(summary.textContent.trim().split(/\s+/).slice(0, 2).join(" ")) >= 0) d.open = true;
    });
  }

  function swap(el, html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.querySelector("#" + el.id) || template.content.firstElementChild;
    if (!fresh) return el;
    var open = openRows(el);
    var scrolled = window.scrollY;
    // what this phone typed and has not sent stays in its box (the confirm page's totals when the other side sends)
    var typed = [];
    el.querySelectorAll("input[id]:not([type=hidden]), textarea[id]").forEach(function (box) {
      if (box.value !== box.defaultValue) typed.push([box.id, box.value]);
    });
    var focused = document.activeElement && el.contains(document.activeElement) ? document.activeElement.id : "";
    el.replaceWith(fresh);
    reopen(fresh, open);
    typed.forEach(function (kept) {
      var box = fresh.querySelector("#" + CSS.escape(kept[0]));
      if (box && box.type !== "hidden") box.value = kept[1];
    });
    if (focused) {
      var again = fresh.querySelector("#" + CSS.escape(focused));
      if (again) again.focus({ preventScroll: true });
    }
    if (window.htmx) window.htmx.process(fresh);
    Meldbook.init(fresh);
    window.scrollTo(window.scrollX, scrolled); // the phone being read or typed on does not jump
    return fresh;
  }

  var polling = false;
  var pollTimer = null;

  function pollNow() {
    if (polling) return;
    var targets = document.querySelectorAll("[data-poll]");
    if (!targets.length) return;
    polling = true;
    var pending = targets.length;
    var done = function () {
      pending -= 1;
      if (pending === 0) {
        polling = false;
        schedulePoll();
      }
    };
    targets.forEach(function (el) {
      fetch(el.dataset.poll, { headers: { "HX-Request": "true" }, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status === 204) {
            Meldbook.inTouch();
          } else if (response.ok) {
            return response.text().then(function (html) {
              Meldbook.inTouch();
              if (el.isConnected) swap(el, html);
            });
          } else if (response.status === 404) {
            el.removeAttribute("data-poll"); // the game was deleted: its page says so on the next load
          } else {
            Meldbook.outOfTouch();
          }
        })
        .catch(Meldbook.outOfTouch)
        .then(done, done);
    });
  }

  function schedulePoll() {
    window.clearTimeout(pollTimer);
    pollTimer = window.setTimeout(pollNow, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
  }

  Meldbook.pollNow = pollNow;

  // a page brought back by Back (the back/forward cache) shows the game as it was: ask for now at once
  window.addEventListener("pageshow", function (evt) {
    if (!evt.persisted) return;
    window.clearTimeout(pollTimer);
    polling = false;
    pollNow();
  });

  // ---- the screen stays awake on the scores and the table display -------------------------------------
  var wakeLock = null;

  function keepAwake() {
    if (!document.getElementById("live") || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    if (wakeLock && !wakeLock.released) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
    }).catch(function () { /* not allowed now (battery saver…): the page works as before */ });
  }

  Meldbook.wakeLock = function () {
    return wakeLock;
  };

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      keepAwake(); // a lock is released whenever the page is hidden
      window.clearTimeout(pollTimer);
      pollNow();
    }
  });

  // ---- parts that depend on this device ------------------------------------------------------------
  // a day and a time (data-local="day"): "today, 21:04" (data-today, in the page's words) or "Sat 21 Nov 2026, 21:04"
  Meldbook.dayAndClock = function (ms, today) {
    var d = new Date(ms);
    if (d.toDateString() === new Date().toDateString() && today) return today.split("{00:00}").join(Meldbook.clock(ms));
    var lang = document.documentElement.lang || "en";
    var day;
    try {
      day = d.toLocaleDateString(/^en\b/i.test(lang) ? "en-GB" : lang,
                                 { weekday: "short", day: "numeric", month: "short", year: "numeric" });
    } catch (e) {
      day = d.toDateString(); // a lang the browser cannot read
    }
    return day + ", " + Meldbook.clock(ms);
  };

  function localTimes(root) {
    root.querySelectorAll("time[data-local]").forEach(function (t) {
      var ms = Date.parse(t.getAttribute("datetime"));
      if (isNaN(ms)) return;
      t.textContent = t.dataset.local === "day" ? Meldbook.dayAndClock(ms, t.dataset.today) : Meldbook.clock(ms);
    });
  }

  function undoText(root) {
    root.querySelectorAll(".undo-bar").forEach(function (bar) {
      var live = bar.closest("[data-game]");
      var mine = live && Meldbook.store.get("mine:" + live.dataset.game);
      var text = bar.querySelector(".undo-text");
      var isMine = mine && String(mine.number) === bar.dataset.hand && Date.now() - mine.at < 5 * 60 * 1000;
      text.textContent = isMine ? text.dataset.mine : text.dataset.theirs;
    });
  }

  // the finish time typed on the new-game form means this device's clock: send its UTC offset along
  function finishOffset(root) {
    root.querySelectorAll('input[name="options.finish_at"]').forEach(function (input) {
      var hidden = input.form && input.form.querySelector('input[name="options.finish_at_offset"]');
      if (!hidden) return;
      var update = function () {
        var at = input.value ? new Date(input.value) : new Date();
        var minutes = isNaN(at.getTime()) ? -new Date().getTimezoneOffset() : -at.getTimezoneOffset();
        var sign = minutes < 0 ? "-" : "+";
        minutes = Math.abs(minutes);
        hidden.value = sign + pad(Math.floor(minutes / 60)) + ":" + pad(minutes % 60);
      };
      update();
      input.addEventListener("input", update);
      input.addEventListener("change", update);
    });
  }

  // a VP scale chosen by name on the new-club-night form: its rows shown in the rows box, to read or change there
  function scaleRows(root) {
    root.querySelectorAll("select[data-fills]").forEach(function (select) {
      var box = document.getElementById(select.dataset.fills);
      if (!box) return;
      select.addEventListener("change", function () {
        var rows = select.selectedOptions[0] && select.selectedOptions[0].dataset.rows;
        if (rows) box.value = rows;
      });
    });
  }

  // the new-club-night form's sections: how many entrants and which tables each section gets, said under the box
  // as the server splits them (scoring/events/sections.py: in the list's order, the first n mod k one larger, a
  // section of s entrants ⌈s / table size⌉ tables, numbered on from the section before)
  function sectionTables(root) {
    root.querySelectorAll("input[data-sections]").forEach(function (input) {
      var form = input.form, say = document.getElementById(input.dataset.sections);
      if (!form || !say) return;
      var update = function () {
        var k = parseInt(input.value, 10);
        var lines = (form.elements.entrants.value || "").split("\n").filter(function (l) { return l.trim(); });
        var size = parseInt(form.elements.table_size.value, 10) || 2, n = lines.length;
        if (!(k >= 2 && k <= 26) || n < k) { say.textContent = ""; return; }
        var parts = [], first = 1;
        for (var i = 0; i < k; i++) {
          var s = Math.floor(n / k) + (i < n % k ? 1 : 0), tables = Math.ceil(s / size);
          var words = tables === 1 ? say.dataset.one : say.dataset.many;
          parts.push(words.replace("{section}", String.fromCharCode(65 + i)).replace("{entrants}", s)
            .replace("{first}", first).replace("{last}", first + tables - 1).replace("{tables}", tables));
          first += tables;
        }
        say.textContent = parts.join(" · ");
      };
      update();
      ["input", "change"].forEach(function (e) {
        input.addEventListener(e, update);
        form.elements.entrants.addEventListener(e, update);
        form.elements.table_size.addEventListener(e, update);
      });
    });
  }

  // ---- the pinned bar's height, so the browser's own scrolling (a link to a part, focus) stops above it --------
  var PINNED_BOTTOM = ".submit-bar, .view-game .record:not(.locked)";

  function pinnedBottom() {
    var most = 0;
    document.querySelectorAll(PINNED_BOTTOM).forEach(function (bar) {
      if (getComputedStyle(bar).position === "sticky") most = Math.max(most, bar.getBoundingClientRect().height);
    });
    document.documentElement.style.setProperty("--pinned-bottom", Math.ceil(most) + "px");
  }

  var barWatch = window.ResizeObserver ? new ResizeObserver(pinnedBottom) : null;
  window.addEventListener("resize", pinnedBottom);

  Meldbook.init = function (root) {
    localTimes(root);
    undoText(root);
    finishOffset(root);
    scaleRows(root);
    sectionTables(root);
    if (barWatch) root.querySelectorAll(PINNED_BOTTOM).forEach(function (bar) { barWatch.observe(bar); });
    pinnedBottom();
  };

  // a hand this phone could not send is waiting: bring in the sending code (the hand form always has it)
  function sendWaitingHand() {
    var box = document.getElementById("outbox-status");
    var live = document.getElementById("live");
    if (!box || !live || !Meldbook.store.get("outbox:" + live.dataset.game)) return;
    var script = document.createElement("script");
    script.src = box.dataset.sender;
    document.head.appendChild(script);
  }

  function start() {
    sendWaitingHand();
    Meldbook.init(document);
    keepAwake();
    schedulePoll();
  }

  // the live preview could not reach the server either
  document.addEventListener("htmx:error", function () {
    Meldbook.outOfTouch();
  });

  document.addEventListener("htmx:after:swap", function (evt) {
    if (evt.target && evt.target.querySelectorAll) Meldbook.init(evt.target.closest("main") || document);
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

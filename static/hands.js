// The hand form on this phone: a draft of what is typed survives a reload, sleep, the PIN prompt, a server
// restart and page changes (Web Storage, per game and hand); Record sends once and, when the table's
// computer does not answer, keeps the hand here and sends it again with the same key until it lands.
(function () {
  "use strict";

  var RETRY_MS = 3000;
  var ANSWER_MS = 15000; // a send unanswered this long (the Wi-Fi dropped mid-send) is given up and sent again
  var DRAFT_DAYS = 2; // a draft older than this is from another evening
  var KEPT = ["revision", "idempotency_key", "number"]; // hidden fields a draft keeps with what was typed
  var M = window.Meldbook;

  function form() {
    return document.getElementById("hand-form");
  }

  function draftKey(f) {
    return "draft:" + f.dataset.game + ":" + f.dataset.draft;
  }

  function values(f) {
    var kept = [];
    new FormData(f).forEach(function (value, name) {
      if (name !== "csrf_token") kept.push([name, String(value)]);
    });
    return kept;
  }

  // a new hand's draft keeps the hand and the game revision its entries were typed for (the server names them on a
  // conflict's form, data-typed-*), so a draft restored after another phone recorded that hand asks again
  function typedFor(f) {
    if (f.dataset.draft.indexOf("new:") !== 0) return null;
    return { number: f.dataset.typedNumber || f.elements.number.value,
             revision: f.dataset.typedRevision || f.elements.revision.value };
  }

  function saveDraft(f) {
    M.store.set(f.dataset.draftKey, { saved: Date.now(), values: values(f), typed: typedFor(f) });
  }

  function restore(f, draft) {
    var given = {};
    draft.values.forEach(function (pair) {
      (given[pair[0]] = given[pair[0]] || []).push(pair[1]);
    });
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || el.name === "csrf_token") return;
      var typed = given[el.name];
      if (el.type === "checkbox" || el.type === "radio") {
        el.checked = !!typed && typed.indexOf(el.value) >= 0;
      } else if (el.type !== "submit" && el.type !== "button" && (typed || KEPT.indexOf(el.name) < 0)) {
        el.value = typed ? typed[0] : "";
      }
    });
    // a restored penalty or award is seen, not left folded away
    var fold = f.querySelector(".adjustment-fold");
    if (fold && Array.prototype.some.call(fold.querySelectorAll("input:not([type=radio])"), function (el) {
      return el.value.trim() !== "";
    })) fold.open = true;
    // still the hand and revision it was typed for: Record (or the check below) is answered with the conflict's
    // choices when another phone recorded that hand meanwhile, never taken as the next hand unasked
    var typed = draft.typed;
    if (typed && f.dataset.draft.indexOf("new:") === 0 && f.elements.typed_for) {
      f.dataset.typedNumber = typed.number;
      f.dataset.typedRevision = typed.revision;
      f.elements.typed_for.value = typed.number;
      f.elements.revision.value = typed.revision;
    }
  }

  // a restored draft typed for a hand another phone has recorded since: the server draws the form again with the
  // conflict panel (record mine as the next hand, replace theirs, or drop mine); offline, Record asks the same
  function checkDraft(f) {
    var data = new FormData(f);
    fetch(f.dataset.draftCheck, {
      method: "POST",
      body: new URLSearchParams(data).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                 "X-CSRF-Token": M.csrfToken() },
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      if (response.status !== 409) return;
      return response.text().then(function (html) {
        if (form() === f) showPage(html);
      });
    }).catch(function () {});
  }

  // the newest draft of a new hand of this game (another phone may have recorded that hand meanwhile)
  function newestDraft(f) {
    var prefix = "draft:" + f.dataset.game + ":" + (f.dataset.draft.indexOf("new:") === 0 ? "new:" : f.dataset.draft);
    var best = null;
    M.store.keys(prefix).forEach(function (key) {
      var draft = M.store.get(key);
      if (!draft || !draft.values || Date.now() - draft.saved > DRAFT_DAYS * 864e5) {
        M.store.remove(key);
      } else if (!best || draft.saved > best.draft.saved) {
        best = { key: key, draft: draft };
      }
    });
    return best;
  }

  // a text the page gave in a data-* attribute, with its places filled in: "{#}" the hand's number, "{00:00}" a time
  // (the script holds no words of its own)
  function said(text, number, time) {
    return (text || "").split("{#}").join(number == null ? "" : number).split("{00:00}").join(time || "");
  }

  // "Draft from 21:04 restored." (or "… (typed as hand 3)." when it was typed for another hand), in the page's words
  function showDraftNote(saved, typedAs) {
    var note = document.getElementById("draft-note");
    if (!note) return;
    var words = typedAs ? note.dataset.restoredElsewhere : note.dataset.restored;
    note.querySelector(".draft-text").textContent = said(words, typedAs, M.clock(saved));
    note.hidden = false;
  }

  // the live preview shows the restored hand, once htmx listens to the form (it starts on the same page load)
  function refreshPreview(f, tries) {
    var asker = f.querySelector("[data-preview]");
    if (asker && !asker.hasAttribute("data-htmx-powered") && (tries || 0) < 100) {
      window.setTimeout(function () {
        refreshPreview(f, (tries || 0) + 1);
      }, 30);
      return;
    }
    f.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function setUpDrafts(f) {
    f.dataset.draftKey = draftKey(f);
    f.dataset.drawnKey = f.elements.idempotency_key.value;
    if (f.hasAttribute("data-posted")) {
      saveDraft(f); // drawn again by the server with what was sent: that is the draft now, with its new revision
    } else {
      var found = newestDraft(f);
      if (found) {
        var drawnFor = Number(f.elements.number.value);
        var drawnAt = f.elements.revision.value;
        f.dataset.draftKey = found.key;
        restore(f, found.draft);
        var elsewhere = f.dataset.draft !== found.key.split(":").slice(2).join(":");
        var typed = found.draft.typed;
        var typedAs = elsewhere ? found.key.split(":").pop() : null;
        if (typed && Number(typed.number) !== drawnFor) typedAs = typed.number; // its hand is another's now
        showDraftNote(found.draft.saved, typedAs);
        refreshPreview(f);
        if (typed && f.dataset.draftCheck && Number(typed.number) < drawnFor && String(typed.revision) !== drawnAt) {
          checkDraft(f);
        }
      }
    }
    var keep = function () {
      saveDraft(f);
    };
    f.addEventListener("input", keep);
    f.addEventListener("change", keep);
  }

  // a count's chips: the box beside them holds the number too, so the draft, a correction and the chips agree;
  // "5+" empties a small number from the box (its placeholder says 5) and puts the cursor there
  document.addEventListener(
    "change",
    function (evt) {
      var chip = evt.target;
      if (chip.type !== "radio" || !/:chip$/.test(chip.name)) return;
      var box = chip.closest(".count-field").querySelector("input.count");
      if (!box) return;
      if (chip.value === "more") {
        if (/^\s*[0-4]?\s*$/.test(box.value)) box.value = "";
        box.focus();
      } else {
        box.value = chip.value;
      }
    },
    true
  );

  document.addEventListener("click", function (evt) {
    var link = evt.target.closest("[data-discard-draft]");
    var f = form();
    if (!link || !f) return;
    M.store.remove(f.dataset.draftKey);
    M.store.remove("outbox:" + f.dataset.game);
    if (link.tagName === "BUTTON") {
      window.location.assign(window.location.pathname); // the form as the server draws it, empty
    }
  });

  // ---- sending ------------------------------------------------------------------------------------------
  var sending = false;
  var retryTimer = null;

  function statusBox() {
    return document.getElementById("send-status") || document.getElementById("outbox-status");
  }

  // what the status box says for `key` (its data-* words, drawn by the page in its language)
  function words(key, number) {
    var box = statusBox();
    return box ? said(box.dataset[key], number) : "";
  }

  function status(text, canRetry) {
    var box = statusBox();
    if (!box) return;
    box.querySelector(".send-text").textContent = text;
    box.querySelector("[data-send-now]").hidden = !canRetry;
    box.hidden = !text;
  }

  function showPage(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.querySelector("main");
    if (!main) {
      status(words("unexpected"), true);
      return;
    }
    var before = form() && form().dataset.draftKey;
    var fresh = document.importNode(main, true);
    document.querySelector("main").replaceWith(fresh);
    document.title = doc.title;
    if (window.htmx) window.htmx.process(fresh);
    M.init(fresh);
    start();
    var f = form();
    if (before && f && f.dataset.draftKey !== before) M.store.remove(before); // kept under its new number now
    window.scrollTo(0, 0);
    // a refusal's summary first (its links lead to each refused field), else what else the answer asks about
    var focus = fresh.querySelector("#error-summary") || fresh.querySelector(".conflict h2, [role=alert], .invalid input");
    if (focus) {
      focus.setAttribute("tabindex", "-1");
      focus.focus({ preventScroll: true });
      focus.scrollIntoView({ block: "nearest" });
    }
  }

  function landed(entry) {
    M.store.remove("outbox:" + entry.game);
    // entries changed after the send (while it went unanswered) are kept: the next hand's form asks what to do with
    // them (the conflict panel's choices), never drops them unseen
    var draft = M.store.get(entry.draft);
    if (!(draft && entry.at && draft.saved > entry.at)) M.store.remove(entry.draft);
    if (entry.recording) M.store.set("mine:" + entry.game, { number: entry.number, at: Date.now(), key: entry.key });
    // the used form leaves the history: Back goes to the scores it was opened from, never to a form already recorded
    window.location.replace(entry.done);
  }

  function deliver() {
    var entry = M.store.get("outbox:" + currentGame());
    if (!entry || sending) return;
    sending = true;
    window.clearTimeout(retryTimer);
    status(words("sending"), false);
    // the same body goes again under its key, so a send given up after the server saved it is recorded once
    var waiting = window.AbortController ? new AbortController() : null;
    var giveUp = waiting && window.setTimeout(function () { waiting.abort(); }, ANSWER_MS);
    fetch(entry.url, {
      method: "POST",
      body: entry.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                 "X-CSRF-Token": M.csrfToken() },
      redirect: "manual",
      credentials: "same-origin",
      cache: "no-store",
      signal: waiting ? waiting.signal : undefined
    }).then(function (response) {
      window.clearTimeout(giveUp);
      sending = false;
      M.inTouch();
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        landed(entry); // recorded (or recorded before, and this was its repeat)
        return;
      }
      var unlock = response.headers.get("HX-Redirect");
      if (unlock) {
        // the PIN prompt: the hand waits here, and is sent once the PIN is in
        window.location.assign(unlock);
        return;
      }
      if (response.status >= 500) {
        notSent(entry, "unsaved");
        return;
      }
      // refused or changed meanwhile: the answer is the form again, with what to do
      M.store.remove("outbox:" + entry.game);
      return response.text().then(function (html) {
        if (form()) {
          status("", false);
          showPage(html);
        } else {
          window.location.assign(entry.form); // from the scores page: open the form, where the draft waits
        }
      });
    }).catch(function () {
      window.clearTimeout(giveUp);
      sending = false;
      M.outOfTouch();
      notSent(entry, "unanswered");
    });
  }

  // why: "unanswered", "unsaved" or "resending"; a correction has its own words ("The correction of hand 2: …")
  function notSent(entry, why) {
    status(words(entry.recording ? why : why + "Correction", entry.number), true);
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(deliver, RETRY_MS);
  }

  function currentGame() {
    var f = form();
    if (f) return f.dataset.game;
    var live = document.getElementById("live");
    return live ? live.dataset.game : null;
  }

  function send(f, submitter) {
    var data = new FormData(f);
    // the tapped button's value, not a radio of the same name a draft checked (a special hand tapped after another)
    if (submitter && submitter.name) {
      data.delete(submitter.name);
      data.append(submitter.name, submitter.value);
    }
    var url = (submitter && submitter.getAttribute("formaction")) || f.getAttribute("action");
    var recording = f.dataset.draft.indexOf("new:") === 0 && url === f.getAttribute("action");
    saveDraft(f);
    M.store.set("outbox:" + f.dataset.game, {
      game: f.dataset.game, url: url, body: new URLSearchParams(data).toString(), draft: f.dataset.draftKey,
      number: f.elements.number.value, recording: recording, done: f.dataset.done, key: f.elements.idempotency_key.value,
      form: window.location.pathname, at: Date.now()
    });
    deliver();
  }

  document.addEventListener("submit", function (evt) {
    var f = evt.target;
    if (f.id !== "hand-form") return;
    evt.preventDefault(); // sent by script: a double tap sends once, and a lost answer is sent again
    if (!sending) send(f, evt.submitter);
  });

  document.addEventListener("click", function (evt) {
    if (evt.target.closest("[data-send-now]")) deliver();
  });

  window.addEventListener("online", deliver);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") deliver();
  });

  // a form this phone recorded already, shown again (the browser's back/forward cache, a restored tab): its hand
  // is in the game, so the scores are shown as they are now rather than an empty copy that would record another
  function usedForm() {
    var f = form();
    if (!f || f.dataset.draft.indexOf("new:") !== 0) return false;
    var mine = M.store.get("mine:" + f.dataset.game);
    var drawn = f.dataset.drawnKey || f.elements.idempotency_key.value; // a restored draft brings its own key back
    return !!(mine && mine.key && mine.key === drawn);
  }

  window.addEventListener("pageshow", function () {
    if (usedForm()) window.location.replace(form().dataset.done);
  });

  function start() {
    var f = form();
    if (f && !f.dataset.draftKey) {
      setUpDrafts(f);
      if (M.watchBar) M.watchBar(); // in_view.js
    }
    var entry = currentGame() && M.store.get("outbox:" + currentGame());
    if (entry) {
      notSent(entry, "resending");
      deliver();
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

/* Share a finished game's result: the phone's own share sheet where it has one, else copy the text.
   Loaded from the game-over part, which the scoreboard redraws: listen once, on the document. */
(function () {
  if (window.meldbookShare) return;
  window.meldbookShare = true;

  function say(button, words) {
    var status = button.parentElement.querySelector(".share-status");
    if (!status) return;
    status.textContent = words;
    status.hidden = false;
  }

  // the words come from the button's data-* attributes, drawn by the page in its language
  function copy(button, text) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { say(button, button.dataset.copied); },
        function () { say(button, button.dataset.notCopied); });
    } else {
      say(button, button.dataset.result);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-share-text]") : null;
    if (!button) return;
    var text = button.getAttribute("data-share-text");
    var shared = { title: button.getAttribute("data-share-title") || "Meldbook", text: text };
    if (navigator.share && (!navigator.canShare || navigator.canShare(shared))) {
      navigator.share(shared).then(function () { say(button, button.dataset.shared); }, function (err) {
        if (err && err.name === "AbortError") return; // the player closed the share sheet
        copy(button, text);
      });
    } else {
      copy(button, text);
    }
  });
})();

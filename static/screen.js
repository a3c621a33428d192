// The standings screen on the room's TV (templates/event_screen.html): the board is exactly the screen's height, and
// when the standings (or the seating) do not fit it, they are shown in pages that turn by themselves, each saying
// "Page 1 of 2". Every row is shown, one page after another; nothing is ever cut off or needs scrolling. The page
// is measured again whenever the board is drawn again (a poll brought new standings) and when the screen is resized.
(function () {
  "use strict";

  var PAGE_MS = 10000; // long enough to find one's name from the back of the room

  var turn = 0; // the page shown: the same one stays up when the board is redrawn
  var timer = null;

  // one paged part of the board: its box (its height is the layout's), the lists its items go into (two halves of
  // the standings, or the seating), the items in their order, and its "Page 1 of 2" line
  function parts(board) {
    var found = [];
    var standings = board.querySelector(".board-standings");
    if (standings) {
      found.push({ box: standings, lists: [].slice.call(standings.querySelectorAll("tbody")),
                   line: standings.querySelector(".board-page") });
    }
    var seating = board.querySelector(".board-tables");
    if (seating && seating.querySelector(".board-seating")) {
      found.push({ box: seating, lists: [seating.querySelector(".board-seating")],
                   line: seating.querySelector(".board-page") });
    }
    found.forEach(function (part) {
      part.items = [];
      part.lists.forEach(function (list) {
        [].slice.call(list.children).forEach(function (item) {
          item.homeList = list; // where the page drew it, for when everything fits
          part.items.push(item);
        });
      });
    });
    return found.filter(function (part) { return part.items.length && part.line; });
  }

  function outerHeight(el) {
    var style = getComputedStyle(el);
    return el.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  }

  // the lowest an item may reach: the box's foot less what stays under the lists (the tie-break help, the page line)
  function limit(part) {
    var last = part.lists[part.lists.length - 1];
    var below = 0;
    var el = last.closest(".standings-halves") || last.closest("table, .board-seating");
    for (el = el.nextElementSibling; el; el = el.nextElementSibling) {
      if (!el.hidden) below += outerHeight(el);
    }
    return part.box.getBoundingClientRect().bottom - below;
  }

  function say(part, page, pages) {
    var line = part.line;
    if (pages < 2) {
      line.hidden = true;
      return;
    }
    var lang = document.documentElement.lang || "en";
    var number = function (n) { return n.toLocaleString(lang); };
    // the page's words with their places filled in: "{#}" this page, "{##}" how many
    line.textContent = line.dataset.words.split("{##}").join(number(pages)).split("{#}").join(number(page + 1));
    line.hidden = false;
  }

  function overflows(part, foot) {
    return part.items.some(function (item) { return item.getBoundingClientRect().bottom > foot + 0.5; });
  }

  // the pages of a part: as many items in each list as reach no lower than the limit, list after list
  function paginate(part, foot) {
    var first = fill(part, foot, part.items.length);
    if (first.length < 2) return first;
    // as many pages as that takes, the items shared evenly between them (not a last page of one row)
    var each = Math.ceil(part.items.length / (first.length * part.lists.length));
    return fill(part, foot, each);
  }

  function fill(part, foot, most) {
    part.items.forEach(function (item) { item.hidden = true; });
    var pages = [];
    var i = 0;
    while (i < part.items.length) {
      var page = [];
      part.lists.forEach(function (list) {
        var first = true;
        for (var k = 0; k < most && i < part.items.length; k++) {
          var item = part.items[i];
          list.appendChild(item);
          item.hidden = false;
          if (!first && item.getBoundingClientRect().bottom > foot + 0.5) {
            item.hidden = true;
            break;
          }
          page.push(item);
          first = false;
          i += 1;
        }
      });
      page.forEach(function (item) { item.hidden = true; });
      pages.push(page);
    }
    return pages;
  }

  // the box no higher than its tallest page needs (the room left goes to the seating under the standings)
  function shrink(part, pages, foot) {
    var lowest = 0;
    pages.forEach(function (page) {
      part.items.forEach(function (item) { item.hidden = page.indexOf(item) < 0; });
      part.lists.forEach(function (list) { // the table's foot, under its last row's line
        lowest = Math.max(lowest, (list.closest("table") || list).getBoundingClientRect().bottom);
      });
    });
    var box = part.box.getBoundingClientRect();
    part.box.style.height = Math.ceil(box.height - Math.max(0, foot - lowest) + 1) + "px";
  }

  function show(part, pages) {
    if (pages.length < 2) { // everything fits: as the page drew it
      part.items.forEach(function (item) {
        item.homeList.appendChild(item);
        item.hidden = false;
      });
      say(part, 0, 1);
      return;
    }
    var shown = pages[turn % pages.length];
    part.items.forEach(function (item) { item.hidden = shown.indexOf(item) < 0; });
    say(part, turn % pages.length, pages.length);
  }

  var laidOut = []; // [part, pages] of the board on the screen

  function fit() {
    var board = document.getElementById("board");
    if (!board) return;
    document.documentElement.classList.add("screen-fit"); // the board is the screen's height (events.css)
    // a screen as big as a TV's (events.css says so): its pages; a phone's or a small window's board scrolls instead
    var paged = getComputedStyle(board).getPropertyValue("--paged").trim() === "1";
    var found = parts(board);
    // every item as the page drew it, no page line: each box at its full height, where it ends
    board.style.removeProperty("--fit");
    found.forEach(function (part) {
      part.items.forEach(function (item) { item.hidden = false; });
      say(part, 0, 1);
      part.box.style.removeProperty("height");
    });
    // the standings first, then the seating in the room they leave (under them, past 10 entrants)
    laidOut = found.map(function (part) {
      if (!paged) {
        show(part, [part.items]);
        return [part, [part.items]];
      }
      var foot = limit(part);
      var standings = part.box.classList.contains("board-standings");
      if (standings) {
        // the box keeps its height from page to page: the seating under it does not move as the pages turn
        part.box.style.height = part.box.getBoundingClientRect().height + "px";
        // a little smaller, down to three quarters of the size, rather than a second page of one or two rows
        for (var scale = 0.95; scale > 0.74 && overflows(part, foot); scale -= 0.05) {
          board.style.setProperty("--fit", scale.toFixed(2));
        }
      }
      var pages = [part.items];
      if (overflows(part, foot)) {
        if (standings) board.style.removeProperty("--fit"); // pages, then, at the full size
        say(part, 0, 2); // the page line takes its room
        foot = limit(part);
        pages = paginate(part, foot);
        if (standings) shrink(part, pages, foot);
      }
      show(part, pages);
      return [part, pages];
    });
    // the pages keep turning on their own clock: a board redrawn every few seconds (hands recorded all evening) does
    // not hold the first page up
    var paging = laidOut.some(function (done) { return done[1].length > 1; });
    if (paging && timer === null) timer = window.setTimeout(next, PAGE_MS);
    if (!paging && timer !== null) {
      window.clearTimeout(timer);
      timer = null;
    }
  }

  function next() {
    turn += 1;
    laidOut.forEach(function (done) {
      if (done[0].box.isConnected) show(done[0], done[1]);
    });
    timer = window.setTimeout(next, PAGE_MS);
  }

  function start() {
    fit();
    var main = document.getElementById("main");
    // meldbook.js puts a new board in place of the old one when a poll brings news: lay that one out
    if (main && window.MutationObserver) {
      new MutationObserver(function (changes) {
        if (changes.some(function (c) { return [].some.call(c.addedNodes, function (n) { return n.id === "board"; }); })) fit();
      }).observe(main, { childList: true });
    }
    var resized = null;
    window.addEventListener("resize", function () {
      window.clearTimeout(resized);
      resized = window.setTimeout(fit, 200);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

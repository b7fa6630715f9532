// The quiz, a little quicker by keyboard: keys 1-4 choose an answer, Enter sends it (the form
// works without this). On the answer, the verdict takes the focus and the chart shows the step.
(function () {
  "use strict";
  var form = document.getElementById("quiz-form");
  if (form) {
    var radios = form.querySelectorAll("input[name=choice]");
    document.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName) && ev.target.type !== "radio") { return; }
      var n = Number(ev.key);
      if (n >= 1 && n <= radios.length) {
        radios[n - 1].checked = true;
        radios[n - 1].focus();
        ev.preventDefault();
      }
    });
  }
  // The case picker: typing filters the list at once (as the server does for ?q=), and the
  // count of chosen cases says when the quiz's limit is reached.
  var pick = document.getElementById("quiz-pick"), q = document.getElementById("quiz-q");
  if (pick) {
    var items = Array.prototype.slice.call(pick.querySelectorAll("#quiz-cases li"));
    var max = Number(pick.getAttribute("data-max"));
    var fold = function (t) { return (t || "").normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean); };
    var count = function () {
      var chosen = pick.querySelectorAll("input[name=cases]:checked").length;
      document.getElementById("quiz-picked").textContent = pick.getAttribute("data-picked").replace("__N__", String(chosen));
      pick.querySelectorAll("input[name=cases]").forEach(function (box) { box.disabled = !box.checked && chosen >= max; });
    };
    var filter = function () {
      var words = fold(q ? q.value : ""), shown = 0;
      items.forEach(function (li) {
        var index = li.getAttribute("data-search") || "";
        var box = li.querySelector("input");
        li.hidden = !box.checked && !words.every(function (w) { return index.indexOf(w) >= 0; });
        if (!li.hidden) { shown += 1; }
      });
      document.getElementById("quiz-shown").textContent = pick.getAttribute("data-shown").replace("__N__", String(shown));
    };
    if (q) { q.addEventListener("input", filter); }
    pick.addEventListener("change", count);
    count();
  }
  var verdict = document.getElementById("verdict");
  if (verdict) { verdict.focus({ preventScroll: true }); }
  var box = document.getElementById("quiz-chart");
  var cur = box ? box.querySelector("svg g.node.current") : null;
  if (cur) {
    var r = cur.getBoundingClientRect(), b = box.getBoundingClientRect();
    box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
  }
}());

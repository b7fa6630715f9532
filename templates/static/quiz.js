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
  var verdict = document.getElementById("verdict");
  if (verdict) { verdict.focus({ preventScroll: true }); }
  var box = document.getElementById("quiz-chart");
  var cur = box ? box.querySelector("svg g.node.current") : null;
  if (cur) {
    var r = cur.getBoundingClientRect(), b = box.getBoundingClientRect();
    box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
  }
}());

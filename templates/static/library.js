// The library without page loads: clicking a step on the chart (or choosing one in the form) lists
// the cases that go through it. Every row is in the page already (rows not shown are `hidden`),
// so this only flips `hidden` and rewrites the heading, the count and the address.
// The handout: a Print button (without a script the browser's own print command does the same).
(function () {
  "use strict";

  var printBtn = document.getElementById("print-btn");
  if (printBtn) {
    printBtn.hidden = false;
    printBtn.addEventListener("click", function () { window.print(); });
  }

  var dataEl = document.getElementById("lib-data");
  if (!dataEl) { return; }
  var data = JSON.parse(dataEl.textContent);
  var svg = document.querySelector("#lib-chart svg");
  var stepSel = document.getElementById("lib-step");
  var viaSel = document.getElementById("lib-via");
  var search = document.getElementById("lib-q");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#lib-rows tr.case"));
  var quizLink = document.getElementById("lib-quiz-these");
  var byStep = {};
  Object.keys(data.nodes).forEach(function (nodeId) { byStep[data.nodes[nodeId]] = nodeId; });

  function counts(attr) {
    var out = {};
    (attr || "").trim().split(/\s+/).forEach(function (pair) {
      var i = pair.lastIndexOf(":");
      if (i > 0) { out[pair.slice(0, i)] = Number(pair.slice(i + 1)); }
    });
    return out;
  }
  rows.forEach(function (tr) {
    tr._enters = counts(tr.getAttribute("data-enters"));
    tr._skips = counts(tr.getAttribute("data-skips"));
    // the server's index (casebook.Case.search): the words, then the steps entered or skipped
    tr._index = (tr.getAttribute("data-search") || "") + " " + Object.keys(tr._enters).concat(Object.keys(tr._skips)).join(" ");
  });

  function badge(cls, text) {
    var s = document.createElement("span");
    s.className = "mini " + cls;
    s.textContent = text;
    return s;
  }

  // As the server compares (casebook.fold): compatibility forms joined, case folded.
  function fold(text) { return (text || "").normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean); }

  function apply(step, via) {
    var shown = [], words = fold(search ? search.value : "");
    rows.forEach(function (tr) {
      var e = tr._enters[step], k = tr._skips[step];
      var through = !step || (via !== "skipped" && e) || (via !== "entered" && k);
      var index = tr._index;
      var found = words.every(function (w) { return index.indexOf(w) >= 0; });
      tr.hidden = !(tr.getAttribute("data-tagged") === "1" && through && found);
      if (!tr.hidden) { shown.push(tr.getAttribute("data-stem")); }
      var cell = tr.querySelector("td.via");
      cell.textContent = "";
      if (step && e) { cell.appendChild(badge("entered", data.entered.replace("__N__", e))); }
      if (step && k) { cell.appendChild(badge("skipped-b", data.skipped.replace("__N__", k))); }
    });
    document.getElementById("lib-heading").textContent =
      step ? data.heading[via].replace("__S__", data.labels[step]) : data.cases;
    document.getElementById("lib-count").textContent =
      data.count.replace("__N__", String(shown.length));
    if (quizLink) {
      var max = Number(quizLink.getAttribute("data-max"));
      quizLink.hidden = !(shown.length > 0 && shown.length <= max);
      quizLink.href = quizLink.getAttribute("data-base") + "&cases=" + encodeURIComponent(shown.join(","));
    }
    Array.prototype.forEach.call(document.querySelectorAll(".lib-steps a[data-step]"), function (a) {
      if (a.getAttribute("data-step") === step) { a.setAttribute("aria-current", "true"); }
      else { a.removeAttribute("aria-current"); }
    });
    if (svg) {
      Array.prototype.forEach.call(svg.querySelectorAll("g.node.picked"), function (g) { g.classList.remove("picked"); });
      var g = step ? svg.getElementById(byStep[step]) : null;
      if (g) { g.classList.add("picked"); }
    }
    stepSel.value = step;
    viaSel.value = via;
    var u = new URL(window.location.href);
    if (step) { u.searchParams.set("step", step); } else { u.searchParams.delete("step"); }
    if (via !== data.via) { u.searchParams.set("via", via); } else { u.searchParams.delete("via"); }
    var q = search ? search.value.trim() : "";
    if (q) { u.searchParams.set("q", q); } else { u.searchParams.delete("q"); }
    window.history.replaceState(null, "", u);
  }

  function pick(step) {
    apply(step === stepSel.value ? "" : step, viaSel.value);   // a second click clears the filter
  }

  if (svg) {
    Object.keys(data.nodes).forEach(function (nodeId) {
      var g = svg.getElementById(nodeId);
      if (!g) { return; }
      g.classList.add("js-pickable");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", data.labels[data.nodes[nodeId]]);
      g.addEventListener("click", function () { pick(data.nodes[nodeId]); });
      g.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(data.nodes[nodeId]); }
      });
    });
    var first = stepSel.value && svg.getElementById(byStep[stepSel.value]);
    if (first) { first.classList.add("picked"); }
  }
  stepSel.addEventListener("change", function () { apply(stepSel.value, viaSel.value); });
  if (search) {
    search.addEventListener("input", function () { apply(stepSel.value, viaSel.value); });
  }
  viaSel.addEventListener("change", function () { apply(stepSel.value, viaSel.value); });
  Array.prototype.forEach.call(document.querySelectorAll(".lib-steps a[data-step]"), function (a) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      apply(a.getAttribute("data-step"), viaSel.value);
    });
  });
}());

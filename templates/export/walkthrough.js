// The exported walk-through: every step's highlight is in #walk-data; a step change only swaps
// classes, titles and badges on the chart and shows that step's section. No request is made.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("walk-data").textContent);
  var svg = document.querySelector("#chart-box svg");
  var cur = 0;
  document.documentElement.className += " js";

  function el(id) { return svg ? svg.getElementById(id) : null; }
  function child(g, sel) { return g ? g.querySelector(sel) : null; }
  function setTitle(id, text) { var t = child(el(id), ":scope > title"); if (t) { t.textContent = text; } }
  function setBadge(id, cls, text) { var b = child(el(id), ":scope > text.badge." + cls); if (b) { b.textContent = text; } }

  function unpaint(h) {
    Object.keys(h.classes).forEach(function (id) { var g = el(id); if (g) { g.classList.remove.apply(g.classList, h.classes[id]); } });
    Object.keys(h.titles).forEach(function (id) { setTitle(id, data.base[id] || ""); });
    Object.keys(h.counts).forEach(function (id) { setBadge(id, "count", ""); });
    Object.keys(h.triggers).forEach(function (id) { setBadge(id, "trig", ""); });
  }
  function paint(h) {
    Object.keys(h.classes).forEach(function (id) { var g = el(id); if (g) { g.classList.add.apply(g.classList, h.classes[id]); } });
    Object.keys(h.titles).forEach(function (id) {
      var extra = h.titles[id];
      setTitle(id, extra.charAt(0) === "\u0000" ? extra.slice(1) : (data.base[id] || "") + extra);
    });
    Object.keys(h.counts).forEach(function (id) { setBadge(id, "count", "\u00d7" + h.counts[id]); });
    Object.keys(h.triggers).forEach(function (id) { setBadge(id, "trig", "\u2605" + h.triggers[id]); });
  }

  function go(n) {
    n = Math.max(1, Math.min(data.total, n));
    if (n === cur) { return; }
    if (cur) {
      unpaint(data.hl[cur - 1]);
      document.getElementById("li-" + cur).classList.remove("current");
      document.getElementById("li-" + cur).removeAttribute("aria-current");
    }
    paint(data.hl[n - 1]);
    for (var i = 1; i <= data.total; i++) { document.getElementById("pos-" + i).hidden = i !== n; }
    var li = document.getElementById("li-" + n);
    li.classList.add("current");
    li.setAttribute("aria-current", "step");
    cur = n;
    document.getElementById("counter").textContent = data.counter.replace("__N__", String(n));
    document.getElementById("go-first").disabled = document.getElementById("go-prev").disabled = n === 1;
    document.getElementById("go-last").disabled = document.getElementById("go-next").disabled = n === data.total;
    document.body.setAttribute("data-step", String(n));
    if (window.history && history.replaceState && window.location.hash !== "#pos-" + n) {
      history.replaceState(null, "", "#pos-" + n);   // the address names the step: a link to it can be copied
    }
    var g = data.hl[n - 1].current ? el(data.hl[n - 1].current) : null, box = document.getElementById("chart-box");
    if (g && box) {
      var r = g.getBoundingClientRect(), b = box.getBoundingClientRect();
      if (r.top < b.top || r.bottom > b.bottom) { box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2); }
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-go]"), function (b) {
    b.addEventListener("click", function () {
      go({ first: 1, prev: cur - 1, next: cur + 1, last: data.total }[b.getAttribute("data-go")]);
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("#trace a[data-n]"), function (a) {
    a.addEventListener("click", function (ev) { ev.preventDefault(); go(Number(a.getAttribute("data-n"))); });
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var to = { ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 1, End: data.total }[ev.key];
    if (to !== undefined) { ev.preventDefault(); go(to); }
  });
  function fromHash() {
    var m = /^#(?:step|pos)-(\d+)$/.exec(window.location.hash);
    return m ? Number(m[1]) : 1;
  }
  window.addEventListener("hashchange", function () { go(fromHash()); });
  // On paper the chart shows the whole path (the last step's state); the screen gets its step back.
  var shown = 0;
  function beforePrint() {
    if (shown || !cur) { return; }
    shown = cur;
    unpaint(data.hl[cur - 1]);
    paint(data.hl[data.total - 1]);
  }
  function afterPrint() {
    if (!shown) { return; }
    unpaint(data.hl[data.total - 1]);
    paint(data.hl[shown - 1]);
    shown = 0;
  }
  window.addEventListener("beforeprint", beforePrint);
  window.addEventListener("afterprint", afterPrint);
  if (window.matchMedia) {
    var mq = window.matchMedia("print");
    var onChange = function (e) { if (e.matches) { beforePrint(); } else { afterPrint(); } };
    if (mq.addEventListener) { mq.addEventListener("change", onChange); } else if (mq.addListener) { mq.addListener(onChange); }
  }
  go(fromHash());
  document.body.setAttribute("data-ready", "1");
}());

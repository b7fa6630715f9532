// The stepper without page loads: every step's highlight is in #stepper-data; a step change only
// swaps classes, titles and badges on the inline SVG and shows that step's server-rendered section.
(function () {
  "use strict";
  var dataEl = document.getElementById("stepper-data");
  if (!dataEl) { return; }
  var data = JSON.parse(dataEl.textContent);
  var svg = document.querySelector("#chart svg");
  var cur = data.n;
  var elements = {};

  function el(id) {
    if (!(id in elements)) { elements[id] = svg ? svg.getElementById(id) : null; }
    return elements[id];
  }
  function child(g, selector) { return g ? g.querySelector(selector) : null; }

  function setTitle(id, text) {
    var t = child(el(id), ":scope > title");
    if (t) { t.textContent = text; }
  }
  function setBadge(id, cls, text) {
    var b = child(el(id), ":scope > text.badge." + cls);
    if (b) { b.textContent = text; }
  }

  function unpaint(h) {
    Object.keys(h.classes).forEach(function (id) {
      var g = el(id);
      if (g) { g.classList.remove.apply(g.classList, h.classes[id]); }
    });
    Object.keys(h.titles).forEach(function (id) { setTitle(id, data.base[id] || ""); });
    Object.keys(h.counts).forEach(function (id) { setBadge(id, "count", ""); });
    Object.keys(h.triggers).forEach(function (id) { setBadge(id, "trig", ""); });
  }
  function paint(h) {
    Object.keys(h.classes).forEach(function (id) {
      var g = el(id);
      if (g) { g.classList.add.apply(g.classList, h.classes[id]); }
    });
    Object.keys(h.titles).forEach(function (id) {
      var extra = h.titles[id];  // what this step adds to the plain tooltip ("\0" + text: all of it)
      setTitle(id, extra.charAt(0) === "\0" ? extra.slice(1) : (data.base[id] || "") + extra);
    });
    Object.keys(h.counts).forEach(function (id) { setBadge(id, "count", "×" + h.counts[id]); });
    Object.keys(h.triggers).forEach(function (id) { setBadge(id, "trig", "★" + h.triggers[id]); });
  }

  function stepHref(n) {
    var u = new URL(window.location.href);
    u.searchParams.set("step", String(n));
    return u;
  }

  // Under another rule set (?ruleset=nsg) the step links keep it, as the server writes them.
  var shownRuleset = new URL(window.location.href).searchParams.get("ruleset");
  function stepSearch(n) {
    return "?" + (shownRuleset ? "ruleset=" + encodeURIComponent(shownRuleset) + "&" : "") + "step=" + n;
  }

  function setLink(id, n) {
    var a = document.getElementById(id);
    if (!a) { return; }
    a.href = stepSearch(n);
    a.setAttribute("aria-disabled", String(n === cur));
  }

  function scrollChart(h) {
    var g = h.current ? el(h.current) : null;
    var box = document.getElementById("chart");
    if (!g || !box) { return; }
    var r = g.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.bottom || r.left < b.left || r.right > b.right) {
      box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
      box.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2);
    }
  }

  // Going to a step brings its explanation into view, on a phone (where it is far above the
  // list) as on a wide screen: only when it is not already on the screen.
  function reveal(n) {
    var sec = document.getElementById("pos-" + n);
    if (!sec) { return; }
    var r = sec.getBoundingClientRect(), h = window.innerHeight || document.documentElement.clientHeight;
    if (r.top < 0 || r.top > h - 120) {
      sec.scrollIntoView({ block: "start" });
    }
  }

  function go(n, push) {
    n = Math.max(1, Math.min(data.total, n));
    var t0 = performance.now();
    if (n !== cur) {
      unpaint(data.hl[cur - 1]);
      paint(data.hl[n - 1]);
      document.getElementById("pos-" + cur).hidden = true;
      document.getElementById("pos-" + n).hidden = false;
      var oldLi = document.getElementById("li-" + cur), newLi = document.getElementById("li-" + n);
      oldLi.classList.remove("current"); oldLi.removeAttribute("aria-current");
      newLi.classList.add("current"); newLi.setAttribute("aria-current", "step");
      cur = n;
    }
    document.getElementById("counter").textContent = data.counter.replace("__N__", String(n));
    var runLabel = document.getElementById("chart-run");  // a turn: the chart shows the run of this step
    if (runLabel && data.runs) { runLabel.textContent = data.runs[data.run_of[n - 1]]; }
    setLink("go-first", 1);
    setLink("go-prev", Math.max(1, n - 1));
    setLink("go-next", Math.min(data.total, n + 1));
    setLink("go-last", data.total);
    var url = stepHref(n);
    var link = document.getElementById("permalink");
    if (link) {
      var p = new URL(link.value);
      p.searchParams.set("step", String(n));
      link.value = p.toString();
    }
    ["dl-svg", "dl-png", "dl-pdf"].forEach(function (id) {
      var a = document.getElementById(id);
      if (a) { var u = new URL(a.href); u.searchParams.set("step", String(n)); a.href = u.toString(); }
    });
    document.querySelectorAll("#rs-switch a[data-steps], #rs-pref a[data-steps]").forEach(function (a) {
      var steps = a.dataset.steps.split(","), u = new URL(a.href);  // the matching step in that rule set
      u.searchParams.set("step", steps[Math.min(n, steps.length) - 1]);
      a.href = u.toString();
    });
    document.querySelectorAll(".langs a[data-lang]").forEach(function (a) {
      var u = new URL(url.toString()); u.searchParams.set("lang", a.dataset.lang); a.href = u.toString();
    });
    if (push) { history.replaceState({ step: n }, "", url); }
    document.title = document.title.replace(/^\d+\/\d+/, n + "/" + data.total);
    scrollChart(data.hl[n - 1]);
    if (push) { reveal(n); }
    document.body.dataset.stepMs = (performance.now() - t0).toFixed(2);
    document.body.dataset.step = String(n);
  }

  document.querySelectorAll("[data-go]").forEach(function (a) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      var to = { first: 1, prev: cur - 1, next: cur + 1, last: data.total }[a.dataset.go];
      go(to, true);
    });
  });
  document.querySelectorAll("#trace a[data-n], #answer a[data-n]").forEach(function (a) {
    a.addEventListener("click", function (ev) { ev.preventDefault(); go(Number(a.dataset.n), true); });
  });
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var to = { ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 1, End: data.total }[ev.key];
    if (to !== undefined) { ev.preventDefault(); go(to, true); }
  });
  // The decisions' forms are part of a page every reader shares (and caches): the session's
  // form token is asked for when one is sent, never written into the page.
  document.querySelectorAll("form").forEach(function (form) {
    var slot = form.querySelector("input[data-form-token]");
    if (!slot) { return; }
    form.addEventListener("submit", function (ev) {
      if (slot.value) { return; }
      ev.preventDefault();
      var submitter = ev.submitter;
      fetch(slot.dataset.formToken, { credentials: "same-origin", headers: { "Accept": "application/json" } })
        .then(function (r) { return r.json(); })
        .then(function (d) {
          document.querySelectorAll("input[data-form-token]").forEach(function (i) { i.value = d.token; });
          if (form.requestSubmit) { form.requestSubmit(submitter); } else { form.submit(); }
        }, function () { form.submit(); });   // without a token the server asks to confirm
    });
  });
  var copy = document.getElementById("copy-link");
  if (copy) {
    copy.addEventListener("click", function () {
      var link = document.getElementById("permalink");
      link.select();
      var done = function () { copy.textContent = copy.dataset.done; };
      if (navigator.clipboard) { navigator.clipboard.writeText(link.value).then(done, done); }
      else { document.execCommand("copy"); done(); }
    });
  }
  go(cur, false);
  // A link to a step (?step=N, a permalink) opens on that step's explanation; the answer box
  // above it is a scroll away. Without ?step= the page opens on the answer.
  if (new URL(window.location.href).searchParams.get("step") && !window.location.hash) { reveal(cur); }
  document.body.dataset.ready = "1";
})();

// Row buttons of the situation form without a round trip: add, remove and move rows in place.
// Without JavaScript the same buttons post the form and the server does the same.
(function () {
  "use strict";
  var form = document.getElementById("editor");
  if (!form) { return; }

  function rowOf(button) { return button.closest("li.row"); }

  function addRow(kind) {
    var tpl = document.getElementById("tpl-" + kind);
    var list = document.getElementById("rows-" + kind);
    var row = tpl.content.firstElementChild.cloneNode(true);
    list.appendChild(row);
    var first = row.querySelector("input, select, textarea");
    if (first) { first.focus(); }
  }

  // "Use Tollbooth": the name field takes the card's title, and the card is picked as if typed.
  function take(b) {
    var input = document.getElementById(b.dataset.for) || (b.closest("li.row, label, fieldset") || form).querySelector("[data-cards]");
    var note = b.closest(".near-card");
    if (input) {
      input.value = b.dataset.name;
      input.removeAttribute("aria-invalid");
      var err = input.getAttribute("aria-describedby") && document.getElementById(input.getAttribute("aria-describedby"));
      if (err) { err.remove(); }
      input.dispatchEvent(new Event("change", {bubbles: true}));
      input.focus();
    }
    if (note) { note.remove(); }
  }

  form.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-op]");
    if (!b || !form.contains(b)) { return; }
    ev.preventDefault();
    var op = b.dataset.op;
    if (op === "take") { take(b); return; }
    if (op === "add") { addRow(b.dataset.kind); return; }
    var row = rowOf(b);
    if (!row) { return; }
    if (op === "del") {
      var next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      if (next) { next.querySelector("input, select, textarea").focus(); }
    } else if (op === "up" && row.previousElementSibling) {
      row.parentNode.insertBefore(row, row.previousElementSibling);
      b.focus();
    } else if (op === "down" && row.nextElementSibling) {
      row.parentNode.insertBefore(row.nextElementSibling, row);
      b.focus();
    }
  });

  // Keep the ice names offered in the actions' "ice" field in step with the ice rows.
  form.addEventListener("change", function (ev) {
    if (!ev.target.matches("input[name='ice-name']")) { return; }
    var list = document.getElementById("ice-names");
    list.textContent = "";
    form.querySelectorAll("input[name='ice-name']").forEach(function (input) {
      if (input.value.trim()) {
        var o = document.createElement("option");
        o.value = input.value.trim();
        list.appendChild(o);
      }
    });
  });

  // "Break with" offers only the Runner's breakers among the form's cards: the list is made again
  // each time the field is entered (a card picked by name sets its hidden id a moment later), and
  // the field shows on an action whose effect is a break.
  var BREAKERS = (form.dataset.breakerIds || "").split(" ").filter(Boolean);
  function breakerNames() {
    var names = [];
    form.querySelectorAll("#rows-card li.row").forEach(function (row) {
      var name = field(row, "card", "name"), id = field(row, "card", "card"), place = field(row, "card", "place");
      var n = name ? name.value.trim() : "";
      if (n && place && place.value === "runner" && id && BREAKERS.indexOf(id.value) >= 0 && names.indexOf(n) < 0) {
        names.push(n);
      }
    });
    return names;
  }
  form.addEventListener("focusin", function (ev) {
    if (!ev.target.matches("input[name='act-with']")) { return; }
    var list = document.getElementById("breakers");
    list.textContent = "";
    breakerNames().forEach(function (n) {
      var o = document.createElement("option");
      o.value = n;
      list.appendChild(o);
    });
  });
  function showWith(row) {
    var eff = field(row, "act", "effect"), w = field(row, "act", "with");
    if (eff && w) { w.closest("label").hidden = eff.value !== "break" && !w.value.trim(); }
  }
  form.addEventListener("change", function (ev) {
    if (ev.target.matches("[name='act-effect']")) { showWith(ev.target.closest("li.row")); }
  });

  // Real cards by name: as a name is typed, offer English and Korean titles (from /api/cards); when
  // the name is a card's title, fill in what its model gives (the fields stay editable) and say
  // under the row what the model does. Without JavaScript a title typed exactly is the card anyway.
  var cardsApi = form.dataset.cardsApi, rowsApi = form.dataset.rowsApi;
  var FILTERS = {ice: {side: "corp", type: "ice"}, acc: {side: "corp"}, by: {side: "runner"}, card: {}};
  var HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/;
  var timer = null;

  function norm(s) { return (s || "").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, ""); }

  function query(kind, q, limit) {
    var p = new URLSearchParams({q: q, lang: document.documentElement.lang || "en", limit: String(limit)});
    var f = FILTERS[kind] || {};
    Object.keys(f).forEach(function (k) { p.set(k, f[k]); });
    return fetch(cardsApi + "?" + p.toString(), {headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : []; }).catch(function () { return []; });
  }

  function offer(input, kind) {
    var q = input.value.trim();
    if (!q) { return; }
    query(kind, q, 10).then(function (cards) {
      var list = document.getElementById("cards-" + kind);
      if (!list) { return; }
      list.textContent = "";
      var ko = HANGUL.test(q);
      cards.forEach(function (c) {
        var o = document.createElement("option");
        o.value = ko && c.title_ko ? c.title_ko : c.title;
        // A title offered because nothing matched (크라이시엄 → 크리지움 그리드) says so, with what was
        // typed in its label, which also keeps the browser from filtering it out of the list.
        var near = c.near && form.dataset.nearOption ? form.dataset.nearOption.replace("__Q__", q) : "";
        o.label = [near, ko ? c.title : c.title_ko, c.type].filter(Boolean).join(" · ");
        list.appendChild(o);
      });
    });
  }

  function field(row, kind, col) { return row.querySelector("[name='" + kind + "-" + col + "']"); }

  function setSelect(sel, value) {
    if (sel && Array.prototype.some.call(sel.options, function (o) { return o.value === value; })) {
      sel.value = value;
    }
  }

  function note(row, info) {
    var p = row && row.querySelector(".card-note");
    if (!p) { return; }
    p.textContent = "";
    if (!info) { p.hidden = true; return; }
    p.append(info.note + " ");
    var a = document.createElement("a");
    a.href = info.url; a.target = "_blank"; a.rel = "noopener"; a.textContent = "↗";
    p.appendChild(a);
    p.hidden = false;
  }

  function cardRow(name, reuse) {
    var list = document.getElementById("rows-card");
    var blank = reuse && Array.prototype.find.call(list.children, function (r) {
      return !field(r, "card", "name").value.trim() && !field(r, "card", "effect").value;
    });
    if (blank) { return blank; }
    var row = document.getElementById("tpl-card").content.firstElementChild.cloneNode(true);
    list.appendChild(row);
    return row;
  }

  function fillAbilities(info, name, place, first) {
    var rows = info.abilities.length ? info.abilities : [{place: place}];
    if (place === "ice" && !info.abilities.length) { return; }
    rows.forEach(function (ab, n) {
      var row = n === 0 && first ? first : cardRow(name, true);
      field(row, "card", "name").value = name;
      field(row, "card", "card").value = info.id;
      setSelect(field(row, "card", "place"), ab.place || place);
      showRezzed(row);
      ["when", "effect", "otherwise", "first"].forEach(function (c) {
        if (ab[c] !== undefined) { setSelect(field(row, "card", c), ab[c]); }
      });
      field(row, "card", "value").value = ab.value || "";
      note(row, info);
    });
  }

  function already(name) {
    return Array.prototype.some.call(form.querySelectorAll("input[name='card-name']"), function (i) {
      return i.value.trim() === name;
    });
  }

  function pick(input, kind) {
    var row = input.closest("li.row"), hidden = row && field(row, kind, "card");
    var q = input.value.trim();
    if (!q) { if (hidden) { hidden.value = ""; } note(row, null); return; }
    query(kind, q, 5).then(function (cards) {
      var c = cards.find(function (x) { return norm(x.title) === norm(q) || norm(x.title_ko) === norm(q); });
      if (!c) { if (hidden) { hidden.value = ""; } note(row, null); return null; }
      var place = kind === "ice" ? "ice" : kind === "card" ? "" : "";
      var url = rowsApi.replace("CARD", encodeURIComponent(c.id)) + "?lang=" + (document.documentElement.lang || "en") +
        (place ? "&place=" + place : "");
      return fetch(url, {headers: {Accept: "application/json"}}).then(function (r) { return r.ok ? r.json() : null; });
    }).then(function (info) {
      if (!info) { return; }
      if (kind === "ice") {
        hidden.value = info.id;
        var subs = field(row, "ice", "subs");
        if (!subs.value.trim() || subs.value === subs.dataset.auto) { subs.value = subs.dataset.auto = info.subs; }
        note(row, info);
        if (!already(input.value.trim())) { fillAbilities(info, input.value.trim(), "ice", null); }
      } else if (kind === "acc") {
        hidden.value = info.id;
        setSelect(field(row, "acc", "type"), info.type);
        note(row, info);
      } else if (kind === "card") {
        hidden.value = info.id;
        fillAbilities(info, input.value.trim(), info.place, row);
      } else if (kind === "by" && !already(input.value.trim())) {
        fillAbilities(info, input.value.trim(), info.place, null);
      }
    });
  }

  form.addEventListener("input", function (ev) {
    var kind = ev.target.dataset && ev.target.dataset.cards;
    if (!kind || !cardsApi) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { offer(ev.target, kind); }, 120);
  });
  // A Runner's card is never rezzed: its row does not offer the choice.
  function showRezzed(row) {
    var place = row && field(row, "card", "place"), label = row && row.querySelector("label.c-rezzed");
    if (place && label && row.dataset.kind === "card") { label.hidden = place.value === "runner"; }
  }
  form.addEventListener("change", function (ev) {
    if (ev.target.matches("select[name='card-place']")) { showRezzed(ev.target.closest("li.row")); }
  });
  form.addEventListener("change", function (ev) {
    var kind = ev.target.dataset && ev.target.dataset.cards;
    if (kind && rowsApi) { pick(ev.target, kind); }
    if (kind) { checkNear(ev.target, kind); }
  });

  // On leaving a name field: a name a few letters off a real card says so beside the field, with
  // the card in one tap and a box to tick for a card of one's own (the server refuses it too).
  var nearApi = form.dataset.nearApi;
  function placeOf(input, kind) {
    if (kind !== "card") { return kind; }
    var sel = input.closest("li.row").querySelector("[name='card-place']");
    return sel ? sel.value : "runner";
  }
  function checkNear(input, kind) {
    if (!nearApi) { return; }
    var holder = input.closest("li.row") || input.closest("label").parentNode;
    var old = holder.querySelector(".near-card[data-js]");
    var q = input.value.trim();
    var own = Array.prototype.some.call(form.querySelectorAll("input[name='own']"), function (o) {
      return o.value === q && (o.type === "hidden" || o.checked);
    });
    if (!q || own) { if (old) { old.remove(); } return; }
    var p = new URLSearchParams({q: q, place: placeOf(input, kind), lang: document.documentElement.lang || "en"});
    fetch(nearApi + "?" + p.toString(), {headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : {card: null}; }).catch(function () { return {card: null}; })
      .then(function (got) {
        if (input.value.trim() !== q) { return; }
        if (old) { old.remove(); }
        if (!got.card) { return; }
        if (holder.querySelector(".near-card")) { return; }  // the server already said it
        var box = document.createElement("p");
        box.className = "near-card field-error";
        box.dataset.js = "1";
        box.setAttribute("role", "alert");
        var msg = document.createElement("span");
        msg.textContent = got.message + " ";
        var b = document.createElement("button");
        b.type = "button"; b.className = "take"; b.dataset.op = "take"; b.dataset.name = got.card;
        b.textContent = got.take;
        if (!input.id) { input.id = "near-" + Math.random().toString(36).slice(2); }
        b.dataset.for = input.id;
        var label = document.createElement("label");
        label.className = "own";
        var box2 = document.createElement("input");
        box2.type = "checkbox"; box2.name = "own"; box2.value = q;
        label.append(box2, " " + got.own);
        box.append(msg, b, label);
        var after = input.closest("label");
        after.parentNode.insertBefore(box, after.nextSibling);
      });
  }

  // Entering a break: once the action names an ice of the form, its subroutines are boxes to
  // tick, with their texts, twice: which are broken, and which resolve (the ones left unbroken;
  // ticking one unticks the other). The ticks write the broken numbers into the value ("1, 3"),
  // which stays editable ("all", "last") and is what the server reads (without JavaScript it is typed).
  function subsOf(name) {
    var found = Array.prototype.find.call(form.querySelectorAll("input[name='ice-name']"), function (i) {
      return i.value.trim() === name;
    });
    if (!found) { return []; }
    var subs = found.closest("li.row").querySelector("[name='ice-subs']");
    return subs ? subs.value.split("\n").map(function (x) { return x.trim(); }).filter(Boolean) : [];
  }
  function pickSet(cls, legendText, subs, on) {
    var box = document.createElement("fieldset");
    box.className = "sub-picks " + cls;
    var legend = document.createElement("legend");
    legend.textContent = legendText || "";
    box.appendChild(legend);
    subs.forEach(function (text, i) {
      var label = document.createElement("label");
      var cb = document.createElement("input");
      cb.type = "checkbox"; cb.value = String(i + 1); cb.checked = on(String(i + 1));
      label.append(cb, " " + (i + 1) + ". " + text);
      box.appendChild(label);
    });
    return box;
  }
  function breakBoxes(row) {
    if (!row || row.dataset.kind !== "act") { return; }
    var eff = field(row, "act", "effect"), ice = field(row, "act", "ice"), val = field(row, "act", "value");
    row.querySelectorAll(".sub-picks").forEach(function (x) { x.remove(); });
    var subs = eff && eff.value === "break" && ice ? subsOf(ice.value.trim()) : [];
    if (!subs.length) { return; }
    var raw = val.value.trim();
    var chosen = raw === "all" ? subs.map(function (_, i) { return String(i + 1); })
      : raw === "last" ? [String(subs.length)] : raw.split(",").map(function (x) { return x.trim(); });
    var broken = pickSet("sub-broken", form.dataset.subsLegend, subs, function (n) { return chosen.indexOf(n) >= 0; });
    var resolve = pickSet("sub-resolve", form.dataset.resolveLegend, subs, function (n) { return chosen.indexOf(n) < 0; });
    function sync(from, to) {
      from.addEventListener("change", function (ev) {
        var twin = to.querySelector("input[value='" + ev.target.value + "']");
        if (twin) { twin.checked = !ev.target.checked; }
        val.value = Array.prototype.filter.call(broken.querySelectorAll("input"), function (c) { return c.checked; })
          .map(function (c) { return c.value; }).join(", ");
      });
    }
    sync(broken, resolve);
    sync(resolve, broken);
    val.closest("label").after(broken, resolve);
  }
  form.addEventListener("change", function (ev) {
    var row = ev.target.closest("li.row");
    if (ev.target.matches("[name='act-effect'], [name='act-ice']")) { breakBoxes(row); }
    if (ev.target.matches("[name='ice-subs'], [name='ice-name']")) {
      form.querySelectorAll("#rows-act li.row").forEach(breakBoxes);
    }
  });
  form.querySelectorAll("#rows-act li.row").forEach(breakBoxes);

  // The step list follows the rule set: changing it re-shows the form with the chosen steps
  // carried over (the button does the same without JavaScript).
  var apply = document.getElementById("apply-rs");
  var rsSelect = form.querySelector("select[name='ruleset']");
  if (apply && rsSelect) {
    apply.hidden = true;
    rsSelect.addEventListener("change", function () { apply.click(); });
  }

  // A YAML error with a line: put the cursor on that line.
  var yaml = document.getElementById("yaml");
  if (yaml && yaml.dataset.errorLine) {
    var line = Number(yaml.dataset.errorLine), pos = 0;
    for (var i = 1; i < line; i++) { pos = yaml.value.indexOf("\n", pos) + 1; if (pos === 0) { break; } }
    yaml.setSelectionRange(pos, pos);
  }

  // The page came back with problems: the focus goes to the first field that has one (the list
  // at the top links every one), or to the YAML when the problem is there.
  var firstBad = form.querySelector("[aria-invalid='true']");
  if (firstBad) {
    firstBad.focus();
    firstBad.scrollIntoView({ block: "center" });
  } else if (document.getElementById("yaml-error") && yaml) {
    yaml.focus();
  } else if (document.getElementById("form-errors")) {
    document.getElementById("form-errors").focus();
  }

  // Every field says how much it holds; past that, it says so as you type (nothing is cut).
  function count(field) {
    var max = Number(field.dataset.limit), n = field.value.length;
    var note = field.parentNode.querySelector(".limit-over");
    if (n > max) {
      if (!note) {
        note = document.createElement("small");
        note.className = "limit-over field-error";
        note.setAttribute("aria-live", "polite");
        field.parentNode.appendChild(note);
      }
      note.textContent = form.dataset.over.replace("__N__", n.toLocaleString()).replace("__MAX__", max.toLocaleString());
      field.setAttribute("aria-invalid", "true");
    } else if (note) {
      note.remove();
      if (!field.getAttribute("aria-describedby")) { field.removeAttribute("aria-invalid"); }
    }
  }
  form.addEventListener("input", function (ev) {
    if (ev.target.dataset && ev.target.dataset.limit) { count(ev.target); }
  });
  form.querySelectorAll("[data-limit]").forEach(count);
})();

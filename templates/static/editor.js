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

  form.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-op]");
    if (!b || !form.contains(b)) { return; }
    ev.preventDefault();
    var op = b.dataset.op;
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

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
})();

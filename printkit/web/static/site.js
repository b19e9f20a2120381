// The shared roll log: every couple of seconds the newest rolls, so a roll on one phone shows on all.
// Text only (textContent): a name a device gives never becomes markup.
(function () {
  "use strict";
  var log = document.getElementById("log");
  if (!log || !window.fetch) { return; }
  var list = log.querySelector("ol");
  function span(cls, text) {
    var s = document.createElement("span");
    s.className = cls;
    s.textContent = text;
    return s;
  }
  function draw(rolls) {
    var items = [];
    rolls.forEach(function (r) {
      var li = document.createElement("li");
      li.setAttribute("data-n", String(r.n));
      // What was rolled and its seed in the page's words (/log.json?lang=), never its command line.
      li.append(span("time", r.time), " ", span("who", r.who), " ", span("what", r.rolled));
      if (r.seed) { li.append(" ", span("seed", r.seed)); }
      li.append(" ", span("result", r.result));
      items.push(li);
    });
    if (!items.length) {
      var empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = log.getAttribute("data-empty") || "";
      items.push(empty);
    }
    list.replaceChildren.apply(list, items);
  }
  function poll() {
    fetch(log.getAttribute("data-src"), { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) { draw(data.rolls); } })
      .catch(function () {})
      .then(function () { window.setTimeout(poll, 2000); });
  }
  window.setTimeout(poll, 2000);
})();

// A movement question shows only the inputs of its map's game: picking another map redraws the
// form for that map's game (without JavaScript the next answer's page shows them).
(function () {
  "use strict";
  var select = document.querySelector('form.ask select[name="map_file"]');
  if (!select) { return; }
  var shown = select.value;
  select.addEventListener("change", function () {
    if (select.value === shown) { return; }
    var url = new URL(window.location.href);
    url.searchParams.set("map_file", select.value);
    url.searchParams.delete("ask");
    window.location.assign(url.toString());
  });
})();

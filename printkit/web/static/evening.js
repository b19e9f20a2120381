// An evening's page: when another phone (or the terminal) records an event, the page is drawn again,
// unless someone is filling in one of its forms here (a form opened or a field touched counts: a
// redraw would close the form under the finger that just opened it).
(function () {
  "use strict";
  var section = document.getElementById("evening");
  if (!section || !window.fetch) { return; }
  var last = section.getAttribute("data-last");
  var typing = false;
  document.querySelectorAll("form input, form select").forEach(function (field) {
    field.addEventListener("input", function () { typing = true; });
    field.addEventListener("focus", function () { typing = true; });
  });
  document.querySelectorAll("details summary").forEach(function (summary) {
    summary.addEventListener("click", function () { typing = true; });
  });
  function poll() {
    fetch(section.getAttribute("data-src"), { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.last) !== last && !typing) {
          var url = new URL(window.location.href);
          url.searchParams.delete("done");
          url.searchParams.delete("undone");
          window.location.replace(url.toString());
        }
      })
      .catch(function () {})
      .then(function () { window.setTimeout(poll, 2000); });
  }
  window.setTimeout(poll, 2000);
})();

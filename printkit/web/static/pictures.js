// Pictures beside a referee's answers: a tapped cell of a picture (a map's, any game's that marks its
// cells with data-cell) lights up at once, while the page it links to loads. Nothing depends on this
// file: every tap is a plain link that works without it.
"use strict";
document.addEventListener("click", function (event) {
  var target = event.target;
  var link = target && target.closest ? target.closest(".pk-picture a") : null;
  if (!link) {
    return;
  }
  var cell = link.querySelector("[data-cell]");
  if (cell) {
    cell.classList.add("tapped");
  }
});

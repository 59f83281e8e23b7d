// A section read a page at a time (web/pages/rules/section_pages.py): a link to one of its rules or
// subrules whose text is on another page (/rules/702/#702.150a) opens that page. Every page
// keeps each rule's heading, with the address of the page that shows it in data-page.
(function () {
  "use strict";
  var id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) {
    return;
  }
  var target = document.getElementById(id) || document.getElementById(id.replace(/[a-z]+$/, ""));
  if (target && target.dataset.page) {
    window.location.replace(target.dataset.page + "#" + id);
  }
})();

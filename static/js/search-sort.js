/*
 * A select marked data-submit-on-change sends its form as soon as a choice is made (the search
 * page's sort menu); its form's .sort-apply button, there for browsers without JavaScript, is
 * then not needed and hidden.
 */
(function () {
  "use strict";

  document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
    var form = select.form;
    if (!form) {
      return;
    }
    var button = form.querySelector(".sort-apply");
    if (button) {
      button.hidden = true;
    }
    select.addEventListener("change", function () {
      form.requestSubmit();
    });
  });
})();

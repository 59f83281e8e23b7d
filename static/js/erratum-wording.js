// The erratum form in the admin: a new erratum starts from today's wording of what it changes.
// When the editor picks the card, the face or what changed, the face list and the "old wording"
// follow (from the admin's oracle/erratum/wording/ JSON), unless the editor has written in it.
// Works on the erratum's own add page and in the errata inline of a card's page.
(function () {
  "use strict";
  const filled = new Map(); // textarea -> the wording this script last put there
  const latest = new Map(); // prefix -> the number of its newest request
  let requests = 0;

  function wordingUrl() {
    const path = window.location.pathname;
    const at = path.indexOf("/oracle/");
    return at < 0 ? null : path.slice(0, at) + "/oracle/erratum/wording/";
  }

  function cardId(prefix) {
    const select = document.getElementById(prefix + "card");
    if (select) return select.value;
    const match = window.location.pathname.match(/\/oracle\/card\/(\d+)\/change\/$/);
    return match ? match[1] : "";
  }

  function isNew(prefix) {
    if (prefix === "id_") return window.location.pathname.endsWith("/add/");
    const id = document.getElementById(prefix + "id");
    return Boolean(id) && id.value === "";
  }

  // The editor's own words are never replaced: only an empty box, the wording this script put
  // there, or, on a new erratum, the wording the page came with.
  function editable(textarea, prefix) {
    if (textarea.value.trim() === "" || filled.get(textarea) === textarea.value) return true;
    return isNew(prefix) && textarea.value === textarea.defaultValue;
  }

  function update(prefix, cardChanged) {
    const url = wordingUrl();
    const textarea = document.getElementById(prefix + "old_text");
    const face = document.getElementById(prefix + "face");
    const field = document.getElementById(prefix + "field");
    const card = cardId(prefix);
    if (!url || !textarea || !card) return;
    const params = new URLSearchParams({
      card: card,
      face: face && !cardChanged ? face.value : "",
      field: field ? field.value : "",
    });
    const request = ++requests;
    latest.set(prefix, request);
    fetch(url + "?" + params, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .then((data) => {
        // Answers can come back out of order: only the newest request's answer counts.
        if (!data || latest.get(prefix) !== request) return;
        if (face && cardChanged) {
          while (face.options.length > 1) face.remove(1);
          for (const each of data.faces) face.add(new Option(each.name, each.id));
        }
        if (editable(textarea, prefix)) {
          textarea.value = data.old_text;
          filled.set(textarea, data.old_text);
        }
      });
  }

  function prefixOf(element, name) {
    return element.id.slice(0, element.id.length - name.length);
  }

  document.addEventListener("change", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLSelectElement) || !target.id) return;
    for (const name of ["face", "field"]) {
      if (target.id.endsWith(name) && target.id.startsWith("id_")) {
        update(prefixOf(target, name), false);
      }
    }
  });

  function ready() {
    // The card picker is a select2 widget: its changes arrive as jQuery events.
    if (window.django && window.django.jQuery) {
      window.django.jQuery("#id_card").on("change", () => update("id_", true));
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();

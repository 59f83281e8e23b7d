/*
 * Cards under a search box as it is typed: the WAI-ARIA combobox pattern (list popup) over
 * GET /api/cards/autocomplete/?lang=..&q=... ({"total": N, "cards": [{name, other_name, url}]}),
 * each card once, by its name in the page's language with the other beside it.
 *
 * Progressive enhancement: an <input data-autocomplete-url="..."> is a plain search box
 * without this script. With it, the box becomes a combobox (role, aria-expanded,
 * aria-controls, aria-activedescendant) with a listbox of up to 20 cards after it and a
 * polite live region that says how many cards match. Up and down arrows move through the
 * cards, Enter or a click opens the chosen one, Escape closes the list, and text that reads as a query
 * ("t:creature", "mv>3") gets no suggestions. The words the region speaks come from the
 * input's data-autocomplete-* attributes, in the page's language
 * (templates/jinja2/includes/_autocomplete_attributes.html).
 */
(function () {
  "use strict";

  var DELAY_MS = 120;
  var MIN_LENGTH = 2;
  var QUERY_SYNTAX = /[:<>=!"()]|^-|\s-/;
  var counter = 0;

  function enhance(input) {
    counter += 1;
    var listId = "autocomplete-list-" + counter;
    var list = document.createElement("ul");
    var status = document.createElement("div");
    var cards = [];
    var otherLanguage = document.documentElement.lang === "it" ? "en" : "it";
    var active = -1;
    var timer = null;
    var request = null;

    list.id = listId;
    list.className = "autocomplete-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", input.dataset.autocompleteLabel || "");
    list.hidden = true;
    // A polite live region without the status role, which the page keeps for its own count.
    status.className = "autocomplete-status visually-hidden";
    status.setAttribute("aria-live", "polite");
    status.setAttribute("aria-atomic", "true");

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    input.parentNode.classList.add("has-autocomplete");
    input.insertAdjacentElement("afterend", list);
    list.insertAdjacentElement("afterend", status);

    function optionId(index) {
      return listId + "-" + index;
    }

    function setActive(index) {
      var options = list.children;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "false");
      }
      active = index;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "true");
        options[active].scrollIntoView({ block: "nearest" });
        input.setAttribute("aria-activedescendant", optionId(active));
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function close() {
      setActive(-1);
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
    }

    function place() {
      // Under the box itself, whatever else its parent holds (a button, a help line).
      list.style.top = input.offsetTop + input.offsetHeight + "px";
      list.style.left = input.offsetLeft + "px";
      list.style.width = Math.max(input.offsetWidth, 240) + "px";
    }

    function open() {
      if (cards.length) {
        place();
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
      }
    }

    function announce(total) {
      var text;
      if (!total) {
        text = input.dataset.autocompleteNone || "";
      } else if (total === 1) {
        text = input.dataset.autocompleteOne || "";
      } else {
        text = (input.dataset.autocompleteMany || "")
          .replace("{shown}", String(cards.length))
          .replace("{total}", String(total));
      }
      status.textContent = text;
    }

    function show(data) {
      cards = data.cards || [];
      list.replaceChildren();
      active = -1;
      input.removeAttribute("aria-activedescendant");
      cards.forEach(function (card, index) {
        var option = document.createElement("li");
        option.id = optionId(index);
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.textContent = card.name;
        if (card.other_name) {
          var other = document.createElement("span");
          other.className = "autocomplete-other";
          other.lang = otherLanguage;
          other.textContent = card.other_name;
          option.append(" ", other);
        }
        list.appendChild(option);
      });
      announce(data.total || 0);
      if (cards.length) {
        open();
      } else {
        close();
      }
    }

    function choose(index) {
      var card = cards[index];
      if (card === undefined) {
        return;
      }
      input.value = card.name;
      close();
      window.location.assign(new URL(card.url, window.location.href).toString());
    }

    function fetchNames() {
      var text = input.value.trim();
      if (request) {
        request.abort();
        request = null;
      }
      if (text.length < MIN_LENGTH || QUERY_SYNTAX.test(text)) {
        cards = [];
        list.replaceChildren();
        status.textContent = "";
        close();
        return;
      }
      request = new AbortController();
      var url = new URL(input.dataset.autocompleteUrl, window.location.href);
      url.searchParams.set("q", text);
      fetch(url.toString(), { signal: request.signal, headers: { Accept: "application/json" } })
        .then(function (response) {
          return response.ok ? response.json() : { total: 0, data: [] };
        })
        .then(function (data) {
          if (input.value.trim() === text) {
            show(data);
          }
        })
        .catch(function () {
          /* aborted by newer typing, or offline: the box stays a plain search box */
        });
    }

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(fetchNames, DELAY_MS);
    });

    input.addEventListener("keydown", function (event) {
      var expanded = !list.hidden;
      if (event.key === "ArrowDown") {
        if (!cards.length) {
          return;
        }
        event.preventDefault();
        if (!expanded) {
          open();
          setActive(0);
        } else {
          setActive(active + 1 < cards.length ? active + 1 : 0);
        }
      } else if (event.key === "ArrowUp") {
        if (!cards.length) {
          return;
        }
        event.preventDefault();
        if (!expanded) {
          open();
          setActive(cards.length - 1);
        } else {
          setActive(active > 0 ? active - 1 : cards.length - 1);
        }
      } else if (event.key === "Enter") {
        if (expanded && active >= 0) {
          event.preventDefault();
          choose(active);
        }
      } else if (event.key === "Escape") {
        if (expanded) {
          event.preventDefault();
          close();
        }
      } else if (event.key === "Tab") {
        close();
      }
    });

    list.addEventListener("mousedown", function (event) {
      event.preventDefault(); // keep the focus in the box
    });

    list.addEventListener("click", function (event) {
      var option = event.target.closest("[role=option]");
      if (option) {
        choose(Array.prototype.indexOf.call(list.children, option));
      }
    });

    input.addEventListener("blur", function () {
      close();
    });

    input.addEventListener("focus", function () {
      if (cards.length && input.value.trim().length >= MIN_LENGTH) {
        open();
      }
    });
  }

  document.querySelectorAll("input[data-autocomplete-url]").forEach(enhance);
})();

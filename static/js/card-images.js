/*
 * Card pictures that cannot load (templates/jinja2/cards/_card_image.html). An Italian picture the
 * image server does not have gives way to the English one (data-fallback-src); a picture that
 * cannot load at all is made transparent, so the frame's text shows instead of a
 * broken-image icon (static/css/images.css). Without this script the pages work the same,
 * minus those two.
 */
(function () {
  "use strict";

  function pictureFailed(img) {
    var fallback = img.getAttribute("data-fallback-src");
    if (fallback) {
      img.removeAttribute("data-fallback-src");
      img.src = fallback;
      return;
    }
    img.parentNode.classList.add("card-image-failed");
  }

  function isCardPicture(node) {
    return (
      node instanceof HTMLImageElement &&
      node.parentNode instanceof Element &&
      node.parentNode.classList.contains("card-image")
    );
  }

  // Load errors do not bubble: listen while they go down the tree.
  document.addEventListener(
    "error",
    function (event) {
      if (isCardPicture(event.target)) {
        pictureFailed(event.target);
      }
    },
    true
  );

  // Pictures that failed before this script ran.
  document.querySelectorAll(".card-image > img").forEach(function (img) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) {
      pictureFailed(img);
    }
  });
})();

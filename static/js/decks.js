// The decklist page's conveniences; without JavaScript the buttons stay hidden and the page
// works the same (select and copy by hand, print from the browser's menu).
// [data-copy="ID"]: copies the text of the field ID; [data-print]: prints the page.
// A check's answer lands on #verdict (the form's action): the verdict is focused, so a screen
// reader reads it first, as the browser has scrolled to it.
const verdict = location.hash === "#verdict" && document.getElementById("verdict");
if (verdict) verdict.focus({ preventScroll: true });
document.querySelectorAll("[data-copy]").forEach((button) => {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) return;
  const label = button.textContent;
  button.hidden = false;
  button.addEventListener("click", () => {
    navigator.clipboard.writeText(field.value).then(
      () => {
        button.textContent = button.dataset.copied || "✓";
        setTimeout(() => (button.textContent = label), 1500);
      },
      () => field.select(),
    );
  });
});
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});

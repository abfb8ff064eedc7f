// The star rating control: an ARIA slider from 0 to 5 in half stars. Arrow keys step by a half,
// Page Up/Down by one, Home/End go to 0 and 5; a click or tap on the left or right half of a
// star picks that half, and the `clear` button ("No stars") picks 0.
const labels = (value) => (value === 1 ? '1 star out of 5' : `${value} stars out of 5`);

export function ratingSlider(element, onChange, { clear } = {}) {
  let value = Number(element.getAttribute('aria-valuenow')) || 0;

  const show = (next) => {
    value = next;
    element.className = element.className.replace(/\br\d+\b/, '').trim() + ` r${Math.round(next * 2)}`;
    element.setAttribute('aria-valuenow', String(next));
    element.setAttribute('aria-valuetext', labels(next));
  };

  const choose = (next) => {
    const clamped = Math.min(5, Math.max(0, Math.round(next * 2) / 2));
    if (clamped === value) return;
    show(clamped);
    onChange(clamped);
  };

  element.addEventListener('keydown', (event) => {
    const steps = { ArrowRight: 0.5, ArrowUp: 0.5, ArrowLeft: -0.5, ArrowDown: -0.5, PageUp: 1, PageDown: -1 };
    if (event.key in steps) choose(value + steps[event.key]);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(5);
    else return;
    event.preventDefault();
  });

  element.addEventListener('click', (event) => {
    const box = element.getBoundingClientRect();
    if (box.width <= 0) return;
    const fraction = (event.clientX - box.left) / box.width;
    element.focus();
    choose(Math.min(10, Math.max(1, Math.ceil(fraction * 10))) / 2);
  });

  clear?.addEventListener('click', () => choose(0));

  return {
    get value() { return value; },
    /** Shows `next` (a change from elsewhere) without reporting it as a choice. */
    set(next) { if (Number.isFinite(next)) show(next); },
  };
}

// Shared by every page: marks the page as scripted, talks to the JSON API, shows toasts and
// follows the server's change stream.
document.documentElement.classList.add('js');

/**
 * `path` (which starts with `/`) under the path the server is served at: `/inventory/api/items`
 * behind a proxy that mounts it at `/inventory` (the layout's `data-base`), `/api/items` at the root.
 */
export function at(path) {
  return (document.documentElement.dataset.base ?? '') + path;
}

/** The message of an API error response ({"error": {"message"}}), as a sentence. */
export async function errorMessage(response) {
  try {
    const body = await response.json();
    if (body && body.error && body.error.message) return sentence(body.error.message);
  } catch (_) { /* not JSON */ }
  return `The server answered ${response.status}; try again in a moment.`;
}

/** `text` starting with a capital and ending with a full stop. */
export function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return trimmed;
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : capital + '.';
}

/** Calls `fn` once `wait` ms have passed without another call. */
export function debounce(fn, wait) {
  let timer = null;
  let pending = [];
  const call = (...args) => {
    clearTimeout(timer);
    pending = args;
    timer = setTimeout(() => { timer = null; fn(...pending); }, wait);
  };
  call.cancel = () => { clearTimeout(timer); timer = null; };
  /** Runs a waiting call now (when the page is being left); returns whether there was one. */
  call.flush = () => {
    if (!timer) return false;
    call.cancel();
    fn(...pending);
    return true;
  };
  return call;
}

const SENT_ON_LEAVE = 'changes-sent-on-leave';

/**
 * Notes, for the next page this tab shows, that changes went out as this page was left (a save,
 * a delete): that page was fetched before they arrived, so it reads again once its change
 * stream is open (`followChanges` tells it with the reason `'after-leave'`).
 */
export function noteSentOnLeave() {
  try { sessionStorage.setItem(SENT_ON_LEAVE, '1'); } catch (_) { /* storage off: lists catch up on the next change */ }
}

/** Whether the page before this one noted changes sent as it was left; forgets the note. */
function takeSentOnLeave() {
  try {
    const sent = sessionStorage.getItem(SENT_ON_LEAVE) !== null;
    sessionStorage.removeItem(SENT_ON_LEAVE);
    return sent;
  } catch (_) {
    return false;
  }
}

/**
 * Checks, as `form` is sent, that `input` holds more than spaces: if not, nothing is sent, the
 * focus goes to the input and `message` shows beside it until it is typed in (the server checks
 * too; this says why at once, and the browser's own check no longer stops the form first).
 */
export function requireText(form, input, message) {
  form.noValidate = true;
  const note = document.createElement('p');
  note.className = 'error';
  note.id = `${input.id}-problem`;
  note.hidden = true;
  (input.closest('.inline') ?? input).after(note);
  input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), note.id].filter(Boolean).join(' '));
  const clear = () => { note.hidden = true; note.textContent = ''; input.removeAttribute('aria-invalid'); };
  input.addEventListener('input', clear);
  form.addEventListener('submit', (event) => {
    if (input.value.trim()) { clear(); return; }
    event.preventDefault();
    note.textContent = message;
    note.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  });
}

let toastCount = 0;

/**
 * Shows a toast with `text` and, optionally, an action button (`actionLabel`, `onAction`); the
 * focus moves to the button. The toast goes `timeout` ms after it appeared (calling
 * `onTimeout`), on Escape inside it (the same), or when the action is taken. The time stands
 * still while the toast holds the focus or the pointer is over it, and starts again in full when
 * both have left (WCAG 2.2.1). Both callbacks are told `{ hadFocus }`: whether the focus was in
 * the toast (or lost from it to nowhere), so they can put it somewhere sensible. Returns a
 * function that dismisses it without calling either.
 */
export function toast(text, { actionLabel, onAction, timeout = 10000, onTimeout } = {}) {
  const host = document.getElementById('toasts');
  const element = document.createElement('div');
  element.className = 'toast';
  element.setAttribute('role', 'status');
  const message = document.createElement('span');
  message.id = `toast-${++toastCount}`;
  message.textContent = text;
  element.append(message);
  let done = false;
  let timer = null;
  let focused = false;
  let hovered = false;
  /** Whether the toast held the focus at some point (the focus may have gone to nowhere since). */
  let held = false;
  const hadFocus = () => {
    const active = document.activeElement;
    return element.contains(active) || (held && (!active || active === document.body));
  };
  const end = (callback) => {
    if (done) return;
    const info = { hadFocus: hadFocus() };
    dismiss();
    callback?.(info);
  };
  const dismiss = () => { done = true; clearTimeout(timer); element.remove(); };
  const run = () => {
    clearTimeout(timer);
    timer = focused || hovered ? null : setTimeout(() => end(onTimeout), timeout);
  };
  element.addEventListener('focusin', () => { focused = true; held = true; run(); });
  element.addEventListener('focusout', (event) => { if (!element.contains(event.relatedTarget)) { focused = false; run(); } });
  element.addEventListener('pointerenter', () => { hovered = true; run(); });
  element.addEventListener('pointerleave', () => { hovered = false; run(); });
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') { event.preventDefault(); end(onTimeout); }
  });
  let button = null;
  if (actionLabel) {
    button = document.createElement('button');
    button.type = 'button';
    button.textContent = actionLabel;
    button.setAttribute('aria-describedby', message.id);
    button.addEventListener('click', () => end(onAction));
    element.append(button);
  }
  host.append(element);
  run();
  button?.focus();
  return dismiss;
}

/**
 * Keeps `host` (position: fixed, see base.css `.toasts`) at the bottom of the visual viewport —
 * the part of the page on the screen — when it differs from the layout viewport (zoomed in, or
 * an on-screen keyboard open), and at the size it has unzoomed. Sets custom properties through
 * the CSSOM, which the Content-Security-Policy allows (it forbids only style attributes).
 */
function followVisualViewport(host) {
  const view = window.visualViewport;
  if (!host || !view) return;
  const place = () => {
    const below = document.documentElement.clientHeight - (view.offsetTop + view.height);
    host.style.setProperty('--view-bottom', `${Math.max(0, below)}px`);
    host.style.setProperty('--view-center', `${view.offsetLeft + view.width / 2}px`);
    host.style.setProperty('--view-scale', String(1 / (view.scale || 1)));
  };
  view.addEventListener('resize', place);
  view.addEventListener('scroll', place);
  place();
}
followVisualViewport(document.getElementById('toasts'));

/**
 * Follows `/api/events`: calls `onChange(kind, data)` for each change (created, updated, photo,
 * deleted, and the kinds in `alsoKinds`, such as Homepwner's `'attachments'`) and `onResync(reason)` on
 * every connection, so the page can read what it shows again: a change may have come between
 * the page being fetched and the stream opening — such as the save the page before sent as it
 * was left. The reason says how likely that is: `'connected'` the first time, `'after-leave'`
 * the first time when the page before noted changes sent as it was left (`noteSentOnLeave`),
 * `'reconnected'` after a loss, `'reset'` when the server says changes were missed, and
 * `'shown'` when the page comes back from the back/forward cache (the stream is closed while
 * it waits there). A page of one resource reads it on every connection (a small read); a long
 * list may skip `'connected'`. Shows the connection's state in the header. EventSource retries
 * by itself after a network error; a stream the server closed for good is opened again here.
 */
export function followChanges(onChange, onResync, { alsoKinds = [] } = {}) {
  const status = document.getElementById('live-status');
  let source = null;
  let lost = false;
  let connected = false;
  let hidden = false;
  const kinds = ['created', 'updated', 'photo', 'deleted', ...alsoKinds];
  const open = () => {
    if (source || hidden) return;
    const stream = new EventSource(at('/api/events'));
    source = stream;
    stream.addEventListener('open', () => {
      const reason = lost ? 'reconnected' : connected ? 'shown' : takeSentOnLeave() ? 'after-leave' : 'connected';
      lost = false;
      connected = true;
      status.textContent = '';
      onResync(reason);
    });
    stream.addEventListener('error', () => {
      lost = true;
      status.textContent = 'Connection lost — reconnecting…';
      if (stream.readyState === EventSource.CLOSED && source === stream) {
        source = null;
        setTimeout(open, 2000);
      }
    });
    for (const kind of kinds) {
      stream.addEventListener(kind, (event) => {
        let data = {};
        try { data = JSON.parse(event.data); } catch (_) { return; }
        onChange(kind, data);
      });
    }
    stream.addEventListener('reset', () => onResync('reset'));
  };
  open();
  window.addEventListener('pagehide', () => { hidden = true; source?.close(); source = null; });
  window.addEventListener('pageshow', (event) => { if (event.persisted) { hidden = false; open(); } });
  return { get connected() { return !lost; } };
}

/**
 * Returns `refresh()`, which fetches this page as the server renders it now and swaps in its
 * element with the id of `results`, keeping the focus on the same control of the same row (rows
 * match `rowSelector` and are told apart by their `data-<keyName>`); `afterSwap` runs after each
 * swap. Calls made while one runs fold into one more run after it.
 */
export function pageRefresher(results, rowSelector, keyName, afterSwap) {
  let refreshing = null;
  let again = false;
  const controls = (element) => [...element.querySelectorAll('a, button')];
  return function refresh() {
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      try {
        const response = await fetch(location.pathname + location.search, { headers: { Accept: 'text/html' } });
        if (!response.ok) return;
        const page = new DOMParser().parseFromString(await response.text(), 'text/html');
        const fresh = page.getElementById(results.id);
        if (!fresh) return;
        const focused = document.activeElement;
        const row = focused?.closest?.(rowSelector);
        const place = row && results.contains(row) ? { key: row.dataset[keyName], index: controls(row).indexOf(focused) } : null;
        results.innerHTML = fresh.innerHTML;
        afterSwap();
        if (place) {
          const same = results.querySelector(`${rowSelector}[data-${keyName}="${CSS.escape(place.key)}"]`);
          if (same) controls(same)[place.index]?.focus();
        }
      } catch (_) {
        // The connection status shows the problem; the next change or reconnection refreshes.
      } finally {
        refreshing = null;
        if (again) { again = false; refresh(); }
      }
    })();
    return refreshing;
  };
}

/**
 * Delete with undo for the rows of `results` (matching `rowSelector`, told apart by their
 * `data-<keyName>`): a row's `.delete-form` hides the row at once (class `pending`) and offers
 * Undo in a toast that takes the focus; the DELETE to `urlOf(key)` is sent when the undo window
 * closes or the page is left, so Undo restores everything exactly as it was. The focus then goes
 * back to a sensible place: after Undo, the restored row's Delete button; after the window closes
 * with the focus in the toast, the Delete button of the row that followed, or `heading` when there
 * is none. The toast names the row by its button's `data-<labelName>`. `onChange` runs when rows
 * are hidden or shown again, `refresh` after a delete. Returns the keys whose delete is waiting.
 */
export function deleteWithUndo({ results, rowSelector, keyName, labelName, urlOf, heading, onChange = () => {}, refresh }) {
  const pending = new Map();
  const rowOf = (key) => (key == null ? null : results.querySelector(`${rowSelector}[data-${keyName}="${CSS.escape(key)}"]`));
  const deleteButtonOf = (row) => (row && !row.classList.contains('pending') ? row.querySelector('.delete-form button') : null);

  async function deleteNow(key) {
    pending.delete(key);
    try {
      const response = await fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) toast(`Not deleted: ${await errorMessage(response)}`);
    } catch (_) {
      toast('Not deleted: the server cannot be reached. Try again when it is back.');
    }
    refresh();
  }

  results.addEventListener('submit', (event) => {
    const form = event.target.closest('.delete-form');
    if (!form) return;
    event.preventDefault();
    const row = form.closest(rowSelector);
    const key = row.dataset[keyName];
    const label = form.querySelector('button').dataset[labelName];
    let next = row.nextElementSibling;
    while (next && next.classList.contains('pending')) next = next.nextElementSibling;
    const nextKey = next?.dataset[keyName];
    row.classList.add('pending');
    onChange();
    const dismiss = toast(`Deleted “${label}”`, {
      actionLabel: 'Undo',
      onAction: () => {
        pending.delete(key);
        const restored = rowOf(key);
        restored?.classList.remove('pending');
        onChange();
        (deleteButtonOf(restored) ?? heading).focus();
      },
      onTimeout: ({ hadFocus }) => {
        deleteNow(key);
        if (hadFocus) (deleteButtonOf(rowOf(nextKey)) ?? heading).focus();
      },
    });
    pending.set(key, dismiss);
  });

  window.addEventListener('pagehide', () => {
    if (pending.size) noteSentOnLeave();
    for (const [key, dismiss] of pending) {
      dismiss();
      fetch(urlOf(key), { method: 'DELETE', keepalive: true });
    }
    pending.clear();
  });
  return pending;
}

/** A document's page after the document was deleted elsewhere: shows `banner` and disables
 *  every control in `container` (inputs, buttons, sliders), so nothing more is typed into it. */
export function showGone(banner, container) {
  banner.hidden = false;
  for (const control of container.querySelectorAll('input, button, [role="slider"]')) {
    control.setAttribute('disabled', '');
    control.setAttribute('aria-disabled', 'true');
  }
}

/**
 * Delete with undo on a document's own page: submitting `form` marks `container` as deleting and
 * offers Undo in a toast (focus goes back to `focusOnUndo`); when the toast goes, the document at
 * `url` is deleted and the start page opens. Leaving the page while Undo is offered deletes it
 * too, as the list does.
 */
export function deletePageWithUndo({ form, url, container, label, focusOnUndo }) {
  let dismiss = null;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    container.classList.add('deleting');
    const finish = async () => {
      dismiss = null;
      try {
        const response = await fetch(url, { method: 'DELETE' });
        if (response.ok || response.status === 404) { location.assign(at('/')); return; }
        toast(`Not deleted: ${await errorMessage(response)}`);
      } catch (_) {
        toast('Not deleted: the server cannot be reached. Try again when it is back.');
      }
      container.classList.remove('deleting');
    };
    dismiss = toast(`Deleting “${label()}”…`, {
      actionLabel: 'Undo',
      onAction: () => { dismiss = null; container.classList.remove('deleting'); focusOnUndo().focus(); },
      onTimeout: finish,
    });
  });
  window.addEventListener('pagehide', () => {
    if (!dismiss) return;
    dismiss();
    dismiss = null;
    noteSentOnLeave();
    fetch(url, { method: 'DELETE', keepalive: true });
  });
}

/** Files dropped on `element` go to `onFiles(files)` (an array, maybe empty): while something is
 *  dragged over it, the element has the class `dragging`. */
export function dropTarget(element, onFiles) {
  for (const type of ['dragenter', 'dragover']) {
    element.addEventListener(type, (event) => { event.preventDefault(); element.classList.add('dragging'); });
  }
  element.addEventListener('dragleave', () => element.classList.remove('dragging'));
  element.addEventListener('drop', (event) => {
    event.preventDefault();
    element.classList.remove('dragging');
    onFiles([...(event.dataTransfer?.files ?? [])]);
  });
}

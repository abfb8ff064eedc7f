// The detail page: the title saved as you type, the star rating, the photo (pick or drop, with
// progress and a preview), delete with undo, and changes made elsewhere followed live without
// touching what is being typed. Without this script the page's plain forms do the same.
import { debounce, errorMessage, followChanges, toast } from '/assets/common/common.js';
import { ratingSlider } from './rating.js';
import { photoUploader } from '/assets/common/upload.js';

const detail = document.getElementById('detail');
const id = detail.dataset.id;
const path = `/api/creatures/${id}`;
let version = detail.dataset.version;

const titleInput = document.getElementById('title');
const saveState = document.getElementById('save-state');
const ratingState = document.getElementById('rating-state');
const conflict = document.getElementById('conflict');
const heading = document.getElementById('detail-heading');
const gone = document.getElementById('gone');

/** What the person changed and the server has not stored yet. */
const unsaved = {};
let saving = false;
/** The title a PATCH in flight is storing. */
let sendingTitle = null;
let retryTimer = null;
/** The title and rating as the server has them. */
// As rendered: what was typed before this script ran is an edit to save, not the saved title.
let savedTitle = titleInput.defaultValue;
let savedRating = Number(document.getElementById('rating').getAttribute('aria-valuenow')) || 0;

function showState(element, text, kind) {
  element.textContent = text;
  element.classList.toggle('saved', kind === 'saved');
  element.classList.toggle('failed', kind === 'failed');
}

function showTitle(title) {
  savedTitle = title;
  heading.textContent = title;
  document.title = `${title} — Scary Creatures`;
}

/** Sends what is unsaved as one PATCH with If-Match, one at a time. */
async function save() {
  if (saving || !Object.keys(unsaved).length || !conflict.hidden) return;
  saving = true;
  clearTimeout(retryTimer);
  retryTimer = null;
  const change = { ...unsaved };
  for (const key of Object.keys(change)) delete unsaved[key];
  const states = [];
  sendingTitle = 'title' in change ? change.title.trim() : null;
  if ('title' in change) { states.push(saveState); showState(saveState, 'Saving…'); }
  if ('rating' in change) { states.push(ratingState); showState(ratingState, 'Saving…'); }
  try {
    const response = await fetch(path, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
      body: JSON.stringify(change),
      keepalive: true, // a change made just before leaving the page still arrives
    });
    if (response.ok) {
      const creature = await response.json();
      version = creature.version;
      if ('title' in change) showTitle(creature.title);
      savedRating = creature.rating ?? 0;
      for (const element of states) showState(element, 'Saved', 'saved');
    } else if (response.status === 412) {
      // Changed elsewhere first. If that change left the fields being saved as they were, save
      // again on top of it; if it changed one of them too, the person decides.
      Object.assign(unsaved, change, { ...unsaved });
      const current = await fetch(path).then((r) => (r.ok ? r.json() : null)).catch(() => null);
      const untouched = current
        && (!('title' in change) || current.title === savedTitle)
        && (!('rating' in change) || (current.rating ?? 0) === savedRating);
      if (untouched) {
        version = current.version;
        retryTimer = null;
      } else {
        for (const element of states) showState(element, 'Not saved: this creature was changed elsewhere.', 'failed');
        conflict.hidden = false;
      }
    } else if (response.status === 404) {
      creatureGone();
    } else {
      const message = await errorMessage(response);
      for (const element of states) showState(element, `Not saved: ${message}`, 'failed');
    }
  } catch (_) {
    // The network is gone: keep the change and try again until it goes through.
    Object.assign(unsaved, change, { ...unsaved });
    for (const element of states) showState(element, 'Not saved: cannot reach the server. Retrying…', 'failed');
    retryTimer = setTimeout(save, 3000);
  } finally {
    saving = false;
    sendingTitle = null;
  }
  if (Object.keys(unsaved).length && conflict.hidden && !retryTimer) save();
}

// Change the title: saved 600 ms after the last key.
const saveTitleSoon = debounce(() => { unsaved.title = titleInput.value; save(); }, 600);
titleInput.addEventListener('input', () => { showState(saveState, 'Editing…'); saveTitleSoon(); });
// Typed while the page was still loading, before the listener above existed.
if (titleInput.value !== titleInput.defaultValue) { showState(saveState, 'Editing…'); saveTitleSoon(); }
document.getElementById('title-form').addEventListener('submit', (event) => {
  event.preventDefault();
  saveTitleSoon.cancel();
  unsaved.title = titleInput.value;
  save();
});

// The rating: saved a moment after the last step, so holding an arrow key sends one change.
const rateSoon = debounce((value) => { unsaved.rating = value; save(); }, 300);
const slider = ratingSlider(document.getElementById('rating'), (value) => { showState(ratingState, 'Editing…'); rateSoon(value); });

// Leaving the page sends what is waiting at once.
window.addEventListener('pagehide', () => { saveTitleSoon.flush(); rateSoon.flush(); });

/** Loads the creature as the server has it; the title only if the person is not editing it. */
async function reload({ force = false, photoChanged = false } = {}) {
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    if (response.status === 404) { creatureGone(); return; }
    if (!response.ok) return;
    const creature = await response.json();
    version = creature.version;
    // The title the person is typing is never replaced; a change of it made elsewhere
    // meanwhile is a conflict they settle.
    const dirty = titleInput.value.trim() !== savedTitle || 'title' in unsaved;
    if (force || !dirty) {
      titleInput.value = creature.title;
      showTitle(creature.title);
    } else if (creature.title !== savedTitle && creature.title !== sendingTitle) {
      showState(saveState, 'Not saved: the title was changed elsewhere.', 'failed');
      conflict.hidden = false;
    }
    savedRating = creature.rating ?? 0;
    if (force || !('rating' in unsaved)) slider.set(savedRating);
    if (photoChanged) photo.follow(creature.hasPhoto);
  } catch (_) {
    // Shown by the connection status; the reconnection reloads.
  }
}

document.getElementById('reload-button').addEventListener('click', async () => {
  for (const key of Object.keys(unsaved)) delete unsaved[key];
  conflict.hidden = true;
  await reload({ force: true });
  showState(saveState, 'Loaded the version saved elsewhere.', 'saved');
  showState(ratingState, '');
  titleInput.focus();
});

function creatureGone() {
  gone.hidden = false;
  for (const control of detail.querySelectorAll('input, button, [role="slider"]')) {
    control.setAttribute('disabled', '');
    control.setAttribute('aria-disabled', 'true');
  }
}

// The photo.
const photo = photoUploader({
  photoURL: `${path}/photo`,
  describe: () => `Photo of ${titleInput.value}`,
  maxBytes: Number(detail.dataset.maxBytes),
  onStored: (creature) => { version = creature.version; },
});

// Delete with undo: the creature is deleted when the undo window closes, then the list opens.
document.getElementById('delete-form').addEventListener('submit', (event) => {
  event.preventDefault();
  detail.classList.add('deleting');
  const finish = async () => {
    try {
      const response = await fetch(path, { method: 'DELETE' });
      if (response.ok || response.status === 404) { location.assign('/'); return; }
      toast(`Not deleted: ${await errorMessage(response)}`);
    } catch (_) {
      toast('Not deleted: cannot reach the server.');
    }
    detail.classList.remove('deleting');
  };
  toast(`Deleting “${savedTitle}”…`, {
    actionLabel: 'Undo',
    onAction: () => { detail.classList.remove('deleting'); titleInput.focus(); },
    onTimeout: finish,
  });
});

// Changes from elsewhere.
followChanges((kind, data) => {
  if (String(data.id) !== id) return;
  if (kind === 'deleted') creatureGone();
  else if (kind === 'photo') reload({ photoChanged: true });
  else if (data.version !== version) reload();
}, () => reload({ photoChanged: true }));


// An item's page: every field saved as you type (one PATCH at a time, with If-Match), with a
// saving / saved / failed state per field and an offer to load the other version after a
// conflict; the photo by picker or drop; delete with undo; changes made elsewhere followed live
// without touching the field being typed in. Without this script the page's plain forms do the same.
import { debounce, errorMessage, followChanges, toast } from '/assets/common/common.js';
import { photoUploader } from '/assets/common/upload.js';

const article = document.getElementById('item');
const key = article.dataset.key;
const path = `/api/items/${encodeURIComponent(key)}`;
const heading = document.getElementById('item-heading');
const conflict = document.getElementById('conflict');
const gone = document.getElementById('gone');
const fields = ['name', 'serialNumber', 'valueInDollars'];
const inputs = Object.fromEntries(fields.map((field) => [field, document.getElementById(field)]));
const states = Object.fromEntries(fields.map((field) => [field, document.getElementById(`${field}-state`)]));

/** The entity tag of the item as this page last saw it (sent as If-Match). */
let tag = null;
/** The fields as the server has them (as rendered: what was typed before this script ran is an edit). */
const saved = Object.fromEntries(fields.map((field) => [field, inputs[field].defaultValue]));
/** What the person changed and the server has not stored yet. */
const unsaved = {};
/** The fields a PATCH in flight is storing. */
let sending = {};
let saving = false;
let retryTimer = null;

function showState(field, text, kind) {
  const element = states[field];
  element.textContent = text;
  element.classList.toggle('saved', kind === 'saved');
  element.classList.toggle('failed', kind === 'failed');
}

/** The input's text as the API value: a trimmed string, or whole dollars (null when it is not). */
function parse(field, text) {
  if (field !== 'valueInDollars') return text.trim();
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,13}$/.test(plain)) return null;
  const value = Number(plain);
  return value <= 1_000_000_000 ? value : null;
}

/** The item's fields as the inputs show them. */
const shown = (item, field) => String(item[field] ?? '');

function tagOf(response, item) {
  return response.headers.get('ETag') ?? (item && item.version != null ? `"${item.version}"` : null);
}

function showItem(item) {
  heading.textContent = item.name;
  document.title = `${item.name} — Homepwner`;
}

/** Sends what is unsaved as one PATCH with If-Match, one at a time. */
async function save() {
  if (saving || !Object.keys(unsaved).length || !conflict.hidden) return;
  if (tag === null) { await reload(); if (tag === null) return; }
  saving = true;
  clearTimeout(retryTimer);
  retryTimer = null;
  const change = { ...unsaved };
  for (const field of Object.keys(change)) delete unsaved[field];
  sending = change;
  for (const field of Object.keys(change)) showState(field, 'Saving…');
  try {
    const response = await fetch(path, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'If-Match': tag },
      body: JSON.stringify(change),
      keepalive: true, // a change made just before leaving the page still arrives
    });
    if (response.ok) {
      const item = await response.json();
      tag = tagOf(response, item);
      for (const field of Object.keys(change)) { saved[field] = shown(item, field); showState(field, 'Saved', 'saved'); }
      showItem(item);
    } else if (response.status === 412) {
      // Changed elsewhere first. If that change left these fields as they were, save again on
      // top of it; if it changed one of them too, the person decides.
      Object.assign(unsaved, change, { ...unsaved });
      const current = await fetch(path);
      const item = current.ok ? await current.json() : null;
      const untouched = item && Object.keys(change).every((field) => shown(item, field) === saved[field]);
      if (untouched) {
        tag = tagOf(current, item);
      } else {
        for (const field of Object.keys(change)) showState(field, 'Not saved: this item was changed elsewhere.', 'failed');
        conflict.hidden = false;
      }
    } else if (response.status === 404) {
      itemGone();
    } else {
      const message = await errorMessage(response);
      for (const field of Object.keys(change)) showState(field, `Not saved: ${message}`, 'failed');
    }
  } catch (_) {
    // The network is gone: keep the change and try again until it goes through.
    Object.assign(unsaved, change, { ...unsaved });
    for (const field of Object.keys(change)) showState(field, 'Not saved: cannot reach the server. Retrying…', 'failed');
    retryTimer = setTimeout(save, 3000);
  } finally {
    saving = false;
    sending = {};
  }
  if (Object.keys(unsaved).length && conflict.hidden && !retryTimer) save();
}

// Each field is saved 600 ms after its last key; a value that is not whole dollars is explained
// here and not sent.
const soon = {};
for (const field of fields) {
  soon[field] = debounce(() => {
    const value = parse(field, inputs[field].value);
    if (value === null) {
      showState(field, 'Not saved: a value must be a whole number of dollars from 0 to 1,000,000,000.', 'failed');
      return;
    }
    unsaved[field] = value;
    save();
  }, 600);
  inputs[field].addEventListener('input', () => { showState(field, 'Editing…'); soon[field](); });
  // Typed while the page was still loading, before this listener existed.
  if (inputs[field].value !== inputs[field].defaultValue) { showState(field, 'Editing…'); soon[field](); }
}
document.getElementById('fields-form').addEventListener('submit', (event) => {
  event.preventDefault();
  for (const field of fields) soon[field].flush();
});
window.addEventListener('pagehide', () => { for (const field of fields) soon[field].flush(); });

/** Whether the person has typed in `field` something the server does not have yet. */
function dirty(field) {
  return field in unsaved || field in sending || inputs[field].value.trim() !== saved[field].trim();
}

/** Loads the item as the server has it; a field only if the person is not editing it. */
async function reload({ force = false, photoChanged = false } = {}) {
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    if (response.status === 404) { itemGone(); return; }
    if (!response.ok) return;
    const item = await response.json();
    tag = tagOf(response, item);
    for (const field of fields) {
      const value = shown(item, field);
      if (force || !dirty(field)) {
        inputs[field].value = value;
        saved[field] = value;
      } else if (value !== saved[field] && !(field in sending)) {
        showState(field, `Not saved: the ${field === 'valueInDollars' ? 'value' : field === 'serialNumber' ? 'serial number' : 'name'} was changed elsewhere.`, 'failed');
        conflict.hidden = false;
      }
    }
    if (force || !dirty('name')) showItem(item);
    if (photoChanged) photo.follow(item.hasPhoto);
  } catch (_) {
    // Shown by the connection status; the reconnection reloads.
  }
}

document.getElementById('reload-button').addEventListener('click', async () => {
  for (const field of Object.keys(unsaved)) delete unsaved[field];
  conflict.hidden = true;
  await reload({ force: true });
  for (const field of fields) showState(field, '');
  showState('name', 'Loaded the version saved elsewhere.', 'saved');
  inputs.name.focus();
});

function itemGone() {
  gone.hidden = false;
  for (const control of article.querySelectorAll('input, button')) {
    control.setAttribute('disabled', '');
    control.setAttribute('aria-disabled', 'true');
  }
}

// The photo (WebSupport's shared uploader).
const photo = photoUploader({
  photoURL: `${path}/photo`,
  maxBytes: Number(article.dataset.maxBytes),
  describe: () => `Photo of ${inputs.name.value}`,
  onStored: (item) => { if (item && item.version != null) tag = `"${item.version}"`; },
});

// Delete with undo: the item is deleted when the undo window closes, then the inventory opens.
document.getElementById('delete-form').addEventListener('submit', (event) => {
  event.preventDefault();
  article.classList.add('deleting');
  const finish = async () => {
    try {
      const response = await fetch(path, { method: 'DELETE' });
      if (response.ok || response.status === 404) { location.assign('/'); return; }
      toast(`Not deleted: ${await errorMessage(response)}`);
    } catch (_) {
      toast('Not deleted: cannot reach the server.');
    }
    article.classList.remove('deleting');
  };
  toast(`Deleting “${saved.name}”…`, {
    actionLabel: 'Undo',
    onAction: () => { article.classList.remove('deleting'); inputs.name.focus(); },
    onTimeout: finish,
  });
});

// Changes from elsewhere.
followChanges((kind, data) => {
  const changed = data.itemKey ?? data.key ?? data.id;
  if (changed !== undefined && String(changed) !== key) return;
  if (kind === 'deleted') itemGone();
  else reload({ photoChanged: kind === 'photo' || kind === 'created' });
}, () => reload({ photoChanged: true }));

reload();

// An item's page: every field saved as you type (WebSupport's shared autosave: one PATCH at a
// time with If-Match, a saving / saved / failed state per field, sent at once when the page is
// left, a conflict settled by keeping mine or loading theirs); the photo by picker or drop;
// delete with undo; changes made elsewhere (attachments included) followed live without touching
// the field being typed in. Without this script the page's plain forms do the same.
import { at, deletePageWithUndo, followChanges, pageRefresher, showGone } from './common/common.js';
import { autosave } from './common/autosave.js';
import { photoUploader } from './common/upload.js';

const article = document.getElementById('item');
const key = article.dataset.key;
const path = at(`/api/items/${encodeURIComponent(key)}`);
const heading = document.getElementById('item-heading');
const gone = document.getElementById('gone');

/** A value in whole dollars as typed ("$1,200"), or null when it is not one from 0 to 10⁹. */
function dollars(text) {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,13}$/.test(plain)) return null;
  const value = Number(plain);
  return value <= 1_000_000_000 ? value : null;
}

/** One text field: its input, its state line, its value as sent. */
function field(name, label, { read = (text) => text.trim(), problem, describe, encode } = {}) {
  const input = document.getElementById(name);
  return {
    control: input,
    state: document.getElementById(`${name}-state`),
    label,
    // As rendered: what was typed before this script ran is an edit to save.
    initial: read(input.defaultValue),
    read: () => read(input.value),
    problem,
    describe,
    encode,
    from: (item) => item[name] ?? '',
    show: (value) => { input.value = String(value); },
  };
}

/** A quantity as typed: an empty field is 1 (what no quantity means); null when it is not one. */
function quantity(text) {
  const plain = text.trim();
  if (plain === '') return 1;
  if (!/^\d{1,7}$/.test(plain)) return null;
  const value = Number(plain);
  return value >= 1 && value <= 1_000_000 ? value : null;
}

/** Labels as typed, separated by commas: each trimmed, empty ones dropped, joined by ", ". */
function labels(text) {
  return text.split(',').map((label) => label.trim()).filter(Boolean).join(', ');
}

/** The details' fields (the API clears a price by naming it in `clear`). */
const detailFields = {
  location: field('location', 'location'),
  labels: field('labels', 'labels', {
    read: labels,
    encode: (value) => ({ labels: value === '' ? [] : value.split(', ') }),
  }),
  quantity: field('quantity', 'quantity', {
    read: quantity,
    problem: (value) => (value === null ? 'a quantity must be a whole number from 1 to 1,000,000.' : null),
  }),
  pricePaid: field('pricePaid', 'price paid', {
    read: (text) => (text.trim() === '' ? '' : dollars(text)),
    problem: (value) => (value === null ? 'a price paid must be a whole number of dollars from 0 to 1,000,000,000.' : null),
    encode: (value) => (value === '' ? { clear: ['pricePaid'] } : { pricePaid: value }),
  }),
  purchaseDate: field('purchaseDate', 'purchase date'),
  warrantyEnds: field('warrantyEnds', 'warranty end'),
  purchasedFrom: field('purchasedFrom', 'place of purchase'),
  modelName: field('modelName', 'model'),
  manufacturer: field('manufacturer', 'manufacturer'),
  warrantyNotes: field('warrantyNotes', 'warranty notes'),
  notes: field('notes', 'notes'),
};
detailFields.labels.from = (item) => (item.labels ?? []).join(', ');
detailFields.quantity.from = (item) => item.quantity ?? 1;

const editor = autosave({
  path,
  // The version the page was made from: an edit sent as the page is left, even before the
  // first re-read has answered, is checked against it.
  tag: `"${article.dataset.version}"`,
  noun: 'item',
  notice: document.getElementById('conflict'),
  fields: {
    name: field('name', 'name', { problem: (name) => (name ? null : 'A name cannot be empty.') }),
    serialNumber: field('serialNumber', 'serial number'),
    valueInDollars: field('valueInDollars', 'value', {
      read: dollars,
      problem: (value) => (value === null ? 'a value must be a whole number of dollars from 0 to 1,000,000,000.' : null),
      describe: (value) => `$${Number(value).toLocaleString('en-US')}`,
    }),
    ...detailFields,
  },
  onResource(item, { photoChanged, resync }) {
    heading.textContent = item.name;
    // The version covers the maintenance log: a new version may be an entry added or removed
    // elsewhere (another tab, the command line, another server).
    if (item.version !== shownVersion) {
      shownVersion = item.version;
      refreshMaintenance();
      refreshCustomFields();
    }
    showTotal(item);
    document.title = `${item.name} — Homepwner`;
    // An item's version does not cover its photo: after a gap in the stream, look again.
    if (photoChanged || (resync && resync !== 'connected')) photo.follow(item.hasPhoto);
  },
  onGone: itemGone,
});

document.getElementById('fields-form').addEventListener('submit', (event) => {
  event.preventDefault();
  editor.flush();
});

/** The value of all of the item (value times quantity), shown while its quantity is not one. */
function showTotal(item) {
  const total = document.getElementById('total-value');
  if (!total) return;  // a read-only page
  const quantity = item.quantity ?? 1;
  const amount = Number(item.totalValueInDollars);
  const text = `Total for ${quantity.toLocaleString('en-US')}: ${amount < 0 ? '-' : ''}$${Math.abs(amount).toLocaleString('en-US')}`;
  if (total.textContent !== text) total.textContent = text;
  total.hidden = quantity === 1;
}

function itemGone() {
  showGone(gone, article);
}

// The photo (WebSupport's shared uploader).
const photo = photoUploader({
  photoURL: `${path}/photo`,
  maxBytes: Number(article.dataset.maxBytes),
  describe: () => `Photo of ${document.getElementById('name').value}`,
  onStored: (item) => editor.adopt(item),
});

// Delete with undo: the item is deleted when the undo window closes, then the inventory opens.
deletePageWithUndo({
  form: document.getElementById('delete-form'), url: path, container: article,
  label: () => heading.textContent, focusOnUndo: () => document.getElementById('name'),
});

// The maintenance log as the server renders it now (the add form, with what is typed in it,
// stays as it is; each Remove button carries the version it was rendered for).
let shownVersion = article.dataset.version;
const maintenanceEntries = document.getElementById('maintenance-entries');
const refreshMaintenance = maintenanceEntries ? pageRefresher(maintenanceEntries, '.maintenance-row', 'number', () => {}) : () => {};

// The item's own fields as the server renders them now (the form that sets one, with what is
// typed in it, stays as it is).
const customFieldRows = document.getElementById('custom-field-rows');
const refreshCustomFields = customFieldRows ? pageRefresher(customFieldRows, '.custom-field-row', 'name', () => {}) : () => {};

// The list of attachments as the server renders it now, when files were attached or removed
// elsewhere (the upload form, with any file chosen in it, stays as it is).
const refreshAttachments = pageRefresher(document.getElementById('attachment-files'), '.attachment-row', 'name', () => {});

// All the photos as the server renders them now, when one was added, replaced or removed here
// (the first photo's uploader) or elsewhere (the add form, with any files chosen in it, stays).
const photoGallery = document.getElementById('photo-gallery');
const refreshPhotos = photoGallery ? pageRefresher(photoGallery, '.photo-tile', 'name', () => {}) : () => {};

// Changes from elsewhere, and the item as the server has it whenever the stream connects.
followChanges((kind, data) => {
  const changed = data.itemKey ?? data.key ?? data.id;
  if (changed !== undefined && String(changed) !== key) return;
  if (kind === 'deleted') itemGone();
  else if (kind === 'attachments') refreshAttachments();
  else editor.reload({ photoChanged: kind === 'photo' || kind === 'created' });
  if (kind === 'photo') refreshPhotos();
}, (reason) => {
  editor.reload({ resync: reason });
  if (reason !== 'connected') {
    refreshAttachments();
    refreshPhotos();
  }
}, { alsoKinds: ['attachments'] });
editor.reload();

// The inventory: search as you type, filter, sort and page without a reload, delete with undo,
// follow changes made elsewhere (another tab, the CLI) without touching what is typed in the add
// form, and date the printed copy. Without this script the page's forms and links do the same
// through plain requests.
import { at, debounce, deleteWithUndo, followChanges, pageRefresher, requireText } from './common/common.js';

const results = document.getElementById('results');
const findForm = document.getElementById('find-form');
const search = document.getElementById('q');
const locationMenu = document.getElementById('location');
const labelMenu = document.getElementById('label');
const sort = document.getElementById('sort');
const archivedMenu = document.getElementById('archived');

/** The URL of what the form asks for, from its first page. */
function listURL() {
  const params = new URLSearchParams();
  if (search.value.trim()) params.set('q', search.value);
  // The menu's "No location" (`>`, which no location is) is `noLocation=1` in the URL.
  if (locationMenu.value === '>') params.set('noLocation', '1');
  else if (locationMenu.value) params.set('location', locationMenu.value);
  if (labelMenu.value) params.set('label', labelMenu.value);
  if (archivedMenu.value) params.set('archived', archivedMenu.value);
  if (sort.value && sort.value !== 'date') params.set('sort', sort.value);
  return at(params.toString() ? `/?${params}` : '/');
}

/** Fetches the list as the server renders it now and swaps it in, keeping the focus. */
const refresh = pageRefresher(results, '.item-row', 'key', markPending);

/** Hides rows waiting for their delete, and leaves their values out of the total shown. */
function markPending() {
  for (const key of pending.keys()) {
    results.querySelector(`.item-row[data-key="${CSS.escape(key)}"]`)?.classList.add('pending');
  }
  showTotal();
}

/** The total of the matches as the server counted them, less the rows waiting for their delete. */
function showTotal() {
  const total = document.getElementById('total');
  const table = document.getElementById('items');
  if (!total || !table) return;
  let sum = Number(table.dataset.total) || 0;
  for (const row of results.querySelectorAll('.item-row.pending')) sum -= Number(row.dataset.value) || 0;
  total.textContent = `$${sum.toLocaleString('en-US')}`;
}

/** Shows what the form asks for, in place of the page's URL (no new history entry). */
function showForm() { history.replaceState(null, '', listURL()); refresh(); }
search.addEventListener('input', debounce(showForm, 200));
for (const menu of [locationMenu, labelMenu, archivedMenu, sort]) menu.addEventListener('change', showForm);
findForm.addEventListener('submit', (event) => { event.preventDefault(); showForm(); });

// The links to other pages: the next page in place, as a new history entry, the heading focused
// so that a screen reader starts at the top of the new page.
results.addEventListener('click', (event) => {
  const link = event.target.closest?.('a.page-link');
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  history.pushState(null, '', link.getAttribute('href'));
  refresh().then(() => document.getElementById('list-heading').focus());
});
window.addEventListener('popstate', () => refresh());

// Delete with undo (the shared common.js): the item is deleted when the undo window closes.
const pending = deleteWithUndo({
  results, rowSelector: '.item-row', keyName: 'key', labelName: 'name', heading: document.getElementById('list-heading'),
  urlOf: (key) => at(`/api/items/${encodeURIComponent(key)}`), onChange: showTotal, refresh: () => refresh(),
});

// Add: a name of only spaces is refused here, before anything is sent (no form on a damaged inventory).
const addForm = document.getElementById('add-form');
if (addForm) requireText(addForm, document.getElementById('new-name'), 'A name cannot be empty.');

// The printed copy says the day it was printed, not the day the page was loaded.
window.addEventListener('beforeprint', () => {
  const printedOn = document.getElementById('printed-on');
  const now = new Date();
  printedOn.dateTime = now.toISOString();
  printedOn.textContent = now.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
});

// Changes from elsewhere: the table as the server has it now, a moment after the last change,
// and again after a gap in the stream.
const refreshSoon = debounce(refresh, 150);
// On the first connection only when the page before sent changes as it was left: the list may
// be long, and it was rendered a moment ago.
followChanges(() => refreshSoon(), (reason) => { if (reason !== 'connected') refresh(); });

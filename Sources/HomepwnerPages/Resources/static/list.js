// The inventory: sort without a reload, delete with undo, follow changes made elsewhere (another
// tab, the CLI) without touching what is typed in the add form, and date the printed copy.
// Without this script the page's forms do the same through plain requests.
import { debounce, deleteWithUndo, followChanges, pageRefresher, requireText } from '/assets/common/common.js';

const results = document.getElementById('results');
const sortForm = document.getElementById('sort-form');
const sort = document.getElementById('sort');

function listURL() {
  const params = new URLSearchParams(location.search);
  params.delete('order');
  if (sort.value && sort.value !== 'date') params.set('sort', sort.value); else params.delete('sort');
  return params.toString() ? `/?${params}` : '/';
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

function showTotal() {
  const total = document.getElementById('total');
  if (!total) return;
  let sum = 0;
  for (const row of results.querySelectorAll('.item-row:not(.pending)')) sum += Number(row.dataset.value) || 0;
  total.textContent = `$${sum.toLocaleString('en-US')}`;
}

sort.addEventListener('change', () => { history.replaceState(null, '', listURL()); refresh(); });
sortForm.addEventListener('submit', (event) => { event.preventDefault(); history.replaceState(null, '', listURL()); refresh(); });

// Delete with undo (the shared common.js): the item is deleted when the undo window closes.
const pending = deleteWithUndo({
  results, rowSelector: '.item-row', keyName: 'key', labelName: 'name', heading: document.getElementById('list-heading'),
  urlOf: (key) => `/api/items/${encodeURIComponent(key)}`, onChange: showTotal, refresh: () => refresh(),
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

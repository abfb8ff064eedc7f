// The list page: filter and sort as you type, delete with undo, import by picking or dropping
// zips, and follow changes made elsewhere. Without this script the page's forms do the same
// through plain requests.
import { at, debounce, deleteWithUndo, dropTarget, errorMessage, followChanges, pageRefresher, requireText } from './common/common.js';

const filterForm = document.getElementById('filter-form');
const results = document.getElementById('results');
const query = document.getElementById('q');
const sort = document.getElementById('sort');

function listURL() {
  const params = new URLSearchParams(location.search);
  const text = query.value.trim();
  if (text) params.set('q', text); else params.delete('q');
  if (sort.value && sort.value !== 'id') params.set('sort', sort.value); else params.delete('sort');
  params.delete('order');
  return at(params.toString() ? `/?${params}` : '/');
}

/** Fetches the list as the server renders it now and swaps it in, keeping the focus. */
const refresh = pageRefresher(results, '.creature-row', 'id', markPending);

function markPending() {
  for (const id of pending.keys()) {
    results.querySelector(`.creature-row[data-id="${id}"]`)?.classList.add('pending');
  }
}

const applyFilter = debounce(() => {
  history.replaceState(null, '', listURL());
  refresh();
}, 250);
query.addEventListener('input', applyFilter);
sort.addEventListener('change', () => { applyFilter(); });
filterForm.addEventListener('submit', (event) => { event.preventDefault(); applyFilter(); });

// Delete with undo (the shared common.js): the creature is deleted when the undo window closes.
const pending = deleteWithUndo({
  results, rowSelector: '.creature-row', keyName: 'id', labelName: 'title', heading: document.getElementById('list-heading'),
  urlOf: (id) => at(`/api/creatures/${id}`), refresh: () => refresh(),
});

// Add: a title of only spaces is refused here, before anything is sent. (A viewer's page has no
// add or import form.)
const addForm = document.getElementById('add-form');
if (addForm) requireText(addForm, document.getElementById('new-title'), 'A title cannot be empty.');

// Import: each file is sent to the API; the summary lists what came in and what was skipped.
const importForm = document.getElementById('import-form');
const importInput = document.getElementById('import-files');
const importResult = document.getElementById('import-result');

async function importFiles(files) {
  if (!files.length) return;
  importResult.textContent = `Importing ${files.length === 1 ? files[0].name : files.length + ' files'}…`;
  const imported = [];
  const skipped = [];
  for (const file of files) {
    try {
      const response = await fetch(at('/api/imports'), { method: 'POST', headers: { 'Content-Type': 'application/zip' }, body: file });
      if (!response.ok) { skipped.push(`${file.name}: ${await errorMessage(response)}`); continue; }
      const summary = await response.json();
      for (const item of summary.imported) imported.push({ id: item.id, text: `“${item.title}” from ${file.name}` });
      for (const item of summary.skipped) skipped.push(`${item.source} in ${file.name}: ${item.reason}`);
    } catch (_) {
      skipped.push(`${file.name}: the server cannot be reached. Try again when it is back.`);
    }
  }
  importResult.replaceChildren();
  const heading = document.createElement('p');
  heading.textContent = `Imported ${imported.length}, skipped ${skipped.length}.`;
  importResult.append(heading);
  if (imported.length) {
    const list = document.createElement('ul');
    for (const item of imported) {
      const li = document.createElement('li');
      const link = document.createElement('a');
      link.href = at(`/creatures/${item.id}`);
      link.textContent = item.text;
      li.append(link);
      list.append(li);
    }
    importResult.append(list);
  }
  if (skipped.length) {
    const list = document.createElement('ul');
    list.className = 'skipped';
    for (const text of skipped) {
      const li = document.createElement('li');
      li.textContent = text;
      list.append(li);
    }
    importResult.append(list);
  }
  importInput.value = '';
  refresh();
}

if (importForm) {
  importInput.addEventListener('change', () => importFiles([...importInput.files]));
  importForm.addEventListener('submit', (event) => { event.preventDefault(); importFiles([...importInput.files]); });
  dropTarget(importForm, importFiles);
}

// Changes from elsewhere: the list as the server has it now, a moment after the last change, and
// again after a gap in the stream.
const refreshSoon = debounce(refresh, 150);
// On the first connection only when the page before sent changes as it was left: the list may
// be long, and it was rendered a moment ago.
followChanges(() => refreshSoon(), (reason) => { if (reason !== 'connected') refresh(); });

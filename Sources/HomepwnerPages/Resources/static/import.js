// The import page: the CSV file's preview, and the Import everything form. The zip is sent as it is to `POST /api/import`,
// which streams it to disk as it arrives, so it may be far larger than the pages' upload limit;
// the upload's progress is shown, then the answer in place, in the markup the page without
// JavaScript shows (the `move-in-result` template: the summary sentence the server wrote, and
// the files left out). Without JavaScript the form posts to `/import-everything` instead.
import { at, errorMessage } from './common/common.js';

// Choosing a CSV file shows its preview at once (the form posts as Preview would; the button
// stays for a file chosen again, and for pages without JavaScript).
const csvForm = document.getElementById('import-form');
const csvFile = document.getElementById('import-file');
if (csvForm && csvFile) {
  csvFile.addEventListener('change', () => {
    if (csvFile.files.length > 0) csvForm.requestSubmit();
  });
}

const form = document.getElementById('import-everything-form');
if (form) {
  const input = document.getElementById('import-everything-file');
  const progress = document.getElementById('import-everything-progress');
  const status = document.getElementById('import-everything-status');
  const button = form.querySelector('button[type="submit"]');

  const say = (text, isError = false) => {
    status.textContent = text;
    status.classList.toggle('error', isError);
  };
  const settle = () => {
    progress.hidden = true;
    button.disabled = false;
    input.disabled = false;
  };

  /** Replaces the page's section with what was imported. */
  const show = (fileName, answer) => {
    const result = document.getElementById('move-in-result').content.cloneNode(true);
    result.getElementById('move-in-heading').textContent = `Imported ${fileName}`;
    result.getElementById('import-summary').textContent = answer.summary;
    const table = result.getElementById('skipped-files');
    const rows = table.querySelector('tbody');
    for (const skipped of answer.skipped) {
      const row = rows.insertRow();
      row.className = 'import-row import-refused';
      const name = row.insertCell();
      name.className = 'file-name';
      name.textContent = skipped.name;
      row.insertCell().textContent = skipped.reason;
    }
    table.hidden = answer.skipped.length === 0;
    const section = form.closest('section');
    section.setAttribute('aria-labelledby', 'move-in-heading');
    section.replaceChildren(result);
    document.title = `Imported ${fileName} — Homepwner`;
    document.getElementById('move-in-heading').focus();
  };

  form.addEventListener('submit', (event) => {
    const file = input.files[0];
    if (!file) return; // the browser's own check says a file is needed
    event.preventDefault();
    button.disabled = true;
    input.disabled = true;
    progress.value = 0;
    progress.hidden = false;
    say(`Uploading ${file.name}…`);
    const request = new XMLHttpRequest();
    request.open('POST', at('/api/import'));
    request.setRequestHeader('Content-Type', 'application/zip');
    request.upload.addEventListener('progress', (progressEvent) => {
      if (!progressEvent.lengthComputable) return;
      progress.value = Math.round((progressEvent.loaded / progressEvent.total) * 100);
      if (progressEvent.loaded === progressEvent.total) say(`Importing ${file.name}…`);
    });
    request.addEventListener('load', async () => {
      const response = new Response(request.responseText, { status: request.status });
      if (request.status === 200) {
        show(file.name, await response.json());
        return;
      }
      settle();
      // The server's answer says what happened and what to do, in one sentence.
      say(await errorMessage(response), true);
    });
    request.addEventListener('error', () => {
      settle();
      say('Nothing was imported: the server cannot be reached. Try again when it is back.', true);
    });
    request.send(file);
  });
}

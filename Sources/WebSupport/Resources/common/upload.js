// A photo on a page of either app: pick a file or drop it on the photo; checked here first (HEIC,
// size), then sent with its progress shown over a preview of the file; the server's reason in
// words when it refuses. Remove takes it away. The page names the photo's API URL (`PUT` stores,
// `DELETE` removes, `GET` shows it) and has the elements with the ids used below.
import { dropTarget, errorMessage } from './common.js';

/**
 * Wires the page's photo controls to `photoURL`. `describe()` gives the photo's alt text,
 * `onStored(representation)` is told what the server answered after a change, and `maxBytes` is
 * the largest photo the server takes.
 */
export function photoUploader({ photoURL, maxBytes, onStored, describe }) {
  const drop = document.getElementById('photo-drop');
  const image = document.getElementById('photo');
  const placeholder = document.getElementById('no-photo');
  const input = document.getElementById('photo-file');
  const progress = document.getElementById('upload-progress');
  const message = document.getElementById('photo-message');
  const removeForm = document.getElementById('remove-photo-form');
  const form = document.getElementById('photo-form');
  let previewURL = null;
  let uploading = false;
  /** Counts this page's own photo changes whose event has not come back yet. */
  let ownChanges = 0;

  const say = (text, isError = false) => {
    message.textContent = text;
    message.classList.toggle('error', isError);
  };

  const show = (src) => {
    image.src = src;
    image.hidden = false;
    image.alt = describe();
    placeholder.hidden = true;
    drop.classList.remove('empty');
    removeForm.hidden = false;
  };

  const showNone = () => {
    image.hidden = true;
    image.removeAttribute('src');
    placeholder.hidden = false;
    drop.classList.add('empty');
    removeForm.hidden = true;
  };

  /** Why `file` cannot be a photo, before sending it; null when it may be. */
  const refusal = (file) => {
    if (/^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name)) return 'That file is a HEIC photo; please use JPEG or PNG.';
    if (file.size > maxBytes) return `This photo is larger than ${Math.round(maxBytes / 1_000_000)} MB.`;
    if (file.size === 0) return 'That file is empty.';
    return null;
  };

  const upload = (file) => {
    if (!file || uploading) return;
    const reason = refusal(file);
    if (reason) { say(reason, true); return; }
    uploading = true;
    const before = { src: image.getAttribute('src'), hidden: image.hidden };
    if (previewURL) URL.revokeObjectURL(previewURL);
    previewURL = URL.createObjectURL(file);
    show(previewURL);
    image.classList.add('uploading');
    progress.hidden = false;
    progress.value = 0;
    say(`Uploading ${file.name}…`);
    const body = new FormData();
    body.append('photo', file, file.name);
    const request = new XMLHttpRequest();
    request.open('PUT', photoURL);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
    });
    const done = () => {
      uploading = false;
      progress.hidden = true;
      image.classList.remove('uploading');
      input.value = '';
    };
    const restore = () => {
      if (before.hidden || !before.src) showNone(); else show(before.src);
    };
    request.addEventListener('load', async () => {
      done();
      const response = new Response(request.responseText, { status: request.status });
      if (request.status >= 200 && request.status < 300) {
        const creature = await response.json();
        ownChanges += 1;
        onStored(creature);
        show(`${photoURL}?v=${Date.now()}`);
        say('Photo saved.');
      } else {
        restore();
        // The server's answer says what happened and what to do, in one sentence.
        say(await errorMessage(response), true);
      }
    });
    request.addEventListener('error', () => { done(); restore(); say('The photo was not saved: the server cannot be reached. Try again when it is back.', true); });
    request.send(body);
  };

  input.addEventListener('change', () => upload(input.files[0]));
  form.addEventListener('submit', (event) => { event.preventDefault(); upload(input.files[0]); });
  drop.addEventListener('click', () => input.click());
  dropTarget(drop, (files) => upload(files[0]));

  removeForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const response = await fetch(photoURL, { method: 'DELETE' });
      if (!response.ok) { say(`The photo was not removed: ${await errorMessage(response)}`, true); return; }
      const creature = await response.json();
      ownChanges += 1;
      onStored(creature);
      showNone();
      say('Photo removed.');
      input.focus();
    } catch (_) {
      say('The photo was not removed: the server cannot be reached. Try again when it is back.', true);
    }
  });

  return {
    /** Shows the photo as the server has it after a change made elsewhere. */
    follow(hasPhoto) {
      if (uploading) return;
      if (ownChanges > 0) { ownChanges -= 1; return; }
      if (hasPhoto) show(`${photoURL}?v=${Date.now()}`); else showNone();
    },
  };
}

// The detail page: the title saved as you type (never empty), the star rating (zero by "No
// stars"), the photo (pick or drop, with progress and a preview), delete with undo, and changes
// made elsewhere followed live without touching what is being typed (WebSupport's shared
// autosave). Without this script the page's plain forms do the same.
import { at, deletePageWithUndo, followChanges, showGone } from './common/common.js';
import { autosave } from './common/autosave.js';
import { photoUploader } from './common/upload.js';
import { ratingSlider } from './rating.js';

const detail = document.getElementById('detail');
const id = detail.dataset.id;
const path = at(`/api/creatures/${id}`);
const titleInput = document.getElementById('title');
const heading = document.getElementById('detail-heading');
const gone = document.getElementById('gone');
const stars = (value) => (value === 1 ? '1 star' : `${value} stars`);

function showTitle(title) {
  heading.textContent = title;
  document.title = `${title} — Scary Creatures`;
}

// The rating: saved a moment after the last step, so holding an arrow key sends one change.
const slider = ratingSlider(document.getElementById('rating'), () => editor.edited('rating'), {
  clear: document.getElementById('rating-clear'),
});

const editor = autosave({
  path,
  tag: `"${detail.dataset.version}"`,
  noun: 'creature',
  notice: document.getElementById('conflict'),
  fields: {
    title: {
      control: titleInput,
      state: document.getElementById('save-state'),
      label: 'title',
      // As rendered: what was typed before this script ran is an edit to save.
      initial: titleInput.defaultValue,
      read: () => titleInput.value.trim(),
      problem: (title) => (title ? null : 'A title cannot be empty.'),
      show: (title) => { titleInput.value = title; },
    },
    rating: {
      state: document.getElementById('rating-state'),
      label: 'rating',
      initial: slider.value,
      wait: 300,
      read: () => slider.value,
      from: (creature) => creature.rating ?? 0,
      show: (rating) => slider.set(rating),
      describe: stars,
    },
  },
  onResource(creature, { photoChanged, resync, tagChanged }) {
    showTitle(creature.title);
    // A photo change changes the version too.
    if (photoChanged || (resync && tagChanged)) photo.follow(creature.hasPhoto);
  },
  onGone: creatureGone,
});

document.getElementById('title-form').addEventListener('submit', (event) => {
  event.preventDefault();
  editor.flush();
});

function creatureGone() {
  showGone(gone, detail);
}

// The photo.
const photo = photoUploader({
  photoURL: `${path}/photo`,
  describe: () => `Photo of ${titleInput.value}`,
  maxBytes: Number(detail.dataset.maxBytes),
  onStored: (creature) => editor.adopt(creature),
});

// Delete with undo: the creature is deleted when the undo window closes, then the list opens.
deletePageWithUndo({
  form: document.getElementById('delete-form'), url: path, container: detail,
  label: () => heading.textContent, focusOnUndo: () => titleInput,
});

// Changes from elsewhere, and the creature as the server has it whenever the stream connects.
followChanges((kind, data) => {
  if (String(data.id) !== id) return;
  if (kind === 'deleted') creatureGone();
  else if (kind === 'photo') editor.reload({ photoChanged: true });
  else if (!editor.shows(data.version)) editor.reload();
}, (reason) => editor.reload({ resync: reason }));

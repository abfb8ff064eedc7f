// Autosave for a page that edits one resource of the JSON API (a creature, an item), shared by
// both apps: fields saved as they are typed, sent at once when the page is left, the server's
// state shown whenever the page is shown, and a conflict the person settles in words.
import { debounce, errorMessage, noteSentOnLeave } from './common.js';

/**
 * Saves what a page edits of the API resource at `path` as it is changed, and keeps the page on
 * the server's state. Each field is sent a moment after its last change, in one PATCH at a time
 * with If-Match (`tag`, the ETag the page was rendered from; null: read first), so a change made
 * elsewhere first is never overwritten unseen. What is waiting is sent at once, with
 * `keepalive`, when the page is hidden or left (a reload, a link). `reload(options)` reads the
 * resource again and shows it in every field the person is not editing — never over what they
 * are typing; call it when a change arrives and on every connection of the change stream (a
 * page fetched just before such a save shows the saved text a moment later).
 *
 * When theirs and the person's text differ in a field (a change made elsewhere, or a PATCH
 * answered 412), `notice` (the template's `.conflict` element), moved under the first such
 * field's state, says so, names their value, and
 * offers `.keep-mine` (send the person's text again on top of theirs, with their version as
 * If-Match) and `.load-theirs` (show theirs, drop the person's). A 412 over fields nobody else
 * changed is no conflict: the change is sent again on top of theirs.
 *
 * `fields` maps each field's API name to `{ read(), show(value), initial, state, label, control,
 * problem(value), from(resource), describe(value), wait }`: the value the control holds now, as
 * sent; putting the server's value in the control; the value as rendered; the element saying
 * Editing / Saving / Saved / Not saved; the field in words; the input (listened to, marked
 * `aria-invalid`, focused after a choice — without one the page calls `edited(name)`); why a
 * value cannot be sent (said at once, nothing sent — the server checks too); the field's value
 * in a representation (default `resource[name]`); that value in words; the ms to wait (600);
 * and, optionally, `encode(value)`: the members of the PATCH body that send it (default
 * `{ [name]: value }`).
 * `onResource(resource, options)` runs with every representation the page takes (with
 * `reload`'s options and `tagChanged`), `onGone()` once the resource is deleted.
 */
export function autosave({ path, tag = null, noun, fields, notice, onResource = () => {}, onGone = () => {} }) {
  const names = Object.keys(fields);
  const valueOf = (name, resource) => (fields[name].from ? fields[name].from(resource) : resource[name] ?? '');
  /** The fields as the server has them. */
  const saved = Object.fromEntries(names.map((name) => [name, fields[name].initial]));
  /** Fields changed in the page and not saved since. */
  const editing = new Set();
  /** Values waiting to be sent, and those a PATCH in flight is storing. */
  const unsaved = {};
  let sending = {};
  let saving = false;
  let retryTimer = null;
  let gone = false;
  /** Reads started, the last one shown, and saves answered: an older answer never wins. */
  let reads = 0;
  let shownRead = 0;
  let saves = 0;
  /** The fields the notice is about. */
  let clashed = [];
  const detail = notice.querySelector('.conflict-detail');

  const say = (name, text, kind) => {
    const element = fields[name].state;
    element.textContent = text;
    element.classList.toggle('saved', kind === 'saved');
    element.classList.toggle('failed', kind === 'failed');
  };
  const tagOf = (response, resource) => response?.headers.get('ETag') ?? (resource?.version != null ? `"${resource.version}"` : null);
  const dirty = (name) => editing.has(name) || name in unsaved || name in sending;
  const problemOf = (name, value) => fields[name].problem?.(value) ?? null;
  const inWords = (name, value) => (fields[name].describe ? fields[name].describe(value) : `“${value}”`);
  const focusOn = (name) => fields[name]?.control?.focus();

  /** Takes a field's value to send, unless the page can already say why it would be refused. */
  function queue(name) {
    const value = fields[name].read();
    const problem = problemOf(name, value);
    if (problem) fields[name].control?.setAttribute('aria-invalid', 'true');
    else fields[name].control?.removeAttribute('aria-invalid');
    if (problem) { delete unsaved[name]; say(name, `Not saved: ${problem}`, 'failed'); return; }
    unsaved[name] = value;
    save();
  }
  const soon = Object.fromEntries(names.map((name) => [name, debounce(() => queue(name), fields[name].wait ?? 600)]));

  function edited(name) {
    if (gone) return;
    editing.add(name);
    say(name, 'Editing…');
    soon[name]();
  }

  /** Puts a change that was not stored back in line, behind anything typed since. */
  function restore(change) {
    for (const [name, value] of Object.entries(change)) {
      if (!(name in unsaved) && !problemOf(name, fields[name].read())) unsaved[name] = value;
    }
  }

  /** The resource as the server has it now: `{ response, resource, ticket }`, `{ gone }`, or null. */
  async function read() {
    const ticket = ++reads;
    try {
      const response = await fetch(path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
      if (response.status === 404) return { gone: true };
      if (!response.ok) return null;
      return { response, resource: await response.json(), ticket };
    } catch (_) {
      return null; // the connection status shows it; the reconnection reads again
    }
  }

  /** Shows `current` in every field not being edited (in all with `force`); returns where theirs and the person's text differ. */
  function apply({ response, resource, ticket }, options = {}) {
    shownRead = Math.max(shownRead, ticket);
    const before = tag;
    tag = tagOf(response, resource) ?? tag;
    const clashes = [];
    for (const name of names) {
      const theirs = valueOf(name, resource);
      if (options.force) {
        soon[name].cancel();
        editing.delete(name);
        delete unsaved[name];
        fields[name].control?.removeAttribute('aria-invalid');
      } else if (theirs === saved[name]) {
        continue;
      } else if (dirty(name)) {
        // A save of this field is on its way: its answer says what was stored. What a read
        // shows meanwhile may be that save as the server normalised it (labels deduplicated),
        // never someone else's change slipped in first — that is answered 412.
        if (name in sending) continue;
        if (fields[name].read() !== theirs) { clashes.push(name); continue; }
        delete unsaved[name]; // typed just what they stored
        saved[name] = theirs;
        continue;
      }
      saved[name] = theirs;
      fields[name].show(theirs);
    }
    onResource(resource, { ...options, tagChanged: before !== tag });
    return clashes;
  }

  function conflict(clashes, resource, message) {
    clashed = clashes;
    for (const name of clashes) say(name, message ?? `Not saved: the ${fields[name].label} was changed elsewhere.`, 'failed');
    detail.textContent = clashes.map((name) => `Their ${fields[name].label}: ${inWords(name, valueOf(name, resource))}.`).join(' ');
    // The notice goes where the person is: under the first field it concerns, not at the top of
    // a long page (on a phone the item's details are far below it).
    fields[clashes[0]].state?.insertAdjacentElement('afterend', notice);
    notice.hidden = false;
  }

  function goneNow() {
    gone = true;
    for (const name of names) soon[name].cancel();
    onGone();
  }

  /**
   * The PATCH body of `change`: each field as `{ [name]: value }`, or as its `encode(value)`
   * says (an object of members; arrays that several fields give, such as a list of details to
   * clear, are joined).
   */
  function requestBody(change) {
    const body = {};
    for (const [name, value] of Object.entries(change)) {
      const part = fields[name].encode ? fields[name].encode(value) : { [name]: value };
      for (const [member, given] of Object.entries(part)) {
        body[member] = Array.isArray(given) && Array.isArray(body[member]) ? [...body[member], ...given] : given;
      }
    }
    return body;
  }

  /** Sends what is waiting as one PATCH with If-Match, one at a time; not while the notice asks. */
  async function save() {
    if (saving || gone || !notice.hidden || !Object.keys(unsaved).length) return;
    saving = true;
    if (tag === null) await reload();
    if (tag === null || gone || !notice.hidden) { saving = false; return; }
    clearTimeout(retryTimer);
    retryTimer = null;
    const change = { ...unsaved };
    for (const name of Object.keys(change)) delete unsaved[name];
    sending = change;
    for (const name of Object.keys(change)) say(name, 'Saving…');
    const unreachable = () => {
      restore(change);
      for (const name of Object.keys(change)) say(name, 'Not saved yet: the server cannot be reached. Trying again…', 'failed');
      retryTimer = setTimeout(save, 3000);
    };
    try {
      const response = await fetch(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'If-Match': tag },
        body: JSON.stringify(requestBody(change)),
        keepalive: true, // a change sent as the page is left still arrives
      });
      if (response.ok) {
        const resource = await response.json();
        saves += 1;
        tag = tagOf(response, resource) ?? tag;
        for (const name of Object.keys(change)) {
          saved[name] = valueOf(name, resource);
          if (name in unsaved || fields[name].read() !== change[name]) continue; // typed on meanwhile
          editing.delete(name);
          say(name, 'Saved', 'saved');
        }
        onResource(resource, {});
      } else if (response.status === 412) {
        // Changed elsewhere first: if nobody else changed these fields, send them again on top
        // of that change; if someone did, the person chooses.
        restore(change);
        const current = await read();
        if (!current) unreachable();
        else if (current.gone) goneNow();
        else {
          sending = {};
          const clashes = apply(current);
          if (clashes.length) conflict(clashes, current.resource, `Not saved: this ${noun} was changed elsewhere.`);
        }
      } else if (response.status === 404) {
        goneNow();
      } else {
        const message = await errorMessage(response);
        for (const name of Object.keys(change)) say(name, `Not saved: ${message}`, 'failed');
      }
    } catch (_) {
      unreachable(); // the network is gone: keep the change and try again until it goes through
    } finally {
      saving = false;
      sending = {};
    }
    if (!retryTimer) save();
  }

  /** Reads the resource again and shows it (see above); `options` go to `onResource`. */
  async function reload(options = {}) {
    const savesBefore = saves;
    const current = await read();
    if (!current) return;
    if (current.gone) { goneNow(); return; }
    if (current.ticket < shownRead) return; // a later read is shown already
    if (saves !== savesBefore) { await reload(options); return; } // it may predate this page's own save
    const clashes = apply(current, options);
    if (clashes.length) conflict(clashes, current.resource);
    else if (!options.force) save();
  }

  notice.querySelector('.keep-mine').addEventListener('click', async () => {
    const current = await read();
    if (!current) { say(clashed[0] ?? names[0], 'Not saved: the server cannot be reached. Try again when it is back.', 'failed'); return; }
    if (current.gone) { goneNow(); return; }
    shownRead = Math.max(shownRead, current.ticket);
    tag = tagOf(current.response, current.resource) ?? tag;
    for (const name of names) {
      const theirs = valueOf(name, current.resource);
      saved[name] = theirs;
      if (!dirty(name)) { fields[name].show(theirs); continue; }
      soon[name].cancel();
      const mine = fields[name].read();
      if (!problemOf(name, mine)) unsaved[name] = mine;
    }
    onResource(current.resource, { tagChanged: true });
    notice.hidden = true;
    focusOn(clashed[0] ?? names[0]);
    save();
  });

  notice.querySelector('.load-theirs').addEventListener('click', async () => {
    const current = await read();
    if (!current) { say(clashed[0] ?? names[0], 'Not loaded: the server cannot be reached. Try again when it is back.', 'failed'); return; }
    if (current.gone) { goneNow(); return; }
    apply(current, { force: true });
    notice.hidden = true;
    for (const name of names) say(name, '');
    say(clashed[0] ?? names[0], 'Loaded the version saved elsewhere.', 'saved');
    focusOn(clashed[0] ?? names[0]);
  });

  for (const name of names) {
    const control = fields[name].control;
    if (!control) continue;
    control.addEventListener('input', () => edited(name));
    // Typed while the page was still loading, before this listener existed.
    if ('defaultValue' in control && control.value !== control.defaultValue) edited(name);
  }
  /** Sends what is waiting now (the page is hidden or left, or its form submitted). */
  const flush = () => { for (const name of names) soon[name].flush(); };
  window.addEventListener('pagehide', () => {
    const waiting = names.map((name) => soon[name].flush()).some(Boolean);
    if (waiting || saving) noteSentOnLeave();
  });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });

  return {
    edited,
    flush,
    reload,
    /** Whether the page shows version `version` (an event's) already. */
    shows: (version) => tag === `"${version}"`,
    /** Takes the version of a representation answered to another change (a photo). */
    adopt(resource) { tag = tagOf(null, resource) ?? tag; },
  };
}

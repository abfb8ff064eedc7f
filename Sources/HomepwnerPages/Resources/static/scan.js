// The scan page: where the browser offers BarcodeDetector and a camera, a button starts the
// camera and a label's QR code opens its page; without them (or without JavaScript) the typed
// code is sent to `GET /scan?code=…`, which opens the item it names.
//
// A QR code is only followed to a page of this server: an address of this origin, or a label's
// address on another name of it (printed with --public-url, scanned on the LAN address) taken as a
// path here. Any other code is shown as text and not opened.

const camera = document.getElementById('camera');
const start = document.getElementById('camera-start');
const view = document.getElementById('camera-view');
const status = document.getElementById('camera-status');

// Where a scanned value leads on this server, or null: an address of this origin, an item's or a
// location's address on any name (opened here), or a code as a label prints it (letters, digits
// and dashes, 4 to 64 of them). Paths of this server are under `base` (the layout's `data-base`:
// the path a proxy serves it at).
export function destination(value, origin = location.origin, base = document.documentElement.dataset.base ?? '') {
  const text = String(value).trim();
  if (/^[0-9A-Za-z-]{4,64}$/.test(text)) return `${base}/scan?code=${encodeURIComponent(text)}`;
  try {
    const url = new URL(text);
    if (url.origin === origin) return url.pathname + url.search;
    if (/^https?:$/.test(url.protocol) && /(^|\/)(items\/[0-9A-Za-z-]{4,64}|location)$/.test(url.pathname)) {
      return base + url.pathname.slice(url.pathname.search(/\/(items|location)/)) + url.search;
    }
  } catch {
    // Not an address.
  }
  return null;
}

async function scan() {
  start.disabled = true;
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    status.textContent = `The camera could not be started (${error.name || 'refused'}): type the code below.`;
    start.disabled = false;
    return;
  }
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  view.srcObject = stream;
  view.hidden = false;
  await view.play().catch(() => {});
  status.textContent = 'Looking for a QR code…';
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    view.hidden = true;
    start.disabled = false;
  };
  const look = async () => {
    let codes = [];
    try {
      codes = await detector.detect(view);
    } catch {
      // A frame that cannot be read yet: try the next one.
    }
    for (const code of codes) {
      const path = destination(code.rawValue);
      if (path) {
        stop();
        status.textContent = 'Opening…';
        location.assign(path);
        return;
      }
      status.textContent = `That QR code is not one of this inventory's labels: ${String(code.rawValue).slice(0, 200)}`;
    }
    if (!view.hidden) setTimeout(look, 250);
  };
  look();
}

// Shown only where the detector reads QR codes (some browsers have it for other formats only).
async function offerCamera() {
  if (!camera || !('BarcodeDetector' in window) || !navigator.mediaDevices?.getUserMedia) return;
  const formats = await BarcodeDetector.getSupportedFormats().catch(() => []);
  if (!formats.includes('qr_code')) return;
  camera.hidden = false;
  start.addEventListener('click', scan);
}
offerCamera();

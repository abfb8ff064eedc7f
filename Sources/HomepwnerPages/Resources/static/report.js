// The insurance report's Print button (shown only with JavaScript; the browser's own Print
// does the same without it).
import './common/common.js';

document.getElementById('print')?.addEventListener('click', () => window.print());

// A click on a server-rendered page before the app is live would be lost: the control has no
// handler yet. A control that can carry such a click out later says so with
// data-keep-click="<key>" until it is live (src/lib/keptClicks.ts). This script, the first in the
// head of every page the web server answers (its hash is in the Content-Security-Policy), notes
// each such click in window.__keptClicks with the aria-pressed the control showed, stops it there,
// and marks the control busy until the app takes the click over. A second click on a toggle takes
// the first back, unless it is the second of a double click; on any other control it is the same
// click.
import { createHash } from 'node:crypto';

export const KEPT_CLICKS_SCRIPT =
  "(function(w,d){var k=w.__keptClicks=[];d.addEventListener('click',function(e){" +
  "var t=e.target instanceof Element?e.target.closest('[data-keep-click]'):null;if(!t)return;" +
  "e.preventDefault();e.stopPropagation();var key=t.getAttribute('data-keep-click'),p=t.getAttribute('aria-pressed');" +
  'for(var i=0;i<k.length;i++)if(k[i].key===key){if(p!==null&&e.detail<2){k.splice(i,1);t.removeAttribute(\'aria-busy\')}return}' +
  "k.push({key:key,pressed:p});t.setAttribute('aria-busy','true')},true)})(window,document)";

/** The script as the pages carry it, first in their head. */
export const KEPT_CLICKS_TAG = `<script>${KEPT_CLICKS_SCRIPT}</script>`;

/** The script's source for the Content-Security-Policy's script-src. */
export const KEPT_CLICKS_SOURCE = `'sha256-${createHash('sha256').update(KEPT_CLICKS_SCRIPT).digest('base64')}'`;

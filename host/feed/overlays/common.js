
'use strict';
const params = new URLSearchParams(location.search);
const wanted = params.get('match');
let matches = {};
let received = performance.now();
function take(list) { for (const m of list) matches[m.id] = m; }
function current() {
  if (wanted) return matches[wanted] || null;
  const ids = Object.keys(matches).sort();
  return ids.length ? matches[ids[0]] : null;
}
function esc(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
                                              '"': '&quot;', "'": '&#39;'}[c]));
}
function clockText(ms) {
  if (ms <= 0) return '0:00';
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
}
// The time left of `side` now: the running side's clock counts down from the update's arrival.
function timeLeft(m, side) {
  const c = m.clock, ms = side === 'white' ? c.white_ms : c.black_ms;
  if (m.phase !== 'playing' || c.running !== side) return ms;
  return Math.max(0, ms - (performance.now() - received));
}
function start(render) {
  const first = document.getElementById('initial');
  if (first && first.textContent.trim()) {
    const doc = JSON.parse(first.textContent);
    if (doc.matches) take(doc.matches);
  }
  render();
  setInterval(render, 100);
  if (!window.EventSource) return;
  const es = new EventSource('/api/v1/stream');
  es.addEventListener('snapshot', e => {
    matches = {}; take(JSON.parse(e.data).matches); received = performance.now(); render();
  });
  es.addEventListener('update', e => {
    const u = JSON.parse(e.data);
    if (u.full) matches = {};
    take(u.matches); received = performance.now(); render();
  });
}

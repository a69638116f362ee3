#include "feed/overlay_pages.h"

#include <nlohmann/json.hpp>

namespace venue::feed {
namespace {

// Shared by every overlay: the state (from the embedded document, then the stream), the match
// shown (?match=ID, else the first), clocks that run between updates, and text helpers.
constexpr std::string_view COMMON_JS = R"JS(
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
)JS";

constexpr std::string_view COMMON_CSS = R"CSS(
html, body { margin: 0; padding: 0; background: transparent; width: 1920px; height: 1080px;
             overflow: hidden; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
.panel { position: absolute; background: rgba(12, 16, 28, 0.86); color: #fff;
         border-radius: 10px; box-shadow: 0 4px 18px rgba(0, 0, 0, 0.5); }
.white-team { border-left: 10px solid #f4f4f4; }
.black-team { border-left: 10px solid #222; }
.muted { color: #aab; }
)CSS";

constexpr std::string_view SCOREBOARD = R"HTML(
<style>
#scoreboard { left: 60px; right: 60px; bottom: 50px; height: 250px; display: flex; }
.team { flex: 1; padding: 16px 24px; position: relative; }
.team.on-move { background: rgba(255, 255, 255, 0.08); }
.team-head { display: flex; align-items: baseline; gap: 24px; }
.team-name { font-size: 44px; font-weight: bold; flex: 1; white-space: nowrap; overflow: hidden; }
.team-score { font-size: 56px; font-weight: bold; color: #ffd54a; }
.team-clock { font-size: 64px; font-family: "DejaVu Sans Mono", monospace; min-width: 260px;
              text-align: right; }
.team-clock.running { color: #7dff8a; }
.team-clock.low { color: #ff6b6b; }
.players { margin-top: 12px; display: flex; flex-wrap: wrap; gap: 10px 22px; font-size: 26px; }
.player.out { text-decoration: line-through; color: #888; }
.player.claim { color: #7dff8a; font-weight: bold; }
.card { display: inline-block; width: 16px; height: 22px; margin-left: 4px; border-radius: 3px;
        vertical-align: middle; background: #ffd000; }
.card.red { background: #e53935; }
#status { position: absolute; left: 60px; right: 60px; bottom: 310px; height: 56px;
          font-size: 28px; padding: 10px 24px; box-sizing: border-box; white-space: nowrap;
          overflow: hidden; }
</style>
<div id="status" class="panel"></div>
<div id="scoreboard" class="panel">
  <div id="white" class="team white-team">
    <div class="team-head"><span id="white-name" class="team-name"></span>
      <span id="white-score" class="team-score"></span>
      <span id="white-clock" class="team-clock"></span></div>
    <div id="white-players" class="players"></div>
  </div>
  <div id="black" class="team black-team">
    <div class="team-head"><span id="black-name" class="team-name"></span>
      <span id="black-score" class="team-score"></span>
      <span id="black-clock" class="team-clock"></span></div>
    <div id="black-players" class="players"></div>
  </div>
</div>
<script>
function scoreText(m, side) {
  const hp = side === 'white' ? m.score.white_half_points : m.score.black_half_points;
  const whole = Math.floor(hp / 2), half = hp % 2 === 1;
  return whole === 0 && half ? '\u00bd' : whole + (half ? '\u00bd' : '');
}
function render() {
  const m = current();
  document.getElementById('scoreboard').style.display = m ? 'flex' : 'none';
  document.getElementById('status').style.display = m ? 'block' : 'none';
  if (!m) return;
  for (const side of ['white', 'black']) {
    const t = m.teams[side];
    document.getElementById(side + '-name').textContent = t.name || side;
    document.getElementById(side + '-score').textContent = scoreText(m, side);
    const left = timeLeft(m, side), clock = document.getElementById(side + '-clock');
    clock.textContent = clockText(left);
    clock.className = 'team-clock' + (m.clock.running === side && m.phase === 'playing'
                                      ? ' running' : '') + (left < 60000 ? ' low' : '');
    document.getElementById(side).className =
      'team ' + side + '-team' + (m.to_move === side ? ' on-move' : '');
    let html = '';
    for (const p of t.players) {
      let cards = '';
      for (let i = 0; i < p.warnings; ++i) cards += '<span class="card"></span>';
      if (p.out) cards += '<span class="card red"></span>';
      html += '<span class="player' + (p.out ? ' out' : '') + (p.holds_claim ? ' claim' : '') +
              '" data-id="' + esc(p.id) + '" data-warnings="' + p.warnings + '">' +
              esc(p.name) + (p.files ? ' <span class="muted">' + esc(p.files) + '</span>' : '') +
              cards + '</span>';
    }
    const box = document.getElementById(side + '-players');
    if (box.innerHTML !== html) box.innerHTML = html;
  }
  let status = m.phase === 'finished' ? 'Result ' + m.result +
               (m.termination ? ' (' + m.termination + ')' : '') : '';
  if (!status && m.incidents.length) status = m.incidents[m.incidents.length - 1].text;
  if (!status) status = (m.event || '') + (m.round ? ' \u2022 round ' + m.round : '');
  document.getElementById('status').textContent = status;
}
start(render);
</script>
)HTML";

constexpr std::string_view BOARD = R"HTML(
<style>
#boardbox { right: 60px; top: 60px; width: 600px; padding: 20px; }
#board { display: grid; grid-template-columns: repeat(8, 75px); grid-template-rows: repeat(8, 75px);
         border: 2px solid #000; }
.sq { display: flex; align-items: center; justify-content: center; font-size: 60px;
      line-height: 1; }
.sq.light { background: #eed8b5; }
.sq.dark { background: #b48863; }
.sq.last { box-shadow: inset 0 0 0 75px rgba(255, 221, 0, 0.42); }
.sq.restore { box-shadow: inset 0 0 0 6px #e53935; }
.pc.w { color: #fff; text-shadow: 0 0 2px #000, 0 0 2px #000, 0 0 1px #000; }
.pc.b { color: #111; text-shadow: 0 0 2px #fff; }
#caption { margin-top: 14px; font-size: 30px; display: flex; justify-content: space-between; }
#last-move { font-weight: bold; color: #ffd54a; }
</style>
<div id="boardbox" class="panel">
  <div id="board"></div>
  <div id="caption"><span id="to-move"></span><span id="last-move"></span></div>
</div>
<script>
const GLYPH = {k: '\u265a', q: '\u265b', r: '\u265c', b: '\u265d', n: '\u265e', p: '\u265f'};
function placement(fen) {
  const squares = {};
  const rows = fen.split(' ')[0].split('/');
  for (let r = 0; r < 8; ++r) {
    let f = 0;
    for (const ch of rows[r]) {
      if (ch >= '1' && ch <= '8') { f += Number(ch); continue; }
      squares['abcdefgh'[f] + (8 - r)] = ch;
      ++f;
    }
  }
  return squares;
}
function moveText(m) {
  if (!m) return '';
  const n = Math.floor((m.ply + 1) / 2);
  return n + (m.ply % 2 === 1 ? '. ' : '... ') + m.san;
}
function render() {
  const m = current();
  const box = document.getElementById('boardbox');
  box.style.display = m ? 'block' : 'none';
  if (!m) return;
  const id = params.get('board');
  const b = m.boards.find(x => id ? x.id === id : x.open) || m.boards[m.boards.length - 1];
  if (!b) return;
  const pieces = placement(b.fen);
  const last = b.last_move ? [b.last_move.uci.slice(0, 2), b.last_move.uci.slice(2, 4)] : [];
  const flip = params.get('flip') === '1';
  let html = '';
  for (let i = 0; i < 64; ++i) {
    const r = flip ? 1 + Math.floor(i / 8) : 8 - Math.floor(i / 8);
    const f = flip ? 7 - i % 8 : i % 8;
    const sq = 'abcdefgh'[f] + r;
    const light = (f + r) % 2 === 0;  // a1 (f 0, r 1) is dark
    const p = pieces[sq];
    const cls = 'sq ' + (light ? 'light' : 'dark') + (last.includes(sq) ? ' last' : '') +
                (b.restore_squares.includes(sq) ? ' restore' : '');
    const glyph = p ? '<span class="pc ' + (p === p.toUpperCase() ? 'w' : 'b') +
                      '" data-piece="' + p + '">' + GLYPH[p.toLowerCase()] + '</span>' : '';
    html += '<div class="' + cls + '" data-square="' + sq + '">' + glyph + '</div>';
  }
  const board = document.getElementById('board');
  if (board.innerHTML !== html) board.innerHTML = html;
  const mover = m.teams[b.to_move];
  document.getElementById('to-move').textContent =
    m.phase === 'finished' ? m.result : (mover.name || b.to_move) + ' to move';
  document.getElementById('last-move').textContent = moveText(b.last_move);
  board.dataset.fen = b.fen;
}
start(render);
</script>
)HTML";

constexpr std::string_view CLAIM = R"HTML(
<style>
#claimbox { left: 60px; top: 60px; width: 720px; padding: 20px 26px; }
#claim-title { font-size: 26px; color: #aab; text-transform: uppercase; letter-spacing: 3px; }
#claim-holder { font-size: 48px; font-weight: bold; margin: 6px 0 10px; }
#claim-holder.active { color: #7dff8a; }
.rival { font-size: 30px; display: flex; justify-content: space-between; }
.margin { font-family: "DejaVu Sans Mono", monospace; color: #ffd54a; }
</style>
<div id="claimbox" class="panel">
  <div id="claim-title">Claim</div>
  <div id="claim-holder"></div>
  <div id="rivals"></div>
</div>
<script>
function microseconds(us) {
  if (us >= 1000000) return (us / 1000000).toFixed(2) + ' s';
  if (us >= 1000) return (us / 1000).toFixed(1) + ' ms';
  return us + ' \u00b5s';
}
function who(p, m) {
  const team = p.team ? m.teams[p.team].name : '';
  return esc(p.name) + (team ? ' <span class="muted">(' + esc(team) + ')</span>' : '');
}
function render() {
  const m = current();
  const box = document.getElementById('claimbox');
  const c = m && m.claim;
  box.style.display = c ? 'block' : 'none';
  if (!c) return;
  const latest = c.latest;
  const holder = document.getElementById('claim-holder');
  let html = '', rivals = '';
  if (c.holder) html = who(c.holder, m);
  else if (latest) html = who(latest.player, m) + ' <span class="muted">(moved)</span>';
  else html = '<span class="muted">open</span>';
  holder.className = c.holder ? 'active' : '';
  if (latest)
    for (const r of latest.rivals)
      rivals += '<div class="rival" data-id="' + esc(r.id) + '"><span>' + who(r, m) +
                '</span><span class="margin">' +
                (r.code === 'TIE_LOST' ? 'tie, lost the draw' : '+' + microseconds(r.margin_us)) +
                '</span></div>';
  if (holder.innerHTML !== html) holder.innerHTML = html;
  const box2 = document.getElementById('rivals');
  if (box2.innerHTML !== rivals) box2.innerHTML = rivals;
}
start(render);
</script>
)HTML";

// Business Chess: the branch tree with each branch's rating, board and result, and the score.
constexpr std::string_view TREE = R"HTML(
<style>
#treebox { left: 60px; top: 60px; min-width: 640px; max-width: 1100px; padding: 18px 26px; }
#tree-title { font-size: 26px; color: #aab; text-transform: uppercase; letter-spacing: 3px; }
#tree-score { font-size: 40px; font-weight: bold; margin: 4px 0 14px; }
#tree-score .pts { color: #ffd54a; }
ul.branches { list-style: none; margin: 0; padding-left: 44px; position: relative; }
#tree > ul.branches { padding-left: 0; }
ul.branches li { position: relative; margin: 8px 0; }
ul.branches ul.branches li::before { content: ''; position: absolute; left: -30px; top: -8px;
                                      width: 24px; height: 36px; border-left: 3px solid #667;
                                      border-bottom: 3px solid #667; }
.node { display: inline-flex; align-items: baseline; gap: 16px; padding: 6px 16px;
        border-radius: 8px; font-size: 30px; background: rgba(255, 255, 255, 0.06);
        border: 3px solid #7dff8a; }
.node.closed { border-color: #556; color: #bbc; }
.node .num { font-weight: bold; }
.node .rating { font-size: 36px; font-weight: bold; color: #ffd54a; }
.node .split { font-size: 22px; color: #aab; }
.node .result { font-weight: bold; }
</style>
<div id="treebox" class="panel">
  <div id="tree-title">Branches</div>
  <div id="tree-score"></div>
  <div id="tree"></div>
</div>
<script>
function moveNumber(ply) {
  return Math.floor((ply + 1) / 2) + (ply % 2 === 1 ? '.' : '...');
}
function node(b) {
  const closed = !b.open;
  let html = '<span class="num">Branch ' + b.branch + '</span>' +
             '<span class="rating" data-rating="' + b.rating + '">' + b.rating + '</span>';
  if (b.id) html += '<span class="muted">board ' + esc(b.id) + '</span>';
  if (closed) html += '<span class="result">' + esc(b.result) + '</span>';
  if (b.parent) html += '<span class="split">from ' + b.parent + ' after ' +
                        moveNumber(b.split_ply) + '</span>';
  return '<div class="node' + (closed ? ' closed' : '') + '" data-branch="' + b.branch +
         '" data-open="' + b.open + '">' + html + '</div>';
}
function subtree(byParent, parent) {
  const kids = byParent[parent] || [];
  if (!kids.length) return '';
  let html = '<ul class="branches">';
  for (const b of kids) html += '<li>' + node(b) + subtree(byParent, b.branch) + '</li>';
  return html + '</ul>';
}
function render() {
  const m = current();
  const box = document.getElementById('treebox');
  const branches = m ? m.boards.filter(b => b.branch !== null) : [];
  box.style.display = branches.length ? 'block' : 'none';
  if (!branches.length) return;
  const byParent = {};
  for (const b of branches) (byParent[b.parent || 0] = byParent[b.parent || 0] || []).push(b);
  for (const k in byParent) byParent[k].sort((a, b) => a.branch - b.branch);
  const html = subtree(byParent, 0);
  const tree = document.getElementById('tree');
  if (tree.innerHTML !== html) tree.innerHTML = html;
  const score = esc(m.teams.white.name) + ' <span class="pts">' +
                esc(m.score.text.replace('-', '\u2013')) + '</span> ' + esc(m.teams.black.name);
  const s = document.getElementById('tree-score');
  if (s.innerHTML !== score) s.innerHTML = score;
}
start(render);
</script>
)HTML";

// JSON inside <script>: "</" would end the element early; "<\/" is the same JSON text.
std::string embeddable(const std::string& json) {
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        out += json[i];
        if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') out += '\\';
    }
    return out;
}

std::string html_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string page(std::string_view title, std::string_view body, const std::string& event_json) {
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>";
    s += title;
    s += "</title>\n<style>";
    s += COMMON_CSS;
    s += "</style>\n<script id=\"initial\" type=\"application/json\">";
    s += embeddable(event_json);
    s += "</script>\n<script>";
    s += COMMON_JS;
    s += "</script>\n</head><body>";
    s += body;
    s += "</body></html>\n";
    return s;
}

}  // namespace

std::string overlay_page(std::string_view name, const std::string& event_json) {
    if (name == "scoreboard") return page("Venue scoreboard", SCOREBOARD, event_json);
    if (name == "board") return page("Venue board", BOARD, event_json);
    if (name == "claim") return page("Venue claim", CLAIM, event_json);
    if (name == "tree") return page("Venue branch tree", TREE, event_json);
    return "";
}

std::string index_page(const std::string& event_json) {
    auto doc = nlohmann::json::parse(event_json, nullptr, false);
    std::string name = "Venue";
    if (doc.is_object() && doc.contains("event") && doc["event"].value("name", "") != "")
        name = doc["event"]["name"].get<std::string>();
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
                    html_escape(name) +
                    " — TV feed</title>\n<style>body{font-family:sans-serif;margin:2em}"
                    "td{padding:2px 12px}</style></head><body>\n<h1>" +
                    html_escape(name) + " — TV feed</h1>\n";
    s += "<p>JSON: <a href=\"/api/v1/event\">/api/v1/event</a> · stream: "
         "<a href=\"/api/v1/stream\">/api/v1/stream</a> · schema: "
         "<a href=\"/api/v1/schema\">/api/v1/schema</a> · PGN of every game: "
         "<a href=\"/pgn\">/pgn</a></p>\n<table>\n"
         "<tr><th>match</th><th>teams</th><th>overlays (1920×1080, transparent)</th>"
         "<th>PGN</th></tr>\n";
    if (doc.is_object() && doc.contains("matches") && doc["matches"].is_array())
        for (const auto& m : doc["matches"]) {
            const std::string id = html_escape(m.value("id", ""));
            std::string teams;
            if (m.contains("teams"))
                teams = html_escape(m["teams"]["white"].value("name", "")) + " – " +
                        html_escape(m["teams"]["black"].value("name", ""));
            s += "<tr><td>" + id + "</td><td>" + teams + "</td><td>";
            // The branch tree for Business Chess, the claim indicator for the other games.
            const bool business = m.value("game", "") == "business";
            for (const char* o : {"scoreboard", "board", business ? "tree" : "claim"})
                s += std::string("<a href=\"/overlay/") + o + "?match=" + id + "\">" + o + "</a> ";
            s += "</td><td><a href=\"/pgn/" + id + "\">/pgn/" + id + "</a></td></tr>\n";
        }
    s += "</table>\n<p>Read-only: only GET and HEAD are answered. See docs/tv-guide.md.</p>\n"
         "</body></html>\n";
    return s;
}

}  // namespace venue::feed

// The board, drawn as SVG from a FEN: light and dark squares, pieces as Unicode figurines,
// the last move's squares marked.
const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const SVG = 'http://www.w3.org/2000/svg';

/** The pieces of a FEN's placement field: `{square: letter}` with squares like `e4`. */
export function pieces(fen) {
  const out = {};
  fen.split(' ')[0].split('/').forEach((rank, r) => {
    let file = 0;
    for (const c of rank) {
      if (c >= '1' && c <= '8') file += Number(c);
      else out['abcdefgh'[file++] + (8 - r)] = c;
    }
  });
  return out;
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

/** Draws `fen` into `host`, marking the squares of `uci` (the move that led to it). */
export function draw(host, fen, uci) {
  const svg = el('svg', { viewBox: '0 0 8 8' });
  const marked = uci && uci !== '0000' ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
  const board = pieces(fen);
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const square = 'abcdefgh'[f] + (8 - r);
      const light = (r + f) % 2 === 0;
      const fill = marked.includes(square) ? (light ? '#f6f07a' : '#d9c94a') : light ? '#eeeed2' : '#769656';
      svg.append(el('rect', { x: f, y: r, width: 1, height: 1, fill, 'data-square': square }));
      const piece = board[square];
      if (piece) {
        svg.append(el('text', {
          x: f + 0.5, y: r + 0.8, 'font-size': 0.85, 'text-anchor': 'middle',
          'data-square': square, 'data-piece': piece,
        }, GLYPHS[piece]));
      }
    }
  }
  host.replaceChildren(svg);
  host.setAttribute('aria-label', `Board: ${fen}`);
}

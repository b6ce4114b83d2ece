/**
 * Building HTML and SVG markup in code without string-pasting mistakes: `h(tag, attrs, ...children)` escapes
 * every attribute value and every text child (escape-html), and nests `Markup` children as they are. Used by the
 * games' board views for the play page (games/NAME/env/play-view.ts).
 *
 *   h('svg', { viewBox: '0 0 10 10' }, h('rect', { width: 10, height: 10, 'data-target': 'sq:3' }), h('text', {}, 'A&B'))
 */
import escapeHtml from 'escape-html';

/** Markup already escaped (made by `h` or `raw`). */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** An attribute value: omitted when null, undefined or false; `true` writes the bare attribute. */
export type AttrValue = string | number | boolean | null | undefined;
/** A child: text (escaped), markup, or nothing (null, undefined, false are skipped; arrays are flattened). */
export type Child = string | number | Markup | null | undefined | false | readonly Child[];

/** Elements with no content and no end tag in HTML. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link']);

function flatten(children: readonly Child[], out: string[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (c instanceof Markup) out.push(c.html);
    else if (Array.isArray(c)) flatten(c as readonly Child[], out);
    else out.push(escapeHtml(String(c)));
  }
}

/** The element `tag` with `attrs` (values escaped) and `children` (text escaped). */
export function h(tag: string, attrs: Record<string, AttrValue> = {}, ...children: Child[]): Markup {
  let open = `<${tag}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    open += v === true ? ` ${k}` : ` ${k}="${escapeHtml(String(v))}"`;
  }
  if (VOID.has(tag)) return new Markup(`${open}>`);
  const inner: string[] = [];
  flatten(children, inner);
  return new Markup(`${open}>${inner.join('')}</${tag}>`);
}

/** Children joined into one piece of markup (a fragment). */
export function fragment(...children: Child[]): Markup {
  const out: string[] = [];
  flatten(children, out);
  return new Markup(out.join(''));
}

/** A colour for each seat (the games' boards draw a seat's field, units and chips in it), for up to six seats. */
export const SEAT_COLOURS: readonly string[] = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#db2777'];

/** Seat `p`'s colour. */
export const seatColour = (p: number): string => SEAT_COLOURS[p % SEAT_COLOURS.length];

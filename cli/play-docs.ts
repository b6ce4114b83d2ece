/**
 * The rules the play page links to (`GET /rules/FILE` of cli/play-server.ts): a Markdown file under docs/
 * rendered as a page (marked), each heading with GitHub's anchor (`headingAnchor`, so a link made for the page
 * also works on GitHub), or an HTML file under docs/ as it is. Only `.md` and `.html` files inside docs/ are
 * served; the page's Content-Security-Policy lets it load nothing from elsewhere (the Economicon rulebook's
 * stylesheets and scripts from a CDN stay out).
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import escapeHtml from 'escape-html';
import { Marked } from 'marked';
import { docsDir, headingAnchor } from './play.ts';

/** The header of every rules page: nothing loads from another origin. */
export const RULES_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

const marked = new Marked({
  renderer: {
    heading({ tokens, depth, text }) {
      return `<h${depth} id="${escapeHtml(headingAnchor(text.replace(/[`*_]/g, '')))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

const STYLE = `body { font: 15px/1.5 system-ui, sans-serif; max-width: 980px; margin: 0 auto; padding: 16px 24px; color: #1d2430; }
table { border-collapse: collapse; font-size: 13px; } th, td { border: 1px solid #d5d9e0; padding: 3px 6px; vertical-align: top; }
code { background: #f1f5f9; padding: 0 3px; border-radius: 3px; } pre { background: #f1f5f9; padding: 8px; overflow-x: auto; }
:target { background: #fef3c7; }`;

/**
 * The rules page for `file` (a path under docs/, as in a `RulesLink`): its HTML; null for a path outside docs/,
 * a file that is neither Markdown nor HTML, or one not present (the installed package ships no docs/).
 */
export function rulesPage(file: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(file);
  } catch {
    return null;
  }
  const path = normalize(join(docsDir, name));
  const ext = extname(path);
  if (!path.startsWith(docsDir + sep) || (ext !== '.md' && ext !== '.html') || !existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  if (ext === '.html') return text;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(file)}</title><style>${STYLE}</style></head>
<body>${marked.parse(text, { async: false })}</body></html>
`;
}

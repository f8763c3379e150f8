/**
 * Reading the project's Markdown as the docs tests need it: the documents (README.md and docs/*.md),
 * their fenced code blocks with the HTML comments that annotate them, their headings as GitHub turns
 * them into anchors, and their links.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** README.md first, then every Markdown file of docs/ by name: the order samples run in. */
export function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

export const read = (doc: string): string => readFileSync(join(ROOT, doc), 'utf8');

export interface Block {
  readonly doc: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string's first word (`sh`, `json`, ...), or '' when there is none. */
  readonly lang: string;
  /** The rest of the info string (`output` marks an output block). */
  readonly tags: readonly string[];
  readonly code: string;
  /** The HTML comments on the lines just before the fence (blank lines allowed between). */
  readonly notes: readonly { readonly name: string; readonly text: string }[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/;
const NOTE = /^\s*<!--\s*([a-z-]+)(?::\s*([\s\S]*?))?\s*-->\s*$/;

/** Every fenced code block of a document, in order. */
export function blocks(doc: string): Block[] {
  const lines = read(doc).split('\n');
  const found: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim().startsWith(fence[0]!.repeat(fence.length)) && l.trim().replace(/[`~]/g, '') === '') break;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart());
    }
    const notes: { name: string; text: string }[] = [];
    for (let k = i - 1; k >= 0; k--) {
      const l = lines[k]!;
      if (l.trim() === '') continue;
      const note = NOTE.exec(l);
      if (!note) break;
      notes.unshift({ name: note[1]!, text: (note[2] ?? '').trim() });
    }
    const [lang = '', ...tags] = info.trim().split(/\s+/).filter(Boolean);
    found.push({ doc, line: i + 1, lang, tags, code: body.join('\n'), notes });
    i = j;
  }
  return found;
}

/** The document with its fenced blocks and inline code blanked, so links and headings are read from prose. */
function prose(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const open = FENCE.exec(line);
    if (fence === null && open) {
      fence = open[2]!;
      out.push('');
    } else if (fence !== null) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
      out.push('');
    } else out.push(line);
  }
  return out;
}

/**
 * The anchor GitHub gives a heading (github-slugger): the rendered text in lower case, every
 * character that is not a letter, mark, number, connector, space or hyphen removed, spaces turned
 * into hyphens.
 */
export function slug(heading: string): string {
  // Code spans keep their text as written; outside them, links and images give their text, and inline
  // HTML and emphasis marks are not text.
  const text = heading
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`')
        ? part.slice(1, -1)
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/\*/g, ''),
    )
    .join('');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document offers: its headings' (with GitHub's -1, -2 for repeats) and `<a id>`s. */
export function anchors(doc: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of prose(read(doc))) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      found.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(m[1]!);
  }
  return found;
}

export interface Link {
  readonly doc: string;
  readonly line: number;
  readonly target: string;
}

/** Every Markdown link and image of a document's prose (inline code and code blocks left out). */
export function links(doc: string): Link[] {
  const found: Link[] = [];
  prose(read(doc)).forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, '');
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ doc, line: i + 1, target: m[1]! });
    }
  });
  return found;
}

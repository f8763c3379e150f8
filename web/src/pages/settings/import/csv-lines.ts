/**
 * Leaving lines out of a CSV without renumbering it: each record that starts on one of `lines` (1-based,
 * as the server numbers them: the physical line a record starts on) becomes blank lines, one per line
 * break it had. The server skips blank lines, so every other line keeps its number and a second check
 * of the file speaks of the same lines as the first.
 */
export function blankLines(text: string, lines: ReadonlySet<number>): string {
  let out = '';
  let line = 1;
  let recordStart = 0;
  let recordLine = 1;
  let quoted = false;
  const flush = (end: number) => {
    const record = text.slice(recordStart, end);
    out += lines.has(recordLine) ? '\n'.repeat(record.split('\n').length - 1) : record;
    recordStart = end;
    recordLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n') {
      line++;
      if (!quoted) flush(i + 1);
    }
  }
  flush(text.length);
  return out;
}

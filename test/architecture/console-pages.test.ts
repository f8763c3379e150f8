/**
 * How the console's pages get their data (docs/architecture.md, "Page data in the console"): hooks
 * for what a page shows (`useResource`, `useLiveReload`), signals only for what the whole app shares.
 * So a page declares no signal, never subscribes to the event stream itself, and never loads in a
 * bare effect that sets state when a promise settles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');
const PAGES = join(WEB, 'pages');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Comments say what a rule is about; only code breaks it. */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

const RULES: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'declares a signal (app-wide state belongs in state/, api/ or ui/)', pattern: /\b(signal|computed)\s*[(<]/ },
  { name: 'subscribes to the event stream (use useLiveReload)', pattern: /\bonEvent\s*\(/ },
  { name: 'loads into state when a promise settles (use useResource)', pattern: /\.then\(\s*set[A-Z]\w*/ },
];

const offences = (files: string[]) =>
  files.flatMap((file) => {
    const text = code(file);
    return RULES.filter((r) => r.pattern.test(text)).map((r) => `${relative(WEB, file)} ${r.name}`);
  });

describe('console pages', () => {
  it('load their data with hooks and keep signals for the whole app', () => {
    const files = filesUnder(PAGES);
    expect(files.length).toBeGreaterThan(40);
    expect(offences(files)).toEqual([]);
  });

  it('are told apart from code that breaks the idiom', () => {
    const broken = [
      'const rows = signal<Row[]>([]);',
      'useEffect(() => onEvent((e) => e.type === "reset" && list.reload()), []);',
      'useEffect(() => { getThing(id).then(setThing, setError); }, [id]);',
    ];
    expect(broken.map((line) => RULES.filter((r) => r.pattern.test(line)).length)).toEqual([1, 1, 1]);
    expect(RULES.filter((r) => r.pattern.test('const r = useResource(() => getThing(id), [id]);'))).toEqual([]);
  });
});

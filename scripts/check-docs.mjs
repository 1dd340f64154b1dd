// `npm run lint:docs` (part of `npm run lint`): the newcomer's documents stay short and their links
// lead somewhere. The README is read in ten minutes (at most 250 lines) and ARCHITECTURE.md is a map
// (at most 400); every relative link in them and in docs/ names a file that exists, and a link to a
// heading (`file.md#heading`) names a heading of that file, as GitHub spells its anchors.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINES = { 'README.md': 250, 'ARCHITECTURE.md': 400 };
const files = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsCache = new Map();
function anchors(file) {
  if (!anchorsCache.has(file)) {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    anchorsCache.set(file, new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]))));
  }
  return anchorsCache.get(file);
}

const problems = [];
for (const file of files) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (MAX_LINES[file] && lines > MAX_LINES[file]) problems.push(`${file}: ${lines} lines, at most ${MAX_LINES[file]}`);
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#');
    const linked = pathPart ? join(dirname(path), pathPart) : path;
    if (!existsSync(linked)) problems.push(`${file}: links to ${target}, which does not exist`);
    else if (anchor && linked.endsWith('.md') && !anchors(linked).has(anchor))
      problems.push(`${file}: links to ${target}, but ${relative(root, linked)} has no heading "${anchor}"`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`docs: ${files.length} files, every relative link found; README and ARCHITECTURE.md within their lengths`);

import { readFileSync } from 'node:fs';
import { parseTake, scoreTake } from '@movelab/shared/movescore/index';
import { demoReference } from '../seed.js';
for (const n of ['correct9', 'correct10', 'correct132', 'correct135', 'correct134']) {
  const take = parseTake(JSON.parse(readFileSync(`/work/shared/data/real-motion/takes/pushfit/pushfit-${n}.json`, 'utf8')));
  for (const m of ['pushup', 'knee-pushup'] as const) {
    const r = scoreTake(demoReference(m, 'side'), take);
    console.log(n, m, Math.round(r.score * 100), r.repCount, JSON.stringify(r.feedback));
  }
}

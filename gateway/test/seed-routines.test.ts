/**
 * The demo routines say what they run: a description that counts rounds has its steps that
 * many times over (the routine model has steps only, no rounds or repeats).
 */
import { describe, expect, it } from 'vitest';
import { movements, routines } from '../src/seed/activities.js';

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

/** The rounds a description promises ("Three rounds of ..." 3, "One round ..." 1), or null. */
function promisedRounds(description: string): number | null {
  const match = /\b(one|two|three|four|five|\d+) rounds?\b/i.exec(description);
  if (!match) return null;
  const word = match[1]!.toLowerCase();
  return NUMBERS[word] ?? Number(word);
}

describe('the demo routines', () => {
  it('run as many rounds as their description says', () => {
    for (const routine of routines) {
      const rounds = promisedRounds(routine.description ?? '');
      if (rounds === null) continue;
      const distinct = new Set(routine.steps.map((step) => step.movementId)).size;
      expect(routine.steps.length, routine.name).toBe(distinct * rounds);
    }
  });

  it('name in the full-body starter the movements it runs', () => {
    const starter = routines.find((routine) => routine.id === 'full-body-starter')!;
    expect(promisedRounds(starter.description ?? '')).toBe(1);
    for (const step of starter.steps) {
      const name = movements.find((movement) => movement.id === step.movementId)!.name.toLowerCase();
      expect(starter.description?.toLowerCase(), name).toContain(name);
    }
  });
});

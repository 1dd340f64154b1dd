import { describe, expect, it } from 'vitest';
import { takeAnnouncement, type TTakeMoment } from './take-announce';

/** What is said and played along the moments of a take, the count at each. */
function run(moments: [TTakeMoment, number][]) {
  const said: string[] = [];
  const chimes: string[] = [];
  let previous: TTakeMoment = 'waiting';
  for (const [moment, count] of moments) {
    const { say, chime } = takeAnnouncement(previous, moment, count);
    said.push(...say);
    if (chime) chimes.push(chime);
    previous = moment;
  }
  return { said, chimes };
}

describe('take announcements', () => {
  it('says get ready with the countdown, start with its sound, and the count once stopped', () => {
    const { said, chimes } = run([
      ['waiting', 0],
      ['countdown', 0],
      ['recording', 0],
      ['recording', 1],
      ['recording', 2],
      ['done', 2],
    ]);
    expect(said).toEqual(['Get ready', 'Start', 'Stopped: 2 reps']);
    expect(chimes).toEqual(['start']);
  });

  it('says one rep in the singular, and nothing going back to the choice of source', () => {
    expect(
      run([
        ['countdown', 0],
        ['recording', 1],
        ['done', 1],
        ['waiting', 0],
      ]).said,
    ).toEqual(['Get ready', 'Start', 'Stopped: 1 rep']);
  });
});

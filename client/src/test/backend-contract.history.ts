/// <reference types="node" />
/**
 * The backend contract's cases on what a user saves: saves that cannot duplicate, and the
 * history that pages, filters, opens and deletes them.
 */
import { describe, expect, it } from 'vitest';
import { APP_ERRORS, type THistoryItem } from '@movelab/shared';
import { saveAnalysis } from '@/features/analysis/api/save-analysis';
import { savePractice } from '@/features/practice/api/save-practice';
import type { TBackend } from '@/lib/backend/port';
import { newClientId } from '@/lib/offline/outbox-entry';
import { analysisEntry, practiceInput, type TContractHarness } from './backend-contract.fixtures';
import { rejectionOf } from './helpers';

/** The backend with its `createUserStatSession` failing once: the network lost between a save's two writes. */
function failingSecondWriteOnce(backend: TBackend): TBackend {
  let hasFailed = false;
  const catalog: TBackend['catalog'] = {
    ...backend.catalog,
    createUserStatSession: (input) => {
      if (hasFailed) return backend.catalog.createUserStatSession(input);
      hasFailed = true;
      return Promise.reject(new Error('network lost'));
    },
  };
  return { ...backend, catalog };
}

export function describeSavesAndHistory(harness: TContractHarness): void {
  describe('saves that cannot duplicate', () => {
    it('an analysis whose second write failed, saved again, is one analysis and one session', async () => {
      const user = await harness.newUser('Retry');
      const resultId = newClientId();
      const input = { uid: user.uid, resultId, label: 'Squat', entry: analysisEntry(0.6), startedAt: new Date().toISOString() };
      const flaky = failingSecondWriteOnce(user.backend);
      await expect(saveAnalysis(flaky, input)).rejects.toThrow('network lost');
      expect(await saveAnalysis(flaky, input)).toBe('saved');
      expect(await saveAnalysis(user.backend, input)).toBe('saved');

      expect((await user.backend.users.loadVideoAnalyses(user.uid, 10)).map((a) => a.id)).toEqual([`${resultId}-analysis`]);
      expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([`${resultId}-session`]);
    });

    it('a practice whose second write failed, saved again, is one completion and one session', async () => {
      const user = await harness.newUser('Practice');
      const input = practiceInput(user.uid);
      const flaky = failingSecondWriteOnce(user.backend);
      await expect(savePractice(flaky, input)).rejects.toThrow('network lost');
      expect(await savePractice(flaky, input)).toBe('saved');

      expect((await user.backend.catalog.listRoutineCompletions()).map((c) => c.id)).toEqual([`${input.resultId}-completion`]);
      expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([`${input.resultId}-session`]);
    });
  });

  describe('history', () => {
    it("pages through the user's own analyses and practices, newest first, and filters them", async () => {
      const user = await harness.newUser('Historian');
      const other = await harness.newUser('Neighbour');
      await other.backend.users.createVideoAnalysis(other.uid, analysisEntry(0.9));
      const saved: string[] = [];
      for (const [index, groupId] of ['g1', 'g2', 'g1'].entries()) {
        saved.push((await user.backend.users.createVideoAnalysis(user.uid, { ...analysisEntry(0.5 + index / 10), groupId })).id);
        const practice = practiceInput(user.uid);
        expect(await savePractice(user.backend, practice)).toBe('saved');
        saved.push(`${practice.resultId}-session`);
      }

      const seen: THistoryItem[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await user.backend.catalog.listHistory({ limit: 4, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items);
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(seen.map((item) => item.id).sort()).toEqual([...saved].sort());
      const times = seen.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const practices = await user.backend.catalog.listHistory({ kind: 'practice' });
      expect(practices.items.map((item) => item.kind)).toEqual(['practice', 'practice', 'practice']);
      const inGroup = await user.backend.catalog.listHistory({ groupId: 'g1' });
      expect(inGroup.items.map((item) => [item.kind, item.groupId])).toEqual([
        ['analysis', 'g1'],
        ['analysis', 'g1'],
      ]);
      expect(inGroup.nextCursor).toBeNull();
    });

    it('deletes an item only for its owner: an analysis with its stat session, a practice session', async () => {
      const user = await harness.newUser('Corrector');
      const other = await harness.newUser('Intruder');
      const resultId = newClientId();
      const analysisInput = { uid: user.uid, resultId, label: 'Squat', entry: analysisEntry(0.4), startedAt: new Date().toISOString() };
      expect(await saveAnalysis(user.backend, analysisInput)).toBe('saved');
      const practice = practiceInput(user.uid);
      expect(await savePractice(user.backend, practice)).toBe('saved');
      const analysisId = `${resultId}-analysis`;
      const practiceId = `${practice.resultId}-session`;

      expect((await rejectionOf(other.backend.catalog.deleteHistoryItem('analysis', analysisId))).code).toBe(APP_ERRORS.notFound);
      expect((await rejectionOf(other.backend.catalog.deleteHistoryItem('practice', practiceId))).code).toBe(APP_ERRORS.notFound);
      expect((await user.backend.catalog.listHistory({})).items.map((item) => item.id).sort()).toEqual([analysisId, practiceId].sort());

      await user.backend.catalog.deleteHistoryItem('analysis', analysisId);
      expect((await user.backend.catalog.listHistory({})).items.map((item) => item.id)).toEqual([practiceId]);
      expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([practiceId]);
      await user.backend.catalog.deleteHistoryItem('practice', practiceId);
      expect((await user.backend.catalog.listHistory({})).items).toEqual([]);
      expect((await rejectionOf(user.backend.catalog.deleteHistoryItem('practice', practiceId))).code).toBe(APP_ERRORS.notFound);
    });

    it("saves, lists and opens an analysis whose form was not judged with its score null and its count, never with its reps' scores", async () => {
      const user = await harness.newUser('Unseen');
      const feedback = ['Form not judged: your knees and ankles were out of the picture in every rep: put the camera further away'];
      const refused = await rejectionOf(
        user.backend.users.createVideoAnalysis(user.uid, { ...analysisEntry(0.5), score: null, reps: [{ score: 1 }] }),
      );
      expect(refused.code).toBe(APP_ERRORS.badRequest);
      const saved = await user.backend.users.createVideoAnalysis(user.uid, { ...analysisEntry(0.5), score: null, repCount: 4, feedback });
      expect(saved).toMatchObject({ score: null, repCount: 4 });
      expect((await user.backend.catalog.listHistory({})).items).toEqual([
        expect.objectContaining({ id: saved.id, kind: 'analysis', score: null, reps: 4 }),
      ]);
      expect(await user.backend.catalog.getHistoryItem('analysis', saved.id)).toMatchObject({ item: { score: null, reps: 4 }, reps: [], feedback });
      expect(await user.backend.movescore.recentSessions(user.uid, 3)).toEqual([expect.objectContaining({ id: saved.id, score: null })]);
    });

    it('keeps who else practised with a practice done together, and refuses a record outside its schema', async () => {
      const user = await harness.newUser('Together');
      const together = {
        groupId: 'grp-contract',
        people: [
          { uid: 'ann-uid', name: 'Ann' },
          { uid: 'bo-uid', name: 'Bo' },
        ],
      };
      const session = { kind: 'practice' as const, startedAt: new Date().toISOString(), durationMs: 60_000, reps: 8 };
      const saved = await user.backend.catalog.createUserStatSession({ ...session, id: newClientId(), together });
      expect(saved.together).toEqual(together);

      expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.together)).toEqual([together]);
      expect((await user.backend.catalog.listHistory({})).items.map((item) => item.together)).toEqual([together]);
      expect((await user.backend.catalog.getHistoryItem('practice', saved.id)).item.together).toEqual(together);

      const eight = Array.from({ length: 8 }, (_, i) => ({ uid: `friend-${i}`, name: `Friend ${i}` }));
      const refused = await rejectionOf(
        user.backend.catalog.createUserStatSession({ ...session, id: newClientId(), together: { ...together, people: eight } }),
      );
      expect(refused.code).toBe(APP_ERRORS.badRequest);
      expect(await user.backend.catalog.listUserStatSessions()).toHaveLength(1);
    });

    it('opens an item with what was saved only for its owner: reps and feedback, a practice with its steps', async () => {
      const user = await harness.newUser('Reader');
      const other = await harness.newUser('Snooper');
      const analysis = await user.backend.users.createVideoAnalysis(user.uid, {
        ...analysisEntry(0.5),
        repCount: 2,
        reps: [{ score: 0.4 }, { score: 0.6 }],
        feedback: ['Go about 20° deeper'],
        source: 'file',
      });
      const practice = {
        ...practiceInput(user.uid),
        steps: [{ movementId: 'm1', targetReps: 10, reps: 10, seconds: 30, score: 0.8 }],
      };
      expect(await savePractice(user.backend, practice)).toBe('saved');
      const practiceId = `${practice.resultId}-session`;

      const details = await user.backend.catalog.getHistoryItem('analysis', analysis.id);
      expect(details).toMatchObject({ item: { id: analysis.id, kind: 'analysis', reps: 2, source: 'file' }, feedback: ['Go about 20° deeper'] });
      expect(details.reps.map((rep) => rep.score)).toEqual([0.4, 0.6]);
      const practiceDetails = await user.backend.catalog.getHistoryItem('practice', practiceId);
      expect(practiceDetails.item).toMatchObject({ id: practiceId, kind: 'practice', reps: 10 });
      expect(practiceDetails.steps).toEqual([{ movementId: 'm1', targetReps: 10, reps: 10, seconds: 30, score: 0.8 }]);

      expect((await rejectionOf(other.backend.catalog.getHistoryItem('analysis', analysis.id))).code).toBe(APP_ERRORS.notFound);
      expect((await rejectionOf(other.backend.catalog.getHistoryItem('practice', practiceId))).code).toBe(APP_ERRORS.notFound);
      expect((await rejectionOf(user.backend.catalog.getHistoryItem('practice', analysis.id))).code).toBe(APP_ERRORS.notFound);
    });
  });
}

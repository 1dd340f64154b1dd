import { COUNTDOWN_EVENTS, type TActivity, type TMovement, type TRoutine } from '@movelab/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionCoach, TSessionCoachView } from '@/lib/pose/session-coach';
import { createFakeBackend, type TFakeBackendParts } from '@/testing/fake-backend';
import { renderRoutes } from '@/testing/render';
import { PracticeScreen } from './practice-screen';

const activity: TActivity = {
  id: 'core-stability',
  name: 'Core stability',
  nameLowercase: 'core stability',
  categoryId: 'c1',
  description: '',
  imageUrl: '',
  difficulty: 'beginner',
  durationMinutes: 10,
};
// No reference motion is known for it: counted by hand.
const deadBug: TMovement = {
  id: 'dead-bug',
  activityId: 'core-stability',
  name: 'Dead bug',
  description: '',
  instructions: [],
  mediaUrl: '',
  unit: 'reps',
  movescore: null,
};
const routine: TRoutine = {
  id: 'core-basics',
  activityId: 'core-stability',
  name: 'Core basics',
  description: '',
  steps: [{ movementId: 'dead-bug', reps: 10, restSeconds: 30 }],
};

/** The coach's views, without its voice or its reading of the picture. */
const quietCoach: TSessionCoach = {
  count: () => undefined,
  frame: () => undefined,
  announce: () => undefined,
  chime: () => undefined,
  restart: () => undefined,
  isAway: () => false,
  renderFrame: (picture) => picture,
  renderCount: ({ count, testId }) => <span data-testid={testId}>{count}</span>,
  renderControls: () => null,
  renderSetup: () => null,
};
const QuietCoach: TSessionCoachView = ({ children }) => children(quietCoach);

/** jsdom has no workers: the pose model's worker is one that never answers (the model stays loading). */
class SilentWorker {
  onmessage = null;
  onerror = null;
  postMessage() {}
  terminate() {}
}

function PracticeAt() {
  const { mode = '', id = '' } = useParams();
  return <PracticeScreen mode={mode} id={id} Coach={QuietCoach} />;
}

function renderPractice(path: string, catalog: TFakeBackendParts['catalog']) {
  return renderRoutes(
    [
      { path: '/practice/:mode/:id', Component: PracticeAt },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { backend: createFakeBackend({ catalog }), entries: ['/discover', path] },
  );
}

const coreCatalog = {
  getRoutine: async (id: string) => (id === routine.id ? routine : null),
  getActivity: async (id: string) => (id === activity.id ? activity : null),
  listMovements: async () => [deadBug],
};

const mixed: TRoutine = {
  id: 'mixed',
  activityId: 'core-stability',
  name: 'Mixed',
  description: '',
  steps: [
    { movementId: 'squat', reps: 12, restSeconds: 0 },
    { movementId: 'glute-bridge', reps: 10, restSeconds: 0 },
    { movementId: 'plank', seconds: 30, restSeconds: 0 },
    { movementId: 'dead-hang', seconds: 20, restSeconds: 0 },
  ],
};
const named = (id: string, name: string, unit: TMovement['unit']): TMovement => ({ ...deadBug, id, name, unit });
const mixedCatalog = {
  getRoutine: async () => mixed,
  getActivity: async () => activity,
  listMovements: async () => [
    named('squat', 'Squat', 'reps'),
    named('glute-bridge', 'Glute bridge', 'reps'),
    named('plank', 'Plank', 'seconds'),
    named('dead-hang', 'Dead hang', 'seconds'),
  ],
};

/** Started without the camera, past the 'Get ready' countdown. */
async function startWithoutCamera() {
  await userEvent.click(await screen.findByRole('button', { name: 'Practise without the camera' }));
  await screen.findByRole('region', { name: 'Practice in progress' });
  act(() => void window.dispatchEvent(new CustomEvent(COUNTDOWN_EVENTS.end)));
  await screen.findByRole('button', { name: 'Count a rep' });
}

describe('PracticeScreen', () => {
  beforeEach(() => vi.stubGlobal('Worker', SilentWorker));
  afterEach(() => vi.unstubAllGlobals());

  it('a routine that does not exist is not found, with a way back to Discover and nothing to retry', async () => {
    const getRoutine = vi.fn(async () => null);
    renderPractice('/practice/routine/nope', { getRoutine });

    expect(await screen.findByRole('heading', { level: 1, name: 'Routine not found' })).toBeInTheDocument();
    expect(screen.getByText('This routine does not exist, or was removed. Find another one to practise in Discover.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Discover' })).toHaveAttribute('href', '/discover');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(getRoutine).toHaveBeenCalledTimes(1);
  });

  it('an unknown kind of practice is not found, with a way back to Discover', async () => {
    const getActivity = vi.fn(async () => activity);
    renderPractice('/practice/foo/x', { getActivity });

    expect(await screen.findByRole('heading', { level: 1, name: 'Practice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Discover' })).toHaveAttribute('href', '/discover');
    expect(getActivity).not.toHaveBeenCalled();
  });

  it('before the start, the practice links back to its activity', async () => {
    renderPractice('/practice/routine/core-basics', coreCatalog);

    expect(await screen.findByRole('heading', { level: 1, name: 'Core basics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Core stability' })).toHaveAttribute('href', '/discover/core-stability');
  });

  it('leaving a running practice asks first: keep practising, end and keep what was done, or leave without saving', async () => {
    const router = renderPractice('/practice/routine/core-basics', coreCatalog);
    await startWithoutCamera();

    await act(() => router.navigate(-1));
    const question = await screen.findByRole('alert', { name: 'Leave the practice?' });
    expect(question).toHaveTextContent('What you did so far is saved only if you end the session first.');
    expect(router.state.location.pathname).toBe('/practice/routine/core-basics');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Keep practising' }));
    expect(screen.queryByRole('alert', { name: 'Leave the practice?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'End the session and save' }));
    // Nothing was counted yet: the summary says so (a practice with reps is saved, see PracticeSummary).
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing was recorded' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/practice/routine/core-basics');
  });

  it('practising without the camera says it was the user’s choice, and names the key only where there is a keyboard', async () => {
    renderPractice('/practice/routine/core-basics', coreCatalog);
    await startWithoutCamera();

    const byHand = screen.getByTestId('practice-by-hand');
    expect(byHand).toHaveTextContent('Practising without the camera: count each rep with Count a rep or the C key.');
    expect(byHand).not.toHaveTextContent('for this movement');
    // Below the sm breakpoint (a phone), the key is not mentioned.
    expect(screen.getByText('or the C key', { exact: false })).toHaveClass('hidden', 'sm:inline');
  });

  it('leaving without saving goes where the user went', async () => {
    const router = renderPractice('/practice/routine/core-basics', coreCatalog);
    await startWithoutCamera();

    await act(() => router.navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  });

  it('before the start, says how each step is tracked: counted, by hand, timed while held, or a plain timer', async () => {
    renderPractice('/practice/routine/mixed', mixedCatalog);

    const list = await screen.findByRole('list', { name: 'How each step is tracked with the camera' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Squat · 12 reps — Counted from the camera',
      'Glute bridge · 10 reps — Not tracked by the camera: tap Count a rep after each rep',
      'Plank · 30 s — Timed: the timer runs while the camera sees you in position',
      'Dead hang · 20 s — Timed: the camera does not check this position; the timer just runs',
    ]);
    expect(screen.queryByText(/Reps are counted/)).not.toBeInTheDocument();
  });

  it('End session asks before it ends and saves; Keep practising goes on, End and save ends', async () => {
    renderPractice('/practice/routine/core-basics', coreCatalog);
    await startWithoutCamera();
    await userEvent.click(screen.getByRole('button', { name: 'Count a rep' }));

    await userEvent.click(screen.getByRole('button', { name: 'End session' }));
    expect(screen.getByRole('alertdialog', { name: 'End the session?' })).toBeInTheDocument();
    // Paused while asked.
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep practising' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByTestId('practice-reps')).toHaveTextContent('1');

    await userEvent.click(screen.getByRole('button', { name: 'End session' }));
    await userEvent.click(screen.getByRole('button', { name: 'End and save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set finished: 1 of 10 reps' })).toBeInTheDocument();
  });

  it('a hold practised without the camera says its timer just runs', async () => {
    renderPractice('/practice/routine/mixed', { ...mixedCatalog, getRoutine: async () => ({ ...mixed, steps: mixed.steps.slice(2) }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Practise without the camera' }));
    await screen.findByRole('region', { name: 'Practice in progress' });
    act(() => void window.dispatchEvent(new CustomEvent(COUNTDOWN_EVENTS.end)));

    expect(await screen.findByTestId('practice-hold')).toHaveTextContent('Practising without the camera: the timer just runs.');
  });
});

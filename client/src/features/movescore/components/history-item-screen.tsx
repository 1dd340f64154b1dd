/**
 * One session of the history: what was saved (movement or practice, date and time, duration, reps,
 * score with its per-rep or per-step breakdown, feedback, source) and its replay where the filmed
 * set is still kept on this device. Another user's session, or none, is not found.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { APP_ERRORS, scorePercent, type THistoryDetails, type THistoryItem } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { PageTitle, Section } from '@/components/ui/page';
import { InlineError, InlineLoading, NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorCode, errorText } from '@/lib/errors';
import { usePerspective } from '@/lib/api/movescore-catalogue';
import { useKeptReplay } from '@/lib/replay/kept-replays';
import type { TReplayProps, TReplayView } from '@/lib/replay/take-video';
import { useHistoryNames } from '../api/get-history-page';
import { useActivityMovementNames, useHistoryItem } from '../api/get-history-item';
import { dateTimeText, itemTitle, scoreWords, togetherText } from '../history';
import { SavedChart, SavedReps, SessionActions } from './history-analysis-parts';

const SOURCE_LABELS: Record<string, string> = { camera: "This device's camera", file: 'A video file', remote: "A phone's camera (Remote Cam)" };

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Whether a camera filmed the session. A practice saves its camera (`source`) only when one was
 * used; one saved before the source was kept, with a score, was counted by a camera all the same.
 */
const wasFilmed = (item: THistoryItem) => item.kind === 'analysis' || item.source !== null || item.score !== null;

/** Where the picture came from; a practice without the camera was counted by hand. */
function sourceText(item: THistoryItem): string {
  const label = SOURCE_LABELS[item.source ?? ''];
  if (label) return label;
  if (item.kind === 'analysis') return 'Not recorded';
  return wasFilmed(item) ? 'A camera' : 'No camera: reps counted by hand';
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-lg font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Breakdown({ details }: { details: THistoryDetails }) {
  const movementNames = useActivityMovementNames(details.item.kind === 'practice' ? details.item.activityId : null);
  if (details.reps.length > 0) return <SavedReps details={details} />;
  if (details.steps.length === 0) return null;
  return (
    <Section title="Steps">
      <ol aria-label="Steps" className="flex flex-col gap-2">
        {details.steps.map((step, index) => (
          <li key={`${step.movementId}-${index}`} className="flex flex-wrap justify-between gap-2 rounded-lg bg-surface p-3">
            <span>{movementNames.get(step.movementId) ?? step.movementId}</span>
            <span className="text-muted">
              {step.targetReps !== undefined
                ? `${step.reps} / ${step.targetReps} reps`
                : `${Math.round(step.seconds)} / ${step.targetSeconds ?? 0} s`}
              {step.score !== undefined ? ` · ${scorePercent(step.score)}%` : ''}
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The replay of the filmed set when this device kept it; otherwise said plainly. */
function KeptReplay({ replay, details, Replay }: { replay: TReplayProps | null | undefined; details: THistoryDetails; Replay: TReplayView }) {
  const [isReplaying, setIsReplaying] = useState(false);
  if (replay === undefined) return null;
  // Nothing was filmed: there is no video to keep or to miss.
  if (replay === null && !wasFilmed(details.item)) return null;
  if (replay === null) {
    return (
      <Section title="Replay">
        <p className="rounded-xl bg-surface p-4 text-muted" data-testid="history-item-no-video">
          The video of this session is not kept on this device, so it cannot be replayed here. Videos never leave the device that filmed them.
        </p>
      </Section>
    );
  }
  const label = details.item.kind === 'practice' ? 'Replay the last set' : 'Replay against the reference';
  return (
    <Section title="Replay">
      <div className="flex flex-col gap-3">
        <Button variant="secondary" className="self-start" aria-expanded={isReplaying} onClick={() => setIsReplaying((shown) => !shown)}>
          {isReplaying ? 'Close the replay' : label}
        </Button>
        {isReplaying ? <Replay {...replay} /> : null}
      </div>
    </Section>
  );
}

/** The perspective an analysis was filmed from, by its name ("Side"); '—' where it is gone from the catalogue. */
function PerspectiveFact({ item }: { item: THistoryItem }) {
  const perspective = usePerspective(item.groupId ?? '', item.movementId ?? '', item.perspectiveId ?? '');
  return <Fact label="Perspective" value={perspective.data?.name ?? (perspective.isPending ? '…' : '—')} testId="history-item-perspective" />;
}

export function HistoryItemScreen({ uid, kind, id, Replay }: { uid: string; kind: string; id: string; Replay: TReplayView }) {
  const query = useHistoryItem(uid, kind, id);
  const kept = useKeptReplay(uid, kind === 'practice' ? 'practice' : 'analysis', id);
  const names = useHistoryNames(
    query.data?.item.groupId ? [query.data.item.groupId] : [],
    query.data?.item.routineId ? [query.data.item.routineId] : [],
  );
  if (query.isError && errorCode(query.error) === APP_ERRORS.notFound) {
    return (
      <NotFoundState
        title="Session not found"
        message="There is no session at this address in your history: it may have been deleted."
        backTo={paths.movescoreHistory()}
        backLabel="Your progress"
      />
    );
  }
  if (query.isError) {
    return <InlineError message={`This session could not be loaded: ${errorText(query.error)}`} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <InlineLoading label="Loading this session…" />;
  const details = query.data;
  const { item } = details;
  const together = togetherText(item);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to={paths.movescoreHistory()} className="self-start text-sm text-primary underline-offset-4 hover:underline">
          Your progress
        </Link>
        <PageTitle>{itemTitle(item, names)}</PageTitle>
        <p className="text-muted">
          {item.kind === 'practice' ? 'Practice session' : 'Movement analysis'} of{' '}
          <time dateTime={item.createdAt} data-testid="history-item-date">
            {dateTimeText(item.createdAt)}
          </time>
        </p>
        {together ? <p data-testid="history-item-together">{together}</p> : null}
      </div>
      <dl aria-label="What was saved" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Fact label="Score" value={scoreWords(item) ?? '—'} testId="history-item-score" />
        <Fact label="Reps" value={String(item.reps)} testId="history-item-reps" />
        <Fact label="Duration" value={item.durationMs > 0 ? seconds(item.durationMs) : '—'} testId="history-item-duration" />
        <Fact label="Source" value={sourceText(item)} testId="history-item-source" />
        {item.kind === 'analysis' ? <PerspectiveFact item={item} /> : null}
      </dl>
      <Breakdown details={details} />
      {details.feedback.length > 0 ? (
        <Section title="Feedback">
          <ul className="flex list-disc flex-col gap-1 pl-6">
            {details.feedback.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {item.kind === 'analysis' ? <SavedChart kept={kept} /> : null}
      <KeptReplay replay={kept} details={details} Replay={Replay} />
      <SessionActions uid={uid} item={item} names={names} />
    </div>
  );
}

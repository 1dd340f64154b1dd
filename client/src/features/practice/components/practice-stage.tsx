import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Kbd } from '@/components/ui/kbd';
import { useSessionKeys } from '@/lib/session-keys';
import { useFullscreen } from '../hooks/use-fullscreen';
import { keysLegend, PRACTICE_KEYS, usePracticeKeys } from '../hooks/use-practice-keys';
import { EndQuestion } from './practice-alerts';

export type TStageActions = {
  isPaused: boolean;
  /** Absent while pausing means nothing (the 'Get ready' countdown). */
  onPauseToggle?: () => void;
  /** "Next step" or "Skip the rest"; absent when there is nothing to skip. */
  skipLabel?: string;
  onSkip?: () => void;
  /** Ends the session and saves it, once End session or Esc has been confirmed. */
  onEnd: () => void;
  /** End session or Esc asked (true: pause meanwhile), or the question was answered Keep practising (false). */
  onEndAsked?: (isAsked: boolean) => void;
  /** Counting by hand (no camera counting for this movement). */
  onCount?: () => void;
};

const BIG =
  'inline-flex min-h-16 min-w-28 flex-1 items-center justify-center gap-3 rounded-xl px-4 text-xl font-semibold transition-colors sm:flex-none';

function BigButton({
  label,
  keyLabel,
  shortcut,
  onClick,
  tone,
}: {
  label: string;
  keyLabel: string;
  shortcut: string;
  onClick: () => void;
  tone: 'primary' | 'plain';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts={shortcut}
      className={`${BIG} ${tone === 'primary' ? 'bg-primary text-background hover:bg-primary/85' : 'bg-white/15 text-white hover:bg-white/25'}`}
    >
      {label}
      <Kbd>{keyLabel}</Kbd>
    </button>
  );
}

type TFullscreen = ReturnType<typeof useFullscreen>;

/** The title, the step and the session's progress; the voice switch and Full screen beside them. */
function StageHeader({
  title,
  stepLine,
  progress,
  controls,
  fullscreen,
}: {
  title: string;
  stepLine: ReactNode;
  progress: { done: number; total: number };
  controls: ReactNode;
  fullscreen: TFullscreen;
}) {
  return (
    // A phone: the title and the step take the whole width, the voice switch and Full screen on a row below them; from sm up, side by side as before.
    <header className="flex flex-col gap-1 px-3 pt-3 sm:flex-row sm:items-start sm:justify-between sm:gap-3 sm:px-6">
      <div className="min-w-0 sm:flex-1">
        <h1 className="text-lg font-semibold break-words sm:truncate sm:text-2xl">{title}</h1>
        <p className="text-lg sm:text-2xl" data-testid="practice-step">
          {stepLine}
        </p>
        <progress className="mt-1 h-2 w-full max-w-md accent-primary" max={progress.total} value={progress.done} aria-label="Session progress" />
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
        {controls}
        {fullscreen.canFullscreen ? (
          <button
            type="button"
            onClick={fullscreen.toggle}
            aria-pressed={fullscreen.isFullscreen}
            aria-keyshortcuts={PRACTICE_KEYS.fullscreen.shortcut}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm hover:bg-white/10"
          >
            Full screen
            <Kbd>{PRACTICE_KEYS.fullscreen.label}</Kbd>
          </button>
        ) : null}
      </div>
    </header>
  );
}

/** The big buttons, and the keys that do the same (shown from sm up: a phone has no keyboard). */
function StageFooter({ actions, canFullscreen, onAskEnd }: { actions: TStageActions; canFullscreen: boolean; onAskEnd: () => void }) {
  const { isPaused, onPauseToggle, skipLabel, onSkip, onCount } = actions;
  return (
    <footer className="flex flex-col gap-2 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2 sm:px-6">
      <div className="flex flex-wrap justify-center gap-2 sm:gap-3">
        {onCount ? (
          <BigButton
            label="Count a rep"
            keyLabel={PRACTICE_KEYS.count.label}
            shortcut={PRACTICE_KEYS.count.shortcut}
            onClick={onCount}
            tone="primary"
          />
        ) : null}
        {onPauseToggle ? (
          <BigButton
            label={isPaused ? 'Resume' : 'Pause'}
            keyLabel={PRACTICE_KEYS.pause.label}
            shortcut={PRACTICE_KEYS.pause.shortcut}
            onClick={onPauseToggle}
            tone={isPaused ? 'primary' : 'plain'}
          />
        ) : null}
        {onSkip && skipLabel ? (
          <BigButton label={skipLabel} keyLabel={PRACTICE_KEYS.skip.label} shortcut={PRACTICE_KEYS.skip.shortcut} onClick={onSkip} tone="plain" />
        ) : null}
        <BigButton label="End session" keyLabel={PRACTICE_KEYS.end.label} shortcut={PRACTICE_KEYS.end.shortcut} onClick={onAskEnd} tone="plain" />
      </div>
      <p className="hidden text-center text-sm text-white/80 sm:block" data-testid="practice-keys">
        {keysLegend([
          ...(onPauseToggle ? (['pause'] as const) : []),
          ...(onSkip && skipLabel ? (['skip'] as const) : []),
          'end',
          ...(onCount ? (['count'] as const) : []),
          ...(canFullscreen ? (['fullscreen'] as const) : []),
        ])}
      </p>
    </footer>
  );
}

/**
 * The practice made for the room: fills the window (and the screen, with full screen), the
 * picture in the middle with what to read from 3 m laid over it, big buttons at the bottom and
 * the same controls on the keyboard, shown on screen.
 */
export function PracticeStage({
  title,
  stepLine,
  progress,
  controls,
  area,
  actions,
}: {
  title: string;
  stepLine: ReactNode;
  progress: { done: number; total: number };
  /** The voice switch. */
  controls: ReactNode;
  /** The picture and what is laid over it. */
  area: ReactNode;
  actions: TStageActions;
}) {
  const stageRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(stageRef);
  const { onPauseToggle, onSkip, onEnd, onEndAsked, onCount } = actions;
  const [isEnding, setIsEnding] = useState(false);
  const askEnd = () => {
    setIsEnding(true);
    onEndAsked?.(true);
  };
  const keepPractising = () => {
    setIsEnding(false);
    onEndAsked?.(false);
  };
  // While End session is asked, Esc answers Keep practising and the other keys wait.
  usePracticeKeys(
    { onPauseToggle: () => onPauseToggle?.(), onSkip: () => onSkip?.(), onEnd: askEnd, onCount, onFullscreen: fullscreen.toggle },
    !isEnding,
  );
  useSessionKeys({ Escape: keepPractising }, isEnding);
  // Someone who started from the keyboard lands on the practice, not behind it.
  useEffect(() => stageRef.current?.focus(), []);
  return (
    <section
      ref={stageRef}
      tabIndex={-1}
      aria-label="Practice in progress"
      className="fixed inset-0 z-40 flex flex-col bg-black text-white outline-none"
      data-testid="practice-stage"
    >
      <StageHeader title={title} stepLine={stepLine} progress={progress} controls={controls} fullscreen={fullscreen} />
      {fullscreen.error ? (
        <p role="alert" className="px-3 text-sm text-amber-400 sm:px-6">
          {fullscreen.error}
        </p>
      ) : null}
      <div className="relative min-h-0 flex-1">
        {area}
        {isEnding ? (
          <div className="absolute inset-x-0 top-0 z-10 flex justify-center p-3">
            <EndQuestion onEnd={onEnd} onKeepPractising={keepPractising} />
          </div>
        ) : null}
      </div>
      <StageFooter actions={actions} canFullscreen={fullscreen.canFullscreen} onAskEnd={askEnd} />
    </section>
  );
}

import type { TScoreResult, TTake } from '@movelab/shared/movescore/index';
import type { TVideoSource } from '@/lib/pose/use-pose-feed';

/** A finished take: its score, its poses, where it came from and when it started (the result screen's input). */
export type TFinished = { result: TScoreResult; take: TTake; source: TVideoSource['kind']; startedAt: string };

/**
 * Movescore from the command line: score a take against a reference, build a reference from a
 * take, or generate a synthetic take. Every command prints JSON on stdout.
 *
 *   npm run movescore -- score --reference ref.json --take take.json
 *   npm run movescore -- reference take.json [--kind squat] [--primary knee]
 *   npm run movescore -- generate --movement squat --reps 5 [--depth 1] [--tempo 1] [--noise 0.01]
 *        [--fps 30] [--duration-ms N] [--idle-ms N] [--missing-rate 0.1] [--seed 1]
 *
 * It runs the engine from @movelab/shared's build: run `npm run build -w shared` first.
 * Bad input goes to stderr with exit code 1; a wrong command line exits with 2.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isMovelabError } from '@movelab/shared';
import {
  buildReference,
  referencePostureError,
  generateTake,
  MOVEMENT_KINDS,
  MOVEMENTS,
  scoreTake,
  ZFeatureName,
  ZMovementKind,
  type TGenerateOptions,
  type TMovement,
} from '@movelab/shared/movescore/index';

/** 20 minutes at 60 fps with 17 keypoints is about 80 MB of JSON; refuse anything larger. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

const USAGE = `usage:
  movescore score --reference ref.json --take take.json
  movescore reference take.json [--kind ${MOVEMENT_KINDS.join('|')}]
                      [--primary knee|hip|elbow|shoulder|trunk|left_knee|...]
  movescore generate --movement ${MOVEMENTS.join('|')} --reps N [--depth 0..1] [--tempo 1] [--noise 0.01]
                     [--fps 30] [--duration-ms N] [--idle-ms N] [--missing-rate 0..1] [--seed N]`;

class UsageError extends Error {}

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    const buffer = await readFile(path);
    if (buffer.byteLength > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES} bytes`);
    text = buffer.toString('utf8');
  } catch (error) {
    throw new Error(`cannot read the ${what} file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`the ${what} file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** A numeric option, or undefined when absent; a non-number is a usage error. */
function numberOption(values: Record<string, unknown>, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${String(raw)}"`);
  return value;
}

function range(name: string, value: number | undefined, min: number, max: number): number | undefined {
  if (value !== undefined && (value < min || value > max)) throw new UsageError(`--${name} must be between ${min} and ${max}`);
  return value;
}

async function score(args: string[]): Promise<unknown> {
  const { values } = parseArgs({
    args,
    options: { reference: { type: 'string' }, take: { type: 'string' } },
    strict: true,
  });
  if (!values.reference || !values.take) throw new UsageError('score needs --reference and --take');
  const [reference, take] = await Promise.all([readJson(values.reference, 'reference'), readJson(values.take, 'take')]);
  const { score, repCount, reps, feedback, outOfView, notJudged, durationMs } = scoreTake(reference, take);
  // The per-phase deviations are for the UI's detail view; the CLI keeps its answer short. A take
  // whose form-deciding joints were unseen in most reps has `score` null, and why beside `outOfView`.
  return {
    score,
    repCount,
    reps: reps.map(({ deviations: _deviations, ...rep }) => rep),
    feedback,
    outOfView,
    notJudged,
    durationMs,
  };
}

async function reference(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    options: { kind: { type: 'string' }, primary: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('reference needs exactly one take file');
  const primary = values.primary === undefined ? undefined : ZFeatureName.safeParse(values.primary);
  if (primary && !primary.success) throw new UsageError(`--primary must be one of ${ZFeatureName.options.join(', ')}`);
  // The movement's kind, as the admin form records it: which joint counts and which joints carry form.
  const kind = values.kind === undefined ? undefined : ZMovementKind.safeParse(values.kind);
  if (kind && !kind.success) throw new UsageError(`--kind must be one of ${MOVEMENT_KINDS.join(', ')}`);
  const built = buildReference(await readJson(positionals[0]!, 'take'), {
    kind: kind?.data,
    primaryJoint: primary?.data,
  });
  // The admin's capture refuses such a reference; here it is written, with the reason on stderr.
  const refusal = referencePostureError(built);
  if (refusal) process.stderr.write(`warning: ${refusal}\n`);
  return built;
}

function generate(args: string[]): unknown {
  const names = ['reps', 'depth', 'tempo', 'noise', 'fps', 'duration-ms', 'idle-ms', 'missing-rate', 'seed'] as const;
  const { values } = parseArgs({
    args,
    options: {
      movement: { type: 'string' },
      ...Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    },
    strict: true,
  });
  const movement = values.movement ?? 'squat';
  if (!MOVEMENTS.includes(movement as TMovement)) throw new UsageError(`--movement must be one of ${MOVEMENTS.join(', ')}`);
  const options: Partial<TGenerateOptions> = {
    movement: movement as TMovement,
    reps: range('reps', numberOption(values, 'reps'), 0, 500),
    depth: range('depth', numberOption(values, 'depth'), 0, 1),
    tempo: range('tempo', numberOption(values, 'tempo'), 0.1, 5),
    noise: range('noise', numberOption(values, 'noise'), 0, 0.2),
    fps: range('fps', numberOption(values, 'fps'), 1, 120),
    durationMs: range('duration-ms', numberOption(values, 'duration-ms'), 0, 20 * 60_000),
    idleMs: range('idle-ms', numberOption(values, 'idle-ms'), 0, 60_000),
    missingRate: range('missing-rate', numberOption(values, 'missing-rate'), 0, 1),
    seed: numberOption(values, 'seed'),
  };
  if (options.reps !== undefined && !Number.isInteger(options.reps)) throw new UsageError('--reps must be a whole number');
  // Absent options keep the generator's defaults.
  return generateTake(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)));
}

const COMMANDS: Record<string, (args: string[]) => unknown> = {
  score,
  reference,
  generate,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    process.stderr.write(`${command ? `unknown command "${command}"\n` : ''}${USAGE}\n`);
    return 2;
  }
  try {
    const result = await run(args);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    const isUsage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const message = isMovelabError(error) || error instanceof Error ? error.message : String(error);
    process.stderr.write(`movescore: ${message}\n${isUsage ? `${USAGE}\n` : ''}`);
    return isUsage ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

/** The kinds of movement the engine has a definition for, and what the admin screens call them. */
import { z } from 'zod';

export const MOVEMENT_KINDS = [
  'squat',
  'lunge',
  'push-up',
  'knee-push-up',
  'jumping-jack',
  'front-raise',
  'curl',
  'shoulder-press',
  'shrug',
  'custom',
] as const;
export const ZMovementKind = z.enum(MOVEMENT_KINDS);
export type TMovementKind = z.infer<typeof ZMovementKind>;
/** What the admin screens call each kind. */
export const MOVEMENT_KIND_LABELS: Readonly<Record<TMovementKind, string>> = {
  squat: 'Squat',
  lunge: 'Lunge',
  'push-up': 'Push-up',
  'knee-push-up': 'Knee push-up',
  'jumping-jack': 'Jumping jack',
  'front-raise': 'Front raise',
  curl: 'Biceps curl',
  'shoulder-press': 'Shoulder press',
  shrug: 'Shoulder shrug',
  custom: 'Other (counting joint chosen from the video)',
};

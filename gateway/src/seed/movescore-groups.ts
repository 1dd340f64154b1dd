import type { TMovescoreGroup } from '@movelab/shared';
import type { TMovement as TMotion } from '@movelab/shared/movescore/index';

/* The demo movescore groups: each group's movements, the views they are filmed from and their motion. */

export type TView = 'front' | 'side';
/** `motion`: the kind of movement whose generated reference the demo perspectives carry. */
export type TGroupSeed = {
  group: Omit<TMovescoreGroup, 'movementCount'>;
  movements: {
    id: string;
    name: string;
    description: string;
    views: TView[];
    motion?: TMotion;
  }[];
};

export const groups: TGroupSeed[] = [
  {
    group: {
      id: 'squat',
      name: 'Squat',
      coverUrl: '/media/covers/squat.svg',
      description: 'Knee and hip bending patterns.',
    },
    movements: [
      {
        id: 'bodyweight-squat',
        name: 'Bodyweight squat',
        description: 'Arms forward, full depth.',
        views: ['front', 'side'],
        motion: 'squat',
      },
      {
        id: 'goblet-squat',
        name: 'Goblet squat',
        description: 'A weight held at the chest.',
        views: ['front', 'side'],
        motion: 'squat',
      },
    ],
  },
  {
    group: {
      id: 'lunge',
      name: 'Lunge',
      coverUrl: '/media/covers/lunge.svg',
      description: 'Split-stance leg work.',
    },
    movements: [
      {
        id: 'forward-lunge',
        name: 'Forward lunge',
        description: 'Step forward and return.',
        views: ['front', 'side'],
        motion: 'lunge',
      },
      {
        id: 'reverse-lunge',
        name: 'Reverse lunge',
        description: 'Step back and return.',
        views: ['side'],
        motion: 'lunge',
      },
    ],
  },
  {
    group: {
      id: 'push-up',
      name: 'Push-up',
      coverUrl: '/media/covers/push-up.svg',
      description: 'Horizontal pressing from the floor.',
    },
    movements: [
      {
        id: 'standard-push-up',
        name: 'Standard push-up',
        description: 'Hands under shoulders.',
        views: ['side'],
        motion: 'pushup',
      },
      {
        id: 'knee-push-up',
        name: 'Knee push-up',
        description: 'From the knees.',
        views: ['side'],
        motion: 'knee-pushup',
      },
    ],
  },
  {
    group: {
      id: 'plank',
      name: 'Plank',
      coverUrl: '/media/covers/plank.svg',
      description: 'Static trunk holds.',
    },
    movements: [
      {
        id: 'forearm-plank',
        name: 'Forearm plank',
        description: 'On the forearms.',
        views: ['side'],
      },
    ],
  },
];

export const VIEW_NAMES = { front: 'Front', side: 'Side' } as const;
/**
 * Camera angle of a generated reference, radians from a pure side view. A straight front view
 * would hide the knee bend in the picture, so "front" is the usual three-quarter phone angle.
 */
export const VIEW_YAW: Readonly<Record<TView, number>> = { front: 0.9, side: 0.2 };

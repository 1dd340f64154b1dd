import type { TActivity, TActivityCategory, TMovement, TRoutine } from '@movelab/shared';

/* The demo activity catalogue: categories, their activities, the movements and the routines. */

export const categories: TActivityCategory[] = [
  {
    id: 'strength',
    name: 'Strength',
    description: 'Build force with your own body weight.',
    order: 0,
    icon: 'dumbbell',
  },
  {
    id: 'mobility',
    name: 'Mobility',
    description: 'Move joints through their full range.',
    order: 1,
    icon: 'yoga',
  },
  {
    id: 'core',
    name: 'Core',
    description: 'Stability for the trunk and hips.',
    order: 2,
    icon: 'human',
  },
];

const activity = (id: string, name: string, categoryId: string, description: string, minutes: number): TActivity => ({
  id,
  name,
  nameLowercase: name.toLowerCase(),
  categoryId,
  description,
  // Shipped with the gateway (gateway/assets/covers/activities), like the movescore group covers.
  imageUrl: `/media/covers/activities/${id}.svg`,
  difficulty: 'beginner',
  durationMinutes: minutes,
});

export const activities: TActivity[] = [
  activity('bodyweight-strength', 'Bodyweight strength', 'strength', 'Squats, lunges and push-ups for the whole body.', 20),
  activity('lower-body-mobility', 'Lower-body mobility', 'mobility', 'Open the hips, knees and ankles.', 15),
  activity('core-stability', 'Core stability', 'core', 'Hold positions that keep the spine steady.', 12),
];

const movement = (
  id: string,
  activityId: string,
  name: string,
  instructions: string[],
  unit: 'reps' | 'seconds',
  movescore: TMovement['movescore'] = null,
): TMovement => ({
  id,
  activityId,
  name,
  description: '',
  instructions,
  mediaUrl: '',
  unit,
  movescore,
});

export const movements: TMovement[] = [
  movement(
    'squat',
    'bodyweight-strength',
    'Squat',
    ['Feet shoulder-width apart', 'Sit back until thighs are level', 'Drive up through the heels'],
    'reps',
    {
      groupId: 'squat',
      movementId: 'bodyweight-squat',
      perspectiveId: 'front',
    },
  ),
  movement('lunge', 'bodyweight-strength', 'Lunge', ['Step forward', 'Lower the back knee towards the floor', 'Push back to standing'], 'reps', {
    groupId: 'lunge',
    movementId: 'forward-lunge',
    perspectiveId: 'side',
  }),
  movement(
    'push-up',
    'bodyweight-strength',
    'Push-up',
    ['Hands under shoulders', 'Keep a straight line from head to heels', 'Lower the chest, then press'],
    'reps',
    {
      groupId: 'push-up',
      movementId: 'standard-push-up',
      perspectiveId: 'side',
    },
  ),
  movement(
    'glute-bridge',
    'lower-body-mobility',
    'Glute bridge',
    ['Lie on your back, knees bent', 'Lift the hips until knees, hips and shoulders align', 'Lower slowly'],
    'reps',
  ),
  movement(
    'deep-squat-hold',
    'lower-body-mobility',
    'Deep squat hold',
    ['Sink as low as is comfortable', 'Keep the heels down', 'Breathe'],
    'seconds',
  ),
  movement('plank', 'core-stability', 'Plank', ['Forearms under shoulders', 'Squeeze glutes and brace', 'Hold a straight line'], 'seconds'),
  movement(
    'dead-bug',
    'core-stability',
    'Dead bug',
    ['Lie on your back, arms up', 'Lower the opposite arm and leg', 'Keep the lower back down'],
    'reps',
  ),
];

export const routines: TRoutine[] = [
  {
    id: 'full-body-starter',
    activityId: 'bodyweight-strength',
    name: 'Full-body starter',
    description: 'One round of the basics: squats, lunges and push-ups.',
    steps: [
      { movementId: 'squat', reps: 12, restSeconds: 30 },
      { movementId: 'lunge', reps: 10, restSeconds: 30 },
      { movementId: 'push-up', reps: 8, restSeconds: 45 },
    ],
  },
  {
    id: 'hip-opener',
    activityId: 'lower-body-mobility',
    name: 'Hip opener',
    description: 'A gentle sequence for stiff hips.',
    steps: [
      { movementId: 'glute-bridge', reps: 12, restSeconds: 20 },
      { movementId: 'deep-squat-hold', seconds: 45, restSeconds: 20 },
    ],
  },
  {
    id: 'core-basics',
    activityId: 'core-stability',
    name: 'Core basics',
    description: 'Hold, breathe, control.',
    steps: [
      { movementId: 'plank', seconds: 30, restSeconds: 30 },
      { movementId: 'dead-bug', reps: 10, restSeconds: 30 },
    ],
  },
];

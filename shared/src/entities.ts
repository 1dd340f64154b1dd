/**
 * Entities of spec §3 as zod schemas, with the exact collection field names. `Z` prefixes a
 * schema, `T` its inferred type. Fields the spec does not show are Movelab's own design and
 * are documented in ARCHITECTURE.md ("Data model").
 */
import { z } from 'zod';
import { LIMITS, PASSWORD_MIN_LENGTH } from './constants.js';
import { PERSPECTIVE_VIEWS } from './remote-session.js';
import { MOVEMENT_KIND_LABELS, ZMovementKind, type TMovementKind } from './movescore/definitions.js';
import { referencePostureError } from './movescore/feedback.js';
import { ZReference, type TReference } from './movescore/reference.js';

const id = z.string().min(1).max(LIMITS.idMax);
const name = z.string().trim().min(1, 'Name is required').max(LIMITS.nameMax);
const description = z.string().max(LIMITS.descriptionMax);
const isoTimestamp = z.iso.datetime({ offset: true });
/** A URL the app can show: an absolute http(s) URL, a same-origin path, or '' for none. */
const mediaUrl = z
  .string()
  .max(2048)
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), 'Not a valid URL');

/**
 * An id the client chose for a document it creates, so that sending the same create again
 * (a retry, an offline outbox replayed) stores it once. Safe as a Firestore document id.
 */
export const ZClientId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a valid client id');

export const ZEmail = z.email('Not a valid email').max(254);
/** A field derived by `toLowerCase()` from a field of at most `max` code units. */
const lowercaseOf = (max: number) => z.string().max(max * LIMITS.lowercaseGrowth);

/** UTF-8 bytes of a text (shared runs in browsers and in Node: no Buffer, no DOM types). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** True when the value's JSON is at most `max` UTF-8 bytes (false when it cannot be serialised). */
export function fitsJsonBytes(value: unknown, max: number): boolean {
  try {
    const json = JSON.stringify(value) ?? '';
    return json.length <= max && utf8Length(json) <= max;
  } catch {
    return false;
  }
}

export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH, 'Password should be at least 6 characters long').max(4096);

export const ZGender = z.enum(['female', 'male', 'non-binary', 'prefer-not-to-say']);
export type TGender = z.infer<typeof ZGender>;

// ---------------------------------------------------------------- users

/** users/{uid} */
export const ZUser = z.object({
  id,
  displayName: z.string().max(LIMITS.displayNameMax),
  displayNameLowercase: lowercaseOf(LIMITS.displayNameMax),
  email: z.string().max(254),
  roles: z.array(z.string()),
  /** Centimetres, set by a profile update. */
  height: z.number().min(50).max(272).optional(),
  gender: ZGender.optional(),
  /** Activity ids the user added (a set). */
  activities: z.array(id).max(LIMITS.userSetMax).default([]),
  /** Routine ids the user subscribed to (a set). */
  routineSubscriptions: z.array(id).max(LIMITS.userSetMax).default([]),
  /** The current remote-camera session id. */
  apiRtcConversationId: z.string().nullable().optional(),
  /** When the record was created: "member since". */
  createdAt: isoTimestamp.optional(),
  /** Mirrors the identity account's disabled flag, for admin lists. */
  disabled: z.boolean().optional(),
  /**
   * Never stored: the fields of the stored record that this schema refuses, left out as it was
   * read (readableUser), so the record is still listed and opened. Absent when all were read.
   */
  unreadableFields: z.array(z.string().max(64)).max(20).optional(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * account_guards/{uid} (firebase mode): written by the gateway with firebase-admin only, read by
 * the Firestore and Storage rules for every request, so that a change of access holds at once
 * for ID tokens still within their hour.
 */
export const ZAccountGuard = z.object({
  /** The account is disabled: its tokens read and write nothing. */
  disabled: z.boolean().optional(),
  /** ADMIN was last taken away at this time (epoch seconds, rounded up): a token issued before proves no ADMIN. */
  adminValidAfter: z.number().int().min(0).optional(),
});
export type TAccountGuard = z.infer<typeof ZAccountGuard>;

export const ZUserCreate = z.object({
  displayName: z.string().trim().max(LIMITS.displayNameMax).default(''),
  email: z.string().max(254),
});
export type TUserCreate = z.infer<typeof ZUserCreate>;

/**
 * The display name a user record is created with where the account has none (spec, start-up:
 * "default 'New User' if none"). Editable in Settings like any name; the admin's lists show the
 * e-mail beside it, so people who skip the name are still told apart.
 */
export const DEFAULT_DISPLAY_NAME = 'New User';

export const ZProfileUpdate = z
  .object({
    displayName: z.string().trim().min(1, 'Display name is required').max(LIMITS.displayNameMax),
    email: ZEmail,
    height: z.number().min(50, 'Height is at least 50 cm').max(272, 'Height is at most 272 cm').nullable(),
    gender: ZGender.nullable(),
  })
  .partial()
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** The authenticated identity user (spec §3), the same shape on both backends. */
export const ZAuthUser = z.object({
  uid: id,
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  tenantId: z.string().nullable(),
  isAnonymous: z.boolean(),
  providerData: z.array(
    z.object({
      providerId: z.string(),
      uid: z.string(),
      email: z.string().nullable(),
    }),
  ),
  metadata: z.object({
    creationTime: z.string().optional(),
    lastSignInTime: z.string().optional(),
  }),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

// ---------------------------------------------------------------- video analysis

/** Where a take's picture came from: this device's camera, a phone paired as a remote camera, or a file. */
export const ZTakeSource = z.enum(['camera', 'remote', 'file']);
export type TTakeSource = z.infer<typeof ZTakeSource>;

/** One rep of a saved analysis: its score, and what else the app keeps of it. */
const ZRep = z.looseObject({ score: z.number().min(0).max(1) });

/**
 * users/{uid}/video_analysis/{id}. Extra fields passed in are kept (spec §3), within
 * LIMITS.videoAnalysisBytes for the whole document. `score` is null where the form was not
 * judged (the joints deciding it unseen in most reps: movescore/judged.ts); such a result keeps
 * its count and feedback, not its reps' scores.
 */
const ZVideoAnalysisFields = z.looseObject({
  score: z.number().min(0).max(1).nullable(),
  groupId: id,
  movementId: id,
  perspectiveId: id,
  repCount: z.number().int().min(0).max(10_000).optional(),
  durationMs: z
    .number()
    .min(0)
    .max(24 * 3600_000)
    .optional(),
  source: ZTakeSource.optional(),
  reps: z.array(ZRep).max(LIMITS.videoAnalysisRepsStoredMax).optional(),
  feedback: z.array(z.string().max(LIMITS.videoAnalysisFeedbackChars)).max(LIMITS.videoAnalysisFeedbackMax).optional(),
});
/** How far a stored score may be from its reps' mean: each rep's score and the mean are rounded to 0.001. */
export const REP_SCORE_TOLERANCE = 0.002;

/**
 * The gateway never sees the take (keypoints stay on the device), so it cannot score a result
 * again; what it can check is that a result carrying its reps agrees with them as the engine
 * computes it (shared/src/movescore/score.ts): the score is their mean (0 with none), the count is
 * theirs; and that a result not judged (score null) carries no reps' scores.
 */
function agreesWithReps(value: { score: number | null; repCount?: number; reps?: { score: number }[] }): boolean {
  if (!value.reps) return true;
  if (value.score === null) return false;
  if (value.repCount !== undefined && value.repCount !== value.reps.length) return false;
  const mean = value.reps.length === 0 ? 0 : value.reps.reduce((sum, rep) => sum + rep.score, 0) / value.reps.length;
  return Math.abs(value.score - mean) <= REP_SCORE_TOLERANCE;
}

export const ZVideoAnalysisInput = ZVideoAnalysisFields.extend({
  id: ZClientId.optional(),
  reps: z.array(ZRep).max(LIMITS.videoAnalysisRepsMax).optional(),
})
  .refine((value) => fitsJsonBytes(value, LIMITS.videoAnalysisBytes), `An analysis is at most ${LIMITS.videoAnalysisBytes} bytes of JSON`)
  .refine(agreesWithReps, 'An analysis with reps has their count as repCount and their mean as its score, and one not judged (score null) has none');
export type TVideoAnalysisInput = z.infer<typeof ZVideoAnalysisInput>;

/** A stored analysis as read back (the size is checked on the way in). */
export const ZVideoAnalysis = ZVideoAnalysisFields.extend({
  id,
  createdAt: isoTimestamp,
});
export type TVideoAnalysis = z.infer<typeof ZVideoAnalysis>;

/** A recent session card: the analysis joined with its group's name and cover. */
export const ZRecentSession = z.object({
  id,
  groupId: id,
  movementId: id,
  /** null: its form was not judged ("Score: -"). */
  score: z.number().nullable(),
  createdAt: isoTimestamp,
  groupName: z.string(),
  coverUrl: z.string(),
});
export type TRecentSession = z.infer<typeof ZRecentSession>;

// ---------------------------------------------------------------- movescore catalogue

/** movescore-groups/{id} */
export const ZMovescoreGroup = z.object({
  id,
  name,
  coverUrl: mediaUrl.default(''),
  description: description.default(''),
  /** Always equal to the number of its movements. */
  movementCount: z.number().int().min(0),
});
export type TMovescoreGroup = z.infer<typeof ZMovescoreGroup>;
export const ZMovescoreGroupInput = ZMovescoreGroup.pick({
  name: true,
  coverUrl: true,
  description: true,
}).strict();
export type TMovescoreGroupInput = z.infer<typeof ZMovescoreGroupInput>;

/** movescore-groups/{groupId}/movements/{id} */
export const ZMovescoreMovement = z.object({
  id,
  name,
  description: description.default(''),
  /** Always equal to the number of its perspectives. */
  perspectiveCount: z.number().int().min(0),
});
export type TMovescoreMovement = z.infer<typeof ZMovescoreMovement>;
export const ZMovescoreMovementInput = ZMovescoreMovement.pick({
  name: true,
  description: true,
}).strict();
export type TMovescoreMovementInput = z.infer<typeof ZMovescoreMovementInput>;

/**
 * movescore-groups/{groupId}/movements/{movementId}/perspectives/{id}.
 * The spec shows id and name. Movelab adds the camera view and the reference motion, kept
 * inline (`reference`, about 1.4 KB: far under Firestore's 1 MiB document limit). An earlier
 * `referencePath` (a reference in file storage) was never read or written and is gone.
 */
export const ZPerspective = z.object({
  id,
  name,
  view: z.enum(PERSPECTIVE_VIEWS).default('front'),
  instructions: description.default(''),
  /** The kind of movement (squat, push-up...): the definition its reference is built and scored with. */
  kind: ZMovementKind.optional(),
  reference: z.unknown().optional(),
});
export type TPerspective = z.infer<typeof ZPerspective>;
/**
 * A reference motion as an admin saves it: a well-formed reference (any version the app still
 * reads) that does not itself show a fault its movement names (a push-up's hips sagging:
 * referencePostureError), since every user is scored against it. Checked by both backends
 * (the gateway's boundary and the Firebase adapter); stored references are read as they are.
 */
export const ZSavedReference = ZReference.pipe(
  // Only a well-formed reference is looked at for its posture (a pipe goes on only without issues).
  z.custom<TReference>().superRefine((reference, ctx) => {
    const fault = referencePostureError(reference);
    if (fault) ctx.addIssue({ code: 'custom', message: fault });
  }),
);
export const ZPerspectiveInput = ZPerspective.pick({
  name: true,
  view: true,
  instructions: true,
  kind: true,
})
  .extend({ reference: ZSavedReference.optional() })
  .strict();
export type TPerspectiveInput = z.infer<typeof ZPerspectiveInput>;

/** The kind of movement a stored reference was built as (undefined when it does not say, or there is none). */
export function referenceKind(reference: unknown): TMovementKind | undefined {
  const kind = ZMovementKind.safeParse((reference as { kind?: unknown } | null | undefined)?.kind);
  return kind.success ? kind.data : undefined;
}

/**
 * A perspective's kind must be the one its reference was built as (a reference is counted and
 * scored as its own kind): null when they agree or either is unsaid, else what to tell the admin.
 */
export function perspectiveKindConflict(perspective: { kind?: TMovementKind | undefined; reference?: unknown }): string | null {
  const built = referenceKind(perspective.reference);
  if (!perspective.kind || !built || built === perspective.kind) return null;
  const [said, was] = [MOVEMENT_KIND_LABELS[perspective.kind], MOVEMENT_KIND_LABELS[built]];
  return `The reference motion was built as “${was}”, not “${said}”: record the reference again as “${said}” to change the kind`;
}

// ---------------------------------------------------------------- activity catalogue

/** activity_categories/{id} */
export const ZActivityCategory = z.object({
  id,
  name,
  description: description.default(''),
  /** Position in the discover list. */
  order: z.number().int().min(0).default(0),
  /** An icon name from the app's icon set. */
  icon: z.string().max(64).default('run'),
});
export type TActivityCategory = z.infer<typeof ZActivityCategory>;
export const ZActivityCategoryInput = ZActivityCategory.omit({
  id: true,
}).strict();
export type TActivityCategoryInput = z.infer<typeof ZActivityCategoryInput>;

export const ZDifficulty = z.enum(['beginner', 'intermediate', 'advanced']);

/** activities/{id} */
export const ZActivity = z.object({
  id,
  name,
  nameLowercase: lowercaseOf(LIMITS.nameMax),
  categoryId: id,
  description: description.default(''),
  imageUrl: mediaUrl.default(''),
  difficulty: ZDifficulty.default('beginner'),
  /** Typical session length in minutes. */
  durationMinutes: z.number().int().min(1).max(600).default(15),
});
export type TActivity = z.infer<typeof ZActivity>;
export const ZActivityInput = ZActivity.omit({
  id: true,
  nameLowercase: true,
}).strict();
export type TActivityInput = z.infer<typeof ZActivityInput>;

/**
 * movements/{id}: a movement of an activity (top level, spec §3). `movescore` links it to
 * a movescore movement and perspective whose reference motion drives rep counting in practice.
 */
export const ZMovement = z.object({
  id,
  activityId: id,
  name,
  description: description.default(''),
  instructions: z.array(z.string().max(500)).max(30).default([]),
  mediaUrl: mediaUrl.default(''),
  unit: z.enum(['reps', 'seconds']).default('reps'),
  movescore: z.object({ groupId: id, movementId: id, perspectiveId: id.optional() }).nullable().default(null),
});
export type TMovement = z.infer<typeof ZMovement>;
export const ZMovementInput = ZMovement.omit({ id: true }).strict();
export type TMovementInput = z.infer<typeof ZMovementInput>;

/** One step of a routine: a movement for reps or for seconds, then a rest. */
export const ZRoutineStep = z
  .object({
    movementId: id,
    reps: z.number().int().min(1).max(1000).optional(),
    seconds: z.number().int().min(1).max(3600).optional(),
    restSeconds: z.number().int().min(0).max(600).default(30),
  })
  .refine((step) => (step.reps === undefined) !== (step.seconds === undefined), {
    message: 'A step has either reps or seconds',
  });
export type TRoutineStep = z.infer<typeof ZRoutineStep>;

/** routines/{id} */
export const ZRoutine = z.object({
  id,
  activityId: id,
  name,
  description: description.default(''),
  steps: z.array(ZRoutineStep).min(1, 'A routine has at least one step').max(100),
});
export type TRoutine = z.infer<typeof ZRoutine>;
export const ZRoutineInput = ZRoutine.omit({ id: true }).strict();
export type TRoutineInput = z.infer<typeof ZRoutineInput>;

/** routine_completion/{id}: one finished practice of a routine or an activity. */
export const ZRoutineCompletionInput = z
  .object({
    id: ZClientId.optional(),
    routineId: id.nullable(),
    activityId: id,
    startedAt: isoTimestamp,
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600_000),
    steps: z
      .array(
        z.object({
          movementId: id,
          targetReps: z.number().int().min(0).optional(),
          targetSeconds: z.number().int().min(0).optional(),
          reps: z.number().int().min(0).max(10_000),
          seconds: z.number().min(0).max(36_000),
          score: z.number().min(0).max(1).optional(),
        }),
      )
      .max(100),
  })
  .strict();
export const ZRoutineCompletion = ZRoutineCompletionInput.extend({
  id,
  userId: id,
  completedAt: isoTimestamp,
});
export type TRoutineCompletion = z.infer<typeof ZRoutineCompletion>;
export type TRoutineCompletionInput = z.infer<typeof ZRoutineCompletionInput>;

/** user_stat_sessions/{id}: one practice or analysis session, for the home page and recap. */
export const ZUserStatSessionInput = z
  .object({
    id: ZClientId.optional(),
    kind: z.enum(['practice', 'movescore']),
    activityId: id.nullable().default(null),
    routineId: id.nullable().default(null),
    startedAt: isoTimestamp,
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600_000),
    reps: z.number().int().min(0).max(100_000),
    score: z.number().min(0).max(1).nullable().default(null),
    /** A practice filmed by the camera: where the picture came from (absent without a camera). */
    source: ZTakeSource.optional(),
  })
  .strict();
export const ZUserStatSession = ZUserStatSessionInput.extend({
  id,
  userId: id,
  createdAt: isoTimestamp,
});
export type TUserStatSession = z.infer<typeof ZUserStatSession>;
export type TUserStatSessionInput = z.infer<typeof ZUserStatSessionInput>;

// ---------------------------------------------------------------- app events

/** Countdown event detail (spec §3). */
export const ZCountdownDetail = z.object({
  duration: z.number().int().min(0).max(3600),
  textToDisplay: z.string(),
  subtextToDisplay: z.string().default(''),
});
export type TCountdownDetail = z.infer<typeof ZCountdownDetail>;

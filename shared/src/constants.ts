/** Business constants of Movelab (spec §9). One place, used by client and gateway alike. */

export const PRODUCT_NAME = 'Movelab';
export const APP_VERSION = '2.6.0';

/** Movescore: how many recent sessions the profile dialog lists. */
export const RECENT_SESSIONS_COUNT = 3;
/** Cover images are shown 75 px square. */
export const COVER_IMAGE_SIZE = 75;

export const COUNTDOWN_TICK_MS = 1000;
/**
 * Window events of the countdown overlay (spec §2/§4): `start` carries a TCountdownDetail,
 * `end` fires when the count reaches zero.
 */
export const COUNTDOWN_EVENTS = {
  start: 'movelab:countdown-start',
  end: 'movelab:countdown-end',
} as const;
export const SNACKBAR_TIMEOUT_MS = 5000;
export const APP_BAR_HEIGHT = 64;
export const SCROLL_THRESHOLD = 300;
export const SIDEBAR_WIDTH = 196;
export const RAIL_WIDTH = 56;
export const RECAP_TILE_COUNT = 4;

/** Breakpoints in px; "mobile" is below lg. */
export const BREAKPOINTS = {
  sm: 600,
  md: 960,
  lg: 1280,
  xl: 1920,
  xxl: 2560,
} as const;

export const THEME_COLORS = {
  primary: '#00E0FF',
  secondary: '#5CBBF6',
  background: '#141414',
  surface: '#2C2C2C',
} as const;

/** Identity timing (spec §9). */
export const IDENTITY = {
  networkTimeoutMs: 30_000,
  networkTimeoutMobileMs: 60_000,
  refreshBeforeExpiryMs: 5 * 60_000,
  refreshRetryStartMs: 30_000,
  refreshRetryMaxMs: 16 * 60_000,
  expirySkewMs: 30_000,
} as const;

/** File storage retry policy (spec §9). */
export const STORAGE_RETRY = {
  maxOperationRetryMs: 2 * 60_000,
  maxUploadRetryMs: 10 * 60_000,
  retryableStatuses: [408, 429] as readonly number[],
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/** Relative time buckets (spec §9): 30-day months. */
export const RELATIVE_TIME = {
  minuteMs: 60_000,
  hourMs: 60 * 60_000,
  dayMs: 24 * 60 * 60_000,
  monthMs: 30 * 24 * 60 * 60_000,
} as const;

/** Limits Movelab sets where the spec is silent. */
export const LIMITS = {
  /** Largest JSON body the gateway accepts. */
  jsonBodyBytes: 256 * 1024,
  /** Deepest nesting accepted in a JSON body or socket payload (objects and arrays). */
  jsonDepthMax: 32,
  /** Largest socket message (Socket.IO's maxHttpBufferSize). */
  socketMessageBytes: 128 * 1024,
  /** Largest `data` of one WebRTC signal (an SDP offer is a few KiB). */
  signalDataBytes: 64 * 1024,
  /** Largest avatar or cover image. */
  imageBytes: 5 * 1024 * 1024,
  /** Accepted image types for uploads. SVG is refused: it can carry script. */
  imageTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as readonly string[],
  /** Longest document id or uid (Firebase uids are at most 128), in a body or a route parameter. */
  idMax: 128,
  displayNameMax: 80,
  nameMax: 120,
  descriptionMax: 4000,
  pageSizeMax: 100,
  videoAnalysisLoadMax: 200,
  /**
   * `toLowerCase()` can at most double a string's length: U+0130 "İ" is the only code point
   * that grows (to "i̇", two code units). Derived lowercase fields allow twice their source.
   */
  lowercaseGrowth: 2,
  /** Entries in a user's activity set and routine subscriptions (the Firestore rules agree). */
  userSetMax: 500,
  /** One stored video analysis, measured as JSON bytes, extra fields included. */
  videoAnalysisBytes: 32 * 1024,
  /**
   * Reps a saved analysis lists: firestore.rules checks each one in turn (rules have no loops,
   * and a request evaluates at most 1,000 expressions). A longer take is saved with its score and
   * count, without the list.
   */
  videoAnalysisRepsMax: 16,
  /** Reps a stored analysis may list as it is read: analyses saved before the cap above held up to 500. */
  videoAnalysisRepsStoredMax: 500,
  videoAnalysisFeedbackMax: 50,
  videoAnalysisFeedbackChars: 300,
  /**
   * How far past the server's clock a time the client chose (a practice's `startedAt`) may lie:
   * a device's clock may run a little fast, a date in 2099 would top every newest-first list.
   * firestore.rules' isAppTimestamp allows the same 5 minutes; neither sets an earliest time.
   */
  clientClockAheadMs: 5 * 60_000,
} as const;

/** Firestore's prefix-range trick: the text up to the text plus a high character. */
export const HIGH_CHARACTER = '\uf8ff';

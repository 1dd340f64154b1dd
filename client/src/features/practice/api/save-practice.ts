/** Saving a finished practice: its outbox entry lives in lib/api, shared with a group practising together. */
export {
  practiceOutboxEntry,
  practiceSessionId,
  savePractice,
  useSavePractice,
  type TSavePracticeInput,
} from '@/lib/api/save-practice';

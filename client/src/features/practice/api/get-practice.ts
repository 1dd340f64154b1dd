/** The practice's plan: its loader lives in lib/api, shared with a group practising together. */
export { loadPractice, usePractice, type TPractice, type TPracticeMode } from '@/lib/api/practice';

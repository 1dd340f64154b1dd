/** The profile form, built on the shared profile update rules. */
import { ZProfileUpdate } from '@movelab/shared';
import type { z } from 'zod';

/** Every profile field present: height and gender may be null (not set). */
export const ZProfileForm = ZProfileUpdate.required();
export type TProfileForm = z.infer<typeof ZProfileForm>;


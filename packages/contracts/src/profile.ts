import { z } from 'zod';
import { AccountType } from './constants.ts';
import { emailSchema, requiredText } from './common.ts';

/**
 * SPEC §5 (required part of the profile, used by onboarding): e-mail required and valid,
 * nickname required, and a business must pick an industry object with an id (`hasId`).
 */
export const OnboardingSchema = z
  .object({
    email: emailSchema,
    nickname: z.object({ value: requiredText(60) }),
    accountType: z.object({ id: z.number().int() }),
    industry2: z.object({ id: z.number().int().positive() }, { error: 'hasId' }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.accountType.id === AccountType.business && !v.industry2?.id) {
      ctx.addIssue({ code: 'custom', path: ['industry2'], message: 'hasId' });
    }
  });
export type Onboarding = z.infer<typeof OnboardingSchema>;

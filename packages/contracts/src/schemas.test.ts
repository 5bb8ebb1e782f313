import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoginSchema, SignupSchema } from './auth.ts';
import { OnboardingSchema } from './profile.ts';
import { emailSchema, text } from './common.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('e-mail rule (SPEC §5: required and valid)', () => {
  it('accepts addresses and lower-cases them', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (e) => {
        const r = emailSchema.safeParse(e);
        if (r.success) expect(r.data).toBe(e.trim().toLowerCase());
      }),
    );
    expect(emailSchema.parse(' Anna@Example.COM ')).toBe('anna@example.com');
  });
  it('empty is REQUIRED, malformed is PATTERN', () => {
    expect(issues(emailSchema.safeParse(''))['']).toBe('FORM.ERROR.REQUIRED');
    for (const bad of ['anna', 'anna@', '@x.de', 'a b@c.de']) expect(issues(emailSchema.safeParse(bad))['']).toBe('FORM.ERROR.PATTERN');
  });
});

describe('text fields', () => {
  it('refuse NUL bytes and over-long values with keys', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => {
        expect(issues(text(100).safeParse(`${a}\u0000${b}`))['']).toBe('FORM.ERROR.PATTERN');
      }),
    );
    expect(issues(text(3).safeParse('abcd'))['']).toBe('FORM.ERROR.MAXLENGTH');
  });
});

describe('signup', () => {
  const ok = { email: 'a@b.de', password: 'long enough pw', accountType: { id: 2 }, termsaccepted: true };
  it('needs accepted terms and a known account type', () => {
    expect(SignupSchema.safeParse(ok).success).toBe(true);
    expect(issues(SignupSchema.safeParse({ ...ok, termsaccepted: false })).termsaccepted).toBe('FORM.ERROR.TERMS');
    fc.assert(
      fc.property(
        fc.integer().filter((n) => ![1, 2, 4].includes(n)),
        (id) => {
          expect(SignupSchema.safeParse({ ...ok, accountType: { id } }).success).toBe(false);
        },
      ),
    );
  });
  it('strips fields nobody may set', () => {
    const r = SignupSchema.parse({ ...ok, id: 5, profileFilled: true, widgetv1activated: true });
    expect(r).not.toHaveProperty('id');
    expect(r).not.toHaveProperty('profileFilled');
    expect(r).not.toHaveProperty('widgetv1activated');
  });
});

describe('login body', () => {
  it('is credentials or a refresh; an empty body is neither', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.de', password: 'x' }).success).toBe(true);
    expect(LoginSchema.safeParse({ refresh_token: 'abc' }).success).toBe(true);
    expect(LoginSchema.safeParse({ grant_type: 'refresh_token' }).success).toBe(true);
    expect(LoginSchema.safeParse({}).success).toBe(false);
  });
});

describe('onboarding (SPEC §5 required profile part)', () => {
  it('a business without an industry object with an id gets hasId', () => {
    const base = { email: 'a@b.de', nickname: { value: 'Hotel' }, accountType: { id: 2 } };
    expect(issues(OnboardingSchema.safeParse(base)).industry2).toBe('hasId');
    expect(issues(OnboardingSchema.safeParse({ ...base, industry2: null })).industry2).toBe('hasId');
    expect(OnboardingSchema.safeParse({ ...base, industry2: { id: 1 } }).success).toBe(true);
  });
  it('private and blogger accounts need no industry; nickname is required', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 4),
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim().length > 0 && !s.includes('\u0000')),
        (type, nick) => {
          expect(OnboardingSchema.safeParse({ email: 'a@b.de', nickname: { value: nick }, accountType: { id: type } }).success).toBe(true);
        },
      ),
    );
    expect(
      issues(OnboardingSchema.safeParse({ email: 'a@b.de', nickname: { value: '   ' }, accountType: { id: 1 } }))['nickname.value'],
    ).toBe('FORM.ERROR.REQUIRED');
  });
});

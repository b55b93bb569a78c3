import { z } from 'zod';
import { USER_TYPES } from './constants.ts';
import { STAFF_ROLES } from './pitches.ts';
import { emailSchema, passwordSchema, personNameSchema, usernameSchema } from './validation.ts';

// Contracts of the /user/* calls (spec §7).

export const UserDto = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_types: z.array(z.enum(USER_TYPES)),
  /** The first chosen type, for screens that show one (spec §3 "userType"). */
  userType: z.enum(USER_TYPES),
  isEmailVerified: z.boolean(),
  profile_picture_url: z.string().nullable(),
  newsletter: z.boolean(),
  indie_project_updates: z.boolean(),
  has_password: z.boolean(),
  language: z.enum(['en', 'it']),
  date_joined: z.string(),
  /** Back-office role; null for everyone but the platform team and its reviewers. */
  staff_role: z.enum(STAFF_ROLES).nullable(),
});
export type UserDto = z.infer<typeof UserDto>;

export const UserResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: UserDto,
});
export type UserResponse = z.infer<typeof UserResponse>;

// Unknown keys (is_staff, isEmailVerified, id …) are stripped by zod: no mass assignment.
export const UpdateUserRequest = z.object({
  // Left out: unchanged (a client that edits only the username must not erase the names).
  first_name: personNameSchema.optional(),
  last_name: personNameSchema.optional(),
  username: z
    .string({ error: 'usernameEmailRequired' })
    .trim()
    .min(1, 'usernameEmailRequired')
    .pipe(usernameSchema),
  email: z
    .string({ error: 'usernameEmailRequired' })
    .trim()
    .min(1, 'usernameEmailRequired')
    .pipe(emailSchema),
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const ChangePasswordRequest = z
  .object({
    old_password: z.string({ error: 'oldPasswordRequired' }).min(1, 'oldPasswordRequired').max(1024),
    new_password: passwordSchema,
    re_new_password: z.string({ error: 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
  })
  .refine((v) => v.new_password === v.re_new_password, {
    path: ['re_new_password'],
    message: 'passwordsMatch',
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const Subscriptions = z.object({
  newsletter: z.boolean({ error: 'invalidValue' }),
  indie_project_updates: z.boolean({ error: 'invalidValue' }),
});
export type Subscriptions = z.infer<typeof Subscriptions>;

export const SubscriptionsResponse = Subscriptions.extend({ success: z.literal(true) });

export const LanguageRequest = z.object({ language: z.enum(['en', 'it'], { error: 'invalidValue' }) });
export type LanguageRequest = z.infer<typeof LanguageRequest>;
export const LanguageResponse = LanguageRequest.extend({ success: z.literal(true) });

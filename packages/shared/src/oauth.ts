import { z } from 'zod';
import { ErrorResponse, userTypesSchema } from './auth.ts';
import { SecondStepRequired } from './mfa.ts';
import { emailSchema, passwordSchema, personNameSchema, usernameSchema } from './validation.ts';

// Contracts of social sign-in (spec §3, §7: /auth/google*, /auth/discord*) and of the settings'
// social media connections. Google's `credential` is the ID token its button hands the page;
// Discord's `access_token` is NOT a Discord token: the code exchange happens on the server, and the
// browser only ever holds a one-time reference to its result (ADR 0007).

export const OAUTH_PROVIDERS = ['google', 'discord'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** How long a Discord authorization, and the reference it yields, may take to complete. */
export const OAUTH_FLOW_TTL_MINUTES = 10;

export {
  DISCORD_REF_PARAM,
  OAUTH_ERROR_CODES,
  OAUTH_ERROR_PARAM,
  type OAuthErrorCode,
} from './oauth-params.ts';

/** Which sign-in providers this deployment has configured, read by the web app at run time. */
export const ProvidersResponse = z.object({
  google_client_id: z.string().nullable(),
  /** Google Identity Services script; configurable so tests and staging can point elsewhere. */
  google_script_url: z.string().nullable(),
  discord: z.boolean(),
});
export type ProvidersResponse = z.infer<typeof ProvidersResponse>;

/** Where the Discord round trip starts from, and so where it lands again. */
export const DISCORD_START_FROM = ['welcome', 'login', 'settings'] as const;
export const DiscordStartQuery = z.object({
  purpose: z.enum(['login', 'link'], { error: 'invalidRequest' }).optional().default('login'),
  from: z.enum(DISCORD_START_FROM, { error: 'invalidRequest' }).optional(),
});

export const DiscordCallbackQuery = z.object({
  code: z.string().max(1000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

export const GoogleCredentialRequest = z.object({
  credential: z
    .string({ error: 'googleLoginFailed' })
    .min(1, 'googleLoginFailed')
    .max(8192, 'googleLoginFailed'),
});
export type GoogleCredentialRequest = z.infer<typeof GoogleCredentialRequest>;

export const DiscordReferenceRequest = z.object({
  access_token: z
    .string({ error: 'oauthSessionExpired' })
    .min(1, 'oauthSessionExpired')
    .max(200, 'oauthSessionExpired'),
});
export type DiscordReferenceRequest = z.infer<typeof DiscordReferenceRequest>;

// The spec's social sign-up payload (username, email, newsletter) plus what every registration
// needs: accepted terms and at least one user type; names are optional as in the form, which
// checks SocialSignUpDetails (the profiles are chosen beside it).
export const SocialSignUpDetails = z.object({
  username: usernameSchema,
  email: emailSchema,
  newsletter: z.boolean().optional().default(false),
  name: personNameSchema.optional().default(''),
  surname: personNameSchema.optional().default(''),
  accepted_terms: z.literal(true, { error: 'acceptTerms' }),
});
const socialSignUpFields = { ...SocialSignUpDetails.shape, user_types: userTypesSchema };

export const GoogleSignUpRequest = GoogleCredentialRequest.extend(socialSignUpFields);
export type GoogleSignUpRequest = z.input<typeof GoogleSignUpRequest>;

export const DiscordSignUpRequest = DiscordReferenceRequest.extend(socialSignUpFields);
export type DiscordSignUpRequest = z.input<typeof DiscordSignUpRequest>;

export const SocialLoginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  isEmailVerified: z.boolean(),
  user: z.object({ isEmailVerified: z.boolean() }),
  /** Present when the account has a second factor: the login screen asks for it next. */
  second_factor: SecondStepRequired.optional(),
});
export type SocialLoginResponse = z.infer<typeof SocialLoginResponse>;

export const SocialSignUpResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  isEmailVerified: z.boolean(),
  id: z.string(),
});
export type SocialSignUpResponse = z.infer<typeof SocialSignUpResponse>;

/** What a verified Google ID token says about a first-time visitor, to prefill /register. */
export const GoogleUserInfo = z.object({
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
});
export type GoogleUserInfo = z.infer<typeof GoogleUserInfo>;

/** Spec §3: a 404 on Discord login carries discord_user_info. */
export const DiscordUserInfo = z.object({
  username: z.string(),
  global_name: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type DiscordUserInfo = z.infer<typeof DiscordUserInfo>;

/** 404 of a social login: no account has this identity yet, so the visitor may sign up. */
export const SocialNotFoundResponse = ErrorResponse.extend({
  google_user_info: GoogleUserInfo.optional(),
  discord_user_info: DiscordUserInfo.optional(),
});
export type SocialNotFoundResponse = z.infer<typeof SocialNotFoundResponse>;

export const SocialConnection = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  email: z.string().nullable(),
  display_name: z.string().nullable(),
  connected_at: z.string(),
});
export type SocialConnection = z.infer<typeof SocialConnection>;

export const SocialConnectionsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  connections: z.array(SocialConnection),
  has_password: z.boolean(),
});
export type SocialConnectionsResponse = z.infer<typeof SocialConnectionsResponse>;

export const SocialProviderParams = z.object({
  provider: z.enum(OAUTH_PROVIDERS, { error: 'socialNotLinked' }),
});

/**
 * The settings' password call. An account made through social sign-in has no password: it may set
 * one without a previous password; an account that has one must still give it.
 */
export const SetOrChangePasswordRequest = z
  .object({
    old_password: z.string().max(1024).optional().default(''),
    new_password: passwordSchema,
    re_new_password: z.string({ error: 'confirmPasswordRequired' }).min(1, 'confirmPasswordRequired'),
  })
  .refine((v) => v.new_password === v.re_new_password, {
    path: ['re_new_password'],
    message: 'passwordsMatch',
  });
export type SetOrChangePasswordRequest = z.input<typeof SetOrChangePasswordRequest>;

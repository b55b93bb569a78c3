import * as z from 'zod/mini';

// The login request (spec §7 POST /auth/), in zod's small build: the login screen is often the
// first one a visitor opens, and this keeps its code light. Its schemas work wherever the others
// do (the API's route validation and docs, the form's resolver): both builds share zod's core.

// In the browser the site's CSP forbids eval, and zod would otherwise probe for it (a logged CSP
// violation) to compile its fast path; on the server the compiled fast path stays.
if ('document' in globalThis) z.config({ jitless: true });

export const LoginRequest = z.object({
  username: z
    .string({ error: 'fillMandatory' })
    .check(z.trim(), z.minLength(1, 'fillMandatory'), z.maxLength(254, 'authenticationFailed')),
  password: z
    .string({ error: 'fillMandatory' })
    .check(z.minLength(1, 'fillMandatory'), z.maxLength(1024, 'authenticationFailed')),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

// The one catalogue of user-facing error and validation messages (spec §8), in both languages.
// The server answers with a `code` from here plus the text in the caller's language; the web app
// translates the same `code` with the same texts, so a message reads the same wherever it is shown.

export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'it';
}

const en = {
  // validation (spec §5)
  fillMandatory: 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  invalidUsername:
    'Username must be at least 3 characters and contain only letters, numbers and underscores.',
  usernameTooLong: 'Username must be at most 30 characters.',
  passwordsMatch: 'Passwords do not match.',
  passwordRequirements:
    'Password must be at least 8 characters and include a lowercase letter, an uppercase letter and a number.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  passwordRequired: 'Please enter a password.',
  confirmPasswordRequired: 'Please confirm your password.',
  acceptTerms: 'You must accept the terms and conditions to continue.',
  selectUserType: 'Please select at least one user type.',
  nameTooLong: 'This field must be at most 100 characters.',
  usernameEmailRequired: 'Username and email are required',
  oldPasswordRequired: 'Please enter your previous password.',
  invalidValue: 'This value is not valid.',
  // accounts (spec §8)
  authenticationFailed: 'Invalid username/email or password. Please check your credentials and try again.',
  accountNotFound: 'Account not found. Please check your credentials or sign up for a new account.',
  usernameExists: 'Username already exists. Please choose a different username.',
  emailExists: 'Email already exists. Please use a different email address.',
  registrationFailed: 'Registration failed. Please try again.',
  invalidRequest: 'Invalid request. Please check the information and try again.',
  invalidOrExpired: 'This link is invalid or has already been used. Please request a new one.',
  linkExpired: 'This link has expired. Please request a new one.',
  invalidCode: 'This verification link is invalid or has already been used.',
  codeExpired: 'This verification link has expired. Please request a new one.',
  emailVerified: 'Email verified successfully',
  emailAlreadyVerified: 'Email already verified',
  verificationSent: 'We have sent you a new verification email.',
  resendCooldown: 'Please wait {seconds} seconds before asking for another email.',
  resetLinkSent: "If an account with that email exists, we've sent you a password reset link.",
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  passwordChanged: 'Your password has been changed.',
  wrongOldPassword: 'Your previous password is not correct.',
  samePassword: 'The new password must be different from the previous one.',
  loginSuccess: 'Login successful.',
  registrationSuccess: 'Your account has been created. Please check your email to verify your address.',
  logoutSuccess: 'You have been logged out.',
  profileUpdated: 'Your profile has been updated.',
  profileUpdatedEmail:
    'Your profile has been updated. We have sent a verification email to your new address.',
  invalidImage: 'Please select a valid image file (JPG, PNG, or WebP)',
  imageTooLarge: 'File size must be less than 5MB',
  imageTooManyPixels: 'This image is too large. Please use an image of at most 40 megapixels.',
  avatarUpdated: 'Profile picture updated successfully!',
  accountDeleted: 'Your account has been deleted.',
  dataDeleted: 'Your personal data has been deleted.',
  subscriptionsUpdated: 'Your subscriptions have been updated.',
  // platform
  notAuthenticated: 'Please log in to continue.',
  csrfFailed:
    'Your session has expired or the request was not allowed. Please reload the page and try again.',
  rateLimited: 'Too many attempts. Please wait {seconds} seconds and try again.',
  notFound: 'Not found.',
  payloadTooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again later.',
  networkError: 'Network error. Please check your connection.',
} as const;

export type MessageKey = keyof typeof en;

const it: Record<MessageKey, string> = {
  fillMandatory: 'Compila tutti i campi obbligatori.',
  invalidEmail: 'Inserisci un indirizzo email valido.',
  invalidUsername:
    'Il nome utente deve avere almeno 3 caratteri e contenere solo lettere, numeri e trattini bassi.',
  usernameTooLong: 'Il nome utente può avere al massimo 30 caratteri.',
  passwordsMatch: 'Le password non coincidono.',
  passwordRequirements:
    'La password deve avere almeno 8 caratteri e contenere una lettera minuscola, una maiuscola e un numero.',
  passwordTooLong: 'La password può avere al massimo 128 caratteri.',
  passwordTooCommon: 'Questa password è troppo comune. Scegline una meno prevedibile.',
  passwordRequired: 'Inserisci una password.',
  confirmPasswordRequired: 'Conferma la password.',
  acceptTerms: 'Per continuare devi accettare i termini e le condizioni.',
  selectUserType: 'Seleziona almeno un tipo di utente.',
  nameTooLong: 'Questo campo può avere al massimo 100 caratteri.',
  usernameEmailRequired: 'Nome utente ed email sono obbligatori',
  oldPasswordRequired: 'Inserisci la password attuale.',
  invalidValue: 'Questo valore non è valido.',
  authenticationFailed: 'Nome utente/email o password non validi. Controlla le credenziali e riprova.',
  accountNotFound: 'Account non trovato. Controlla le credenziali oppure registrati.',
  usernameExists: 'Questo nome utente è già in uso. Scegline un altro.',
  emailExists: 'Questo indirizzo email è già registrato. Usane un altro.',
  registrationFailed: 'Registrazione non riuscita. Riprova.',
  invalidRequest: 'Richiesta non valida. Controlla i dati e riprova.',
  invalidOrExpired: 'Questo link non è valido o è già stato usato. Richiedine uno nuovo.',
  linkExpired: 'Questo link è scaduto. Richiedine uno nuovo.',
  invalidCode: 'Questo link di verifica non è valido o è già stato usato.',
  codeExpired: 'Questo link di verifica è scaduto. Richiedine uno nuovo.',
  emailVerified: 'Email verificata con successo',
  emailAlreadyVerified: 'Email già verificata',
  verificationSent: 'Ti abbiamo inviato una nuova email di verifica.',
  resendCooldown: 'Attendi {seconds} secondi prima di richiedere un’altra email.',
  resetLinkSent:
    'Se esiste un account con questa email, ti abbiamo inviato un link per reimpostare la password.',
  passwordReset: 'La password è stata reimpostata. Ora puoi accedere con la nuova password.',
  passwordChanged: 'La password è stata modificata.',
  wrongOldPassword: 'La password attuale non è corretta.',
  samePassword: 'La nuova password deve essere diversa da quella attuale.',
  loginSuccess: 'Accesso effettuato.',
  registrationSuccess: 'Il tuo account è stato creato. Controlla la tua email per verificare l’indirizzo.',
  logoutSuccess: 'Sei uscito dal tuo account.',
  profileUpdated: 'Il tuo profilo è stato aggiornato.',
  profileUpdatedEmail:
    'Il tuo profilo è stato aggiornato. Ti abbiamo inviato un’email di verifica al nuovo indirizzo.',
  invalidImage: 'Seleziona un’immagine valida (JPG, PNG o WebP)',
  imageTooLarge: 'Il file deve pesare meno di 5 MB',
  imageTooManyPixels: 'Questa immagine è troppo grande. Usa un’immagine di al massimo 40 megapixel.',
  avatarUpdated: 'Immagine del profilo aggiornata!',
  accountDeleted: 'Il tuo account è stato eliminato.',
  dataDeleted: 'I tuoi dati personali sono stati eliminati.',
  subscriptionsUpdated: 'Le tue iscrizioni sono state aggiornate.',
  notAuthenticated: 'Accedi per continuare.',
  csrfFailed: 'La sessione è scaduta o la richiesta non è stata consentita. Ricarica la pagina e riprova.',
  rateLimited: 'Troppi tentativi. Attendi {seconds} secondi e riprova.',
  notFound: 'Non trovato.',
  payloadTooLarge: 'La richiesta è troppo grande.',
  serverError: 'Si è verificato un errore da parte nostra. Riprova più tardi.',
  networkError: 'Errore di rete. Controlla la connessione.',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, it };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** Translates a key, filling `{name}` placeholders. */
export function translate(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text = MESSAGES[lang][key] ?? MESSAGES.en[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

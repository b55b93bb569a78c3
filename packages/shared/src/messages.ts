// The one catalogue of user-facing error and validation messages (spec §8), in both languages.
// The server answers with a `code` from here plus the text in the caller's language; the web app
// translates the same `code` with the same texts, so a message reads the same wherever it is shown.
import { REVENUE_SHARE_TERM_MONTHS } from './constants.ts';

import type { Language } from './languages.ts';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages.ts';

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
  // social sign-in (Google, Discord)
  oauthError: 'OAuth authentication failed. Please try again.',
  oauthSessionExpired: 'OAuth session expired. Please try again.',
  googleLoginFailed: 'Google login failed. Please try again.',
  discordLoginFailed: 'Discord login failed. Please try again.',
  discordAuthFailed: 'Discord authorization failed. Please try again.',
  discordUserInfoFailed: 'Failed to get user information from Discord',
  socialProviderDisabled: 'Signing in with this provider is not available.',
  socialAccountNotFound:
    'No IndieSplit account uses this social account yet. Complete the sign-up to create one.',
  socialEmailInUse:
    'An account with this email address already exists. Log in with your password, then connect this social account in Settings, under Social media connections.',
  socialEmailUnverified:
    'The email address of this social account is not verified. Verify it with the provider first, or sign up with email and password.',
  socialEmailMismatch: 'The email address must be the one of your social account.',
  socialAlreadyRegistered: 'This social account already has an IndieSplit account. Please log in instead.',
  socialIdentityInUse: 'This social account is already connected to another IndieSplit account.',
  socialAlreadyLinked: 'A different account of this provider is already connected. Disconnect it first.',
  socialNotLinked: 'This social account is not connected.',
  socialLastSignIn:
    'You cannot disconnect your only way to log in. Set a password or connect another account first.',
  socialConnected: 'Your social account is now connected.',
  socialDisconnected: 'Your social account has been disconnected.',
  passwordSet: 'Your password has been set. You can now also log in with it.',
  // pitches and review
  pitchFieldTooLong: 'This field must be at most 200 characters.',
  textTooLong: 'This text must be at most 5000 characters.',
  invalidAmount: 'Please enter an amount in euros, such as 25000 or 25000.50.',
  amountAmbiguous:
    'This amount reads as thousands in some countries and as decimals in others: write it with its decimals (1.250,00 or 1,250.00) or without a thousands separator (1250).',
  invalidDate: 'Please enter a valid date.',
  releaseDateTooSoon: 'Release date must be at least one month in the future',
  selectPlatform: 'Please select at least one platform.',
  selectService: 'Please choose what you are looking for.',
  invalidUrl: 'Please enter a full web address starting with http:// or https://.',
  pdfRequired: 'Please attach your pitch as a PDF file.',
  invalidPdf: 'The file must be a PDF document.',
  pdfEncrypted: 'This PDF is protected by a password. Please upload a copy without protection.',
  pdfBroken: 'This PDF cannot be read. Please export it again and retry.',
  pdfTooLarge: 'The PDF must be at most 25 MB.',
  staffOnly: 'This area is reserved for the IndieSplit review team.',
  adminOnly: 'Only an administrator can do this.',
  notStaffMember: 'This person is not a member of the review team.',
  pitchTransitionNotAllowed:
    'This pitch cannot move to that state from its current one. Reload the page to see its latest state.',
  pitchClosed: 'A decision has already been taken on this pitch.',
  pitchNotInReview: 'Reviews can be saved only while the pitch is in review.',
  resubmitNotAllowed: 'You can change and resend a pitch only when the reviewers have asked for changes.',
  reviewRequired: 'A pitch can be approved only after at least one review of its current version.',
  messageRequired: 'Please write a message for the developer.',
  invalidScore: 'Each score must be a whole number from 1 to 5.',
  // money (ledger)
  amountMustBePositive: 'Please enter an amount greater than zero, in euros and cents.',
  currencyMismatch: 'Real euros and demo euros cannot be mixed.',
  insufficientFunds: 'Your available balance is not enough for this amount.',
  idempotencyKeyReused: 'This request was already sent with different details. Please start again.',
  transferAlreadySettled: 'This payment has already been settled.',
  // campaigns
  campaignTransitionNotAllowed: 'This campaign cannot move to that state from where it is now.',
  campaignTermNotOver:
    'The revenue share of this campaign has not ended yet: it can be completed once its term is over and the report of its last month is due.',
  invalidSlug: 'Use lowercase letters and digits, with single hyphens between words, such as my-game.',
  slugTaken: 'Another campaign already uses this address. Please choose another one.',
  summaryTooLong: 'The summary must be at most 300 characters.',
  storyTooLong: 'The story must be at most 20000 characters.',
  capBelowGoal: 'The maximum must be at least the funding goal.',
  minTicketRange: 'The minimum ticket must be at least 1 euro and no more than the maximum.',
  revenueShareRange: 'The revenue share must be a percentage from 0.01 to 100, such as 7.5.',
  deadlineBeforeStart: 'The deadline must come after the start.',
  deadlineInPast: 'The deadline must be in the future.',
  termsFrozen: 'The money terms, the dates and the address cannot change once the campaign has opened.',
  campaignIncomplete: 'Fill in the missing details before publishing the campaign.',
  reasonRequired: 'Please give a reason.',
  servicesRequired: 'Choose at least one developer service.',
  launchDateRequired: 'Please enter the game’s release date (not in the future).',
  servicesNotActive: 'The services checklist can be updated only while the services are running.',
  campaignNotUpcoming: 'Reminders can be set only for campaigns that have not opened yet.',
  watchingCampaign: 'Thank you! We will email you when this campaign opens.',
  // notifications and campaign updates (ADR 0037)
  notificationLocked: 'Security messages and the messages the law requires cannot be turned off.',
  updateEmpty: 'Write the update in English, in Italian or in both.',
  updateIncomplete: 'Give this language both a title and a text, or leave both empty.',
  updateNotAllowed: 'Only the campaign’s studio can post and edit its updates.',
  updateNotFound: 'This update does not exist or is not visible to you.',
  // the member's feed (ADR 0040)
  feedCursorInvalid: 'This page of the feed cannot be found. Reload the feed from the top.',
  // key information sheet (ADR 0028)
  studioTextTooLong: 'This must be at most 200 characters.',
  studioAddressTooLong: 'The address must be at most 500 characters.',
  invalidCountry: 'Enter the country as its two-letter ISO code, such as IT.',
  reportYearInvalid: 'Choose a year from 2020 on.',
  studioLimitExceeded:
    'With this amount the studio would raise more than 5,000,000 EUR in 12 months: at most {amount} is left under the limit.',
  studioPeopleTooMany: 'Name at most 10 people.',
  studioPersonIncomplete: 'Give each person responsible both a name and a role.',
  studioLegalNameMissing: 'The key information sheet needs the studio’s legal name.',
  studioLegalFormMissing: 'The key information sheet needs the studio’s legal form.',
  studioRegistrationMissing: 'The key information sheet needs the studio’s registration number.',
  studioCountryMissing: 'The key information sheet needs the studio’s country.',
  studioAddressMissing: 'The key information sheet needs the studio’s registered address.',
  studioEmailMissing: 'The key information sheet needs the studio’s contact email.',
  studioPeopleMissing: 'The key information sheet needs at least one person responsible for it, with a role.',
  studioStatementMissing: 'The key information sheet needs the studio’s signed responsibility statement.',
  // campaigns: end
  // funds
  invalidIban: 'Please enter a valid IBAN: check the country code, the length and every character.',
  invalidEuroAmount: 'Please enter an amount in euros greater than zero, such as 250 or 250.50.',
  accountHolderTooLong: 'The account holder’s name can be at most 70 characters.',
  invalidValueDate: 'Please enter the value date as YYYY-MM-DD.',
  unknownDepositReference: 'No investor has this personal reference. Check it against the bank statement.',
  depositAlreadyRecorded: 'This bank transfer has already been recorded; nothing was credited again.',
  withdrawalNotOpen: 'This withdrawal request has already been paid, rejected or cancelled.',
  emailNotVerifiedToWithdraw: 'Please verify your email address before withdrawing money.',
  // payments (ADR 0039)
  identityNotVerified:
    'Please verify your identity with our payment provider first: it is needed before euros are deposited, invested or withdrawn.',
  identityNamesRequired:
    'Please add your first and last name to your profile before verifying your identity.',
  identityAlreadyVerified: 'Your identity is already verified.',
  paymentsManual:
    'Deposits here are bank transfers to the platform’s account: there is no identity check to start.',
  paymentProviderUnavailable:
    'Our payment provider is not answering right now. Nothing was changed: please try again in a few minutes.',
  payinNotParked:
    'This transfer is no longer waiting in the suspense account: it was assigned or returned already.',
  payinReturnInProgress:
    'This transfer is already being sent back: wait for the provider’s answer before deciding again.',
  payinPayerAccountUnknown:
    'Our payment provider did not give the payer’s name and IBAN for this transfer, so it cannot be sent back from here.',
  payinReturnAccountNotReady:
    'Our payment provider has not accepted the payer’s account yet. Nothing was sent: please try again in a few minutes.',
  payinReturnRefused:
    'Our payment provider refused to send this transfer back ({reason}). Nothing left the wallet: check the payer’s address and try again.',
  invalidHookNotice: 'This is not a notice from our payment provider.',
  tooManyOpenWithdrawals:
    'You already have 3 withdrawal requests waiting to be paid. Wait for one of them, or cancel one, before asking again.',
  withdrawalBeingPaid:
    'We have already started paying this withdrawal, so it can no longer be cancelled. We will email you when it is paid.',
  withdrawalPaymentStarted: 'The payment of this withdrawal has already been started.',
  holderAddressRequired:
    'Please give the account holder’s address: our payment provider needs it to pay to a bank account.',
  holderAddressTooLong: 'This part of the address is too long.',
  holderCountryInvalid: 'Please choose the country of the account holder’s address.',
  withdrawalAtProvider:
    'This withdrawal is paid through our payment provider: its status follows the provider, not the back office.',
  withdrawalNotFound: 'This withdrawal request is not among yours.',
  withdrawalAccountManual:
    'Withdrawals here are paid by bank transfer from the platform’s account: there is no bank account to confirm with a payment provider.',
  withdrawalAccountNotWaiting:
    'This withdrawal is no longer waiting for your bank account: it is being paid, or it was paid, rejected or cancelled.',
  reconciliationRunning:
    'A reconciliation with the payment provider is running already. Wait for its result.',
  rejectionNoteRequired: 'Please write why the withdrawal is rejected: the investor will read it.',
  invalidDepositCsv:
    'The file must be a CSV whose first row names the columns date, amount, reference, bank_transaction_id and payer, with at most 2000 rows.',
  accountHoldsMoney:
    'Your account still holds euros, an open withdrawal or an investment in progress. Withdraw your balance and wait until everything is settled, then try again.',
  // funds: end
  // complaints (ADR 0030)
  complaintFieldTooLong: 'This field is too long.',
  complaintDateFuture: 'The date of the facts cannot be in the future.',
  complaintDatesOrder: 'The end date must not come before the start date.',
  complaintAnswerTooLong: 'The answer must be at most 10000 characters.',
  complaintTransitionNotAllowed: 'This complaint cannot move to that status from where it is now.',
  complaintAssigneeNotStaff: 'A complaint can be assigned only to an admin.',
  complaintCampaignUnknown: 'We know no campaign at this address. Check it, or leave the field empty.',
  complaintNotFound:
    'We found no complaint with this reference and link. Please check the link in your email.',
  // complaints: end
  // community (ADR 0038)
  communityPostTooLong: 'A post can be at most 2000 characters.',
  communityReasonTooLong: 'The reason can be at most 500 characters.',
  communityHideReasonRequired: 'Please say why the post is hidden: its author will read it.',
  communityEmailNotVerified: 'Please verify your email address before posting.',
  communityDailyLimit: 'You have posted a lot today. Please try again tomorrow.',
  communityReplyDepth: 'Replies go under the first post of a thread.',
  communityPostHidden: 'This post was hidden by the moderators and cannot be answered.',
  communityClosed: 'This campaign does not take questions or comments.',
  newsTitleRequired: 'Please give the news a title in English and in Italian.',
  newsTitleTooLong: 'A title can be at most 200 characters.',
  newsBodyTooLong: 'The text can be at most 20000 characters.',
  newsletterNothingToSend: 'This newsletter has already been sent.',
  newsletterUnsubscribeInvalid: 'This unsubscribe link is not valid. Change your choice in Settings instead.',
  studioBioTooLong: 'The bio can be at most 2000 characters.',
  studioLinkInvalid: 'A link needs a short name and an address starting with https://.',
  studioTooManyLinks: 'A studio profile has at most 5 links.',
  // community: end
  // investing
  answerAllQuestions: 'Please answer every question.',
  investAmountInvalid: 'Please enter an amount greater than zero, in euros and whole cents.',
  acknowledgeKeyInformation: 'Please confirm that you have read the key investment information sheet.',
  acknowledgeRisk: 'Please confirm that you understand you may lose all the money you invest.',
  emailNotVerifiedToInvest: 'Please verify your email address before investing real money.',
  investorProfileRequired:
    'Before your first investment, please take the knowledge test and the loss simulation.',
  knowledgeTestExpired: 'Your knowledge test is more than two years old. Please take it again.',
  cannotInvestOwnCampaign: 'You cannot invest in your own campaign.',
  conflictOfInterest:
    'You reviewed or decided this game’s pitch for IndieSplit, so you cannot invest in its campaign (conflicts of interest policy).',
  campaignNotOpen: 'This campaign is not open for investments.',
  keyInformationChanged:
    'The key investment information sheet has changed since you read it. Please read the new version before investing.',
  keyInformationVersionNotFound: 'This version of the key investment information sheet does not exist.',
  campaignDeadlinePassed: 'This campaign has closed: its deadline has passed.',
  investBelowMinimum: 'The minimum investment in this campaign is {amount}.',
  investAboveRemaining: 'This campaign can take at most {amount} more.',
  campaignFull: 'This campaign is full: it has reached its maximum.',
  demoShareExceeded:
    'In a demo round one member may hold only a limited share, so that everyone can take part: please invest a smaller amount.',
  highAmountConsentRequired:
    'This amount is above {amount}: please read the extra warning and confirm that you want to go ahead.',
  idempotencyKeyRequired: 'This request needs an Idempotency-Key header of 1 to 200 characters.',
  reflectionPeriodOver: 'The reflection period of this investment is over: it can no longer be revoked.',
  investmentNotRevocable: 'This investment can no longer be revoked.',
  sophisticatedAlreadyRequested: 'Your request is already waiting for a decision.',
  sophisticatedAlreadyApproved: 'You are already treated as a sophisticated investor.',
  sophisticatedNoRequest: 'There is no request waiting for a decision for this investor.',
  sophisticatedPersonType: 'Please say whether you ask as a natural person or for a legal person.',
  sophisticatedTwoCriteria:
    'A natural person must meet at least two of the criteria: please tick the ones that apply.',
  sophisticatedOneCriterion:
    'A legal person must meet at least one of the criteria: please tick the ones that apply.',
  sophisticatedCriteriaMismatch: 'These criteria do not apply to the kind of person you chose.',
  sophisticatedRefusalReason: 'Please give the investor the reason for the refusal.',
  // studio verification (KYB, ECSP Art 5; ADR 0036)
  kybLegalNameRequired: "Please enter the studio's legal name.",
  kybRegistrationNumberInvalid:
    'Please enter the registration number (up to 60 letters, digits, spaces, dots, dashes or slashes).',
  kybCountryInvalid: 'Please choose the country where the studio is registered.',
  kybNationalityInvalid: 'Please choose a nationality.',
  kybBirthDateInvalid: 'Please enter a valid date of birth in the past.',
  kybOwnershipInvalid: 'Please enter a share between 0.01 and 100, with at most two decimals.',
  kybOwnershipOver100: 'The beneficial owners together cannot hold more than 100%.',
  kybUboRequired: 'Please declare at least one beneficial owner.',
  kybTooManyUbos: 'Please declare at most 20 beneficial owners.',
  kybDeclarationRequired: 'Please confirm this declaration: the verification cannot go ahead without it.',
  kybTextTooLong: 'This text is too long.',
  kybDocumentRequired: "Please attach the studio's registration proof (PDF, PNG or JPEG).",
  kybDocumentInvalid: 'The registration proof must be a readable PDF, PNG or JPEG file of at most 10 MB.',
  kybAlreadySubmitted: 'Your verification is already waiting for a decision.',
  kybNotWaiting: 'This verification is not waiting for a decision.',
  kybRefusalReason: 'Please give the studio the reason for the refusal.',
  kybDeveloperOnly: 'Only developer accounts can verify a studio.',
  kybAddressCountryInvalid: 'Please choose the country of this address.',
  kybPostalCodeInvalid: 'Please enter the postal code (up to 16 letters, digits, spaces or dashes).',
  kybResidenceInvalid: 'Please choose the country where the legal representative lives.',
  kybBirthplaceCountryInvalid: 'Please choose the country of birth.',
  kybPayoutAccountMissing:
    'There is no payout account to confirm yet: it is registered when your verification reaches the payment provider.',
  kybPayoutAccountManual: 'Payout accounts are confirmed with the payment provider only: there is none here.',
  studioKybRequired:
    "The studio has no approved verification (KYB) in force: a campaign opens only once staff have approved the studio's due diligence.",
  evidenceRequired: 'Please attach at least one document that proves the criteria (PDF, PNG or JPEG).',
  evidenceInvalid: 'Each document must be a PDF, PNG or JPEG file of at most 10 MB, and at most 5 files.',
  taxCountryInvalid: 'Please choose the country of your tax residence.',
  taxIdInvalid:
    'The tax identification number may have at most 30 letters, digits, spaces, dots, dashes or slashes.',
  taxResidenceRequired: 'Before your first investment in euros, please tell us your tax residence.',
  // investing: end
  // revenue
  campaignNotLaunched: 'Revenue reports can be filed once the game has launched.',
  notCampaignDeveloper: 'Only the campaign’s developer or an administrator can do this.',
  reportPeriodInvalid:
    'The period must start on the first day of a month, or of a quarter (1 January, April, July or October).',
  reportOutsideTerm: `This period is outside the revenue-share term, which runs from the launch for ${REVENUE_SHARE_TERM_MONTHS} months.`,
  reportPeriodNotOver: 'This period has not ended yet: file the report once it is over.',
  reportOverlaps:
    'A report already covers part of this period. To correct a verified report, file an adjustment.',
  reportLocked: 'A verified report cannot be changed. File an adjusting report for the same period instead.',
  reportDuplicateStore: 'Each store can appear only once in a report.',
  reportNegativeAmount:
    'Amounts cannot be negative in a regular report; use an adjusting report for corrections.',
  adjustmentTargetInvalid: 'An adjustment must correct a verified regular report of this campaign.',
  reportNotSubmitted: 'Only a report waiting for review can be verified or sent back.',
  reportChangedSinceViewed:
    'The developer changed this report after you opened it. Look at the new figures and statement, then decide again.',
  reviewCommentRequired: 'Please write what the developer should change: they will read it.',
  statementTypeInvalid: 'The statement must be a PDF, PNG, JPEG or CSV file of at most 10 MB.',
  revenueCsvInvalid:
    'The file must be a CSV whose first row names the columns store, gross, store_fees, refunds and taxes, with one row per store and amounts in euros such as 1250.50.',
  csvAmountAmbiguous:
    'An amount such as 1.250 or 1,250 reads as one thousand two hundred and fifty in some countries and as one point two five in others: write it with its decimals (1.250,00 or 1,250.00) or without a thousands separator (1250).',
  csvLineUnreadable:
    'Line {line} of the file cannot be read: check its quotes (a quoted field starts and ends with ") and try again. Nothing was recorded.',
  distributionNotAwaitingFunds: 'This distribution is not waiting for the developer’s payment.',
  fundingAmountMismatch: 'The amount received must be exactly the pool to distribute.',
  poolPaidThroughProvider:
    'This pool is paid to the campaign’s revenue IBAN at our payment provider, whose notice records the payment: it cannot be recorded by hand.',
  revenuePayinNotParked:
    'This transfer to a revenue IBAN is no longer waiting in the suspense account: it was returned already.',
  // revenue: end
  // input hardening: start
  controlCharacters:
    'This field contains a character that cannot be used here, such as an invisible control character.',
  // input hardening: end
  // uploads: start (ADR 0017)
  pdfTooComplex:
    'This PDF is too complex for us to check: it has too many parts or takes too long to read. Please export it again with a smaller file size or flattened pages, and retry.',
  uploadsBusy: 'We are checking too many files right now. Please try again in {seconds} seconds.',
  // uploads: end
  // security (ADR 0015)
  reauthRequired: 'For your safety, please confirm your password to continue.',
  reauthWrongPassword: 'That password is not correct.',
  reauthProviderMismatch: 'This sign-in does not belong to a social account linked to yours.',
  reauthConfirmed: 'Thank you, you can continue.',
  newIbanHeld:
    'For your safety, withdrawals to a new IBAN are possible again from {until}, 72 hours after your email or password was changed. Withdrawals to an IBAN you have already been paid on are not held.',
  changeUndone: 'The change has been undone and every session of the account has been signed out.',
  changeUndonePassword:
    'The change has been undone and every session signed out. We have sent a link to set a new password to your address.',
  undoEmailTaken:
    'The previous address now belongs to another account, so it cannot be restored. Please contact us.',
  sessionRevoked: 'That session has been signed out.',
  otherSessionsRevoked: 'Every other session has been signed out.',
  // security: end
  // second factor
  mfaCodeRequired: 'Please enter the code from your authenticator app, a recovery code, or use a passkey.',
  mfaCodeInvalid: 'This code is not valid. Check it and try again.',
  mfaCodeUsed: 'This code has already been used. Wait for the next one in your app.',
  wrongPassword: 'The password is not correct.',
  mfaAlreadyEnabled: 'Two-factor authentication with an authenticator app is already on.',
  mfaSetupMissing: 'Start the set-up again: scan a new QR code.',
  mfaNotEnabled: 'Two-factor authentication is not on for this account.',
  mfaPendingExpired: 'This sign-in has expired. Please sign in again.',
  mfaSecondFactorRequired:
    'Confirm with your second factor: a code from your authenticator app, a recovery code or a passkey.',
  staffSecondFactorRequired:
    'The back office needs two-factor authentication. Set it up in Settings → Security, then sign in with it.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyChallengeExpired: 'The passkey request has expired. Please try again.',
  passkeyNameRequired: 'Please give the passkey a name.',
  passkeyNameTooLong: 'The name must be at most 60 characters.',
  passkeyAlreadyRegistered: 'This passkey is already registered.',
  mfaTotpDisabled: 'The authenticator app is off.',
  passkeyRemoved: 'The passkey was removed.',
  // second factor: end
  // legal documents (ADR 0034)
  termsAcceptanceRequired:
    'Our terms of service have changed. Please read and accept the new version before continuing.',
  termsAccepted: 'Thank you: your acceptance of the terms is recorded.',
  legalVersionOutdated: 'A newer version of the terms has been published. Please read it and accept again.',
  // platform
  notAuthenticated: 'Please log in to continue.',
  csrfFailed:
    'Your session has expired or the request was not allowed. Please reload the page and try again.',
  rateLimited: 'Too many attempts. Please wait {seconds} seconds and try again.',
  notFound: 'Not found.',
  payloadTooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again later.',
  networkError: 'Network error. Please check your connection.',
  // operations (ADR 0020)
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
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
  // social sign-in (Google, Discord)
  oauthError: 'Autenticazione OAuth non riuscita. Riprova.',
  oauthSessionExpired: 'La sessione OAuth è scaduta. Riprova.',
  googleLoginFailed: 'Accesso con Google non riuscito. Riprova.',
  discordLoginFailed: 'Accesso con Discord non riuscito. Riprova.',
  discordAuthFailed: 'Autorizzazione Discord non riuscita. Riprova.',
  discordUserInfoFailed: 'Impossibile ottenere le informazioni dell’utente da Discord',
  socialProviderDisabled: 'L’accesso con questo servizio non è disponibile.',
  socialAccountNotFound:
    'Nessun account IndieSplit usa ancora questo account social. Completa la registrazione per crearne uno.',
  socialEmailInUse:
    'Esiste già un account con questo indirizzo email. Accedi con la tua password, poi collega questo account social da Impostazioni, nella sezione Account social collegati.',
  socialEmailUnverified:
    'L’indirizzo email di questo account social non è verificato. Verificalo prima presso il servizio, oppure registrati con email e password.',
  socialEmailMismatch: 'L’indirizzo email deve essere quello del tuo account social.',
  socialAlreadyRegistered: 'Questo account social ha già un account IndieSplit. Accedi.',
  socialIdentityInUse: 'Questo account social è già collegato a un altro account IndieSplit.',
  socialAlreadyLinked: 'È già collegato un altro account di questo servizio. Scollegalo prima.',
  socialNotLinked: 'Questo account social non è collegato.',
  socialLastSignIn:
    'Non puoi scollegare l’unico modo che hai per accedere. Imposta una password o collega prima un altro account.',
  socialConnected: 'Il tuo account social ora è collegato.',
  socialDisconnected: 'Il tuo account social è stato scollegato.',
  passwordSet: 'La password è stata impostata. Ora puoi accedere anche con questa.',
  // pitches and review
  pitchFieldTooLong: 'Questo campo può avere al massimo 200 caratteri.',
  textTooLong: 'Questo testo può avere al massimo 5000 caratteri.',
  invalidAmount: 'Inserisci un importo in euro, per esempio 25000 o 25000,50.',
  amountAmbiguous:
    'Questo importo si legge come migliaia in alcuni paesi e come decimali in altri: scrivilo con i decimali (1.250,00 o 1,250.00) oppure senza separatore delle migliaia (1250).',
  invalidDate: 'Inserisci una data valida.',
  releaseDateTooSoon: 'La data di uscita deve essere ad almeno un mese da oggi',
  selectPlatform: 'Seleziona almeno una piattaforma.',
  selectService: 'Scegli che cosa stai cercando.',
  invalidUrl: 'Inserisci un indirizzo web completo che inizi con http:// o https://.',
  pdfRequired: 'Allega il pitch in formato PDF.',
  invalidPdf: 'Il file deve essere un documento PDF.',
  pdfEncrypted: 'Questo PDF è protetto da password. Carica una copia senza protezione.',
  pdfBroken: 'Non riusciamo a leggere questo PDF. Esportalo di nuovo e riprova.',
  pdfTooLarge: 'Il PDF può pesare al massimo 25 MB.',
  staffOnly: 'Quest’area è riservata al team di valutazione di IndieSplit.',
  adminOnly: 'Solo un amministratore può farlo.',
  notStaffMember: 'Questa persona non fa parte del team di valutazione.',
  pitchTransitionNotAllowed:
    'Questo pitch non può passare a quello stato da quello attuale. Ricarica la pagina per vederne lo stato aggiornato.',
  pitchClosed: 'Su questo pitch è già stata presa una decisione.',
  pitchNotInReview: 'Le valutazioni si possono salvare solo mentre il pitch è in revisione.',
  resubmitNotAllowed:
    'Puoi modificare e rinviare un pitch solo quando i revisori ti hanno chiesto delle modifiche.',
  reviewRequired: 'Un pitch si può approvare solo dopo almeno una valutazione della sua versione attuale.',
  messageRequired: 'Scrivi un messaggio per lo sviluppatore.',
  invalidScore: 'Ogni punteggio deve essere un numero intero da 1 a 5.',
  // money (ledger)
  amountMustBePositive: 'Inserisci un importo maggiore di zero, in euro e centesimi.',
  currencyMismatch: 'Gli euro reali e gli euro demo non si possono mescolare.',
  insufficientFunds: 'Il saldo disponibile non basta per questo importo.',
  idempotencyKeyReused: 'Questa richiesta è già stata inviata con dati diversi. Ricomincia da capo.',
  transferAlreadySettled: 'Questo pagamento è già stato regolato.',
  // campaigns
  campaignTransitionNotAllowed: 'Questa campagna non può passare a quello stato da dove si trova ora.',
  campaignTermNotOver:
    'La condivisione dei ricavi di questa campagna non è ancora finita: potrà essere completata quando il periodo sarà concluso e il rendiconto dell’ultimo mese sarà scaduto.',
  invalidSlug: 'Usa lettere minuscole e cifre, con un solo trattino tra le parole, per esempio il-mio-gioco.',
  slugTaken: 'Questo indirizzo è già usato da un’altra campagna. Scegline un altro.',
  summaryTooLong: 'Il riassunto può avere al massimo 300 caratteri.',
  storyTooLong: 'La storia può avere al massimo 20000 caratteri.',
  capBelowGoal: 'Il massimo deve essere almeno pari all’obiettivo di raccolta.',
  minTicketRange: 'Il taglio minimo deve essere di almeno 1 euro e non superare il massimo.',
  revenueShareRange: 'La quota dei ricavi deve essere una percentuale da 0,01 a 100, per esempio 7,5.',
  deadlineBeforeStart: 'La scadenza deve essere successiva all’apertura.',
  deadlineInPast: 'La scadenza deve essere nel futuro.',
  termsFrozen:
    'Le condizioni economiche, le date e l’indirizzo non si possono cambiare dopo l’apertura della campagna.',
  campaignIncomplete: 'Completa i dati mancanti prima di pubblicare la campagna.',
  reasonRequired: 'Indica un motivo.',
  servicesRequired: 'Scegli almeno un servizio per lo sviluppatore.',
  launchDateRequired: 'Inserisci la data di uscita del gioco (non nel futuro).',
  servicesNotActive: 'L’elenco dei servizi si può aggiornare solo mentre i servizi sono attivi.',
  campaignNotUpcoming: 'Puoi chiedere un promemoria solo per le campagne non ancora aperte.',
  watchingCampaign: 'Grazie! Ti scriveremo quando questa campagna aprirà.',
  // notifications and campaign updates (ADR 0037)
  notificationLocked: 'I messaggi di sicurezza e quelli previsti dalla legge non si possono disattivare.',
  updateEmpty: 'Scrivi l’aggiornamento in inglese, in italiano o in entrambe le lingue.',
  updateIncomplete: 'Per questa lingua inserisci sia il titolo sia il testo, oppure lasciali vuoti entrambi.',
  updateNotAllowed: 'Solo lo studio della campagna può pubblicare e modificare i suoi aggiornamenti.',
  updateNotFound: 'Questo aggiornamento non esiste o non è visibile per te.',
  // the member's feed (ADR 0040)
  feedCursorInvalid: 'Questa pagina del feed non esiste. Ricarica il feed dall’inizio.',
  // key information sheet (ADR 0028)
  studioTextTooLong: 'Questo campo può avere al massimo 200 caratteri.',
  studioAddressTooLong: 'L’indirizzo può avere al massimo 500 caratteri.',
  invalidCountry: 'Indica il paese con il codice ISO di due lettere, per esempio IT.',
  reportYearInvalid: 'Scegli un anno dal 2020 in poi.',
  studioLimitExceeded:
    'Con questo importo lo studio raccoglierebbe più di 5.000.000 EUR in 12 mesi: sotto il limite restano al massimo {amount}.',
  studioPeopleTooMany: 'Indica al massimo 10 persone.',
  studioPersonIncomplete: 'Indica nome e ruolo di ogni persona responsabile.',
  studioLegalNameMissing:
    'Nella scheda delle informazioni chiave manca la denominazione legale dello studio.',
  studioLegalFormMissing: 'Nella scheda delle informazioni chiave manca la forma giuridica dello studio.',
  studioRegistrationMissing:
    'Nella scheda delle informazioni chiave manca il numero di registrazione dello studio.',
  studioCountryMissing: 'Nella scheda delle informazioni chiave manca il paese dello studio.',
  studioAddressMissing: 'Nella scheda delle informazioni chiave manca la sede legale dello studio.',
  studioEmailMissing: 'Nella scheda delle informazioni chiave manca l’email di contatto dello studio.',
  studioPeopleMissing:
    'Nella scheda delle informazioni chiave manca almeno una persona responsabile, con il suo ruolo.',
  studioStatementMissing:
    'Nella scheda delle informazioni chiave manca la dichiarazione di responsabilità firmata dallo studio.',
  // campaigns: end
  // funds
  invalidIban: 'Inserisci un IBAN valido: controlla il codice del paese, la lunghezza e ogni carattere.',
  invalidEuroAmount: 'Inserisci un importo in euro maggiore di zero, per esempio 250 o 250,50.',
  accountHolderTooLong: 'Il nome dell’intestatario può avere al massimo 70 caratteri.',
  invalidValueDate: 'Inserisci la data valuta nel formato AAAA-MM-GG.',
  unknownDepositReference: 'Nessun investitore ha questo codice personale. Confrontalo con l’estratto conto.',
  depositAlreadyRecorded:
    'Questo bonifico è già stato registrato: non è stato accreditato una seconda volta.',
  withdrawalNotOpen: 'Questa richiesta di prelievo è già stata pagata, rifiutata o annullata.',
  emailNotVerifiedToWithdraw: 'Verifica il tuo indirizzo email prima di prelevare denaro.',
  identityNotVerified:
    'Prima verifica la tua identità con il nostro fornitore di pagamenti: serve prima di versare, investire o prelevare euro.',
  identityNamesRequired: 'Aggiungi nome e cognome al tuo profilo prima di verificare la tua identità.',
  identityAlreadyVerified: 'La tua identità è già verificata.',
  paymentsManual:
    'Qui i versamenti sono bonifici sul conto della piattaforma: non c’è alcuna verifica d’identità da avviare.',
  paymentProviderUnavailable:
    'Il nostro fornitore di pagamenti al momento non risponde. Non è cambiato nulla: riprova tra qualche minuto.',
  payinNotParked: 'Questo bonifico non è più in sospeso: è già stato assegnato o restituito.',
  payinReturnInProgress:
    'La restituzione di questo bonifico è già in corso: attendi la risposta del fornitore prima di decidere di nuovo.',
  payinPayerAccountUnknown:
    'Il nostro fornitore di pagamenti non ha indicato nome e IBAN di chi ha pagato questo bonifico, quindi non può essere restituito da qui.',
  payinReturnAccountNotReady:
    'Il nostro fornitore di pagamenti non ha ancora accettato il conto di chi ha pagato. Non è stato inviato nulla: riprova tra qualche minuto.',
  payinReturnRefused:
    'Il nostro fornitore di pagamenti ha rifiutato di restituire questo bonifico ({reason}). Non è uscito nulla dal portafoglio: controlla l’indirizzo di chi ha pagato e riprova.',
  invalidHookNotice: 'Questa non è una notifica del nostro fornitore di pagamenti.',
  tooManyOpenWithdrawals:
    'Hai già 3 richieste di prelievo in attesa di pagamento. Aspetta che una venga pagata, o annullane una, prima di chiederne un’altra.',
  withdrawalBeingPaid:
    'Abbiamo già avviato il pagamento di questo prelievo, quindi non è più possibile annullarlo. Ti avviseremo per email quando sarà pagato.',
  withdrawalPaymentStarted: 'Il pagamento di questo prelievo è già stato avviato.',
  holderAddressRequired:
    'Indica l’indirizzo dell’intestatario del conto: il nostro fornitore di pagamenti ne ha bisogno per pagare su un conto bancario.',
  holderAddressTooLong: 'Questa parte dell’indirizzo è troppo lunga.',
  holderCountryInvalid: 'Scegli il Paese dell’indirizzo dell’intestatario.',
  withdrawalAtProvider:
    'Questo prelievo è pagato tramite il nostro fornitore di pagamenti: il suo stato segue il fornitore, non il back office.',
  withdrawalNotFound: 'Questa richiesta di prelievo non è tra le tue.',
  withdrawalAccountManual:
    'Qui i prelievi sono pagati con un bonifico dal conto della piattaforma: non c’è alcun conto bancario da confermare presso un fornitore di pagamenti.',
  withdrawalAccountNotWaiting:
    'Questo prelievo non è più in attesa del tuo conto bancario: è in pagamento, oppure è stato pagato, rifiutato o annullato.',
  reconciliationRunning:
    'Una riconciliazione con il fornitore di pagamenti è già in corso. Attendi il suo risultato.',
  rejectionNoteRequired: 'Scrivi perché il prelievo viene rifiutato: l’investitore leggerà il messaggio.',
  invalidDepositCsv:
    'Il file deve essere un CSV la cui prima riga indica le colonne date, amount, reference, bank_transaction_id e payer, con al massimo 2000 righe.',
  accountHoldsMoney:
    'Il tuo account contiene ancora euro, un prelievo in corso o un investimento non ancora concluso. Preleva il saldo e attendi che tutto sia regolato, poi riprova.',
  // funds: end
  // complaints (ADR 0030)
  complaintFieldTooLong: 'Questo campo è troppo lungo.',
  complaintDateFuture: 'La data dei fatti non può essere nel futuro.',
  complaintDatesOrder: 'La data di fine non può precedere quella di inizio.',
  complaintAnswerTooLong: 'La risposta può avere al massimo 10000 caratteri.',
  complaintTransitionNotAllowed: 'Questo reclamo non può passare a quello stato da dove si trova ora.',
  complaintAssigneeNotStaff: 'Un reclamo può essere assegnato solo a un amministratore.',
  complaintCampaignUnknown:
    'Non conosciamo nessuna campagna a questo indirizzo. Controllalo oppure lascia vuoto il campo.',
  complaintNotFound:
    'Non abbiamo trovato un reclamo con questo riferimento e questo link. Controlla il link nella tua email.',
  // complaints: end
  // community (ADR 0038)
  communityPostTooLong: 'Un messaggio può avere al massimo 2000 caratteri.',
  communityReasonTooLong: 'Il motivo può avere al massimo 500 caratteri.',
  communityHideReasonRequired: 'Indica perché il messaggio viene nascosto: l’autore lo leggerà.',
  communityEmailNotVerified: 'Verifica il tuo indirizzo email prima di scrivere.',
  communityDailyLimit: 'Oggi hai scritto molti messaggi. Riprova domani.',
  communityReplyDepth: 'Le risposte vanno sotto il primo messaggio della discussione.',
  communityPostHidden: 'Questo messaggio è stato nascosto dai moderatori e non può ricevere risposte.',
  communityClosed: 'Questa campagna non accetta domande o commenti.',
  newsTitleRequired: 'Dai alla notizia un titolo in inglese e in italiano.',
  newsTitleTooLong: 'Un titolo può avere al massimo 200 caratteri.',
  newsBodyTooLong: 'Il testo può avere al massimo 20000 caratteri.',
  newsletterNothingToSend: 'Questa newsletter è già stata inviata.',
  newsletterUnsubscribeInvalid:
    'Questo link per annullare l’iscrizione non è valido. Cambia la tua scelta nelle Impostazioni.',
  studioBioTooLong: 'La presentazione può avere al massimo 2000 caratteri.',
  studioLinkInvalid: 'Un link richiede un nome breve e un indirizzo che inizi con https://.',
  studioTooManyLinks: 'Un profilo di studio ha al massimo 5 link.',
  // community: end
  // investing
  answerAllQuestions: 'Rispondi a tutte le domande.',
  investAmountInvalid: 'Inserisci un importo maggiore di zero, in euro e centesimi interi.',
  acknowledgeKeyInformation:
    'Conferma di aver letto la scheda contenente le informazioni chiave sull’investimento.',
  acknowledgeRisk: 'Conferma di aver compreso che potresti perdere tutto il denaro che investi.',
  emailNotVerifiedToInvest: 'Verifica il tuo indirizzo email prima di investire denaro reale.',
  investorProfileRequired:
    'Prima del tuo primo investimento, completa il test di conoscenza e la simulazione delle perdite.',
  knowledgeTestExpired: 'Il tuo test di conoscenza risale a più di due anni fa. Ripetilo, per favore.',
  cannotInvestOwnCampaign: 'Non puoi investire nella tua campagna.',
  conflictOfInterest:
    'Hai valutato o deciso la proposta di questo gioco per IndieSplit, quindi non puoi investire nella sua campagna (politica sui conflitti di interesse).',
  campaignNotOpen: 'Questa campagna non accetta investimenti.',
  keyInformationChanged:
    "La scheda contenente le informazioni chiave sull'investimento è cambiata da quando l'hai letta. Leggi la nuova versione prima di investire.",
  keyInformationVersionNotFound:
    "Questa versione della scheda contenente le informazioni chiave sull'investimento non esiste.",
  campaignDeadlinePassed: 'Questa campagna è chiusa: la scadenza è passata.',
  investBelowMinimum: 'L’investimento minimo in questa campagna è {amount}.',
  investAboveRemaining: 'Questa campagna può ricevere al massimo altri {amount}.',
  campaignFull: 'Questa campagna è al completo: ha raggiunto il massimo.',
  demoShareExceeded:
    'In un round dimostrativo ogni membro può avere solo una quota limitata, così tutti possono partecipare: investi un importo più basso.',
  highAmountConsentRequired:
    'Questo importo supera {amount}: leggi l’avvertenza aggiuntiva e conferma di voler procedere.',
  idempotencyKeyRequired: 'Questa richiesta richiede un’intestazione Idempotency-Key da 1 a 200 caratteri.',
  reflectionPeriodOver: 'Il periodo di riflessione di questo investimento è terminato: non è più revocabile.',
  investmentNotRevocable: 'Questo investimento non è più revocabile.',
  sophisticatedAlreadyRequested: 'La tua richiesta è già in attesa di una decisione.',
  sophisticatedAlreadyApproved: 'Sei già considerato un investitore sofisticato.',
  sophisticatedNoRequest: 'Non c’è alcuna richiesta in attesa di decisione per questo investitore.',
  sophisticatedPersonType: 'Indica se fai la richiesta come persona fisica o per una persona giuridica.',
  sophisticatedTwoCriteria:
    'Una persona fisica deve soddisfare almeno due dei criteri: seleziona quelli che ti riguardano.',
  sophisticatedOneCriterion:
    'Una persona giuridica deve soddisfare almeno uno dei criteri: seleziona quelli che la riguardano.',
  sophisticatedCriteriaMismatch: 'Questi criteri non valgono per il tipo di persona che hai scelto.',
  sophisticatedRefusalReason: 'Indica all’investitore il motivo del rifiuto.',
  kybLegalNameRequired: 'Indica la ragione sociale dello studio.',
  kybRegistrationNumberInvalid:
    'Indica il numero di iscrizione (fino a 60 tra lettere, cifre, spazi, punti, trattini o barre).',
  kybCountryInvalid: 'Scegli il Paese in cui è registrato lo studio.',
  kybNationalityInvalid: 'Scegli una cittadinanza.',
  kybBirthDateInvalid: 'Indica una data di nascita valida e passata.',
  kybOwnershipInvalid: 'Indica una quota tra 0,01 e 100, con al massimo due decimali.',
  kybOwnershipOver100: 'I titolari effettivi insieme non possono detenere più del 100%.',
  kybUboRequired: 'Dichiara almeno un titolare effettivo.',
  kybTooManyUbos: 'Puoi dichiarare al massimo 20 titolari effettivi.',
  kybDeclarationRequired: 'Conferma questa dichiarazione: senza di essa la verifica non può procedere.',
  kybTextTooLong: 'Questo testo è troppo lungo.',
  kybDocumentRequired: "Allega il documento che attesta l'iscrizione dello studio (PDF, PNG o JPEG).",
  kybDocumentInvalid:
    "Il documento d'iscrizione deve essere un file PDF, PNG o JPEG leggibile di al massimo 10 MB.",
  kybAlreadySubmitted: 'La tua verifica è già in attesa di una decisione.',
  kybNotWaiting: 'Questa verifica non è in attesa di una decisione.',
  kybRefusalReason: 'Indica allo studio il motivo del rifiuto.',
  kybDeveloperOnly: 'Solo gli account sviluppatore possono verificare uno studio.',
  kybAddressCountryInvalid: 'Scegli il Paese di questo indirizzo.',
  kybPostalCodeInvalid: 'Indica il codice postale (fino a 16 lettere, cifre, spazi o trattini).',
  kybResidenceInvalid: 'Scegli il Paese in cui risiede il legale rappresentante.',
  kybBirthplaceCountryInvalid: 'Scegli il Paese di nascita.',
  kybPayoutAccountMissing:
    'Non c’è ancora un conto di accredito da confermare: viene registrato quando la tua verifica arriva al fornitore di pagamento.',
  kybPayoutAccountManual:
    'I conti di accredito si confermano solo presso il fornitore di pagamento: qui non ce n’è nessuno.',
  studioKybRequired:
    'Lo studio non ha una verifica (KYB) approvata e in corso di validità: una campagna si apre solo dopo che lo staff ha approvato la due diligence dello studio.',
  evidenceRequired: 'Allega almeno un documento che provi i criteri (PDF, PNG o JPEG).',
  evidenceInvalid:
    'Ogni documento deve essere un file PDF, PNG o JPEG di al massimo 10 MB, e al massimo 5 file.',
  taxCountryInvalid: 'Scegli il Paese della tua residenza fiscale.',
  taxIdInvalid:
    'Il codice di identificazione fiscale può avere al massimo 30 tra lettere, cifre, spazi, punti, trattini o barre.',
  taxResidenceRequired: 'Prima del tuo primo investimento in euro, indicaci la tua residenza fiscale.',
  // investing: end
  // revenue
  campaignNotLaunched: 'I rendiconti dei ricavi si possono inviare dopo l’uscita del gioco.',
  notCampaignDeveloper: 'Solo lo sviluppatore della campagna o un amministratore può farlo.',
  reportPeriodInvalid:
    'Il periodo deve iniziare il primo giorno di un mese o di un trimestre (1º gennaio, aprile, luglio o ottobre).',
  reportOutsideTerm: `Questo periodo è fuori dalla durata della compartecipazione ai ricavi, che va dall’uscita per ${REVENUE_SHARE_TERM_MONTHS} mesi.`,
  reportPeriodNotOver: 'Questo periodo non è ancora concluso: invia il rendiconto quando sarà terminato.',
  reportOverlaps:
    'Un rendiconto copre già parte di questo periodo. Per correggere un rendiconto verificato, invia una rettifica.',
  reportLocked:
    'Un rendiconto verificato non si può modificare. Invia invece una rettifica per lo stesso periodo.',
  reportDuplicateStore: 'Ogni store può comparire una sola volta in un rendiconto.',
  reportNegativeAmount:
    'Gli importi non possono essere negativi in un rendiconto ordinario; per le correzioni usa una rettifica.',
  adjustmentTargetInvalid:
    'Una rettifica deve correggere un rendiconto ordinario verificato di questa campagna.',
  reportNotSubmitted: 'Si può verificare o rimandare indietro solo un rendiconto in attesa di revisione.',
  reportChangedSinceViewed:
    'Lo sviluppatore ha modificato questo rendiconto dopo che l’hai aperto. Controlla i nuovi importi e il documento, poi decidi di nuovo.',
  reviewCommentRequired: 'Scrivi cosa deve cambiare lo sviluppatore: leggerà il messaggio.',
  statementTypeInvalid: 'L’estratto deve essere un file PDF, PNG, JPEG o CSV di al massimo 10 MB.',
  revenueCsvInvalid:
    'Il file deve essere un CSV la cui prima riga indica le colonne store, gross, store_fees, refunds e taxes, con una riga per store e importi in euro come 1250.50.',
  csvAmountAmbiguous:
    'Un importo come 1.250 o 1,250 si legge milleduecentocinquanta in alcuni paesi e uno virgola venticinque in altri: scrivilo con i decimali (1.250,00 o 1,250.00) oppure senza separatore delle migliaia (1250).',
  csvLineUnreadable:
    'Non riusciamo a leggere la riga {line} del file: controlla le virgolette (un campo tra virgolette inizia e finisce con ") e riprova. Non è stato registrato nulla.',
  distributionNotAwaitingFunds: 'Questa distribuzione non è in attesa del pagamento dello sviluppatore.',
  fundingAmountMismatch: 'L’importo ricevuto deve essere esattamente il montante da distribuire.',
  poolPaidThroughProvider:
    'Questo montante si versa sull’IBAN dei ricavi della campagna presso il nostro fornitore di pagamento, la cui notifica registra il pagamento: non si può registrare a mano.',
  revenuePayinNotParked:
    'Questo bonifico su un IBAN dei ricavi non è più in sospeso: è già stato restituito.',
  // revenue: end
  // input hardening: start
  controlCharacters:
    'Questo campo contiene un carattere non ammesso, ad esempio un carattere di controllo invisibile.',
  // input hardening: end
  // uploads: start (ADR 0017)
  pdfTooComplex:
    'Questo PDF è troppo complesso da controllare: contiene troppi elementi o richiede troppo tempo per essere letto. Esportalo di nuovo riducendo le dimensioni del file o appiattendo le pagine, poi riprova.',
  uploadsBusy: 'Stiamo controllando troppi file in questo momento. Riprova tra {seconds} secondi.',
  // uploads: end
  // security (ADR 0015)
  reauthRequired: 'Per la tua sicurezza, conferma la password per continuare.',
  reauthWrongPassword: 'La password non è corretta.',
  reauthProviderMismatch: 'Questo accesso non appartiene a un account social collegato al tuo.',
  reauthConfirmed: 'Grazie, puoi continuare.',
  newIbanHeld:
    'Per la tua sicurezza, i prelievi verso un nuovo IBAN saranno di nuovo possibili dal {until}, 72 ore dopo la modifica della tua email o password. I prelievi verso un IBAN su cui hai già ricevuto pagamenti non sono sospesi.',
  changeUndone: 'La modifica è stata annullata e tutte le sessioni dell’account sono state chiuse.',
  changeUndonePassword:
    'La modifica è stata annullata e tutte le sessioni sono state chiuse. Ti abbiamo inviato al tuo indirizzo un link per impostare una nuova password.',
  undoEmailTaken:
    'L’indirizzo precedente ora appartiene a un altro account, quindi non può essere ripristinato. Contattaci.',
  sessionRevoked: 'La sessione è stata chiusa.',
  otherSessionsRevoked: 'Tutte le altre sessioni sono state chiuse.',
  // security: end
  // second factor
  mfaCodeRequired:
    'Inserisci il codice della tua app di autenticazione, un codice di recupero, oppure usa una passkey.',
  mfaCodeInvalid: 'Il codice non è valido. Controllalo e riprova.',
  mfaCodeUsed: 'Questo codice è già stato usato. Attendi il prossimo nella tua app.',
  wrongPassword: 'La password non è corretta.',
  mfaAlreadyEnabled: 'L’autenticazione a due fattori con app è già attiva.',
  mfaSetupMissing: 'Ricomincia la configurazione: inquadra un nuovo codice QR.',
  mfaNotEnabled: 'L’autenticazione a due fattori non è attiva per questo account.',
  mfaPendingExpired: 'L’accesso è scaduto. Accedi di nuovo.',
  mfaSecondFactorRequired:
    'Conferma con il secondo fattore: un codice della tua app di autenticazione, un codice di recupero o una passkey.',
  staffSecondFactorRequired:
    'Il back office richiede l’autenticazione a due fattori. Attivala in Impostazioni → Sicurezza, poi accedi usandola.',
  passkeyFailed: 'Non è stato possibile verificare la passkey. Riprova.',
  passkeyChallengeExpired: 'La richiesta della passkey è scaduta. Riprova.',
  passkeyNameRequired: 'Dai un nome alla passkey.',
  passkeyNameTooLong: 'Il nome può avere al massimo 60 caratteri.',
  passkeyAlreadyRegistered: 'Questa passkey è già registrata.',
  mfaTotpDisabled: 'L’app di autenticazione è stata disattivata.',
  passkeyRemoved: 'La passkey è stata rimossa.',
  // second factor: end
  // legal documents (ADR 0034)
  termsAcceptanceRequired:
    'I nostri termini di servizio sono cambiati. Leggi e accetta la nuova versione prima di continuare.',
  termsAccepted: 'Grazie: la tua accettazione dei termini è stata registrata.',
  legalVersionOutdated:
    'È stata pubblicata una versione più recente dei termini. Leggila e accetta di nuovo.',
  // platform
  notAuthenticated: 'Accedi per continuare.',
  csrfFailed: 'La sessione è scaduta o la richiesta non è stata consentita. Ricarica la pagina e riprova.',
  rateLimited: 'Troppi tentativi. Attendi {seconds} secondi e riprova.',
  notFound: 'Non trovato.',
  payloadTooLarge: 'La richiesta è troppo grande.',
  serverError: 'Si è verificato un errore da parte nostra. Riprova più tardi.',
  networkError: 'Errore di rete. Controlla la connessione.',
  // operations (ADR 0020)
  serviceUnavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, it };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

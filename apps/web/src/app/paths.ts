// Every route of the web app, in one place (spec §2). Links and redirects use these, never literals.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  registerWelcome: '/register/welcome',
  verifyEmail: (userId = ':user_id', code = ':verification_code') => `/auth/verify-email/${userId}/${code}`,
  forgotPassword: '/forgot-password',
  recoverPassword: (userId = ':user_id', token = ':user_token') => `/recover-password/${userId}/${token}`,
  settings: '/settings',
  pitch: '/split-project-form',
  projectDetails: '/project-details',
  projectSuccess: '/projects/success',
  aboutUs: '/about-us',
  news: '/news',
} as const;

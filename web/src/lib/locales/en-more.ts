/**
 * English texts beyond the login screen's (en.ts): every lazily loaded screen and dialog waits
 * for them (lib/lazy-named.ts), so the login route's first load does not carry them. Same rules as
 * en.ts: texts the spec gives are copied exactly.
 */
export const enMore = {
  otp: {
    heading: 'OTP Verification',
    instruction: 'Enter the 6-digit code shown in your authenticator app.',
    setupInstruction:
      'An authenticator app is required. Scan this QR code with your authenticator app (for example Google Authenticator or Microsoft Authenticator).',
    qrAlt: 'QR code that adds this account to your authenticator app',
    secretInstruction: "Can't scan the code? Enter this key in the app instead:",
    secretLabel: 'Authenticator key',
    copy: 'Copy',
    copied: 'Copied',
    codeLabel: 'Verification code',
    digitLabel: 'Digit {{position}} of {{count}}',
    verify: 'Verify',
    invalidCode: 'Invalid verification code provided. Please try again.',
    otherError: 'Some error occur please try again..',
  },
  recovery: {
    forgotPasswordHeading: 'Forgot Password',
    forgotPasswordDescription:
      'Enter your registered email and we will send you a verification code to choose a new password.',
    sendCode: 'Send Code',
    resetPasswordHeading: 'Reset Password',
    resetPasswordDescription:
      'Enter the verification code you received by email and choose a new password.',
    codeSent: 'If an account exists for {{email}}, a verification code has been sent to it.',
    code: 'Verification Code',
    codeFormat: 'Enter the 6-digit code from the email.',
    resendCode: 'Resend Code',
    codeMismatch:
      'Invalid verification code provided. Please try again or click on Resend Code to receive a new code.',
    codeExpired: 'Invalid code provided, please request a code again.',
    attemptLimit: 'Attempt limit exceeded, please try after some time',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    passwordRejected: 'The password does not meet the password policy.',
    rulesTitle: 'Your password must have:',
    ruleLength: '8 to 64 characters',
    ruleUppercase: 'An uppercase letter',
    ruleLowercase: 'A lowercase letter',
    ruleDigit: 'A number',
    ruleNoSpaces: 'No spaces',
    strength: 'Strength',
    strong: 'Strong',
    weak: 'Weak',
    submit: 'Submit',
    forgotPasswordSuccessHeading: 'Password Changed',
    forgotPasswordSuccessDescription:
      'Your password has been reset. You can now log in with your new password.',
    forgotTotpHeading: "Can't access authenticator app?",
    forgotTotpDescription:
      'Enter your registered email and we will send you a link to remove your authenticator app.',
    sendLink: 'Send Link',
    linkSent:
      'If an account exists for this email, a link has been sent to it. It can be used once, within 15 minutes.',
    removeTotpHeading: 'Remove Authenticator App',
    removeTotpDescription:
      'Remove the authenticator app from your account? You will be logged out everywhere; your password stays the same.',
    removeTotp: 'Remove Authenticator App',
    totpRemoved:
      'Your authenticator app has been removed. At your next login, enter your password and then set up a new authenticator app.',
    invalidLink:
      'This link is not valid: it has expired or was already used. Please request a new one.',
    requestNewLink: 'Request a new link',
    tooManyRequests: 'Too many requests. Please try again in a few minutes.',
    backToLogin: 'Back to Login',
  },
  layout: {
    openMenu: 'Open menu',
    menu: 'Menu',
    loggedInAs: 'Logged in as',
    notAvailable: 'N/A',
    account: 'Account',
    logout: 'Logout',
    emailHelpdesk: 'Email Helpdesk',
    copyright: '2024 {{product}} all rights reserved',
  },
  logout: {
    title: 'Logout Confirmation',
    body: 'Logout from {{product}}?',
    confirm: 'Yes, Logout',
  },
  session: {
    timeOutHeading: 'Session Timed Out',
    timeOutDescription: 'You have been logged out. Please log in again to continue.',
    idle: 'You have been logged out due to inactivity.',
    invalid:
      'Your session is no longer valid: your account may have been disabled or deleted, or your password reset. Please log in again.',
    mfaRequired: 'Your authenticator app must be set up again. Please log in to set it up.',
    logoutFailed:
      'You have been logged out of this browser, but the server could not be reached to end your session everywhere.',
    elsewhere: 'You have been logged out in another tab or window.',
  },
  idle: {
    title: 'Session Timeout Warning',
    body: 'You will be logged out due to inactivity in {{time}}.',
    stay: 'Stay signed in',
    logoutNow: 'Logout now',
  },
  nav: {
    home: 'Home',
    standards: 'Artifact Mapping Standards',
    credentials: 'Generate API Access Credentials',
    users: 'User Management',
  },
  notFound: {
    heading: 'Page not found',
    description: 'The page you are looking for does not exist or has been moved.',
    toLogin: 'Go to Login',
    toDashboard: 'Go to Home',
  },
  dashboard: {
    heading: 'Dashboard',
    description: 'Your starting point for administering {{product}}.',
  },
  standards: {
    listHeading: 'Artifact Mapping Standards',
    listDescription:
      'The mapping standards that translate artifacts between site and sponsor systems.',
    createHeading: 'Create New Standard',
    createDescription: 'Create a mapping standard from its mapping document.',
    viewEditHeading: 'View and Edit Standard',
    viewEditDescription: 'View a mapping standard and change its details or document.',
  },
  credentials: {
    generateHeading: 'Generate API Access Credentials',
    generateDescription:
      'Generate credentials that let an organisation system call the API, and send them to their recipient.',
    retrieveHeading: 'API Access Credentials',
    retrieveDescription: 'Retrieve the API access credentials that were generated for you.',
    successHeading: 'API Access Credentials Retrieved',
    successDescription: 'Your API access credentials have been retrieved. Keep them safe.',
  },
  users: {
    listHeading: 'User Management',
    listDescription: 'The administrators of {{product}}: find, enable, disable and delete users.',
    createHeading: 'Create User',
    createDescription:
      'Invite a new administrator; a temporary password is sent to their email address.',
    editHeading: 'Edit User',
    editDescription: "Change a user's details and role.",
  },
};

// The account actions: e-mail verification, review, passwords, security questions
// and the public sign-in notices.
import { resendVerification, verifyEmail } from './verification.js';
import { activate, reject } from './lifecycle.js';
import { changePassword, resetPassword } from './passwords.js';
import { forgotPassword, preForgotPassword } from './recovery.js';
import { getSecurityQuestions, isFirstTimeLogin, setSecurityQuestions } from './security-questions.js';
import { getPublicMessages } from './public-message.js';

export const accountActions = [
  verifyEmail,
  resendVerification,
  activate,
  reject,
  changePassword,
  resetPassword,
  preForgotPassword,
  forgotPassword,
  getSecurityQuestions,
  setSecurityQuestions,
  isFirstTimeLogin,
  getPublicMessages,
];

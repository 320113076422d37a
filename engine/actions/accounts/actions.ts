// The account actions: e-mail verification, review, passwords, security questions
// and the public sign-in notices.
import { resendVerification, verifyEmail } from './verification.js';
import { activate, reject } from './lifecycle.js';
import { setSubUserState } from './sub-users.js';
import { changePassword, resetPassword } from './passwords.js';
import { forgotPassword, preForgotPassword } from './recovery.js';
import { getSecurityQuestions, isFirstTimeLogin, setSecurityQuestions } from './security-questions.js';
import { getPublicMessages } from './public-message.js';
import { registrationOptions } from './registration-options.js';
import { verifyBizInfo, verifyOffice } from './profile-verification.js';

export const accountActions = [
  setSubUserState,
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
  registrationOptions,
  verifyBizInfo,
  verifyOffice,
];
